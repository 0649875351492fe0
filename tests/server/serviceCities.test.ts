import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
type Json = Record<string, unknown>;

let t: TestApp;
let admin: Json;
let staff: Json;

beforeAll(async () => {
  // No demo seed: these tests count rows and must see only their own.
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir });
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
  staff = bearer(await t.login(STAFF.email, STAFF.password));
});
afterAll(async () => t?.close());

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Json,
  payload?: unknown,
) {
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
async function create(body: Json) {
  const r = await call('POST', '/api/service-cities', admin, body);
  expect(r.status, r.body.err_msg).toBe(200);
  return r.body.data as { id: number; version: number; name: string; is_enabled: boolean; ranking: number };
}

describe('service cities: create and validation', () => {
  it('creates an enabled city at version 1 with a trimmed name and a history entry', async () => {
    const c = await create({ name: '  Nanjing   City ', ranking: 3 });
    expect(c).toMatchObject({ name: 'Nanjing City', is_enabled: true, ranking: 3, version: 1 });
    const h = await call('GET', `/api/service-cities/${c.id}/events`, staff);
    expect(h.body.data).toHaveLength(1);
    expect(h.body.data[0]).toMatchObject({ type: 'ServiceCityCreated', actor: { email: ADMIN.email } });
  });

  it('refuses a name with an invisible character, with 400 and a reason that says so', async () => {
    await create({ name: 'Walktown' });
    const r = await call('POST', '/api/service-cities', admin, { name: 'Walk\u200btown' });
    expect(r.status).toBe(400);
    expect(r.body.data).toMatchObject({ field: 'name', reason_key: 'system.city.validation.name' });
    expect(r.body.err_msg).toMatch(/none of them invisible/);
  });

  it('refuses a duplicate name, case-insensitively and after trimming, with 409', async () => {
    await create({ name: 'Wuhan' });
    const r = await call('POST', '/api/service-cities', admin, { name: '  wUHAN ' });
    expect(r.status).toBe(409);
    expect(r.body.err_code).toBe(40903);
    expect(r.body.err_msg).toContain('already exists');
  });

  it('counts a name in characters, as the console does: 50 beyond the first 65,536 pass, 51 do not', async () => {
    const rare = (n: number) => '𠮷'.repeat(n);
    const city = await create({ name: rare(50) });
    try {
      expect(city.name).toBe(rare(50));
      const r = await call('POST', '/api/service-cities', admin, { name: rare(51) });
      expect(r.status).toBe(400);
      expect(r.body.data.field).toBe('name');
    } finally {
      // Gone again, whatever failed: the other tests read the open cities' names.
      const gone = await call(
        'DELETE',
        `/api/service-cities/${city.id}?expectedVersion=${city.version}`,
        admin,
      );
      expect(gone.status, gone.body.err_msg).toBe(200);
    }
  });

  it('names the bad field: empty name, too long name, bad ranking, unknown field', async () => {
    for (const [body, field] of [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(51) }, 'name'],
      [{ name: 42 }, 'name'],
      [{ name: 'Ok', ranking: -1 }, 'ranking'],
      [{ name: 'Ok', ranking: 1.5 }, 'ranking'],
      [{ name: 'Ok', colour: 'red' }, 'colour'],
    ] as const) {
      const r = await call('POST', '/api/service-cities', admin, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.data.field).toBe(field);
    }
  });

  it('lets only admins change cities (a user gets 403) while everyone signed in reads them', async () => {
    const r = await call('POST', '/api/service-cities', staff, { name: 'Tianjin' });
    expect(r.status).toBe(403);
    expect(r.body.err_msg).toContain('Only administrators');
    expect((await call('GET', '/api/service-cities', staff, undefined)).status).toBe(200);
    expect((await call('GET', '/api/service-cities', {}, undefined)).status).toBe(401);
  });
});

describe('service cities: list', () => {
  it('searches, sorts both ways, paginates with a total', async () => {
    for (const [name, ranking] of [
      ['Listtown A', 5],
      ['Listtown B', 1],
      ['Listtown C', 9],
    ] as const)
      await create({ name, ranking });
    const asc = await call('GET', '/api/service-cities?q=listtown&sort=ranking&order=asc', staff);
    expect(asc.body.data.total).toBe(3);
    expect(asc.body.data.items.map((i: Any) => i.name)).toEqual(['Listtown B', 'Listtown A', 'Listtown C']);
    const byName = await call('GET', '/api/service-cities?q=LISTTOWN&sort=name&order=desc', staff);
    expect(byName.body.data.items.map((i: Any) => i.name)).toEqual([
      'Listtown C',
      'Listtown B',
      'Listtown A',
    ]);
    const page2 = await call('GET', '/api/service-cities?q=listtown&page=2&page_size=2', staff);
    expect(page2.body.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page2.body.data.items).toHaveLength(1);
    const bad = await call('GET', '/api/service-cities?sort=colour', staff);
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('sort');
  });

  it('search treats % and _ literally', async () => {
    const r = await call('GET', '/api/service-cities?q=%25', staff);
    expect(r.body.data.total).toBe(0);
  });
});

describe('service cities: commands and concurrency', () => {
  it('closes and enables through the machine; a repeated close is refused naming the state', async () => {
    const c = await create({ name: 'Qingdao' });
    const closed = await call('POST', `/api/service-cities/${c.id}/events`, admin, {
      type: 'serviceCity.close',
      expectedVersion: 1,
    });
    expect(closed.status, closed.body.err_msg).toBe(200);
    expect(closed.body.data.city).toMatchObject({ is_enabled: false, version: 2 });
    const again = await call('POST', `/api/service-cities/${c.id}/events`, admin, {
      type: 'serviceCity.close',
      expectedVersion: 2,
    });
    expect(again.status).toBe(409);
    expect(again.body.err_code).toBe(40902);
    expect(again.body.err_msg).toBe('Cannot close this city while it is closed: it is already closed.');
    const enabled = await call('POST', `/api/service-cities/${c.id}/events`, admin, {
      type: 'serviceCity.enable',
      expectedVersion: 2,
    });
    expect(enabled.body.data.city).toMatchObject({ is_enabled: true, version: 3 });
  });

  it('edits name, ranking and enabled in one save (one event each) and refuses a stale version with 409', async () => {
    const c = await create({ name: 'Dalian', ranking: 4 });
    const r = await call('PUT', `/api/service-cities/${c.id}`, admin, {
      name: 'Dalian Port',
      ranking: 7,
      is_enabled: false,
      expectedVersion: 1,
    });
    expect(r.status, r.body.err_msg).toBe(200);
    expect(r.body.data.city).toMatchObject({
      name: 'Dalian Port',
      ranking: 7,
      is_enabled: false,
      version: 4,
    });
    expect(r.body.data.events.map((e: Any) => e.type)).toEqual([
      'ServiceCityRenamed',
      'ServiceCityRanked',
      'ServiceCityClosed',
    ]);
    const stale = await call('PUT', `/api/service-cities/${c.id}`, admin, { ranking: 8, expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const h = await call('GET', `/api/service-cities/${c.id}/events`, admin);
    expect(h.body.data[0]).toMatchObject({ type: 'ServiceCityClosed' });
    expect(h.body.data[2]).toMatchObject({
      type: 'ServiceCityRenamed',
      data: { name: 'Dalian Port', previous: 'Dalian' },
    });
  });

  it('refuses renaming onto another city name (any case) and an edit that changes nothing', async () => {
    await create({ name: 'Xian' });
    const c = await create({ name: 'Harbin' });
    const dup = await call('PUT', `/api/service-cities/${c.id}`, admin, { name: 'XIAN', expectedVersion: 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.err_code).toBe(40903);
    const same = await call('PUT', `/api/service-cities/${c.id}`, admin, {
      name: ' Harbin ',
      expectedVersion: 1,
    });
    expect(same.status).toBe(409);
    expect(same.body.err_code).toBe(40902);
    expect(same.body.err_msg).toMatch(/the name is unchanged/);
    expect(same.body.data).toMatchObject({ reason_key: 'system.city.reason.nameUnchanged' });
    const stale = await call('PUT', `/api/service-cities/${c.id}`, admin, { ranking: 0, expectedVersion: 9 });
    expect(stale.body.err_code).toBe(40901);
    const empty = await call('PUT', `/api/service-cities/${c.id}`, admin, { expectedVersion: 1 });
    expect(empty.status).toBe(400);
    const user = await call('PUT', `/api/service-cities/${c.id}`, staff, { ranking: 2, expectedVersion: 1 });
    expect(user.status).toBe(403);
  });

  it('refuses to delete a city suppliers are in (clear message), deletes an unused one', async () => {
    const used = await create({ name: 'Suzhou' });
    const supplier = await call('POST', '/api/suppliers', staff, { ...validProfile(), city: 'suzhou ' });
    expect(supplier.status, supplier.body.err_msg).toBe(200);
    const refused = await call('DELETE', `/api/service-cities/${used.id}?expectedVersion=1`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.err_code).toBe(40902);
    expect(refused.body.data).toMatchObject({ reason_key: 'system.city.reason.inUse', values: { count: 1 } });
    expect(refused.body.err_msg).toBe(
      'Cannot delete the service city "Suzhou": 1 supplier is in it. Close the city instead, or move those suppliers first.',
    );
    const list = await call('GET', '/api/service-cities?q=suzhou', admin);
    expect(list.body.data.items[0]).toMatchObject({ name: 'Suzhou', supplier_count: 1 });
    // The export reads the count as the list does (an item column).
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/service-cities/export.csv?q=suzhou',
      headers: admin as Record<string, string>,
    });
    const [header, row] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(row!.split(',')[header!.split(',').indexOf('supplier_count')]).toBe('1');
    // Closing it is the way out.
    const closed = await call('POST', `/api/service-cities/${used.id}/events`, admin, {
      type: 'serviceCity.close',
      expectedVersion: 1,
    });
    expect(closed.status).toBe(200);

    const unused = await create({ name: 'Kunming' });
    const stale = await call('DELETE', `/api/service-cities/${unused.id}?expectedVersion=2`, admin);
    expect(stale.status).toBe(409);
    const byUser = await call('DELETE', `/api/service-cities/${unused.id}?expectedVersion=1`, staff);
    expect(byUser.status).toBe(403);
    const deleted = await call('DELETE', `/api/service-cities/${unused.id}?expectedVersion=1`, admin);
    expect(deleted.status, deleted.body.err_msg).toBe(200);
    expect((await call('GET', `/api/service-cities/${unused.id}`, admin)).status).toBe(404);
    const h = await call('GET', `/api/service-cities/${unused.id}/events`, admin);
    expect(h.body.data[0]).toMatchObject({ type: 'ServiceCityDeleted', data: { name: 'Kunming' } });
    // The name is free again.
    await create({ name: 'Kunming' });
  });

  it('needs expectedVersion and a known command type', async () => {
    const c = await create({ name: 'Lhasa' });
    const noVersion = await call('POST', `/api/service-cities/${c.id}/events`, admin, {
      type: 'serviceCity.close',
    });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.data.field).toBe('expectedVersion');
    const badType = await call('POST', `/api/service-cities/${c.id}/events`, admin, {
      type: 'serviceCity.explode',
      expectedVersion: 1,
    });
    expect(badType.status).toBe(400);
    expect(badType.body.data.field).toBe('type');
    expect((await call('GET', '/api/service-cities/99999', admin)).status).toBe(404);
  });
});

describe('suppliers and their service city', () => {
  it('refuses renaming a city suppliers are in (409 naming the count); a change of case carries them', async () => {
    const city = await create({ name: 'Foshan' });
    for (const i of [0, 1]) {
      const r = await call('POST', '/api/suppliers', staff, {
        ...validProfile(),
        mobile: `1390000000${i}`,
        city: 'foshan',
      });
      expect(r.status, r.body.err_msg).toBe(200);
      expect(r.body.data.city).toBe('Foshan');
    }
    const refused = await call('PUT', `/api/service-cities/${city.id}`, admin, {
      name: 'Foshan New',
      expectedVersion: 1,
    });
    // The lifecycle refuses it (its rule reads the supplier count the pipeline fed it): 409 / 40902.
    expect(refused.status).toBe(409);
    expect(refused.body.err_code).toBe(40902);
    expect(refused.body.err_msg).toBe(
      'Cannot rename the service city "Foshan": 2 suppliers are in it. Move those suppliers to another city first, or add the new city and close this one.',
    );
    expect(refused.body.data).toMatchObject({
      reason_key: 'system.city.reason.inUseRename',
      values: { count: 2 },
    });
    const viaEvent = await call('POST', `/api/service-cities/${city.id}/events`, admin, {
      type: 'serviceCity.rename',
      name: 'Shunde',
      expectedVersion: 1,
    });
    expect(viaEvent.body.err_code).toBe(40902);
    const recased = await call('PUT', `/api/service-cities/${city.id}`, admin, {
      name: 'FOSHAN',
      expectedVersion: 1,
    });
    expect(recased.status, recased.body.err_msg).toBe(200);
    const got = await call('GET', `/api/service-cities/${city.id}`, admin);
    expect(got.body.data).toMatchObject({ name: 'FOSHAN', supplier_count: 2 });
  });

  it("a supplier's city must be an open service city: unknown or closed → 400 naming city and the choices", async () => {
    const closed = await create({ name: 'Zhuhai', is_enabled: false });
    expect(closed.is_enabled).toBe(false);
    for (const city of ['Atlantis', 'zhuhai']) {
      const r = await call('POST', '/api/suppliers', staff, { ...validProfile(), city });
      expect(r.status, city).toBe(400);
      expect(r.body.data).toMatchObject({ field: 'city' });
      expect(r.body.err_msg).toMatch(
        new RegExp(`^city must be an open service city: "${city}" is not; choose one of `),
      );
      expect(r.body.err_msg).not.toContain('Zhuhai');
    }
    // Edits: moving to a closed city is refused; a supplier keeps its city when it is closed later.
    const open = await create({ name: 'Zhongshan' });
    const s = await call('POST', '/api/suppliers', staff, { ...validProfile(), city: 'Zhongshan' });
    expect(s.status, s.body.err_msg).toBe(200);
    const move = await call('PUT', `/api/suppliers/${s.body.data.id}`, staff, {
      city: 'Zhuhai',
      expectedVersion: 1,
    });
    expect(move.status).toBe(400);
    expect(move.body.data).toMatchObject({ field: 'city' });
    const close = await call('POST', `/api/service-cities/${open.id}/events`, admin, {
      type: 'serviceCity.close',
      expectedVersion: 1,
    });
    expect(close.status).toBe(200);
    const keep = await call('PUT', `/api/suppliers/${s.body.data.id}`, staff, {
      city: 'Zhongshan',
      bio: 'Still here.',
      expectedVersion: 1,
    });
    expect(keep.status, keep.body.err_msg).toBe(200);
  });
});

describe('the open cities a refused supplier city lists', () => {
  it('names every open city when there are few', async () => {
    const open = (await call('GET', '/api/service-cities?page_size=100', admin)).body.data.items
      .filter((c: { is_enabled: boolean }) => c.is_enabled)
      .map((c: { name: string }) => c.name);
    const refused = await call('POST', '/api/suppliers', staff, { ...validProfile(), city: 'Atlantis' });
    expect(refused.status).toBe(400);
    const message = refused.body.err_msg;
    if (open.length <= 12) for (const name of open) expect(message).toContain(name);
    else expect(message).toContain('choose one from the service city list');
    const spelled = await call('POST', '/api/suppliers', staff, {
      ...validProfile(),
      city: ` ${open[0].toLowerCase()} `,
    });
    expect(spelled.status, spelled.body.err_msg).toBe(200);
    expect(spelled.body.data.city).toBe(open[0]);
  });
});
