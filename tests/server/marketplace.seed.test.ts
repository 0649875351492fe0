import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { prepareDatabase } from '../../server/db/prepare';
import { rebuildAll } from '../../server/kit/rebuildAll';
import * as refundProject from '../../server/db/migrations/2026_11_28_0500_refund_project';
import * as orderWasRefused from '../../server/db/migrations/2026_11_30_0100_order_was_refused';
import * as refusalClearedOnCancel from '../../server/db/migrations/2026_11_30_0300_refusal_cleared_on_cancel';
import { DEMO_ORDERS } from '../../server/modules/flows/seed';
import { WALLET_FACTS, ledgerEffect, type WalletFact } from '../../src/machines/lifecycles/customerMachine';
import { FULFILMENTS, PAYMENT_STATES } from '../../src/machines/lifecycles/orderLifecycle';
import { REFUND_STATES } from '../../src/machines/lifecycles/refundLifecycle';
import { RENEWAL_STATES } from '../../src/machines/lifecycles/renewalLifecycle';
import { createTestDatabase, type TestDatabase } from './support/testApp';

// The demo month: made by commands the lifecycles decided, so it covers their states, keeps their money
// invariants, and is exactly what replaying its log gives.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const k = () => t.db as unknown as Kysely<Record<string, Record<string, unknown>>>;

describe('the demo marketplace', () => {
  it('has orders in every fulfilment and payment state, and renewals and refunds in every state', async () => {
    const orders = await t.db.selectFrom('orders').select(['fulfilment', 'payment']).execute();
    expect(orders).toHaveLength(DEMO_ORDERS);
    expect(new Set(orders.map((o) => o.fulfilment))).toEqual(new Set(FULFILMENTS));
    expect(new Set(orders.map((o) => o.payment))).toEqual(new Set(PAYMENT_STATES));
    const renewals = await t.db.selectFrom('renewals').select('state').execute();
    expect(new Set(renewals.map((r) => r.state))).toEqual(new Set(RENEWAL_STATES));
    const refunds = await t.db.selectFrom('refunds').select(['state', 'kind']).execute();
    expect(new Set(refunds.map((r) => r.state))).toEqual(new Set(REFUND_STATES));
    expect(new Set(refunds.map((r) => r.kind))).toEqual(new Set(['order', 'renewal']));
    const serving = await t.db.selectFrom('suppliers').select(['state', 'order_num']).execute();
    expect(serving.some((s) => s.state === 'servicing')).toBe(true);
    expect(serving.some((s) => s.order_num > 0)).toBe(true);
  });

  it('dates no fact after the moment it was made (a step due later is not taken)', async () => {
    const future = await t.db
      .selectFrom('events')
      .select(['type', 'occurred_at'])
      .where('occurred_at', '>', new Date())
      .execute();
    expect(future).toEqual([]);
    // Within a record the simulation made, each fact comes no earlier than the one before it (an order accepted
    // after its assignment). (The demo suppliers are seeded as of today, before the month's service facts.)
    const backwards = await sql<{ stream_type: string; stream_id: string; type: string }>`
      select stream_type, stream_id, type from (
        select stream_type, stream_id, type,
          occurred_at < lag(occurred_at) over (partition by stream_type, stream_id order by version) as back
        from events where stream_type in ('order', 'renewal', 'refund', 'customer')) facts
      where back`.execute(t.db);
    expect(backwards.rows).toEqual([]);
  });

  it('keeps the money invariants: wallets are their ledgers, refunds within payments, settlements add up', async () => {
    const wallets = await t.db.selectFrom('customers').select(['id', 'balance_fen']).execute();
    const ledger = await t.db
      .selectFrom('events')
      .select(['stream_id', 'type', 'data'])
      .where('stream_type', '=', 'customer')
      .where('type', 'in', [...WALLET_FACTS])
      .execute();
    for (const w of wallets) {
      const sum = ledger
        .filter((e) => e.stream_id === String(w.id))
        .reduce((s, e) => s + ledgerEffect({ type: e.type, data: e.data } as WalletFact), 0);
      expect(Number(w.balance_fen)).toBe(sum);
      expect(Number(w.balance_fen)).toBeGreaterThanOrEqual(0);
    }
    for (const table of ['orders', 'renewals'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select(['paid_fen', 'refunded_fen', 'reserved_fen'])
        .execute();
      for (const r of rows) expect(r.refunded_fen + r.reserved_fen).toBeLessThanOrEqual(r.paid_fen);
    }
    const settled = await t.db
      .selectFrom('orders')
      .select('settlement')
      .where('fulfilment', '=', 'completed')
      .execute();
    expect(settled.length).toBeGreaterThan(DEMO_ORDERS / 2);
    for (const { settlement } of settled) {
      const s = settlement as { amountFen: number; commissionFen: number; payoutFen: number };
      expect(s.commissionFen + s.payoutFen).toBe(s.amountFen);
    }
    // Every confirmed renewal is settled as it was confirmed: commission + payout = what it paid.
    const confirmed = await t.db
      .selectFrom('renewals')
      .select(['paid_fen', 'settlement'])
      .where('state', '=', 'confirmed')
      .execute();
    expect(confirmed.length).toBeGreaterThan(0);
    for (const r of confirmed) {
      const s = r.settlement as { amountFen: number; commissionFen: number; payoutFen: number };
      expect(s.amountFen).toBe(r.paid_fen);
      expect(s.commissionFen + s.payoutFen).toBe(s.amountFen);
    }
  });

  it('is what replaying its log gives', async () => {
    const tables = ['orders', 'renewals', 'refunds', 'customers', 'suppliers'];
    const read = async () =>
      Object.fromEntries(
        await Promise.all(
          tables.map(async (n) => [n, await k().selectFrom(n).selectAll().orderBy('id').execute()]),
        ),
      );
    const live = await read();
    await rebuildAll(t.db as Kysely<Database>);
    expect(await read()).toEqual(live);
  });

  it("gives the refunds stored before their order's project (migration 2026_11_28_0500_refund_project)", async () => {
    const projects = () =>
      k().selectFrom('refunds').select(['id', 'order_id', 'project_id']).orderBy('id').execute();
    const written = await projects();
    const orders = new Map(
      (await k().selectFrom('orders').select(['id', 'project_id']).execute()).map((o) => [
        o.id,
        o.project_id,
      ]),
    );
    expect(written.length).toBeGreaterThan(10);
    // As the seed's rows were written: each its order's project.
    for (const r of written) expect(r.project_id, `refund ${r.id}`).toBe(orders.get(r.order_id));
    await refundProject.down(t.db);
    await refundProject.up(t.db);
    expect(await projects()).toEqual(written);
    // The list's index on the column went with it: start-up makes it again.
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
  });

  it('tells the orders a supplier refused from their log (migration 2026_11_30_0100_order_was_refused)', async () => {
    const refused = () =>
      k()
        .selectFrom('orders')
        .select(['id', 'was_refused'])
        .where('was_refused', '=', true)
        .orderBy('id')
        .execute();
    const written = await refused();
    // The seed's month has refusals, some reassigned since: not only the orders refused now.
    expect(written.length).toBeGreaterThan(5);
    const now = await k().selectFrom('orders').select('id').where('fulfilment', '=', 'refused').execute();
    expect(written.length).toBeGreaterThan(now.length);
    await orderWasRefused.down(t.db);
    await orderWasRefused.up(t.db);
    expect(await refused()).toEqual(written);
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
  });

  it('keeps no refusal reason on a cancelled order (migration 2026_11_30_0300_refusal_cleared_on_cancel)', async () => {
    const reasons = () =>
      k()
        .selectFrom('orders')
        .select(['id', 'fulfilment', 'refuse_reason'])
        .where('fulfilment', 'in', ['cancelled', 'refused'])
        .orderBy('id')
        .execute();
    const written = await reasons();
    expect(written.some((o) => o.fulfilment === 'cancelled')).toBe(true);
    expect(written.filter((o) => o.fulfilment === 'refused').every((o) => o.refuse_reason)).toBe(true);
    expect(written.filter((o) => o.fulfilment === 'cancelled').every((o) => o.refuse_reason === null)).toBe(
      true,
    );
    // Rows written before it kept the reason of a refusal cancelled since.
    await k()
      .updateTable('orders')
      .set({ refuse_reason: 'Too far' })
      .where('fulfilment', '=', 'cancelled')
      .execute();
    await refusalClearedOnCancel.up(t.db);
    expect(await reasons()).toEqual(written);
  });

  it('is seeded once: starting again adds nothing', async () => {
    const before = await t.db.selectFrom('events').select('global_position').execute();
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
    expect(await t.db.selectFrom('events').select('global_position').execute()).toHaveLength(before.length);
  });
});
