import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectReasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  // A stand-in for the built console, so the static and fallback routes can be tested without a build.
  distDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'mpa-dist-'));
  fs.mkdirSync(path.join(distDir, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><div id="root">console</div>');
  fs.writeFileSync(path.join(distDir, 'static/js/main.abc123.js'), 'console.log(1)');
  t = await createTestApp({ distDir, bodyLimitBytes: 16 * 1024 });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const STACK = /at \S+ \(|node_modules|\.ts:\d+/;

function expectEnvelope(
  response: { statusCode: number; body: string },
  status: number,
  errCode: number,
): string {
  expect(response.statusCode).toBe(status);
  const body = JSON.parse(response.body) as {
    err_code: number;
    err_msg: string;
    data: { reason_key?: unknown } | null;
  };
  expect(body.err_code).toBe(errCode);
  expect(body.err_msg.length).toBeGreaterThan(5);
  expect(response.body).not.toMatch(STACK);
  expectReasonText(body.data, body.err_msg);
  return body.err_msg;
}

describe('robustness: every bad request gets a 4xx envelope with a message', () => {
  it.each([
    ['GET', '/api/does-not-exist'],
    ['POST', '/api/user/nothing'],
    ['GET', '/api'],
    ['GET', '/api/sanctum-auth/login'],
  ])('unknown API route %s %s → 404 envelope', async (method, url) => {
    const message = expectEnvelope(await t.app.inject({ method: method as 'GET', url }), 404, 404);
    expect(message).toContain(url);
  });

  it('malformed JSON → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "admin@example.com", ',
    });
    expect(expectEnvelope(response, 400, 400)).toBe('The request body is not valid JSON.');
    expect(response.json().data.reason_key).toBe('errors.validation.invalidJson');
  });

  it('an empty body declared as JSON counts as no body: fine where none is needed', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/info',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('an empty JSON body where one is required → 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectEnvelope(response, 400, 400);
  });

  it('a JSON array or string instead of an object → 400', async () => {
    for (const payload of ['[1,2]', '"admin"', 'null']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sanctum-auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(expectEnvelope(response, 400, 400), payload).toBe('The request body must be a JSON object.');
      expect(response.json().data.reason_key, payload).toBe('errors.validation.bodyType');
    }
  });

  it('no body at all → 400 naming the request body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sanctum-auth/login' });
    expect(expectEnvelope(response, 400, 400)).toMatch(/body/);
  });

  it('wrong content type → 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/sanctum-auth/login',
        headers: { 'content-type': contentType },
        payload: 'email=a&password=b',
      });
      expect(expectEnvelope(response, 415, 415)).toMatch(/application\/json/);
      expect(response.json().data.reason_key).toBe('errors.unsupportedMediaType');
    }
  });

  it('oversize JSON body → 413 with the limit', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/global/configs',
      headers: bearer(token),
      payload: { user_agreement: 'x'.repeat(20 * 1024) },
    });
    expect(expectEnvelope(response, 413, 413)).toContain('16 KiB');
    expect(response.json().data.reason_key).toBe('errors.payloadTooLarge');
  });

  it('a __proto__ key is refused rather than polluting objects', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sanctum-auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.c","password":"x","__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('an internal failure → 500 with a message and no internals', async () => {
    const { buildApp } = await import('../../server/app');
    const broken = await buildApp({
      db: t.db,
      dataDir: t.dataDir,
      distDir,
      modules: [
        {
          name: 'broken',
          routes: async (app) => {
            app.get('/api/broken', async () => {
              throw new Error('secret connection string postgres://user:pw@db');
            });
          },
        },
      ],
    });
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await broken.inject({ method: 'GET', url: '/api/broken', headers: bearer(token) });
    await broken.close();
    const message = expectEnvelope(response, 500, 500);
    expect(response.body).not.toContain('secret');
    expect(message).toMatch(/Internal server error/);
    expect(response.json().data).toEqual({ reason_key: 'errors.internal' });
  });
});

describe('serving the console', () => {
  it('serves index.html at / and for client-side routes, not cached', async () => {
    for (const url of ['/', '/login', '/supply/list?page=2', '/dashboard/workplace']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('console');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a missing file 404, not the console page in its place (a script of an earlier build)', async () => {
    for (const url of [
      '/static/js/main.0ld0ne.js',
      '/static/css/gone.css',
      '/favicon-missing.png',
      '/a/b.map',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
      expect(response.json().data.reason_key, url).toBe('errors.notFound');
    }
    // A console route whose query holds a dot is still a console route.
    expect((await t.app.inject({ method: 'GET', url: '/supply/list?q=a.b' })).statusCode).toBe(200);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/js/main.abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('serves a console link whose query is not percent-encoded UTF-8 (a search for "50%"): the console reads it', async () => {
    for (const url of [
      '/orders?q=50%',
      '/orders?q=%FF',
      '/supply/list?%E4%B8=1&page=2',
      // A NUL in a console link's query too: the console reads the link and drops what the API would refuse.
      '/system/update-service-city?id=1%00',
      '/notice/list?q=%00',
      // And in its path: the console says it has no such page.
      '/notice/%00',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('console');
    }
  });

  it('refuses a NUL in the path of a file (an upload, an asset) in the envelope, naming no file', async () => {
    for (const url of ['/uploads/a%00.png', '/static/js/main%00.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
  });

  it('refuses an API query that is not percent-encoded UTF-8, in the envelope', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    for (const url of ['/api/suppliers?q=%FF', '/api/orders?q=50%']) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(expectEnvelope(response, 400, 400), url).toMatch(/^q is not valid URL encoding/);
      expect(response.json().data.reason_key, url).toBe('errors.validation.encoding');
    }
  });

  it('checks an API request by the route it reaches, however its path is spelled (/%61pi is /api)', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    for (const [url, reason] of [
      ['/%61pi/suppliers?q=%00', 'errors.validation.nul'],
      ['/%61pi/suppliers?q=%FF', 'errors.validation.encoding'],
      ['/%61pi/suppliers/%00', 'errors.validation.nul'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expectEnvelope(response, 400, 400);
      expect(response.json().data.reason_key, url).toBe(reason);
    }
  });

  it('keeps API 404s as JSON envelopes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.headers['content-type']).toContain('application/json');
  });
});
