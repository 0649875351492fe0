import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Json = Record<string, unknown>;

let t: TestApp;
let admin: Json;
let staff: Json;

beforeAll(async () => {
  // No demo seed: the commission stream starts empty (default 0.00 %, version 0).
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir });
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
  staff = bearer(await t.login(STAFF.email, STAFF.password));
});
afterAll(async () => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT', url: string, headers: Json, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    payload: payload as Json,
  });
  return {
    status: response.statusCode,
    body: response.json() as { err_code: number; err_msg: string; data: Any },
  };
}
const version = async () => (await call('GET', '/api/commission', admin)).body.data.version as number;

describe('commission settings', () => {
  it('starts at 0.00 % with no overrides, version 0', async () => {
    const r = await call('GET', '/api/commission', staff);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      version: 0,
      default_rate_bp: 0,
      default_rate: '0.00',
      overrides: [],
      precedence: ['project', 'city', 'default'],
    });
  });

  it('changes the default rate (admin), stores basis points and an event with previous and new value', async () => {
    const r = await call('PUT', '/api/commission', admin, {
      default_rate: '12.5',
      expectedVersion: await version(),
    });
    expect(r.status, r.body.err_msg).toBe(200);
    expect(r.body.data).toMatchObject({ default_rate_bp: 1250, default_rate: '12.50', version: 1 });
    const h = await call('GET', '/api/commission/events', staff);
    expect(h.body.data[0]).toMatchObject({
      type: 'CommissionDefaultRateChanged',
      data: { previous_rate_bp: 0, rate_bp: 1250 },
      actor: { email: ADMIN.email, role: 'admin' },
    });
  });

  it('refuses a user (403) and leaves the rate alone', async () => {
    const v = await version();
    const r = await call('PUT', '/api/commission', staff, { default_rate: 5, expectedVersion: v });
    expect(r.status).toBe(403);
    expect(r.body.err_msg).toBe(
      'Only administrators may change commission rates; you are signed in as a user.',
    );
    const o = await call('POST', '/api/commission/events', staff, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '1',
      rate: 5,
      expectedVersion: v,
    });
    expect(o.status).toBe(403);
    expect((await call('GET', '/api/commission', staff)).body.data.default_rate_bp).toBe(1250);
  });

  it('validates rates: two decimals at most, 0 to 100', async () => {
    const v = await version();
    for (const rate of ['12.345', '-1', '100.01', '101', 'abc', '', null, '1e1', 12.345]) {
      const r = await call('PUT', '/api/commission', admin, { default_rate: rate, expectedVersion: v });
      expect(r.status, String(rate)).toBe(400);
      expect(r.body.data.field).toBe('default_rate');
    }
    for (const [rate, bp] of [
      ['100', 10000],
      ['0', 0],
      [7.05, 705],
    ] as const) {
      const r = await call('PUT', '/api/commission', admin, {
        default_rate: rate,
        expectedVersion: await version(),
      });
      expect(r.status, r.body.err_msg).toBe(200);
      expect(r.body.data.default_rate_bp).toBe(bp);
    }
  });

  it('refuses an unchanged rate (409 naming the rule) and a stale version (409 / 40901)', async () => {
    const v = await version();
    const current = (await call('GET', '/api/commission', admin)).body.data.default_rate;
    const same = await call('PUT', '/api/commission', admin, { default_rate: current, expectedVersion: v });
    expect(same.status).toBe(409);
    expect(same.body.err_code).toBe(40902);
    expect(same.body.err_msg).toContain('the rate is unchanged');
    const stale = await call('PUT', '/api/commission', admin, { default_rate: '3', expectedVersion: v - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const missing = await call('PUT', '/api/commission', admin, { default_rate: '3' });
    expect(missing.status).toBe(400);
  });

  it('takes an override for a city named in 50 characters beyond the first 65,536, as the console does', async () => {
    const name = '𠮷'.repeat(50);
    const city = await call('POST', '/api/service-cities', admin, { name });
    expect(city.status, city.body.err_msg).toBe(200);
    const set = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'city',
      target: name,
      rate: '8',
      expectedVersion: await version(),
    });
    expect(set.status, set.body.err_msg).toBe(200);
    const removed = await call('POST', '/api/commission/events', admin, {
      type: 'commission.removeOverride',
      scope: 'city',
      target: name,
      expectedVersion: await version(),
    });
    expect(removed.status, removed.body.err_msg).toBe(200);
  });

  it('sets, updates and removes overrides; a city override must name a service city', async () => {
    const city = await call('POST', '/api/service-cities', admin, { name: 'Ningbo' });
    expect(city.status).toBe(200);
    const unknownCity = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'Atlantis',
      rate: '8',
      expectedVersion: await version(),
    });
    expect(unknownCity.status).toBe(400);
    expect(unknownCity.body.data.field).toBe('target');

    const set = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'ningbo',
      rate: '8',
      expectedVersion: await version(),
    });
    expect(set.status, set.body.err_msg).toBe(200);
    expect(set.body.data.overrides).toEqual([
      { scope: 'city', target: 'Ningbo', label: 'Ningbo', rate_bp: 800, rate: '8.00' },
    ]);
    const update = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'city',
      target: 'NINGBO',
      rate: '9.5',
      expectedVersion: await version(),
    });
    expect(update.body.data.overrides).toHaveLength(1);
    const h = await call('GET', '/api/commission/events', admin);
    expect(h.body.data[0]).toMatchObject({
      type: 'CommissionOverrideSet',
      data: { scope: 'city', target: 'Ningbo', previous_rate_bp: 800, rate_bp: 950 },
    });
    const remove = await call('POST', '/api/commission/events', admin, {
      type: 'commission.removeOverride',
      scope: 'city',
      target: 'Ningbo',
      expectedVersion: await version(),
    });
    expect(remove.status).toBe(200);
    expect(remove.body.data.overrides).toEqual([]);
    const again = await call('POST', '/api/commission/events', admin, {
      type: 'commission.removeOverride',
      scope: 'city',
      target: 'Ningbo',
      expectedVersion: await version(),
    });
    expect(again.status).toBe(409);
    expect(again.body.err_msg).toContain('there is no such override');
    const h2 = await call('GET', '/api/commission/events', admin);
    expect(h2.body.data[0]).toMatchObject({
      type: 'CommissionOverrideRemoved',
      data: { previous_rate_bp: 950, rate_bp: null },
    });
  });

  it('project overrides must name an existing project', async () => {
    const r = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'project',
      target: '987654',
      rate: '15',
      expectedVersion: await version(),
    });
    expect(r.status).toBe(400);
    expect(r.body.err_msg).toBe('There is no project with id 987654.');
    expect(r.body.data.reason_key).toBe('system.commission.validation.noProject');
    const bad = await call('POST', '/api/commission/events', admin, {
      type: 'commission.setOverride',
      scope: 'project',
      target: 'abc',
      rate: '15',
      expectedVersion: await version(),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('target');
  });

  it('history is newest first, every entry with previous and new value', async () => {
    const h = await call('GET', '/api/commission/events', staff);
    const versions = h.body.data.map((e: Any) => e.version);
    expect(versions).toEqual([...versions].sort((a: number, b: number) => b - a));
    for (const e of h.body.data) {
      expect(e.data).toHaveProperty('previous_rate_bp');
      expect(e.data).toHaveProperty('rate_bp');
    }
  });
});
