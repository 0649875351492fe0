import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

// One answer for a bad id, a bad expectedVersion and an unknown command field, whatever the entity.

type Json = Record<string, unknown>;

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) {
  const r = await t.app.inject({ method, url, headers: admin, payload });
  return { status: r.statusCode, body: r.json() as { err_code: number; err_msg: string; data: Json | null } };
}

async function versionOf(url: string): Promise<number> {
  const r = await call('GET', url);
  expect(r.status, r.body.err_msg).toBe(200);
  return (r.body.data as { version: number }).version;
}

const ENTITIES = [
  { name: 'Supplier', base: '/api/suppliers', command: { type: 'supplier.rank', ranking: 3 } },
  { name: 'Project', base: '/api/projects', command: { type: 'project.show' } },
  { name: 'Service city', base: '/api/service-cities', command: { type: 'serviceCity.rank', ranking: 9 } },
] as const;

describe.each(ENTITIES)('$name routes answer like every other entity', ({ name, base, command }) => {
  it.each(['abc', '0', '1.5', '99999999999'])('a bad id %s → 400 naming the entity', async (id) => {
    for (const [method, url] of [
      ['GET', `${base}/${id}`],
      ['GET', `${base}/${id}/events`],
      ['POST', `${base}/${id}/events`],
    ] as const) {
      const r = await call(method, url, method === 'POST' ? { ...command, expectedVersion: 1 } : undefined);
      expect(r.status, url).toBe(400);
      expect(r.body.err_msg).toMatch(new RegExp(`^${name} id must be a positive whole number`));
      // The bounds are in the reason too, for the console to say in either language.
      expect(r.body.data).toMatchObject({
        field: 'id',
        reason_key: 'errors.validation.range',
        values: { min: 1, max: 2_147_483_647 },
      });
    }
  });

  it('expectedVersion of the wrong type says so; a missing one says it is required', async () => {
    for (const [value, message] of [
      ['6', 'not "6"'],
      [0, 'not 0'],
      [undefined, 'is required'],
    ] as const) {
      const r = await call('POST', `${base}/1/events`, { ...command, expectedVersion: value });
      expect(r.status).toBe(400);
      expect(r.body.err_msg).toContain(message);
      expect(r.body.data).toMatchObject({ field: 'expectedVersion' });
      // Out of its bounds or not a number, the bounds are in the reason, for the console to say in either language.
      if (value !== undefined)
        expect(r.body.data).toMatchObject({
          reason_key: 'errors.validation.range',
          values: { min: 1, max: 2_147_483_647 },
        });
    }
  });

  it('an unknown command type → 400 naming the types there are, in the reason too', async () => {
    const expectedVersion = await versionOf(`${base}/1`);
    const r = await call('POST', `${base}/1/events`, { type: 'nope', expectedVersion });
    expect(r.status).toBe(400);
    expect(r.body.err_msg).toMatch(/^type must be one of .+\.$/);
    expect(r.body.data).toMatchObject({ field: 'type', reason_key: 'errors.validation.oneOf' });
    const { values } = r.body.data as { values: { values: string } };
    expect(values.values.split(', ')).toContain(command.type);
  });

  it('an unknown command field → 400 naming it and the command', async () => {
    const expectedVersion = await versionOf(`${base}/1`);
    const r = await call('POST', `${base}/1/events`, { ...command, foo: 1, expectedVersion });
    expect(r.status).toBe(400);
    expect(r.body.err_msg).toBe(`Unknown field "foo" for ${command.type}.`);
    expect(r.body.data).toMatchObject({ field: 'foo' });
    expect(await versionOf(`${base}/1`)).toBe(expectedVersion);
  });
});

describe('commission answers the same way', () => {
  it('refuses an unknown field on a command and a mistyped expectedVersion', async () => {
    const { version } = (await call('GET', '/api/commission')).body.data as { version: number };
    const unknown = await call('POST', '/api/commission/events', {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'Beijing',
      rate: '9',
      foo: 1,
      expectedVersion: version,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.err_msg).toBe('Unknown field "foo" for commission.setOverride.');
    const typed = await call('PUT', '/api/commission', { default_rate: '9', expectedVersion: '1' });
    expect(typed.status).toBe(400);
    expect(typed.body.err_msg).toContain('not "1"');
    expect((await call('GET', '/api/commission')).body.data).toMatchObject({ version });
  });
});

describe('a delete', () => {
  it.each(['0', '1.5', '2147483648', '99999999999'])(
    'says the bounds of an expectedVersion %s outside them, as every other version',
    async (version) => {
      const r = await call('DELETE', `/api/service-cities/1?expectedVersion=${version}`);
      expect(r.status).toBe(400);
      expect(r.body.err_msg).toBe(
        `expectedVersion must be a whole number from 1 (the version you loaded), not "${version}".`,
      );
      expect(r.body.data).toMatchObject({
        field: 'expectedVersion',
        reason_key: 'errors.validation.range',
        values: { min: 1, max: 2_147_483_647 },
      });
    },
  );

  it('says where its expectedVersion goes when it is missing: the query string', async () => {
    const r = await call('DELETE', '/api/service-cities/1', { expectedVersion: 1 });
    expect(r.status).toBe(400);
    expect(r.body.err_msg).toBe('expectedVersion is required in the query string.');
    expect(r.body.data).toMatchObject({
      field: 'expectedVersion',
      reason_key: 'errors.validation.requiredInQuery',
    });
    expect(reasonText(r.body.data as never, 'en-US')).toBe(
      'expectedVersion is required in the query string (?expectedVersion=…).',
    );
  });
});

describe('a list query', () => {
  it('says which values a parameter takes when it is none of them', async () => {
    const sort = await call('GET', '/api/suppliers?sort=x');
    expect(sort.status).toBe(400);
    expect(sort.body.err_msg).toMatch(/^sort must be one of .*created_at.*, not "x"\.$/);
    // The values are in the reason too, for the console to say in either language.
    expect(sort.body.data).toMatchObject({
      reason_key: 'errors.validation.oneOf',
      values: { field: 'sort', values: expect.stringContaining('created_at') },
    });
    // A page out of its bounds says them, in the reason too.
    const page = await call('GET', '/api/suppliers?page=-1');
    expect(page.status).toBe(400);
    expect(page.body.err_msg).toMatch(/^page must be a whole number from 1 to \d+, not "-1"\.$/);
    const max = Number(/to (\d+)/.exec(page.body.err_msg)![1]);
    expect(page.body.data).toMatchObject({
      reason_key: 'errors.validation.range',
      values: { field: 'page', min: 1, max },
    });
    expect(reasonText(page.body.data as never, 'zh-CN')).toBe(`page 须为 1 到 ${max} 之间的整数。`);
    const id = await call('GET', '/api/certifications?applicant_id=abc');
    expect(id.status).toBe(400);
    expect(id.body.err_msg).toBe('applicant_id must be an id: a whole number from 1, not "abc".');
    expect(id.body.data).toMatchObject({
      reason_key: 'errors.validation.range',
      values: { field: 'applicant_id', min: 1, max: 2_147_483_647 },
    });
  });
});
