import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens';
import { prefersChinese } from '../../server/http/language';
import { expectReasonText, reasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

/** A refusal's err_msg in the caller's language: English by default, the reason's zh-CN text when asked for. */

describe('prefersChinese', () => {
  it('reads the language a client ranks first', () => {
    expect(prefersChinese('zh-CN,zh;q=0.9,en;q=0.8')).toBe(true);
    expect(prefersChinese('zh')).toBe(true);
    expect(prefersChinese('ZH-hans-CN')).toBe(true);
    expect(prefersChinese('en-US,en;q=0.9,zh-CN;q=0.8')).toBe(false);
    expect(prefersChinese('en;q=0.5, zh-TW;q=0.6')).toBe(true);
    expect(prefersChinese('zh;q=0.5, en;q=0.6')).toBe(false);
    expect(prefersChinese(['en;q=0.2', 'zh-CN'])).toBe(true);
  });

  it('takes the first of equals, and neither a refused language nor a wildcard for Chinese', () => {
    expect(prefersChinese('en, zh')).toBe(false);
    expect(prefersChinese('zh, en')).toBe(true);
    expect(prefersChinese('zh;q=0, en;q=0.1')).toBe(false);
    expect(prefersChinese('zh;q=0')).toBe(false);
    expect(prefersChinese('zh;q=abc, en;q=0.1')).toBe(false);
    expect(prefersChinese('zh;q=2')).toBe(false);
    expect(prefersChinese('*')).toBe(false);
    expect(prefersChinese('zu, zh;q=0.9')).toBe(false);
    expect(prefersChinese('')).toBe(false);
    expect(prefersChinese(undefined)).toBe(false);
  });
});

describe('err_msg in the caller language', () => {
  let t: TestApp;
  let admin: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    admin = bearer((await issueToken(t.db, user.id)).token);
  });
  afterAll(async () => t?.close());

  const ask = async (
    url: string,
    language: string | null,
    method: 'GET' | 'POST' = 'GET',
    payload?: object,
  ) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...admin, ...(language ? { 'accept-language': language } : {}) },
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: response.json<{ err_code: number; err_msg: string; data: never }>(),
    };
  };

  it('says a refusal in English by default, and in Chinese when Chinese comes first', async () => {
    const english = await ask('/api/suppliers?sort=bogus', null);
    expect(english.status).toBe(400);
    expect(english.body.err_msg).toMatch(/^sort must be/);
    expectReasonText(english.body.data);
    const chinese = await ask('/api/suppliers?sort=bogus', 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(chinese.body.data).toEqual(english.body.data);
    expect(chinese.body.err_msg).toBe(reasonText(chinese.body.data, 'zh-CN'));
    expect(chinese.body.err_msg).toMatch(/\p{Script=Han}/u);
    expect((await ask('/api/suppliers?sort=bogus', 'en-US,zh;q=0.5')).body.err_msg).toBe(
      english.body.err_msg,
    );
  });

  it('says a refused command, an unknown record and an unknown endpoint in Chinese', async () => {
    const stale = await ask('/api/suppliers/1/events', 'zh-CN', 'POST', {
      type: 'supplier.enable',
      expectedVersion: 999,
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.body.err_msg).toBe(reasonText(stale.body.data, 'zh-CN'));
    const missing = await ask('/api/suppliers/99999999', 'zh-CN');
    expect(missing.status).toBe(404);
    expect(missing.body.err_msg).toBe(reasonText(missing.body.data, 'zh-CN'));
    const endpoint = await ask('/api/no-such-thing', 'zh');
    expect(endpoint.status).toBe(404);
    expect(endpoint.body.err_msg).toBe(reasonText(endpoint.body.data, 'zh-CN'));
  });

  it('says a URL Fastify cannot route, and a failed login, in Chinese', async () => {
    const url = await ask('/api/suppliers/%ZZ', 'zh-CN');
    expect(url.status).toBe(400);
    expect(url.body.err_msg).toBe(reasonText(url.body.data, 'zh-CN'));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      headers: { 'accept-language': 'zh-CN' },
      payload: { email: ADMIN.email, password: 'wrong password' },
    });
    expect(login.json()).toMatchObject({ err_code: 40101, err_msg: '邮箱或密码不正确。' });
  });
});
