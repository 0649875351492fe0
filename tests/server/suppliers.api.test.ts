import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { listPage, readListQuery } from '../../server/kit/listQuery';
import { runCommand } from '../../server/kit/pipeline';
import { supplierEntity } from '../../server/modules/suppliers/module';
import { SUPPLIER_LIST } from '../../src/contract/suppliers';
import { reasonText } from './support/reasonText';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Response bodies are checked field by field against expectations.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

let t: TestApp;
let admin: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  // No demo seed: these tests count rows and must see only their own.
  t = await createTestApp({ seed: false });
  const { seed } = await import('../../server/db/seed');
  await seed(t.db, { dataDir: t.dataDir }); // core users only (no modules): the demo accounts
  // Suppliers live in open service cities: the demo cities (Beijing, Shanghai, …) as on a real start.
  await (await import('../../server/modules/serviceCities/seed')).seedServiceCities(t.db);
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
  staff = bearer(await t.login(STAFF.email, STAFF.password));
});
afterAll(async () => t?.close());

type Json = Record<string, unknown>;
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
async function create(overrides: Json = {}, headers = staff) {
  const r = await call('POST', '/api/suppliers', headers, { ...validProfile(), ...overrides });
  expect(r.status, r.body.err_msg).toBe(200);
  return r.body.data as { id: number; version: number } & Json;
}
const send = (id: number, body: Json, headers = staff) =>
  call('POST', `/api/suppliers/${id}/events`, headers, body);

describe('POST /api/suppliers (create) and PUT (edit profile): validation', () => {
  it('creates a supplier waiting for audit at version 1, with its registration in the history', async () => {
    const s = await create();
    expect(s).toMatchObject({
      audit_state: 'waiting_audit',
      is_enabled: true,
      is_display: false,
      state: null,
      version: 1,
    });
    const history = await call('GET', `/api/suppliers/${s.id}/events`, staff);
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({
      type: 'SupplierRegistered',
      actor: { email: STAFF.email, role: 'user' },
    });
  });

  it.each([
    ['name', { name: '' }, /name/],
    ['mobile', { mobile: '12345' }, /mobile/],
    ['id_card_no', { id_card_no: '11010119900307123' }, /id_card_no/],
    [
      'id_card_no',
      {
        id_card_no:
          idCardFor('1990-03-07').slice(0, 17) + (idCardFor('1990-03-07').endsWith('0') ? '1' : '0'),
      },
      /check digit/,
    ],
    ['birthday', { birthday: '2999-01-01', id_card_no: '' }, /birthday|id_card_no/],
    ['birthday', { birthday: '1991-03-07' }, /does not match/],
    ['id_card_front', { id_card_front: '' }, /id_card_front/],
    ['gender', { gender: 'other' }, /gender/],
    ['covers', { covers: 'x' }, /covers/],
    ['unknown', { colour: 'red' }, /Unknown field/],
    [
      'covers',
      { covers: ['javascript:alert(1)'] },
      /^Invalid covers: covers\[0\] must be an http:\/\/ or https:\/\/ URL/,
    ],
    ['covers', { covers: ['/uploads/a.png', '/uploads/../x.png'] }, /covers\[1\] must be an http/],
    [
      'id_card_front',
      { id_card_front: 'hello' },
      /id_card_front must be an http:\/\/ or https:\/\/ URL or an uploaded file path/,
    ],
    ['id_card_back', { id_card_back: '../../etc/passwd' }, /id_card_back must be an http/],
    ['ranking', { ranking: 1_000_000 }, /^ranking must be a whole number from 0 to 999999, not 1000000\.$/],
  ])('refuses an invalid %s with 400 naming it', async (_field, overrides, message) => {
    const r = await call('POST', '/api/suppliers', staff, { ...validProfile(), ...overrides });
    expect(r.status).toBe(400);
    expect(r.body.err_code).toBe(400);
    expect(r.body.err_msg).toMatch(message);
  });

  it('refuses a birthday in the future', async () => {
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    const r = await call('POST', '/api/suppliers', staff, {
      ...validProfile({ birthday: future, id_card_no: idCardFor(future) }),
    });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('birthday');
    expect(r.body.err_msg).toMatch(/past/);
  });

  it('edits only the changed fields, as a SupplierProfileEdited event with previous values', async () => {
    const s = await create();
    const r = await call('PUT', `/api/suppliers/${s.id}`, staff, {
      bio: 'New bio',
      name: s.name,
      expectedVersion: 1,
    });
    expect(r.status, r.body.err_msg).toBe(200);
    expect(r.body.data.supplier).toMatchObject({ bio: 'New bio', version: 2 });
    const history = await call('GET', `/api/suppliers/${s.id}/events`, staff);
    expect(history.body.data[0]).toMatchObject({
      type: 'SupplierProfileEdited',
      version: 2,
      data: { changes: { bio: 'New bio' }, previous: { bio: validProfile().bio } },
    });
  });

  it('validates the edited profile as a whole (400), and refuses an edit that changes nothing (409)', async () => {
    const s = await create();
    const bad = await call('PUT', `/api/suppliers/${s.id}`, staff, { mobile: '999', expectedVersion: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('mobile');
    const long = await call('PUT', `/api/suppliers/${s.id}`, staff, {
      name: 'n'.repeat(51),
      expectedVersion: 1,
    });
    expect(long.status).toBe(400);
    expect(long.body.data).toMatchObject({ reason_key: 'supply.validation.tooLong', values: { max: 50 } });
    expect(long.body.data.errors).toEqual([expect.objectContaining({ field: 'name', values: { max: 50 } })]);
    expect(reasonText(long.body.data, 'en-US')).toBe('At most 50 characters');
    expect(reasonText(long.body.data, 'zh-CN')).toBe('最多 50 个字符');
    const noop = await call('PUT', `/api/suppliers/${s.id}`, staff, { name: s.name, expectedVersion: 1 });
    expect(noop.status).toBe(409);
    expect(noop.body.err_code).toBe(40902);
    expect(noop.body.err_msg).toBe('Nothing changed: the values sent are the same as the current ones.');
    expect(noop.body.data.reason_key).toBe('supply.reason.noChanges');
  });

  it('requires expectedVersion on commands and edits, and says when its type is wrong', async () => {
    const s = await create();
    const r = await send(s.id, { type: 'supplier.approve' });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('expectedVersion');
    expect(r.body.err_msg).toMatch(/is required/);
    const typed = await call('PUT', `/api/suppliers/${s.id}`, staff, { bio: 'x', expectedVersion: '2' });
    expect(typed.status).toBe(400);
    expect(typed.body.err_msg).toBe(
      'expectedVersion must be a whole number from 1 (the version you loaded), not "2".',
    );
  });

  it('refuses unknown command fields with 400 naming the field', async () => {
    const s = await create();
    const r = await send(s.id, { type: 'supplier.approve', foo: 1, expectedVersion: 1 });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      err_msg: 'Unknown field "foo" for supplier.approve.',
      data: { field: 'foo' },
    });
    const rank = await send(s.id, { type: 'supplier.rank', ranking: 3, reason: 'x', expectedVersion: 1 });
    expect(rank.body.data.field).toBe('reason');
    const bulk = await call('POST', '/api/suppliers/bulk-events', admin, {
      type: 'supplier.approve',
      colour: 'red',
      items: [{ id: s.id, expectedVersion: 1 }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.data.field).toBe('colour');
    expect((await send(s.id, { type: 'supplier.approve', expectedVersion: 1 })).status).toBe(200);
  });

  it('says the ranking is unchanged, and names the upper limit of a ranking', async () => {
    const s = await create({ ranking: 5 });
    const same = await send(s.id, { type: 'supplier.rank', ranking: 5, expectedVersion: 1 }, admin);
    expect(same.status).toBe(409);
    expect(same.body.err_msg).toBe('Nothing changed: the ranking is already 5.');
    const big = await send(s.id, { type: 'supplier.rank', ranking: 1_000_000, expectedVersion: 1 }, admin);
    expect(big.body.err_msg).toBe('ranking must be a whole number from 0 to 999999, not 1000000.');
    expect(big.body.data).toMatchObject({
      reason_key: 'errors.validation.range',
      values: { field: 'ranking', min: 0, max: 999_999 },
    });
  });

  it('refuses an unknown command type and a rejection without a reason (400)', async () => {
    const s = await create();
    expect((await send(s.id, { type: 'supplier.explode', expectedVersion: 1 })).status).toBe(400);
    const r = await send(s.id, { type: 'supplier.reject', reason: '  ', expectedVersion: 1 });
    expect(r.status).toBe(400);
    expect(r.body.data.field).toBe('reason');
  });
});

describe('commands: 409 on illegal transitions and stale versions', () => {
  it('refuses approving a rejected supplier with 409 naming the state and the action', async () => {
    const s = await create();
    expect(
      (await send(s.id, { type: 'supplier.reject', reason: 'Blurred photo', expectedVersion: 1 })).status,
    ).toBe(200);
    const r = await send(s.id, { type: 'supplier.approve', expectedVersion: 2 });
    expect(r.status).toBe(409);
    expect(r.body.err_code).toBe(40902);
    expect(r.body.err_msg).toMatch(/approve/);
    expect(r.body.err_msg).toMatch(/rejected/);
    expect(r.body.data).toMatchObject({
      action: 'supplier.approve',
      reason_key: 'supply.reason.rejectedNeedsResubmit',
    });
    // nothing was appended
    expect((await call('GET', `/api/suppliers/${s.id}`, staff)).body.data.version).toBe(2);
  });

  it('refuses a command decided on a stale version with 409 version conflict, and keeps the newer change', async () => {
    const s = await create();
    expect((await send(s.id, { type: 'supplier.approve', expectedVersion: 1 })).status).toBe(200);
    const stale = await call('PUT', `/api/suppliers/${s.id}`, staff, { bio: 'mine', expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    expect(stale.body.data).toMatchObject({ expected_version: 1, current_version: 2 });
    // It says what happened since, and who did it: the console shows it in its conflict dialog.
    expect(stale.body.data.meanwhile).toMatchObject([
      { version: 2, type: 'SupplierApproved', actor: { email: STAFF.email } },
    ]);
    const now = (await call('GET', `/api/suppliers/${s.id}`, staff)).body.data;
    expect(now).toMatchObject({ audit_state: 'pass', bio: validProfile().bio, version: 2 });
  });

  it('lets exactly one of two concurrent commands on the same version win', async () => {
    const s = await create();
    const [a, b] = await Promise.all([
      send(s.id, { type: 'supplier.approve', expectedVersion: 1 }),
      send(s.id, { type: 'supplier.reject', reason: 'no', expectedVersion: 1 }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('sends a passed supplier back to audit when its real name is edited, hiding it', async () => {
    const s = await create();
    await send(s.id, { type: 'supplier.approve', expectedVersion: 1 });
    await send(s.id, { type: 'supplier.show', expectedVersion: 2 });
    const r = await call('PUT', `/api/suppliers/${s.id}`, staff, { real_name: 'Li Si', expectedVersion: 3 });
    expect(r.body.data.supplier).toMatchObject({
      audit_state: 'waiting_audit',
      is_display: false,
      state: null,
    });
  });

  it('answers 400, not 500, for an id out of range, in words a person can act on', async () => {
    const big = await call('GET', '/api/suppliers/99999999999', staff);
    expect(big.status).toBe(400);
    expect(big.body.err_msg).toBe(
      'Supplier id must be a positive whole number up to 2147483647, not "99999999999".',
    );
    for (const id of ['abc', '0', '-1', '1.5', '01']) {
      const r = await call('GET', `/api/suppliers/${id}`, staff);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        err_msg: `Supplier id must be a positive whole number up to 2147483647, not "${id}".`,
        data: { field: 'id' },
      });
    }
    const bulk = await call('POST', '/api/suppliers/bulk-events', admin, {
      type: 'supplier.approve',
      items: [{ id: 1e12, expectedVersion: 1 }],
    });
    expect(bulk.status).toBe(400);
    expect(bulk.body.data.field).toBe('items[0].id');
    // Said as a range, in words the console can translate, not as the schema library's "must be <= 2147483647".
    for (const id of [1e12, -1]) {
      const out = await call('POST', '/api/suppliers/bulk-events', admin, {
        type: 'supplier.approve',
        items: [
          { id: 1, expectedVersion: 1 },
          { id, expectedVersion: 1 },
        ],
      });
      expect(out.body).toMatchObject({
        err_msg: 'items[1].id must be a whole number from 1 to 2147483647.',
        data: {
          field: 'items[1].id',
          reason_key: 'errors.validation.range',
          values: { min: 1, max: 2147483647, field: 'items[1].id' },
        },
      });
    }
    // A record listed twice is bad input, said as such, and nothing is done (not "changed by someone else").
    const s = await create();
    const twice = await call('POST', '/api/suppliers/bulk-events', admin, {
      type: 'supplier.approve',
      items: [
        { id: s.id, expectedVersion: 1 },
        { id: s.id, expectedVersion: 1 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toMatchObject({
      field: 'items[1].id',
      reason_key: 'errors.validation.listedTwice',
    });
    expect(twice.body.err_msg).toBe(`items[1].id: record ${s.id} is listed twice.`);
    expect((await call('GET', `/api/suppliers/${s.id}`, staff)).body.data.version).toBe(1);
  });

  it('answers 404 for a supplier that does not exist', async () => {
    expect((await send(999999, { type: 'supplier.approve', expectedVersion: 1 })).status).toBe(404);
    expect((await call('GET', '/api/suppliers/999999', staff)).status).toBe(404);
  });
});

describe('roles', () => {
  it('refuses enabling and closing to the user role (403) and allows them to admins', async () => {
    const s = await create();
    const r = await send(s.id, { type: 'supplier.close', expectedVersion: 1 }, staff);
    expect(r.status).toBe(403);
    expect(r.body.err_msg).toMatch(/admin/i);
    expect((await send(s.id, { type: 'supplier.close', expectedVersion: 1 }, admin)).status).toBe(200);
    expect((await send(s.id, { type: 'supplier.enable', expectedVersion: 2 }, staff)).status).toBe(403);
  });

  it('lets staff audit', async () => {
    const s = await create();
    expect((await send(s.id, { type: 'supplier.approve', expectedVersion: 1 }, staff)).status).toBe(200);
  });

  it('requires sign-in for every supplier endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/suppliers'],
      ['POST', '/api/suppliers'],
      ['GET', '/api/suppliers/1'],
      ['GET', '/api/suppliers/1/events'],
      ['POST', '/api/suppliers/1/events'],
    ] as const) {
      const r = await call(method, url, {}, method === 'POST' ? {} : undefined);
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.body.err_code).toBe(50008);
    }
  });
});

describe('history', () => {
  it('lists events newest first with actor and reason', async () => {
    const s = await create();
    await send(s.id, { type: 'supplier.reject', reason: 'ID photo unreadable', expectedVersion: 1 }, staff);
    await send(s.id, { type: 'supplier.resubmit', expectedVersion: 2 }, staff);
    await send(s.id, { type: 'supplier.approve', expectedVersion: 3 }, admin);
    const h = (await call('GET', `/api/suppliers/${s.id}/events`, staff)).body.data as Array<Json>;
    expect(h.map((e) => e.type)).toEqual([
      'SupplierApproved',
      'SupplierResubmitted',
      'SupplierRejected',
      'SupplierRegistered',
    ]);
    expect(h[0]).toMatchObject({ actor: { email: ADMIN.email, role: 'admin' } });
    expect(h[2]).toMatchObject({ reason: 'ID photo unreadable', actor: { email: STAFF.email } });
  });
});

describe('bulk commands', () => {
  it('decides each row on its own and reports per row', async () => {
    const a = await create();
    const b = await create();
    await send(b.id, { type: 'supplier.close', expectedVersion: 1 }, admin);
    const r = await call('POST', '/api/suppliers/bulk-events', admin, {
      type: 'supplier.enable',
      items: [
        { id: a.id, expectedVersion: 1 },
        { id: b.id, expectedVersion: 2 },
        { id: 999999, expectedVersion: 1 },
      ],
    });
    expect(r.status).toBe(200);
    const results = r.body.data.results as Array<Json>;
    expect(results.map((x) => [x.id, x.ok, x.err_code])).toEqual([
      [a.id, false, 40902],
      [b.id, true, 200],
      [999999, false, 404],
    ]);
    expect(results[0].err_msg).toMatch(/already enabled/);
  });
});

describe('GET /api/suppliers: search, filters, sort, pagination, counts', () => {
  let ids: number[];
  beforeAll(async () => {
    await t.db.deleteFrom('suppliers').execute();
    await t.db.deleteFrom('events').where('stream_type', '=', 'supplier').execute();
    ids = [];
    const make = async (i: number, city: string, real_name: string) => {
      const birthday = `1980-01-${String(10 + i).padStart(2, '0')}`;
      const s = await create({
        name: `List Supplier ${i}`,
        mobile: `1370000000${i}`,
        city,
        real_name,
        birthday,
        id_card_no: idCardFor(birthday, `5${i}0`),
        ranking: 10 - i,
      });
      ids.push(s.id);
      return s;
    };
    const s0 = await make(0, 'Beijing', 'Zhou Ping');
    const s1 = await make(1, 'Shanghai', 'Wu Yi');
    const s2 = await make(2, 'Beijing', 'Zheng Er');
    const s3 = await make(3, 'Chengdu', 'Feng San');
    await make(4, 'Chengdu', 'Chu Si');
    // s0 taking orders, s1 servicing (1 order served before), s2 resting, s3 rejected, s4 waiting
    let v = 1;
    for (const type of ['supplier.approve', 'supplier.takeOrders'])
      v = (await send(s0.id, { type, expectedVersion: v })).body.data.supplier.version;
    v = 1;
    for (const type of ['supplier.approve', 'supplier.takeOrders'])
      v = (await send(s1.id, { type, expectedVersion: v })).body.data.supplier.version;
    // Serving follows an order's service (no one sends it directly): as the order flow would, one served before.
    for (const type of ['supplier.startService', 'supplier.finishService', 'supplier.startService'])
      await runCommand(
        { db: t.db, actor: { id: null, role: 'system' } },
        supplierEntity,
        s1.id,
        { type },
        'current',
        {
          skipPolicy: true,
        },
      );
    await send(s2.id, { type: 'supplier.approve', expectedVersion: 1 });
    await send(s2.id, { type: 'supplier.close', expectedVersion: 2 }, admin);
    await send(s3.id, { type: 'supplier.reject', reason: 'x', expectedVersion: 1 });
  });

  const list = async (qs: string) => {
    const r = await call('GET', `/api/suppliers?${qs}`, staff);
    expect(r.status, r.body.err_msg).toBe(200);
    return r.body.data as {
      items: Array<Json>;
      total: number;
      counts: Json;
      page: number;
      page_size: number;
    };
  };

  it('counts every tab and sorts by ranking ascending by default', async () => {
    const d = await list('');
    expect(d.counts).toEqual({ all: 5, taking_orders: 1, servicing: 1, resting: 1 });
    expect(d.total).toBe(5);
    expect(d.items.map((x) => x.ranking)).toEqual([6, 7, 8, 9, 10]);
  });

  it('filters by tab, audit state, city and enabled', async () => {
    expect((await list('tab=servicing')).items.map((x) => x.id)).toEqual([ids[1]]);
    expect((await list('tab=servicing')).total).toBe(1);
    expect((await list('audit_state=reject')).items.map((x) => x.id)).toEqual([ids[3]]);
    expect((await list('audit_state=waiting_audit')).items.map((x) => x.id)).toEqual([ids[4]]);
    const beijing = await list('city=Beijing');
    expect(beijing.items.map((x) => x.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(beijing.counts).toEqual({ all: 2, taking_orders: 1, servicing: 0, resting: 1 });
    expect((await list('is_enabled=false')).items.map((x) => x.id)).toEqual([ids[2]]);
  });

  it('searches name, mobile, real name and ID card number', async () => {
    expect((await list('q=Supplier%203')).items.map((x) => x.id)).toEqual([ids[3]]);
    expect((await list('q=13700000001')).items.map((x) => x.id)).toEqual([ids[1]]);
    expect((await list('q=zheng')).items.map((x) => x.id)).toEqual([ids[2]]);
    expect((await list(`q=${idCardFor('1980-01-14', '540')}`)).items.map((x) => x.id)).toEqual([ids[4]]);
    expect((await list('q=%25')).total).toBe(0); // a literal %, not a wildcard
  });

  it('matches a mobile or an ID number from its start, a name from the start of any of its words', async () => {
    expect((await list('q=1370000000')).total).toBe(5);
    expect((await list('q=0000000')).total).toBe(0);
    const idCard = idCardFor('1980-01-14', '540');
    expect((await list(`q=${idCard.slice(0, 14)}`)).items.map((x) => x.id)).toEqual([ids[4]]);
    expect((await list(`q=${idCard.slice(4)}`)).total).toBe(0);
    expect((await list('q=supplier%203')).items.map((x) => x.id)).toEqual([ids[3]]);
    expect((await list('q=SUPP')).total).toBe(5);
    expect((await list('q=3')).items.map((x) => x.id)).toEqual([ids[3]]);
    expect((await list('q=((list')).total).toBe(5); // what no word starts with is left off its start
    expect((await list('q=upplier%203')).total).toBe(0); // inside a word
    expect((await list('q=heng')).total).toBe(0); // Zheng Er, Feng San
  });

  it('sorts by order count and creation time, both directions', async () => {
    expect((await list('sort=order_num&order=desc')).items[0].id).toBe(ids[1]);
    expect((await list('sort=created_at&order=asc')).items.map((x) => x.id)).toEqual(ids);
    expect((await list('sort=created_at&order=desc')).items.map((x) => x.id)).toEqual([...ids].reverse());
  });

  it('pages with a total', async () => {
    const p2 = await list('page=2&page_size=2&sort=created_at&order=asc');
    expect(p2).toMatchObject({ total: 5, page: 2, page_size: 2 });
    expect(p2.items.map((x) => x.id)).toEqual([ids[2], ids[3]]);
  });

  it('gives each list item the list’s fields, on every way a page is read; the record its every field', async () => {
    const fields = [...SUPPLIER_LIST.items].sort();
    const first = (await call('GET', '/api/suppliers?page_size=2', staff)).body.data;
    const pages = [
      first,
      (await call('GET', `/api/suppliers?page_size=2&page=2&after=${first.cursors.after}`, staff)).body.data,
      await list('page=2&page_size=2&sort=created_at'),
      await list('q=Supplier%203'),
      await list('q=1370000000'),
    ];
    for (const page of pages) {
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) expect(Object.keys(item).sort()).toEqual(fields);
    }
    const found = first.items[0];
    const record = (await call('GET', `/api/suppliers/${found.id}`, staff)).body.data;
    expect(record).toMatchObject(found);
    expect(record).toHaveProperty('id_card_no');
    expect(record).toHaveProperty('covers');
    expect(Object.keys(record).length).toBeGreaterThan(fields.length);
    // Read from the database with those columns only (and the list's own), not every column and then picked.
    // Every way a page is read: the first page with its counts, by number, from a cursor, from page blocks and from
    // places stepped to (`placeEvery` 1), a search's rows by id, a broad search's walk (a count capped at 2).
    const own = ['list_counts', 'list_key'];
    const read = (query: Record<string, string>, options?: Parameters<typeof listPage>[4]) =>
      listPage(
        t.db,
        SUPPLIER_LIST,
        { table: 'suppliers' },
        readListQuery(SUPPLIER_LIST, query, undefined),
        options,
      );
    const cursor = (await read({ page_size: '2' })).cursors!.after;
    const ways: Array<[Record<string, string>, Parameters<typeof listPage>[4]?]> = [
      [{}],
      [{ page: '2', page_size: '2' }],
      [{ page: '2', page_size: '2', after: cursor }],
      [{ page: '3', page_size: '1' }, { placeEvery: 1 }],
      [{ page: '3', page_size: '1', sort: 'created_at' }, { placeEvery: 1 }],
      [{ q: 'Supplier 3' }],
      [{ q: '1370000000' }],
      [{ q: '1370000000', page_size: '2' }, { countCap: 2 }],
    ];
    for (const [query, options] of ways) {
      const page = await read(query, options);
      expect(page.items.length, JSON.stringify(query)).toBeGreaterThan(0);
      for (const row of page.items)
        expect(
          Object.keys(row)
            .filter((c) => !own.includes(c))
            .sort(),
          JSON.stringify(query),
        ).toEqual(fields);
    }
  });

  it('reads the next and the previous page on from a page’s cursors, in any order and tab', async () => {
    type Page = Awaited<ReturnType<typeof list>> & { cursors: { before: string; after: string } };
    const ids = (p: { items: Array<Json> }) => p.items.map((x) => x.id);
    for (const query of [
      'page_size=2',
      'page_size=2&sort=created_at',
      'page_size=2&sort=ranking&order=desc&tab=all',
    ]) {
      const byNumber = await Promise.all([1, 2, 3].map((n) => list(`${query}&page=${n}`) as Promise<Page>));
      const second = (await list(`${query}&page=2&after=${byNumber[0].cursors.after}`)) as Page;
      expect(ids(second), query).toEqual(ids(byNumber[1]));
      const third = (await list(`${query}&page=3&after=${second.cursors.after}`)) as Page;
      expect(ids(third), query).toEqual(ids(byNumber[2]));
      expect(third.total).toBe(5);
      const back = (await list(`${query}&page=2&before=${third.cursors.before}`)) as Page;
      expect(ids(back), query).toEqual(ids(byNumber[1]));
      expect(ids((await list(`${query}&page=1&before=${back.cursors.before}`)) as Page)).toEqual(
        ids(byNumber[0]),
      );
    }
    // Past the last row: an empty page, no cursors.
    const last = (await list('page_size=5')) as Page;
    const beyond = await list(`page_size=5&page=2&after=${last.cursors.after}`);
    expect(beyond.items).toEqual([]);
    expect(beyond).not.toHaveProperty('cursors');
  });

  it('pages on exactly after the last row when rows were made within one millisecond (microseconds kept)', async () => {
    // In their order of creation still, a microsecond apart.
    for (const [i, id] of ids.entries()) {
      await t.db
        .updateTable('suppliers')
        .set({ created_at: `2026-01-01 00:00:00.00${i + 1}1+00` as never })
        .where('id', '=', id)
        .execute();
    }
    for (const order of ['asc', 'desc']) {
      const seen: unknown[] = [];
      let page = (await list(`page_size=1&sort=created_at&order=${order}`)) as Json;
      for (let n = 2; n <= 6; n++) {
        seen.push(...(page.items as Json[]).map((x) => x.id));
        const { after } = (page.cursors ?? {}) as { after?: string };
        if (!after) break;
        page = (await list(`page_size=1&sort=created_at&order=${order}&page=${n}&after=${after}`)) as Json;
      }
      expect(seen, order).toEqual(order === 'asc' ? ids : [...ids].reverse());
    }
  });

  it('finds the page by its number when a cursor is not one it answered for this order', async () => {
    type Page = Awaited<ReturnType<typeof list>> & { cursors: { before: string; after: string } };
    const ids = (p: { items: Array<Json> }) => p.items.map((x) => x.id);
    const first = (await list('page_size=2')) as Page;
    const third = ids(await list('page_size=2&page=3'));
    const [body, signature] = first.cursors.after.split('.');
    const forged = Buffer.from(JSON.stringify(['ranking', 'asc', 'not a number', 1])).toString('base64url');
    for (const cursor of [
      `${forged}.${signature}`,
      `${body}.${signature.slice(1)}`,
      'x',
      `${body}.${signature}.z`,
    ]) {
      expect(ids(await list(`page_size=2&page=3&after=${cursor}`)), cursor).toEqual(third);
    }
    // A cursor of the ranking order, sent with another order.
    const created = ids(await list('page_size=2&page=3&sort=created_at'));
    expect(ids(await list(`page_size=2&page=3&sort=created_at&after=${first.cursors.after}`))).toEqual(
      created,
    );
    // A cursor of this list, read for another list of the same sort (the same table here, so only the list differs).
    const next = { page_size: '2', page: '2', after: first.cursors.after };
    expect(readListQuery(SUPPLIER_LIST, next, undefined).cursor).toBeDefined();
    expect(readListQuery({ ...SUPPLIER_LIST }, next, undefined).cursor).toBeUndefined();
    const long = await call('GET', `/api/suppliers?after=${'a'.repeat(401)}`, staff);
    expect(long.status).toBe(400);
  });

  it('finds the page by its number when a cursor is sent with another page or another query than it leads to', async () => {
    type Page = Awaited<ReturnType<typeof list>> & { cursors: { before: string; after: string } };
    const ids = (p: { items: Array<Json> }) => p.items.map((x) => x.id);
    const first = (await list('page_size=2')) as Page;
    const { after } = first.cursors;
    // Page 1's cursor leads to page 2 of this query: there it reads on (the same rows as page 2 by number).
    expect(ids(await list(`page_size=2&page=2&after=${after}`))).toEqual(
      ids(await list('page_size=2&page=2')),
    );
    // An address edited by hand: another page, page size, tab or search. Each shows what its own page holds.
    for (const query of [
      'page_size=2&page=3',
      'page_size=1&page=2',
      'page_size=2&page=2&tab=resting',
      'page_size=2&page=2&city=Beijing',
    ]) {
      expect(ids(await list(`${query}&after=${after}`)), query).toEqual(ids(await list(query)));
    }
    // Page 1's `after` sent as `before` (it leads to page 2 from the other side): read from there it would show page
    // 1's first row under page 2's number.
    expect(ids(await list(`page_size=2&page=2&before=${after}`))).toEqual(
      ids(await list('page_size=2&page=2')),
    );
    const third = (await list('page_size=2&page=3')) as Page;
    expect(ids(await list(`page_size=2&page=1&before=${third.cursors.before}`))).toEqual(ids(first));
    expect(ids(await list(`page_size=2&page=2&before=${third.cursors.before}`))).toEqual(
      ids(await list('page_size=2&page=2')),
    );
  });

  it('reads on from a cursor under its own search and filters: a row moved meanwhile does not shift the next page', async () => {
    const ids = (p: { items: Array<Json> }) => p.items.map((x) => x.id);
    for (const query of [
      'page_size=1',
      'page_size=1&city=Chengdu',
      'page_size=1&q=List',
      'page_size=1&is_enabled=true',
    ]) {
      const first = (await list(query)) as Awaited<ReturnType<typeof list>> & { cursors: { after: string } };
      const [top] = ids(first) as number[];
      const secondBefore = ids(await list(`${query}&page=2`));
      const { ranking } = await t.db
        .selectFrom('suppliers')
        .select('ranking')
        .where('id', '=', top!)
        .executeTakeFirstOrThrow();
      // The first row moves to the end: page 2 by its number now starts one row earlier; read on from page 1's
      // last row, it is the page that followed it.
      await t.db.updateTable('suppliers').set({ ranking: 999 }).where('id', '=', top!).execute();
      try {
        expect(ids(await list(`${query}&page=2`)), query).not.toEqual(secondBefore);
        expect(ids(await list(`${query}&page=2&after=${first.cursors.after}`)), query).toEqual(secondBefore);
      } finally {
        await t.db.updateTable('suppliers').set({ ranking }).where('id', '=', top!).execute();
      }
    }
  });

  it('refuses bad parameters with 400 naming them', async () => {
    for (const qs of [
      'tab=sleeping',
      'audit_state=maybe',
      'sort=name',
      'page=0',
      'page_size=1000',
      'is_enabled=yes',
    ]) {
      const r = await call('GET', `/api/suppliers?${qs}`, staff);
      expect(r.status, qs).toBe(400);
      expect(r.body.data.field).toBe(qs.split('=')[0]);
    }
  });

  it('lists the cities in use', async () => {
    expect((await call('GET', '/api/suppliers/cities', staff)).body.data).toEqual([
      'Beijing',
      'Chengdu',
      'Shanghai',
    ]);
  });
});
