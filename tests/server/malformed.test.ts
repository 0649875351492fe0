import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../server/auth/tokens';
import { REASON } from '../../src/contract/errors';
import { reasonText, reasonTextProblem } from './support/reasonText';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

/**
 * A corpus of malformed requests against every endpoint the app has: the routes are read from the app itself
 * (`printRoutes`), so an endpoint added later is covered without editing this file. Whatever the request, the
 * answer is below 500 and shows nothing of the server's insides: no stack trace, no SQL or database message, no
 * file path, no statement parameters; a refusal names a reason key whose text, filled in with its values,
 * renders in both languages (support/reasonText.ts), and its err_msg is that text in Chinese when the request asks
 * for Chinese (every other one does). Runs on PGlite,
 * and on PostgreSQL in the PostgreSQL pass.
 */

let t: TestApp;
let adminToken: string;
let staffToken: string;
beforeAll(async () => {
  t = await createTestApp(); // with the demo data, so ids like 1 exist and requests get past "not found"
  const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
  const idOf = (email: string) => users.find((user) => user.email === email)!.id;
  adminToken = (await issueToken(t.db, idOf(ADMIN.email))).token;
  staffToken = (await issueToken(t.db, idOf(STAFF.email))).token;
  fs.writeFileSync(path.join(t.dataDir, 'uploads', '.hidden'), 'x');
});
afterAll(async () => t?.close());

interface Route {
  method: string;
  url: string;
}

/** Every method and URL pattern of the app, from Fastify's own route tree. */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = full;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) routes.push({ method, url: full });
  }
  return routes;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Endpoints whose answer, once accepted, is an event stream that never ends: every request to them here also
 * carries a position that is not one, so each ends (with its refusal) and the other inputs are still tried.
 */
const STREAMS = new Set(['GET /api/monitor/stream']);
const ID_VARIANTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '99999999999999999999999',
  '2147483648',
  '%00',
  '%ED%A0%80',
  '..%2f..%2fetc%2fpasswd',
  '%ZZ',
  ' 1',
  'x'.repeat(300),
];
const QUERIES = [
  'page=-1',
  'page=0',
  'page=abc',
  'page=1.5',
  'page=99999999999999999999',
  'page_size=100000000',
  'page_size=-5',
  'sort=name;drop%20table%20users',
  'sort=__proto__',
  'order=sideways',
  'q=%00',
  'q=%ED%A0%80',
  'q=%25%27%22%5C',
  'q=%FF',
  'q=50%',
  '%FF=1',
  'sort=&order=',
  'tab=nowhere',
  `q=${'x'.repeat(5000)}`,
  'is_display=maybe&is_enabled=2',
  'page=1&page=2&page=3',
  'expectedVersion=-1',
  'expectedVersion=1e999',
  'city[]=a&city[b]=c',
];
const DEEP = `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`;
/** Raw JSON texts: what a client can send in a body. */
const BODIES: Array<[string, string]> = [
  ['malformed JSON', '{"type": '],
  ['an unterminated string', '{"name": "abc'],
  ['trailing garbage', '{} x'],
  ['an array', '[{"type":"x","expectedVersion":1}]'],
  ['a string', '"hello"'],
  ['a number', '42'],
  ['null', 'null'],
  ['a string with a NUL', '"a\\u0000b"'],
  ['a lone surrogate alone', '"\\udc00"'],
  ['an empty object', '{}'],
  ['unknown fields', '{"zzz":1,"__internal":true,"type":"x"}'],
  [
    'wrong types',
    '{"type":1,"name":2,"expectedVersion":"1","ranking":"x","changes":[],"reason":{},"email":[],"password":7}',
  ],
  [
    'huge numbers',
    '{"expectedVersion":1e308,"ranking":99999999999999999999999,"rateBp":1e400,"min_price":1e21}',
  ],
  ['negative and fractional numbers', '{"expectedVersion":-1,"ranking":1.5,"min_price":-0.001,"rateBp":-5}'],
  ['a NUL character', '{"name":"a\\u0000b","type":"x\\u0000","reason":"\\u0000"}'],
  ['lone surrogates', '{"name":"a\\ud800b","reason":"\\udc00","project_name":"\\udbff"}'],
  ['a lone surrogate in a key', '{"\\ud800":1}'],
  ['__proto__', '{"__proto__":{"admin":true},"type":"x"}'],
  ['constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
  ['deep nesting', DEEP],
  ['arrays where objects are expected', '{"changes":[1,2],"home_banners":{"a":1},"carouse_covers":"x"}'],
  ['objects where text is expected', '{"email":{"$gt":""},"password":{"$ne":null},"name":{"a":1}}'],
  [
    'a command with everything wrong',
    '{"type":"supplier.approve","expectedVersion":1.5,"ranking":-1,"reason":"","scope":"galaxy","rateBp":"10%"}',
  ],
  ['an oversized body', JSON.stringify({ name: 'x'.repeat(1_100_000) })],
  [
    'long but allowed text',
    JSON.stringify({
      name: 'x'.repeat(20_000),
      project_name: 'y'.repeat(20_000),
      intro: '<a'.repeat(60_000),
    }),
  ],
  ['control and format characters', '{"name":"\\u202e\\ufeff\\u0007\\u001b[2J","type":"\\u2028"}'],
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=XyZ',
  'application/json; charset=utf-16',
  'application/json; charset=nonsense',
  'application/jsonx',
];
const AUTHS: Array<[string, Record<string, string>]> = [
  ['no token', {}],
  ['an unknown token', { authorization: 'Bearer not-a-token' }],
  ['an empty bearer', { authorization: 'Bearer ' }],
  ['another scheme', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['two tokens', { authorization: 'Bearer a b' }],
  ['a NUL in the header', { authorization: 'Bearer a%00b' }],
];
const UPLOAD_PATHS = [
  '/uploads/../package.json',
  '/uploads/..%2f..%2fpackage.json',
  '/uploads/%2e%2e/%2e%2e/etc/passwd',
  '/uploads/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/uploads/..\\..\\package.json',
  '/uploads/.hidden',
  '/uploads/image/%00.png',
  '/uploads/image/a%ED%A0%80.png',
  `/uploads/${'a/'.repeat(500)}x.png`,
  '/uploads/%ZZ',
  '/uploads/',
  '/uploads//etc/passwd',
];
const MULTIPART_BODIES = [
  'garbage',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
  '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a\0.png"\r\n\r\n\x89PNG\r\n--XyZ--\r\n',
  '--XyZ\r\nContent-Disposition: form-data; name="type"\r\n\r\n\0\r\n--XyZ--\r\n',
  '--XyZ\r\nContent-Disposition: form-data\r\n\r\nx\r\n--XyZ--\r\n',
  '--XyZ\r\n\r\n\r\n--XyZ--\r\n',
  '--XyZ--\r\n',
  `--XyZ\r\nContent-Disposition: form-data; name="${'n'.repeat(5000)}"\r\n\r\nx\r\n--XyZ--\r\n`,
];

const TMP = os.tmpdir();
/** Where the server's own files are: no answer may name it. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const LEAKS: Array<[string, RegExp]> = [
  ['a stack trace', /\bat \S+ \(|\bat file:|node:internal|\.[cm]?[jt]s:\d+/],
  ['a file path', /node_modules|\/home\/|\/usr\/|\/var\/|[A-Z]:\\/],
  ['a database message', /syntax error at|violates|relation "|column "|invalid input|out of range for type/i],
  ['a database name', /\bSQLSTATE|\bpg_\w+|\bkysely\b|\bPGlite\b|\bpostgres\b/i],
  ['SQL', /\b(select\s.+\sfrom|insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i],
  ['statement parameters', /\$\d+\b|"params"\s*:|"query"\s*:/],
];

interface Outcome {
  what: string;
  status: number;
  body: string;
  /** Asked for in Chinese (`Accept-Language: zh-CN`): a refusal's err_msg is then its reason's zh-CN text. */
  chinese: boolean;
}

const CHINESE = 'zh-CN,zh;q=0.9,en;q=0.8';

function concrete(url: string, id = '1'): string {
  return url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'x');
}

function describeProblem(outcome: Outcome, dataDir: string): string | null {
  if (outcome.status >= 500) return `answered ${outcome.status}`;
  const leaks: Array<[string, RegExp]> = [
    ...LEAKS,
    ['the data directory', new RegExp(escape(dataDir))],
    ['the source directory', new RegExp(escape(ROOT))],
  ];
  if (outcome.status >= 400) leaks.push(['a temporary path', new RegExp(escape(TMP) + '/')]);
  for (const [name, pattern] of leaks) if (pattern.test(outcome.body)) return `shows ${name}`;
  // A HEAD answer has no body to say it in.
  if (outcome.status >= 400 && outcome.body !== '') {
    let envelope: { err_msg?: unknown; data?: unknown };
    try {
      envelope = JSON.parse(outcome.body) as typeof envelope;
    } catch {
      return 'is not a JSON envelope';
    }
    const problem = reasonTextProblem(envelope.data);
    if (problem) return problem;
    // The zh-CN text, after the field it is about where it does not name it (server/http/language.ts).
    const text = reasonText(envelope.data as never, 'zh-CN');
    const field = (envelope.data as { field?: unknown }).field;
    const chinese = typeof field === 'string' && field && !text.includes(field) ? `${field}：${text}` : text;
    if (outcome.chinese && envelope.err_msg !== chinese)
      return `says ${String(envelope.err_msg)}, not ${chinese}`;
    if (!outcome.chinese && envelope.err_msg === chinese) return 'says its English err_msg in Chinese';
    // What the value must be is said in both languages: "the value is not valid" only where English says no more.
    const reasonKey = (envelope.data as { reason_key?: unknown }).reason_key;
    if (!outcome.chinese && reasonKey === REASON.invalid && / must be /.test(String(envelope.err_msg)))
      return `says ${String(envelope.err_msg)} in English, but only "${text}" in Chinese`;
  }
  return null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('malformed requests against every endpoint', () => {
  it('finds the endpoints in the app itself', () => {
    const routes = routesOf(t.app).map((route) => `${route.method} ${route.url}`);
    for (const expected of [
      'POST /api/sanctum-auth/login',
      'PUT /api/global/configs',
      'POST /api/file-storage/file/upload',
      'POST /api/suppliers/:id/events',
      'DELETE /api/service-cities/:id',
      'GET /api/health',
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it('answers every one below 500, without internals', async () => {
    const routes = routesOf(t.app).filter((route) => route.url.startsWith('/api'));
    const requests: Array<{ what: string; options: InjectOptions }> = [];
    const add = (what: string, options: InjectOptions) => {
      const route = `${options.method} ${String(options.url).split('?')[0]}`;
      const stream = STREAMS.has(route);
      requests.push({
        what,
        options: stream
          ? { ...options, headers: { ...(options.headers as object), 'last-event-id': 'not-a-position' } }
          : options,
      });
    };
    const admin = () => bearer(adminToken);

    for (const route of routes) {
      const method = route.method as InjectOptions['method'];
      const name = `${route.method} ${route.url}`;
      const hasId = route.url.includes(':');
      for (const [auth, headers] of AUTHS)
        add(`${name} with ${auth}`, { method, url: concrete(route.url), headers });
      add(`${name} as a user`, { method, url: concrete(route.url), headers: bearer(staffToken) });
      if (hasId) {
        for (const id of ID_VARIANTS)
          add(`${name} with id ${id}`, { method, url: concrete(route.url, id), headers: admin() });
      }
      if (route.method === 'GET') {
        for (const query of QUERIES) {
          add(`${name}?${query.slice(0, 40)}`, {
            method,
            url: `${concrete(route.url)}?${query}`,
            headers: admin(),
          });
        }
      }
      if (WRITES.has(route.method)) {
        for (const [what, payload] of BODIES) {
          add(`${name} with ${what}`, {
            method,
            url: concrete(route.url),
            headers: { ...admin(), 'content-type': 'application/json' },
            payload,
          });
        }
        for (const contentType of CONTENT_TYPES) {
          add(`${name} as ${contentType}`, {
            method,
            url: concrete(route.url),
            headers: { ...admin(), 'content-type': contentType },
            payload: 'name=x&type=y',
          });
        }
        add(`${name} anonymously with malformed JSON`, {
          method,
          url: concrete(route.url),
          headers: { 'content-type': 'application/json' },
          payload: '{"zzz":',
        });
      }
    }
    // Field by field: every field name the API shows in its answers, with text no database may store, sent to
    // every write endpoint (alone, and with an expectedVersion) so some of them get past the shape checks.
    const fields = new Set<string>();
    for (const route of routes.filter(
      (r) => r.method === 'GET' && !r.url.includes('*') && !STREAMS.has(`${r.method} ${r.url}`),
    )) {
      const response = await t.app.inject({ method: 'GET', url: concrete(route.url), headers: admin() });
      if (response.statusCode !== 200 || !/json/.test(String(response.headers['content-type']))) continue;
      const { data } = response.json() as { data: unknown };
      const samples = [
        data,
        (data as { items?: unknown[] })?.items?.[0],
        Array.isArray(data) ? data[0] : null,
      ];
      for (const sample of samples) {
        if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
          for (const key of Object.keys(sample)) fields.add(key);
        }
      }
    }
    for (const route of routes.filter((r) => WRITES.has(r.method))) {
      for (const field of fields) {
        for (const bad of ['a\u0000b', '\ud800', 'x\udfffy']) {
          for (const extra of [{}, { expectedVersion: 1 }]) {
            add(`${route.method} ${route.url} with ${field}=${JSON.stringify(bad)}`, {
              method: route.method as InjectOptions['method'],
              url: concrete(route.url),
              headers: { ...admin(), 'content-type': 'application/json' },
              payload: JSON.stringify({ ...extra, [field]: bad }),
            });
          }
        }
      }
    }
    for (const url of UPLOAD_PATHS) add(`GET ${url.slice(0, 60)}`, { method: 'GET', url });
    for (const [i, body] of MULTIPART_BODIES.entries()) {
      add(`malformed multipart #${i + 1}`, {
        method: 'POST',
        url: '/api/file-storage/file/upload',
        headers: { ...admin(), 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload: Buffer.from(body, 'latin1'),
      });
    }

    expect(requests.length).toBeGreaterThanOrEqual(300);
    const problems: string[] = [];
    for (const request of requests) {
      const { what } = request;
      let { options } = request;
      // Logging out revokes the token it uses: every request gets the shared tokens back unrevoked.
      if (String(options.url).startsWith('/api/sanctum-auth/logout')) {
        const headers = { ...(options.headers as Record<string, string>) };
        if (headers.authorization === `Bearer ${adminToken}`) {
          const users = await t.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', ADMIN.email)
            .execute();
          headers.authorization = `Bearer ${(await issueToken(t.db, users[0]!.id)).token}`;
        }
        if (headers.authorization === `Bearer ${staffToken}`) continue;
        options = { ...options, headers };
      }
      // Every other request asks for Chinese.
      const chinese = requests.indexOf(request) % 2 === 1;
      if (chinese)
        options = { ...options, headers: { ...(options.headers as object), 'accept-language': CHINESE } };
      const response = await t.app.inject(options);
      const outcome = { what, status: response.statusCode, body: response.body, chinese };
      const problem = describeProblem(outcome, t.dataDir);
      if (problem) problems.push(`${what} ${problem}: ${response.body.slice(0, 300)}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
