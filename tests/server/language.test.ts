import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens';
import { messageInLanguage, prefersChinese } from '../../server/http/language';
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

describe('messageInLanguage', () => {
  const range = { reason_key: 'errors.validation.range', values: { field: 'page', min: 1, max: 9 } };
  it("says the reason's zh-CN text to a caller who prefers Chinese, and the English text to anyone else", () => {
    expect(messageInLanguage('page must be…', range, 'zh-CN')).toBe('page 须为 1 到 9 之间的整数。');
    expect(messageInLanguage('page must be…', range, 'en')).toBe('page must be…');
    expect(messageInLanguage('page must be…', range, undefined)).toBe('page must be…');
  });

  it('names the field before a text that does not, as a form shows it under the field', () => {
    const tooLong = {
      reason_key: 'supply.validation.tooLong',
      values: { field: 'name', max: 50 },
      field: 'name',
    };
    expect(messageInLanguage('Invalid name: …', tooLong, 'zh-CN')).toBe('name：最多 50 个字符');
    expect(messageInLanguage('…', { ...range, field: 'page' }, 'zh-CN')).toBe(
      'page 须为 1 到 9 之间的整数。',
    );
  });

  it('keeps the English text where zh-CN has none to give: no key, an unknown key, a placeholder left', () => {
    expect(messageInLanguage('English.', {}, 'zh-CN')).toBe('English.');
    expect(messageInLanguage('English.', null, 'zh-CN')).toBe('English.');
    expect(messageInLanguage('English.', { reason_key: 'no.such.key' }, 'zh-CN')).toBe('English.');
    expect(messageInLanguage('English.', { reason_key: 'errors.validation.range' }, 'zh-CN')).toBe(
      'English.',
    );
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
    method: 'GET' | 'POST' | 'DELETE' = 'GET',
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
    const list = await ask('/api/suppliers?page_size=1', null);
    const supplier = (list.body.data as { items: Array<{ id: number; version: number }> }).items[0]!;
    const stale = await ask(`/api/suppliers/${supplier.id}/events`, 'zh-CN', 'POST', {
      type: 'supplier.rank',
      ranking: 7,
      expectedVersion: supplier.version + 100,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    expect(stale.body.err_msg).toBe('该记录已被他人修改，请刷新后重试。');
    // Each refused row of a bulk command too.
    const bulk = await ask('/api/suppliers/bulk-events', 'zh-CN', 'POST', {
      type: 'supplier.rank',
      ranking: 7,
      items: [{ id: supplier.id, expectedVersion: supplier.version + 100 }],
    });
    expect(bulk.status).toBe(200);
    expect((bulk.body.data as { results: Array<{ err_msg: string }> }).results[0]!.err_msg).toBe(
      '该记录已被他人修改，请刷新后重试。',
    );
    // A query parameter that is missing says where it goes.
    const city = await ask('/api/service-cities/1', 'zh-CN', 'DELETE');
    expect(city.body.err_msg).toBe('查询参数 expectedVersion 为必填项（?expectedVersion=…）。');
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
