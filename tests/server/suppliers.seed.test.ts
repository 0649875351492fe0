import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/db/prepare';
import { DEMO_SUPPLIER_COUNT, seedSuppliers } from '../../server/modules/suppliers/seed';
import { rebuildEntity } from '../../server/kit/rebuild';
import { supplierEntity } from '../../server/modules/suppliers/module';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // with the demo seed
});
afterAll(async () => t?.close());

describe('supplier demo seed', () => {
  it('covers every audit state, every service tab, closed and shown suppliers, in several cities', async () => {
    const rows = await t.db.selectFrom('suppliers').selectAll().execute();
    expect(rows).toHaveLength(DEMO_SUPPLIER_COUNT);
    const has = (p: (r: (typeof rows)[number]) => boolean) => rows.some(p);
    for (const audit of ['waiting_audit', 'pass', 'reject'])
      expect(has((r) => r.audit_state === audit)).toBe(true);
    for (const state of ['taking_orders', 'servicing', 'resting'])
      expect(has((r) => r.state === state)).toBe(true);
    expect(has((r) => !r.is_enabled)).toBe(true);
    expect(has((r) => r.is_display)).toBe(true);
    expect(has((r) => r.order_num > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.city)).size).toBeGreaterThanOrEqual(4);
  });

  it('has real histories: the projection is what replaying the log gives', async () => {
    const live = await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute();
    await rebuildEntity(t.db, supplierEntity);
    expect(await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute()).toEqual(live);
  });

  it('serves the demo images it references', async () => {
    const row = await t.db.selectFrom('suppliers').selectAll().executeTakeFirstOrThrow();
    const token = await t.login(ADMIN.email, ADMIN.password);
    const response = await t.app.inject({ method: 'GET', url: row.id_card_front, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
  });

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await t.db.selectFrom('events').select('global_position').execute();
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
    expect(await t.db.selectFrom('events').select('global_position').execute()).toHaveLength(before.length);
  });

  it('seeds exactly once when two processes seed at the same time', async () => {
    await t.db.deleteFrom('suppliers').execute();
    await t.db.deleteFrom('events').where('stream_type', '=', 'supplier').execute();
    const context = { dataDir: t.dataDir };
    await Promise.all([seedSuppliers(t.db, context), seedSuppliers(t.db, context)]);
    expect(await t.db.selectFrom('suppliers').select('id').execute()).toHaveLength(DEMO_SUPPLIER_COUNT);
  });
});
