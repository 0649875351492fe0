import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadText } from '../../server/http/requestGuards';
import { expectReasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

/** Defects of the new-user trial that concern every request: NUL characters, malformed URLs, bad paths. */

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

interface Envelope {
  err_code: number;
  err_msg: string;
  data: { field?: string } | null;
}

function envelope(response: { statusCode: number; body: string }, status: number): Envelope {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as Envelope;
  expect(Object.keys(body).sort()).toEqual(['data', 'err_code', 'err_msg']);
  return body;
}

describe('NUL characters are a 400 naming the field, never a 500', () => {
  it.each([
    ['login email', 'POST', '/api/sanctum-auth/login', { email: 'a\u0000@x.cn', password: 'x' }, 'email'],
    ['supplier name', 'POST', '/api/suppliers', { name: 'Zhang\u0000' }, 'name'],
    [
      'nested edit field',
      'POST',
      '/api/suppliers/1/events',
      { type: 'supplier.edit', changes: { bio: '\u0000' } },
      'changes.bio',
    ],
    ['array item', 'POST', '/api/suppliers', { covers: ['/uploads/a.png', 'x\u0000'] }, 'covers[1]'],
    ['settings', 'PUT', '/api/global/configs', { supplier_name: '\u0000' }, 'supplier_name'],
  ])('in the JSON body (%s)', async (_what, method, url, payload, field) => {
    const response = await t.app.inject({ method: method as 'POST', url, headers: admin, payload });
    const body = envelope(response, 400);
    expect(body.err_msg).toBe(
      `${field} contains a NUL character (\\u0000 or %00), which is not allowed in text.`,
    );
    expect(body.data).toMatchObject({ field, reason_key: expect.stringMatching(/^errors\.validation\./) });
  });

  it.each([
    ['/api/suppliers?q=%00', 'q'],
    ['/api/suppliers?city=Bei%00jing', 'city'],
    ['/api/suppliers/%00', 'id'],
  ])('in the URL: %s', async (url, field) => {
    const body = envelope(await t.app.inject({ method: 'GET', url, headers: admin }), 400);
    expect(body.err_msg).toContain(`${field} contains a NUL character`);
    expect(body.data).toMatchObject({ field, reason_key: expect.stringMatching(/^errors\.validation\./) });
  });

  it('finds a NUL in a key and stops at the first one', () => {
    expect(findBadText({ a: 'ok', b: [{ 'c\u0000': 1 }], d: '\u0000' }, '')).toEqual({
      field: 'b[0].c\u0000',
      problem: 'nul',
    });
    expect(findBadText({ a: 'ok', b: 2, c: null }, '')).toBeNull();
  });
});

describe('lone UTF-16 surrogates are a 400 naming the field, never a 500 or a silent U+FFFD', () => {
  // Raw JSON text: a "\ud800" escape parses to a string holding half of a surrogate pair.
  it.each([
    ['login email', 'POST', '/api/sanctum-auth/login', '{"email":"a\\ud800@x.cn","password":"x"}', 'email'],
    ['supplier name', 'POST', '/api/suppliers', '{"name":"Zhang\\udc00"}', 'name'],
    [
      'reject reason',
      'POST',
      '/api/suppliers/1/events',
      '{"type":"supplier.reject","reason":"blurred \\ud83d photo","expectedVersion":1}',
      'reason',
    ],
    [
      'nested edit field',
      'POST',
      '/api/suppliers/1/events',
      '{"type":"supplier.edit","changes":{"bio":"\\ude00"},"expectedVersion":1}',
      'changes.bio',
    ],
    [
      'array item',
      'POST',
      '/api/projects',
      '{"carouse_covers":["/uploads/a.png","\\udbff"]}',
      'carouse_covers[1]',
    ],
    ['settings', 'PUT', '/api/global/configs', '{"user_agreement":"<p>\\ud800</p>"}', 'user_agreement'],
    ['a key', 'PUT', '/api/global/configs', '{"\\ud800":"x"}', '\ud800'],
  ])('in the JSON body (%s)', async (_what, method, url, payload, field) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...admin, 'content-type': 'application/json' },
      payload,
    });
    const body = envelope(response, 400);
    expect(body.err_msg).toBe(
      `${field} contains a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair), which is not valid text.`,
    );
    expect(body.data).toMatchObject({ field });
  });

  it('keeps a proper surrogate pair (an emoji written as two escapes)', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/api/global/configs', headers: admin });
    const { version } = read.json().data as { version: number };
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/global/configs',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"supplier_name":"Partner \\ud83d\\ude00","version":${version}}`,
    });
    expect(envelope(response, 200).data).toMatchObject({ supplier_name: 'Partner \u{1F600}' });
  });

  it('refuses a body nested deeper than any request of this API, rather than leaving it partly unchecked', async () => {
    let nested: unknown = 'x\u0000';
    for (let i = 0; i < 40; i += 1) nested = { a: nested };
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/global/configs',
      headers: admin,
      payload: { home_banners: [nested] },
    });
    expect(envelope(response, 400).err_msg).toMatch(/is nested more than 32 levels deep\.$/);
  });
});

describe('a query value that is not percent-encoded UTF-8 is a 400 naming the field, not searched as text', () => {
  it.each([
    ['/api/suppliers?q=%FF%FE', 'q'],
    ['/api/suppliers?q=%E4%B8', 'q'],
    ['/api/suppliers?tab=all&q=a%ZZ', 'q'],
    ['/api/orders?city=%C0%AF', 'city'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const body = envelope(await t.app.inject({ method: 'GET', url, headers: admin }), 400);
    expect(body.err_msg).toMatch(new RegExp(`^${field} is not valid URL encoding`));
    expect(body.data).toMatchObject({ field, reason_key: 'errors.validation.encoding' });
    expectReasonText(body.data, url);
  });

  it.each(['/api/suppliers?%FF=1', '/api/suppliers?q=a&%E4%B8', '/api/orders?%ZZ=x'])(
    'GET %s (a badly encoded name) → 400 whose text needs no field, as a sentence',
    async (url) => {
      const body = envelope(await t.app.inject({ method: 'GET', url, headers: admin }), 400);
      expect(body.err_msg).toMatch(/^The query is not valid URL encoding/);
      expect(body.data).not.toHaveProperty('field');
      expect(body.data).toMatchObject({ reason_key: 'errors.validation.encoding' });
      expectReasonText(body.data, url);
    },
  );

  it('takes whole UTF-8 characters, a plus for a space, and a literal percent sign sent as %25', async () => {
    for (const q of ['%E5%8C%97%E4%BA%AC', 'Zhang+San', '100%25', 'a=b']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/suppliers?q=${q}`, headers: admin });
      expect(response.statusCode, q).toBe(200);
    }
  });
});

describe('framework and connection errors answer in the envelope', () => {
  it.each(['/api/%ZZ', '/api/suppliers/%ZZ', '/uploads/%ZZ'])('GET %s → 400 envelope', async (url) => {
    const body = envelope(await t.app.inject({ method: 'GET', url }), 400);
    expect(body.err_code).toBe(400);
    expect(body.err_msg).toMatch(/^The URL is malformed/);
  });

  it('an oversized header → 431 envelope', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /api/user/info HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(40_000)}\r\n\r\n`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Envelope;
    expect(body).toEqual({
      err_code: 431,
      err_msg: 'The request headers are too large.',
      data: { reason_key: 'errors.clientError', values: { status: 431 } },
    });
  });
});

describe('unknown endpoints and files', () => {
  it('a POST with bad JSON to an unknown API route is a 404, not a 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(envelope(response, 404).err_msg).toBe('No such endpoint: POST /api/nope.');
  });

  it('a missing upload says the file was not found', async () => {
    expect(envelope(await t.app.inject({ url: '/uploads/nope.png' }), 404).err_msg).toBe('File not found.');
  });

  it('a path escaping or hiding in the uploads folder says why it is refused', async () => {
    fs.writeFileSync(path.join(t.dataDir, 'uploads', '.secret'), 'x');
    for (const url of ['/uploads/.secret', '/uploads/..%2f..%2fetc/passwd']) {
      const body = envelope(await t.app.inject({ url }), 403);
      expect(body.err_code).toBe(403);
      expect(body.err_msg).toBe('This file path is not allowed: use the path returned by the upload.');
    }
  });
});
