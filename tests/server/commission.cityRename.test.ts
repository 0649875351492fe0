import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { commissionEntity } from '../../server/modules/commission/module';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Json = Record<string, unknown>;

/** A city's commission override follows a rename; deleting a city that has one is refused (docs/api.md). */
let t: TestApp;
let admin: Json;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir });
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await t.app.inject({
    method,
    url,
    headers: admin as Record<string, string>,
    payload: payload as Json,
  });
  return {
    status: response.statusCode,
    body: response.json() as { err_code: number; err_msg: string; data: Any },
  };
}
const commission = async () => (await call('GET', '/api/commission')).body.data;
const cityVersion = async (id: number) => (await call('GET', `/api/service-cities/${id}`)).body.data.version;

async function cityWithOverride(name: string, rate: string): Promise<number> {
  const city = await call('POST', '/api/service-cities', { name });
  expect(city.status, city.body.err_msg).toBe(200);
  const set = await call('POST', '/api/commission/events', {
    type: 'commission.setOverride',
    scope: 'city',
    target: name,
    rate,
    expectedVersion: (await commission()).version,
  });
  expect(set.status, set.body.err_msg).toBe(200);
  return city.body.data.id;
}

describe('commission overrides follow their service city', () => {
  it('a rename moves the override to the new name in the same transaction, with events naming the cause', async () => {
    const id = await cityWithOverride('Wuxi', '7.5');
    const before = await commission();

    const renamed = await call('PUT', `/api/service-cities/${id}`, {
      name: 'Wuxi New',
      expectedVersion: await cityVersion(id),
    });
    expect(renamed.status, renamed.body.err_msg).toBe(200);

    const after = await commission();
    const targets = after.overrides.filter((o: Any) => o.scope === 'city').map((o: Any) => o.target);
    expect(targets).toContain('Wuxi New');
    expect(targets).not.toContain('Wuxi');
    expect(after.overrides.find((o: Any) => o.target === 'Wuxi New')).toMatchObject({ rate_bp: 750 });
    expect(after.version).toBe(before.version + 2);

    const history = (await call('GET', '/api/commission/events')).body.data;
    const cause = { type: 'ServiceCityRenamed', service_city_id: id, from: 'Wuxi', to: 'Wuxi New' };
    expect(history[0]).toMatchObject({
      type: 'CommissionOverrideSet',
      data: { scope: 'city', target: 'Wuxi New', previous_rate_bp: null, rate_bp: 750, cause },
    });
    expect(history[1]).toMatchObject({
      type: 'CommissionOverrideRemoved',
      data: { scope: 'city', target: 'Wuxi', previous_rate_bp: 750, rate_bp: null, cause },
    });

    // The log alone reproduces the projection.
    await rebuildEntity(t.db, commissionEntity);
    expect(await commission()).toEqual(after);
  });

  it('a case-only rename updates the spelling; a rename of a city without an override touches no commission', async () => {
    const id = await cityWithOverride('Jiaxing', '6');
    const r = await call('PUT', `/api/service-cities/${id}`, {
      name: 'JIAXING',
      expectedVersion: await cityVersion(id),
    });
    expect(r.status, r.body.err_msg).toBe(200);
    expect((await commission()).overrides.map((o: Any) => o.target)).toContain('JIAXING');

    const plain = await call('POST', '/api/service-cities', { name: 'Shaoxing' });
    const before = await commission();
    const r2 = await call('PUT', `/api/service-cities/${plain.body.data.id}`, {
      name: 'Shaoxing Old Town',
      expectedVersion: plain.body.data.version,
    });
    expect(r2.status, r2.body.err_msg).toBe(200);
    expect(await commission()).toEqual(before);
  });

  it('a refused rename (duplicate name) leaves the override where it was', async () => {
    const id = await cityWithOverride('Huzhou', '5');
    await call('POST', '/api/service-cities', { name: 'Zhoushan' });
    const before = await commission();
    const r = await call('PUT', `/api/service-cities/${id}`, {
      name: 'zhoushan',
      expectedVersion: await cityVersion(id),
    });
    expect(r.status).toBe(409);
    expect(await commission()).toEqual(before);
  });

  it('deleting a city that has an override is refused with 409 until the override is removed', async () => {
    const id = await cityWithOverride('Taizhou', '9');
    const refused = await call(
      'DELETE',
      `/api/service-cities/${id}?expectedVersion=${await cityVersion(id)}`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.err_code).toBe(40903);
    expect(refused.body.err_msg).toContain('commission override (9.00%)');
    expect(refused.body.data).toMatchObject({ reason_key: 'system.city.reason.hasCommission', rate_bp: 900 });
    expect((await call('GET', `/api/service-cities/${id}`)).status).toBe(200);

    const removed = await call('POST', '/api/commission/events', {
      type: 'commission.removeOverride',
      scope: 'city',
      target: 'Taizhou',
      expectedVersion: (await commission()).version,
    });
    expect(removed.status, removed.body.err_msg).toBe(200);
    const deleted = await call(
      'DELETE',
      `/api/service-cities/${id}?expectedVersion=${await cityVersion(id)}`,
    );
    expect(deleted.status, deleted.body.err_msg).toBe(200);
  });
});
