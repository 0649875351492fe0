import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { hashToken, issueToken } from '../../server/auth/tokens';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ loginThrottle: { maxPerEmail: 3, maxPerIp: 6, windowMs: 10 * 60 * 1000 } });
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 0;
/** Each test logs in from its own address so the per-address throttle of one test does not affect another. */
function freshIp(): string {
  ipCounter += 1;
  return `10.0.0.${ipCounter}`;
}

function login(payload: unknown, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/sanctum-auth/login',
    payload: payload as object,
    remoteAddress,
  });
}

const USER_INFO_FIELDS = [
  'name',
  'avatar',
  'job',
  'organization',
  'location',
  'email',
  'introduction',
  'personalWebsite',
  'jobName',
  'organizationName',
  'locationName',
  'phone',
  'registrationDate',
  'accountId',
  'certification',
  'role',
];

describe('POST /api/sanctum-auth/login', () => {
  it('returns a token in the envelope for the right email and password', async () => {
    const response = await login(ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ err_code: 200, err_msg: 'ok' });
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const response = await login({ email: '  Staff@Example.com ', password: STAFF.password });
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const token = (await login(STAFF)).json().data.token as string;
    const rows = await t.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('gives the same failure for a wrong password and for an unknown email', async () => {
    const wrongPassword = await login({ email: ADMIN.email, password: 'nope' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: ADMIN.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        err_code: 40101,
        err_msg: 'Incorrect email or password.',
        data: { reason_key: 'errors.invalidCredentials' },
      });
    }
  });

  it.each([
    [{ password: 'x' }, 'email'],
    [{ email: 'a@b.c' }, 'password'],
    [{ email: '', password: 'x' }, 'email'],
    [{ email: 'a@b.c', password: '' }, 'password'],
    [{ email: 42, password: 'x' }, 'email'],
  ])('names the field when it is missing or invalid: %j', async (payload, field) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.err_code).toBe(400);
    expect(body.err_msg).toContain(field);
    expect(body.data).toMatchObject({ field, reason_key: expect.stringMatching(/^errors\.validation\./) });
  });

  it('refuses further attempts for one email with 429 and says when to retry, even with the right password', async () => {
    const email = STAFF.email;
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ email, password: `wrong-${i}` })).statusCode).toBe(401);
    }
    const refused = await login({ email, password: STAFF.password });
    expect(refused.statusCode).toBe(429);
    const body = refused.json();
    expect(body.err_code).toBe(429);
    expect(body.err_msg).toMatch(
      /^Too many failed sign-in attempts for this account\. Try again in \d+ (seconds?|minutes?)\.$/,
    );
    expect(body.data.retry_after_seconds).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Said in the person's language too: the whole minutes to wait, rounded up.
    expect(body.data).toMatchObject({
      reason_key: 'errors.tooManyRequests',
      values: { count: Math.ceil(body.data.retry_after_seconds / 60) },
    });
    // Another account from another address is not affected.
    expect((await login(ADMIN)).statusCode).toBe(200);
    // Once the failures leave the window, the account can log in again.
    await t.db
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 11 * 60 * 1000) })
      .execute();
    expect((await login({ email, password: STAFF.password })).statusCode).toBe(200);
  });

  it('refuses further attempts from one address across emails with 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i += 1) {
      expect((await login({ email: `probe${i}@example.com`, password: 'x' }, ip)).statusCode).toBe(401);
    }
    const refused = await login(ADMIN, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().err_msg).toContain('from your address');
    expect((await login(ADMIN)).statusCode).toBe(200);
  });
});

describe('login throttle under parallel guessing', () => {
  it('counts parallel guesses one by one: of 60 at once only 3 reach the password check, and then even the right password is refused', async () => {
    const email = 'parallel@example.com';
    const password = 'Parallel@123456';
    const { id: _id, ...staff } = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', STAFF.email)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('users')
      .values({ ...staff, email, password_hash: await hashPassword(password) })
      .execute();
    // Each guess from its own address: what is tested is the per-email count.
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login({ email, password: `guess-${i}` }, `10.9.${i}.1`)),
    );
    const statuses = guesses.map((response) => response.statusCode);
    // 401 means the password was checked; 429 means it never was.
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(57);
    const counted = await t.db
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(counted.n).toBe(3);

    const right = await login({ email, password }, '10.9.250.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().err_msg).toContain('for this account');
  });
});

describe('expired and revoked tokens', () => {
  it('are deleted on the next login once they have been dead for a day; recent ones still get their precise answer', async () => {
    const staff = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', STAFF.email)
      .executeTakeFirstOrThrow();
    const day = 24 * 60 * 60 * 1000;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const issue = async (expiresAt: Date, revokedAt: Date | null = null) => {
      const { token } = await issueToken(t.db, staff.id);
      await t.db
        .updateTable('auth_tokens')
        .set({ expires_at: expiresAt, revoked_at: revokedAt })
        .where('token_hash', '=', hashToken(token))
        .execute();
      return token;
    };
    const longExpired = await issue(ago(2 * day));
    const longRevoked = await issue(new Date(Date.now() + day), ago(2 * day));
    const justExpired = await issue(ago(60 * 1000));
    const live = await issue(new Date(Date.now() + day));

    expect((await login(STAFF)).statusCode).toBe(200);

    const left = new Set(
      (await t.db.selectFrom('auth_tokens').select('token_hash').execute()).map((row) => row.token_hash),
    );
    expect(left.has(hashToken(longExpired))).toBe(false);
    expect(left.has(hashToken(longRevoked))).toBe(false);
    expect(left.has(hashToken(justExpired))).toBe(true);
    expect(left.has(hashToken(live))).toBe(true);
    const info = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect((await info(justExpired)).json().err_code).toBe(50014);
    expect((await info(live)).statusCode).toBe(200);
  });
});

describe('remembered sign-ins', () => {
  it('a revocation this server did not make (another server, a hand edit) is honoured within 5 s; an expiry at once', async () => {
    const token = await t.login(STAFF.email, STAFF.password);
    const info = () => t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect((await info()).statusCode).toBe(200);
    await t.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      // Remembered: the database is not asked again yet.
      expect((await info()).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 5_001);
      expect((await info()).json().err_code).toBe(50008);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a remembered token that expires is refused at its expiry, not 5 s later', async () => {
    const staff = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', STAFF.email)
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(t.db, staff.id, 60_000);
    const info = () => t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      expect((await info()).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 60_001);
      expect((await info()).json().err_code).toBe(50014);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('POST /api/user/info', () => {
  it('returns every user-info field of the spec with role admin for the admin', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    for (const field of USER_INFO_FIELDS) expect(data).toHaveProperty(field);
    expect(data).toMatchObject({ email: ADMIN.email, role: 'admin', name: 'Alice Wang' });
    expect(data.registrationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(data).not.toHaveProperty('password_hash');
  });

  it('returns role user for the staff account', async () => {
    const token = await t.login(STAFF.email, STAFF.password);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(response.json().data).toMatchObject({ email: STAFF.email, role: 'user' });
  });

  it.each([
    ['no Authorization header', {}],
    ['an unknown token', bearer('not-a-real-token')],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('answers 401 with err_code 50008 for %s', async (_what, headers) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/info', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ err_code: 50008, data: { reason_key: 'errors.loggedOut' } });
    expect(response.json().err_msg).toMatch(/log in/i);
  });

  it('answers 401 with err_code 50014 for an expired token', async () => {
    const admin = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(t.db, admin.id, -1000);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ err_code: 50014 });
  });

  it('records when a token was last used', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    const row = await t.db
      .selectFrom('auth_tokens')
      .select(['last_used_at', 'expires_at', 'created_at'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.last_used_at).not.toBeNull();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });
});

describe('DELETE /api/sanctum-auth/logout', () => {
  it('revokes that token only: the next call with it gets 50008', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const other = await t.login(ADMIN.email, ADMIN.password);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/sanctum-auth/logout',
      headers: bearer(token),
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ err_code: 200, err_msg: 'ok', data: null });
    const after = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().err_code).toBe(50008);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/sanctum-auth/logout',
      headers: bearer(token),
    });
    expect(again.json().err_code).toBe(50008);
    const stillValid = await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(other) });
    expect(stillValid.statusCode).toBe(200);
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/sanctum-auth/logout' });
    expect(response.statusCode).toBe(401);
    expect(response.json().err_code).toBe(50008);
  });
});

interface MenuNode {
  path: string;
  name: string;
  meta: { roles: string[]; locale: string; requiresAuth: boolean };
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('POST /api/user/menu', () => {
  it('gives the admin every route, including the admin-only ones', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/menu', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const names = flatten(response.json().data).map((n) => n.name);
    for (const name of [
      'Workplace',
      'Monitor',
      'SupplyList',
      'SystemSetting',
      'Step',
      'Basic',
      'DataAnalysis',
      '403',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('leaves out the admin-only routes for a user, and groups left empty', async () => {
    const token = await t.login(STAFF.email, STAFF.password);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/menu', headers: bearer(token) });
    const nodes = flatten(response.json().data as MenuNode[]);
    const names = nodes.map((n) => n.name);
    for (const name of ['Workplace', 'SupplyList', 'ProjectList', 'SystemSetting', '404', '500']) {
      expect(names).toContain(name);
    }
    for (const name of [
      'Monitor',
      'form',
      'Step',
      'Group',
      'profile',
      'Basic',
      'result',
      'Success',
      'visualization',
      '403',
    ]) {
      expect(names).not.toContain(name);
    }
    for (const node of nodes) {
      expect(node.meta.requiresAuth).toBe(true);
      expect(node.meta.roles.some((r) => r === '*' || r === 'user')).toBe(true);
      expect(node.meta.locale).toMatch(/^menu\./);
    }
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/menu' });
    expect(response.json().err_code).toBe(50008);
  });
});

describe('XSRF', () => {
  it('issues a readable XSRF-TOKEN cookie to a client that has none', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
  });

  it('gives no cookie to a client that authenticates with a header, and still checks one that has a cookie', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      payload: ADMIN,
      remoteAddress: freshIp(),
    });
    const token = login.json().data.token as string;
    const read = await t.app.inject({ method: 'GET', url: '/api/global/configs', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      cookies: { 'XSRF-TOKEN': 'cookie-value-123' },
      headers: bearer(token),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().err_code).toBe(40301);
  });

  it('refuses a browser write whose X-XSRF-TOKEN is missing or does not match the cookie', async () => {
    const cookies = { 'XSRF-TOKEN': 'cookie-value-123' };
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      payload: ADMIN,
      cookies,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      payload: ADMIN,
      cookies,
      headers: { 'x-xsrf-token': 'something-else' },
    });
    for (const response of [missing, wrong]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().err_code).toBe(40301);
      expect(response.json().err_msg).toMatch(/X-XSRF-TOKEN/);
    }
  });

  it('accepts a browser write with the matching header, and reads without it', async () => {
    const cookies = { 'XSRF-TOKEN': 'cookie-value-123' };
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      payload: ADMIN,
      cookies,
      headers: { 'x-xsrf-token': 'cookie-value-123' },
      remoteAddress: freshIp(),
    });
    expect(write.statusCode).toBe(200);
    expect(write.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const token = write.json().data.token as string;
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/global/configs',
      cookies,
      headers: bearer(token),
    });
    expect(read.statusCode).toBe(200);
  });
});
