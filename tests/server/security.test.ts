import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let distDir: string;
let token: string;
beforeAll(async () => {
  // A stand-in for the built console, so console responses can be checked without a build.
  distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'mpa-dist-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root">console</div>');
  t = await createTestApp({ distDir });
  token = await t.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('authentication comes before validation', () => {
  it.each([
    ['an unknown field', 'POST', '/api/suppliers', { bogus: 1 }],
    ['an unknown settings field', 'PUT', '/api/global/configs', { bogus: 1 }],
    ['a command with a wrong type', 'POST', '/api/projects/1/events', { type: 42 }],
    ['a bad id', 'GET', '/api/suppliers/-1', undefined],
  ])('an anonymous request with %s gets 401, not a schema message', async (_what, method, url, payload) => {
    const response = await t.app.inject({ method: method as 'POST', url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ err_code: 50008 });
    expect(response.body).not.toMatch(/bogus|Unknown field|must be/);
  });

  it('does not even read the body of an anonymous request (invalid JSON is a 401 too)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/suppliers',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a bad or unknown token the same way', async () => {
    for (const authorization of ['Bearer nope', 'Basic abc', 'Bearer ']) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/global/configs',
        headers: { authorization },
        payload: { bogus: 1 },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('still validates for a signed-in caller, and leaves login, health and unknown endpoints public', async () => {
    const signedIn = await t.app.inject({
      method: 'PUT',
      url: '/api/global/configs',
      headers: bearer(token),
      payload: { bogus: 1, version: 1 },
    });
    expect(signedIn.statusCode).toBe(400);
    expect(signedIn.json().err_msg).toBe('Unknown field "bogus".');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'HEAD', url: '/api/health' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      payload: { email: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(404);
  });
});

describe('security headers', () => {
  function expectCommon(headers: Record<string, unknown>) {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBeTruthy();
  }

  it('the console: scripts only from the server, no plugins, no framing', async () => {
    for (const url of ['/', '/supply/list']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectCommon(response.headers);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain('frame-src https://www.youtube.com');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('the API: nothing to load or run, no referrer', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'POST', url: '/api/user/info', headers: bearer(token) }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
    ]) {
      expectCommon(response.headers);
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it('uploads: no script even when opened on their own; what is not an image or audio is a download', async () => {
    const uploads = path.join(t.dataDir, 'uploads');
    fs.writeFileSync(path.join(uploads, 'pic.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.writeFileSync(
      path.join(uploads, 'drawing.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const png = await t.app.inject({ method: 'GET', url: '/uploads/pic.png' });
    const svg = await t.app.inject({ method: 'GET', url: '/uploads/drawing.svg' });
    for (const response of [png, svg]) {
      expect(response.statusCode).toBe(200);
      expectCommon(response.headers);
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toMatch(/^default-src 'none'/);
      expect(csp).toContain('sandbox');
      expect(csp).not.toContain('script-src');
    }
    expect(png.headers['content-disposition']).toBeUndefined();
    expect(svg.headers['content-disposition']).toBe('attachment');
  });
});

describe('logs carry no personal data', () => {
  const ID_CARD = '110101199001011234';

  it('a database error logs its SQLSTATE and names, not the parameters, the detail or a quoted value', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const app = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      distDir: path.join(t.dataDir, 'no-dist'),
      logger: { level: 'info', stream },
      modules: [
        {
          name: 'failing',
          routes: async (instance) => {
            instance.get('/api/fails/cast', async () => {
              await sql`select ${ID_CARD}::int`.execute(instance.db);
            });
            instance.get('/api/fails/duplicate', async () => {
              await sql`insert into users (email, password_hash, role) values (${ADMIN.email}, ${ID_CARD}, 'user')`.execute(
                instance.db,
              );
            });
          },
        },
      ],
    });
    try {
      for (const url of ['/api/fails/cast', '/api/fails/duplicate', `/api/fails/cast?q=${ID_CARD}`]) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode).toBe(500);
        expect(response.body).not.toContain(ID_CARD);
      }
    } finally {
      await app.close();
    }
    expect(log).toContain('request failed');
    expect(log).toContain('22003'); // numeric_value_out_of_range: enough to find the bug
    expect(log).toContain('users_email_key'); // the constraint's name stays
    expect(log).not.toContain(ID_CARD);
    expect(log).not.toContain(ADMIN.email);
  });
});
