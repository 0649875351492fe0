import { afterEach, describe, expect, it, vi } from 'vitest';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { ApiError, http, onApiError, onSessionExpired, request } from '@/services/http';
import { login } from '@/services/auth';
import { getUserInfo } from '@/services/user';
import { clearToken, setToken } from '@/services/token';

function reply(status: number, data: unknown): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response);
    }
    return response;
  };
}

afterEach(() => {
  http.defaults.adapter = undefined;
  clearToken();
});

describe('http client', () => {
  it('sends Accept and the bearer token, no timeout, the XSRF names', async () => {
    setToken('tok-9');
    let seen: InternalAxiosRequestConfig | undefined;
    http.defaults.adapter = async (config) => {
      seen = config;
      return reply(200, { err_code: 200, data: 1 })(config);
    };
    await request({ url: '/api/x' });
    expect(seen!.headers.get('Authorization')).toBe('Bearer tok-9');
    expect(seen!.headers.get('Accept')).toBe('application/json');
    expect(seen!.timeout).toBe(0);
    expect(seen!.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(seen!.xsrfHeaderName).toBe('X-XSRF-TOKEN');
  });

  it("asks for the console's language (the page's lang), not the browser's", async () => {
    const headers: Array<string | undefined> = [];
    http.defaults.adapter = async (config) => {
      headers.push(config.headers.get('Accept-Language') as string | undefined);
      return reply(200, { err_code: 200, data: 1 })(config);
    };
    await request({ url: '/api/x' });
    vi.stubGlobal('document', { documentElement: { lang: 'zh-CN' } });
    try {
      await request({ url: '/api/x' });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(headers).toEqual([undefined, 'zh-CN']);
  });

  it('accepts err_code 200 and code 20000 envelopes', async () => {
    http.defaults.adapter = reply(200, { err_code: 200, err_msg: 'ok', data: { a: 1 } });
    expect(await request({ url: '/x' })).toEqual({ a: 1 });
    http.defaults.adapter = reply(200, { code: 20000, msg: 'ok', data: 'b' });
    expect(await request({ url: '/x' })).toBe('b');
  });

  it('rejects a not-ok envelope with its message, code and status', async () => {
    const seen = vi.fn();
    const off = onApiError(seen);
    http.defaults.adapter = reply(200, { err_code: 422, err_msg: 'Name is required', data: null });
    await expect(request({ url: '/x' })).rejects.toMatchObject({
      message: 'Name is required',
      code: 422,
      httpStatus: 200,
    });
    http.defaults.adapter = reply(409, { code: 409, msg: 'Changed by someone else' });
    await expect(request({ url: '/x' })).rejects.toMatchObject({
      message: 'Changed by someone else',
      httpStatus: 409,
    });
    http.defaults.adapter = reply(500, 'not json');
    await expect(request({ url: '/x' })).rejects.toMatchObject({ message: 'Error', httpStatus: 500 });
    expect(seen).toHaveBeenCalledTimes(3);
    off();
  });

  it('passes a call its caller aborted on as a cancel, never reported as a failed call', async () => {
    const seen = vi.fn();
    const off = onApiError(seen);
    http.defaults.adapter = reply(200, { err_code: 200, data: 1 });
    const controller = new AbortController();
    controller.abort();
    const error = await request({ url: '/x', signal: controller.signal }).catch((e: unknown) => e);
    expect(axios.isCancel(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(seen).not.toHaveBeenCalled();
    off();
  });

  it('reports a transport failure as "Request Error"', async () => {
    http.defaults.adapter = async () => {
      throw new Error('socket hang up');
    };
    const error = await request({ url: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Request Error', httpStatus: 0, code: undefined });
  });

  it('tells the session about 50008/50012/50014, except on the user-info call', async () => {
    const expired = vi.fn();
    const off = onSessionExpired(expired);
    for (const code of [50008, 50012, 50014]) {
      http.defaults.adapter = reply(401, { err_code: code, err_msg: 'Token expired', data: null });
      await expect(request({ url: '/api/user/menu', method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    }
    expect(expired).toHaveBeenCalledTimes(3);
    http.defaults.adapter = reply(401, { err_code: 50008, err_msg: 'Invalid token', data: null });
    await expect(getUserInfo()).rejects.toMatchObject({ code: 50008 });
    expect(expired).toHaveBeenCalledTimes(3);
    http.defaults.adapter = reply(400, { err_code: 40001, err_msg: 'Bad', data: null });
    await expect(request({ url: '/x' })).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(3);
    off();
  });

  it('keeps the envelope data on the error (retry_after_seconds of a 429)', async () => {
    http.defaults.adapter = reply(429, {
      err_code: 429,
      err_msg: 'Slow down',
      data: { retry_after_seconds: 90 },
    });
    await expect(request({ url: '/x' })).rejects.toMatchObject({
      code: 429,
      data: { retry_after_seconds: 90 },
    });
    http.defaults.adapter = reply(400, { err_code: 400, err_msg: 'Bad' });
    await expect(request({ url: '/x' })).rejects.toMatchObject({ data: null });
  });

  it('does not report a failed login to onApiError (the login form shows it), but other calls still', async () => {
    const seen = vi.fn();
    const off = onApiError(seen);
    http.defaults.adapter = reply(401, {
      err_code: 40101,
      err_msg: 'Incorrect email or password.',
      data: null,
    });
    await expect(login({ email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ code: 40101 });
    expect(seen).not.toHaveBeenCalled();
    await expect(request({ url: '/api/user/menu', method: 'POST' })).rejects.toMatchObject({ code: 40101 });
    expect(seen).toHaveBeenCalledTimes(1);
    off();
  });
});
