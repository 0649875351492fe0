import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n';
import { ApiError } from '@/services/http';
import { apiErrorMessage, errorMessage } from '@/views/common/errorText';

describe('translated error texts', () => {
  const zh = createI18n('zh-CN').t;
  const en = createI18n('en-US').t;

  it('translates known codes in zh-CN instead of the English server text', () => {
    expect(apiErrorMessage(zh, new ApiError('Incorrect email or password.', 40101, 401))).toBe(
      '邮箱或密码不正确。',
    );
    expect(apiErrorMessage(zh, new ApiError('You have been logged out.', 50008, 401))).toBe(
      '您已登出，请重新登录。',
    );
    expect(apiErrorMessage(zh, new ApiError('Request Error', undefined, 0))).toBe('请求错误');
  });

  it('puts the minutes into the throttling text, with the English plural', () => {
    const err = (s: number) =>
      new ApiError('after 2026-11-21T17:53:43.390Z', 429, 429, { retry_after_seconds: s });
    expect(apiErrorMessage(zh, err(300))).toBe('尝试次数过多，请在 5 分钟后重试。');
    expect(apiErrorMessage(en, err(30))).toBe('Too many attempts. Please try again in 1 minute.');
    expect(apiErrorMessage(en, err(900))).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(apiErrorMessage(en, new ApiError('x', 429, 429))).toBe(
      'Too many attempts. Please wait a while and try again.',
    );
  });

  it('shows the server message when no key applies or none of the keys has a text', () => {
    expect(apiErrorMessage(zh, new ApiError('name is required.', 400, 400))).toBe('name is required.');
    expect(errorMessage(zh, { keys: ['no.such.key'], message: 'as sent' })).toBe('as sent');
    expect(errorMessage(zh, { keys: ['no.such.key', 'errors.illegalTransition'], message: 'x' })).toBe(
      '当前状态下不允许此操作。',
    );
  });
});
