import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import type { Actor } from '../../server/events/store';
import { AppError } from '../../server/errors';
import { runCommand, runCreate, type PipelineContext } from '../../server/kit/pipeline';
import { rebuildAll } from '../../server/kit/rebuildAll';
import { customerEntity } from '../../server/modules/customers/module';
import { orderEntity } from '../../server/modules/orders/module';
import { renewalEntity } from '../../server/modules/renewals/module';
import { startsAWord } from './support/startsAWord';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// Orders, wallets, suppliers, renewals and refunds moving together through the shared pipeline: the apps' commands
// sent as the system actor, the staff's through the API. Every follow-up is decided by its own record's lifecycle
// in the same transaction, so a refusal anywhere leaves nothing behind.

let app: TestApp;
let adminToken: string;
let staffToken: string;
const apps: Actor = { id: null, role: 'system' };
const sys = (): PipelineContext => ({ db: app.db, actor: apps, reactions: app.app.reactions });

beforeAll(async () => {
  app = await createTestApp();
  adminToken = await app.login(ADMIN.email, ADMIN.password);
  staffToken = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => app?.close());

async function api(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await app.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes of many shapes, read field by field
  return { status: res.statusCode, body: res.json() as { err_code: number; err_msg: string; data: any } };
}

/** The lines of a CSV export staff download (its byte-order mark off). */
async function csvLines(url: string): Promise<string[]> {
  const csv = await app.app.inject({ method: 'GET', url, headers: bearer(staffToken) });
  expect(csv.statusCode).toBe(200);
  return csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

/** Each account its own mobile number: one number opens one account. */
let mobiles = 0;
async function customer(balanceFen: number, city = 'Beijing') {
  mobiles += 1;
  const mobile = `1381000${String(mobiles).padStart(4, '0')}`;
  const created = await runCreate(sys(), customerEntity, { name: 'Li Na', mobile, city });
  const id = (created.record as { id: number }).id;
  if (balanceFen > 0)
    await runCommand(sys(), customerEntity, id, { type: 'customer.topUp', amountFen: balanceFen }, 1);
  return id;
}

async function project(kind: 'normal' | 'renewable' = 'normal') {
  const res = await api(staffToken, 'POST', '/api/projects', {
    project_name: `Care ${Math.random().toString(36).slice(2, 8)}`,
    min_price: '100',
    max_price: '300',
    ...(kind === 'renewable' ? { kind, renewal_unit: 'hour', renewal_unit_price: '60' } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.id as number;
  const enable = await api(adminToken, 'POST', `/api/projects/${id}/events`, {
    type: 'project.enable',
    expectedVersion: res.body.data.version,
  });
  expect([200, 409]).toContain(enable.status);
  return id;
}

async function takingSupplier(city = 'Beijing') {
  const row = await app.db
    .selectFrom('suppliers')
    .select(['id', 'order_num'])
    .where('city', '=', city)
    .where('state', '=', 'taking_orders')
    .where('is_enabled', '=', true)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row;
}

/** A service time the apps may still book: a day from now. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

async function place(customerId: number, projectId: number, amountFen = 20_000) {
  const created = await runCreate(sys(), orderEntity, {
    customer_id: customerId,
    project_id: projectId,
    city: 'beijing',
    address: '1 Chang An Avenue',
    scheduled_at: tomorrow(),
    amount_fen: amountFen,
  });
  return (created.record as { id: number }).id;
}

async function order(id: number) {
  return (await api(staffToken, 'GET', `/api/orders/${id}`)).body.data;
}
async function send(id: number, command: Record<string, unknown>) {
  const loaded = await order(id);
  return runCommand(sys(), orderEntity, id, command as never, loaded.version);
}
async function staffSend(token: string, path: string, id: number, command: Record<string, unknown>) {
  const current = (await api(token, 'GET', `${path}/${id}`)).body.data;
  return api(token, 'POST', `${path}/${id}/events`, { ...command, expectedVersion: current.version });
}
/** Staff ask for a refund of an order (or a renewal) with a reason (none: left out of the body). */
function askRefund(
  targetId: number,
  amountFen: number,
  reason?: string,
  kind: 'order' | 'renewal' = 'order',
) {
  return api(staffToken, 'POST', '/api/refunds', {
    kind,
    target_id: targetId,
    amount_fen: amountFen,
    ...(reason === undefined ? {} : { reason }),
  });
}
const balance = async (id: number) =>
  Number(
    (
      await app.db
        .selectFrom('customers')
        .select('balance_fen')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).balance_fen,
  );

describe('a service order from placement to settlement', () => {
  it('charges the wallet, serves with the supplier, counts the order and settles the commission', async () => {
    const c = await customer(50_000);
    const p = await project();
    const s = await takingSupplier();
    const id = await place(c, p);
    expect(await order(id)).toMatchObject({
      fulfilment: 'awaiting_assignment',
      payment: 'unpaid',
      city: 'Beijing',
      customer_name: 'Li Na',
      order_no: expect.stringMatching(/^SO\d{8}-\d{8}$/),
    });

    await send(id, { type: 'order.pay', method: 'wallet' });
    expect(await balance(c)).toBe(30_000);
    const ledger = (await api(staffToken, 'GET', `/api/customers/${c}/ledger`)).body.data;
    expect(
      ledger.items.map((e: { type: string; amount_fen: number; balance_fen: number }) => [
        e.type,
        e.amount_fen,
        e.balance_fen,
      ]),
    ).toEqual([
      ['WalletCharged', -20_000, 30_000],
      ['WalletToppedUp', 50_000, 50_000],
    ]);

    const assigned = await staffSend(staffToken, '/api/orders', id, {
      type: 'order.assign',
      supplierId: s.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data.order).toMatchObject({ fulfilment: 'assigned', supplier_id: s.id });

    await send(id, { type: 'order.accept' });
    await send(id, { type: 'order.start' });
    const serving = await app.db
      .selectFrom('suppliers')
      .select(['state', 'order_num'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(serving).toEqual({ state: 'servicing', order_num: s.order_num });

    await send(id, { type: 'order.finish' });
    const back = await app.db
      .selectFrom('suppliers')
      .select(['state', 'order_num'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(back).toEqual({ state: 'taking_orders', order_num: s.order_num + 1 });
    const done = await order(id);
    expect(done).toMatchObject({ fulfilment: 'completed', settled: true });
    // Commission + payout = the amount held.
    expect(done.settlement.commissionFen + done.settlement.payoutFen).toBe(20_000);
    // Beijing has a city override in the demo commission settings: the rate that applied is recorded with it.
    const settings = (await api(staffToken, 'GET', '/api/commission')).body.data;
    const beijing = settings.overrides.find(
      (o: { scope: string; target: string }) => o.scope === 'city' && o.target === 'Beijing',
    );
    expect(done.settlement).toMatchObject({ source: 'city', rateBp: beijing.rate_bp });

    // The export says every amount in yuan, the settlement's parts as the amount is.
    const [header, row, ...rest] = await csvLines(`/api/orders/export.csv?q=${done.order_no}`);
    expect(rest).toEqual([]);
    const columns = header!.split(',');
    const cell = (name: string) => row!.split(',')[columns.indexOf(name)];
    expect(columns.slice(-6)).toEqual([
      'amount',
      'fulfilment',
      'payment',
      'refunded',
      'commission',
      'payout',
    ]);
    expect([cell('amount'), cell('refunded')]).toEqual(['200.00', '0.00']);
    expect(Number(cell('commission')) * 100).toBeCloseTo(done.settlement.commissionFen, 6);
    expect(Number(cell('payout')) * 100).toBeCloseTo(done.settlement.payoutFen, 6);
    expect(cell('commission')).toMatch(/^\d+\.\d{2}$/);
  });

  it('names who moved the money in the ledger: the staff member for an adjustment, no one for the apps', async () => {
    const c = await customer(5_000);
    const adjusted = await staffSend(adminToken, '/api/customers', c, {
      type: 'customer.adjust',
      amountFen: 1_234,
      reason: 'Goodwill',
    });
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const admin = await app.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', ADMIN.email)
      .executeTakeFirstOrThrow();
    const ledger = (await api(staffToken, 'GET', `/api/customers/${c}/ledger`)).body.data;
    expect(
      ledger.items.map((e: { type: string; reason: string | null; actor: { name: string | null } }) => [
        e.type,
        e.reason,
        e.actor.name,
      ]),
    ).toEqual([
      ['WalletAdjusted', 'Goodwill', admin.name],
      ['WalletToppedUp', null, null],
    ]);
  });

  it('refuses a wallet payment the balance cannot cover, and stores nothing', async () => {
    const c = await customer(5_000);
    const id = await place(c, await project());
    const before = await order(id);
    await expect(send(id, { type: 'order.pay', method: 'wallet' })).rejects.toMatchObject({
      statusCode: 409,
      data: { reason_key: 'account.reason.insufficientBalance', values: { balance: '50.00' } },
    });
    expect(await order(id)).toMatchObject({ payment: 'unpaid', version: before.version });
    expect(await balance(c)).toBe(5_000);
  });

  it('assigns only a supplier who can take the order, saying why not', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const elsewhere = await takingSupplier('Shanghai');
    const refused = await staffSend(staffToken, '/api/orders', id, {
      type: 'order.assign',
      supplierId: elsewhere.id,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason_key).toBe('order.reason.otherCity');
    const candidates = (await api(staffToken, 'GET', `/api/orders/${id}/candidates`)).body.data as Array<{
      id: number;
    }>;
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.map((c) => c.id)).not.toContain(elsewhere.id);
  });

  it('keeps a refused order on the refused list once reassigned (to another supplier), on the tab of where it is now', async () => {
    const id = await place(await customer(0), await project());
    const never = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const supplier = await takingSupplier();
    const assign = { type: 'order.assign', supplierId: supplier.id };
    expect((await staffSend(staffToken, '/api/orders', id, assign)).status).toBe(200);
    await send(id, { type: 'order.refuse', reason: ' Equipment under repair ' });
    const refusedList = async (tab: string) =>
      (await api(staffToken, 'GET', `/api/orders?was_refused=true&tab=${tab}&page_size=100`)).body.data as {
        items: Array<{ id: number; was_refused: boolean; refuse_reason: string | null }>;
        counts: Record<string, number>;
      };
    const waiting = await refusedList('refused');
    expect(waiting.items.find((o) => o.id === id)).toMatchObject({
      was_refused: true,
      refuse_reason: 'Equipment under repair',
    });
    const before = (await refusedList('all')).counts;
    // Not back to the supplier who refused it: not offered, and refused if named.
    const offered = (await api(staffToken, 'GET', `/api/orders/${id}/candidates`)).body.data as Array<{
      id: number;
    }>;
    expect(offered.map((c) => c.id)).not.toContain(supplier.id);
    expect(offered.length).toBeGreaterThan(0);
    const back = await staffSend(staffToken, '/api/orders', id, assign);
    expect(back.status).toBe(409);
    expect(back.body.data.reason_key).toBe('order.reason.refusedBySupplier');
    const another = { type: 'order.assign', supplierId: offered[0]!.id };
    expect((await staffSend(staffToken, '/api/orders', id, another)).status).toBe(200);
    expect((await refusedList('refused')).items.map((o) => o.id)).not.toContain(id);
    const reassigned = await refusedList('assigned');
    // Reassigned, it forgets why it was refused, but not that it was.
    expect(reassigned.items.find((o) => o.id === id)).toMatchObject({
      was_refused: true,
      refuse_reason: null,
    });
    expect(reassigned.counts).toMatchObject({
      all: before.all,
      refused: before.refused - 1,
      assigned: before.assigned + 1,
    });
    const all = await refusedList('all');
    expect(all.items.every((o) => o.was_refused)).toBe(true);
    expect(all.items.map((o) => o.id)).not.toContain(never);
    expect((await order(never)).was_refused).toBe(false);
  });

  it('answers a command whose own value is wrong as bad input (400, the field named), not as the state refusing', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const noReason = await staffSend(staffToken, '/api/orders', id, { type: 'order.cancel', reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toMatchObject({ reason_key: 'order.reason.reasonRequired', field: 'reason' });
    expect(noReason.body.err_msg).toBe(
      'Cannot cancel this order: a reason of 1 to 200 characters is required.',
    );
    const nobody = await staffSend(staffToken, '/api/orders', id, {
      type: 'order.assign',
      supplierId: 999_999,
    });
    expect(nobody.status).toBe(400);
    expect(nobody.body.data).toMatchObject({
      reason_key: 'order.reason.unknownSupplier',
      field: 'supplierId',
    });
    const account = await customer(1_000);
    const zero = await staffSend(adminToken, '/api/customers', account, {
      type: 'customer.adjust',
      amountFen: 0,
      reason: 'Goodwill',
    });
    expect(zero.status).toBe(400);
    expect(zero.body.data).toMatchObject({ reason_key: 'account.reason.invalidAmount', field: 'amountFen' });
    // What the state refuses stays a conflict: a cancelled order is not cancelled again, whatever the reason.
    expect(
      (await staffSend(staffToken, '/api/orders', id, { type: 'order.cancel', reason: 'Asked to' })).status,
    ).toBe(200);
    const again = await staffSend(staffToken, '/api/orders', id, { type: 'order.cancel', reason: '' });
    expect([again.status, again.body.data.reason_key]).toEqual([409, 'order.reason.cancelled']);
    expect(await order(id)).toMatchObject({ fulfilment: 'cancelled' });
  });

  it('finds candidates as the supplier list finds suppliers: a word of the name, the start of the mobile', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    type Candidate = { id: number; name: string; mobile: string };
    const candidates = async (q: string) =>
      (await api(staffToken, 'GET', `/api/orders/${id}/candidates?q=${encodeURIComponent(q)}`)).body
        .data as Candidate[];
    const all = await candidates('');
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThan(50); // every candidate, so the oracle sees them all
    const stored = new Map(
      (
        await app.db
          .selectFrom('suppliers')
          .select(['id', 'real_name', 'id_card_no'])
          .where(
            'id',
            'in',
            all.map((c) => c.id),
          )
          .execute()
      ).map((r) => [r.id, r]),
    );
    const [first] = all as [Candidate];
    const lastWord = first.name.split(' ').at(-1)!;
    const cases = [
      { term: lastWord.slice(0, 3).toLowerCase(), findsFirst: true },
      { term: first.mobile.slice(0, 7), findsFirst: true },
      { term: lastWord.slice(1), findsFirst: false },
      { term: first.mobile.slice(3), findsFirst: false },
    ];
    for (const { term, findsFirst } of cases) {
      const expected = all.filter(
        (c) =>
          startsAWord(c.name, term) ||
          startsAWord(stored.get(c.id)?.real_name ?? '', term) ||
          c.mobile.startsWith(term) ||
          (stored.get(c.id)?.id_card_no ?? '').startsWith(term.toUpperCase()),
      );
      const found = await candidates(term);
      expect(found.map((c) => c.id).sort(), term).toEqual(expected.map((c) => c.id).sort());
      expect(
        found.some((c) => c.id === first.id),
        term,
      ).toBe(findsFirst);
    }
  });

  it('refuses the apps’ commands to staff, and staff commands carry the policy reason', async () => {
    const id = await place(await customer(0), await project());
    const res = await staffSend(adminToken, '/api/orders', id, { type: 'order.pay', method: 'external' });
    expect(res.status).toBe(403);
    expect(res.body.data.reason_key).toBe('policy.appsOnly');
  });

  it('checks what an order names and when: a price outside its range, an unknown city, a time passed', async () => {
    const c = await customer(0);
    const p = await project();
    const bad = [
      [{ scheduled_at: '2000-01-01T00:00:00Z' }, 'order.validation.scheduledPast'],
      [{ scheduled_at: new Date(Date.now() - 10 * 60_000).toISOString() }, 'order.validation.scheduledPast'],
      [{ amount_fen: 99 }, 'order.validation.priceRange'],
      [{ city: 'Atlantis' }, 'order.validation.cityNotOpen'],
      [{ customer_id: 999_999 }, 'order.validation.noCustomer'],
    ] as const;
    for (const [change, key] of bad) {
      const body = {
        customer_id: c,
        project_id: p,
        city: 'Beijing',
        address: 'x',
        scheduled_at: tomorrow(),
        amount_fen: 20_000,
        ...change,
      };
      await expect(runCreate(sys(), orderEntity, body), key).rejects.toMatchObject({
        statusCode: 400,
        data: { reason_key: key },
      });
    }
  });
});

describe('refunds', () => {
  it("are filtered by their order's project", async () => {
    const [p1, p2] = [await project(), await project()];
    const refunded = async (p: number) => {
      const id = await place(await customer(0), p);
      await send(id, { type: 'order.pay', method: 'external' });
      const asked = await askRefund(id, 1_000, 'Came late');
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      return asked.body.data.id as number;
    };
    const [r1, r2, r3] = [await refunded(p1), await refunded(p2), await refunded(p1)];
    const listed = async (p: number) => {
      const page = (await api(staffToken, 'GET', `/api/refunds?project_id=${p}`)).body.data;
      return { ids: page.items.map((r: { id: number }) => r.id), total: page.total };
    };
    expect(await listed(p1)).toEqual({ ids: [r3, r1], total: 2 });
    expect(await listed(p2)).toEqual({ ids: [r2], total: 1 });
    const bad = await api(staffToken, 'GET', '/api/refunds?project_id=x');
    expect(bad.status).toBe(400);
  });

  it('reserves what is asked, refuses more than is refundable, grants, and sends to the wallet with four eyes', async () => {
    const c = await customer(30_000);
    const id = await place(c, await project());
    await send(id, { type: 'order.pay', method: 'wallet' });

    const tooMuch = await askRefund(id, 20_001, 'Came late');
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.data).toMatchObject({
      reason_key: 'order.reason.notRefundable',
      values: { refundable: '200.00' },
    });

    const noReason = await askRefund(id, 5_000);
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.reason_key).toBe('refund.reason.reasonRequired');
    // A cause is the server's own follow-ups' to give (a cancellation), never a client's: it is no way around the
    // reason.
    const caused = await api(staffToken, 'POST', '/api/refunds', {
      kind: 'order',
      target_id: id,
      amount_fen: 5_000,
      cause: 'order_cancelled',
    });
    expect(caused.status).toBe(400);
    expect(await order(id)).toMatchObject({ reserved_fen: 0 });

    const asked = await askRefund(id, 5_000, 'Came late');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const refundId = asked.body.data.id as number;
    expect(asked.body.data).toMatchObject({
      state: 'requested',
      requested_by: 'staff',
      request_cause: null,
      four_eyes: true,
    });
    expect(await order(id)).toMatchObject({ reserved_fen: 5_000, refundable_fen: 15_000 });

    const staffGrant = await staffSend(staffToken, '/api/refunds', refundId, { type: 'refund.grant' });
    expect(staffGrant.status).toBe(403);
    const granted = await staffSend(adminToken, '/api/refunds', refundId, { type: 'refund.grant' });
    expect(granted.status).toBe(200);
    const sameHands = await staffSend(adminToken, '/api/refunds', refundId, {
      type: 'refund.send',
      destination: 'wallet',
    });
    expect(sameHands.status).toBe(409);
    expect(sameHands.body.data.reason_key).toBe('refund.reason.sameGranter');

    const sent = await staffSend(staffToken, '/api/refunds', refundId, {
      type: 'refund.send',
      destination: 'wallet',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await order(id)).toMatchObject({
      payment: 'partly_refunded',
      refunded_fen: 5_000,
      reserved_fen: 0,
    });
    expect(await balance(c)).toBe(15_000);

    // The list and the detail name who granted and who sent it.
    const nameOf = async (email: string) =>
      (await app.db.selectFrom('users').select('name').where('email', '=', email).executeTakeFirstOrThrow())
        .name;
    const hands = { granted_by_name: await nameOf(ADMIN.email), sent_by_name: await nameOf(STAFF.email) };
    expect(hands.granted_by_name).not.toBe(hands.sent_by_name);
    const listed = (await api(staffToken, 'GET', `/api/refunds?order_id=${id}`)).body.data.items;
    expect(listed).toMatchObject([{ id: refundId, ...hands }]);
    expect((await api(staffToken, 'GET', `/api/refunds/${refundId}`)).body.data).toMatchObject(hands);
    const [header, row, ...rest] = await csvLines(`/api/refunds/export.csv?order_id=${id}`);
    expect(rest).toEqual([]);
    expect(header!.split(',').slice(-2)).toEqual(['granted_by', 'sent_by']);
    expect(row!.split(',').slice(-2)).toEqual([hands.granted_by_name, hands.sent_by_name]);
    // Before anyone acted, neither is named.
    const other = await askRefund(id, 1_000, 'Came late again');
    expect((await api(staffToken, 'GET', `/api/refunds/${other.body.data.id}`)).body.data).toMatchObject({
      granted_by_name: null,
      sent_by_name: null,
    });

    // The order's history tells its refunds' steps too, each naming its refund, newest first as the log stored them.
    const history = (await api(staffToken, 'GET', `/api/orders/${id}/events`)).body.data as Array<{
      type: string;
      record?: { type: string; id: number };
      actor: { name: string | null };
    }>;
    const step = (e: (typeof history)[number]) =>
      `${e.record ? `${e.record.type} ${e.record.id} ` : ''}${e.type}`;
    expect(history.map(step)).toEqual([
      'RefundReserved',
      `refund ${other.body.data.id} RefundRequested`,
      'OrderRefunded',
      `refund ${refundId} RefundSent`,
      `refund ${refundId} RefundGranted`,
      'RefundReserved',
      `refund ${refundId} RefundRequested`,
      'OrderPaid',
      'OrderPlaced',
    ]);
    const grant = history.find((e) => e.type === 'RefundGranted')!;
    expect(grant.actor.name).toBe(hands.granted_by_name);
  });

  it('leave a partly refunded order to be assigned and served; one refunded in full is not, and says so', async () => {
    const c = await customer(50_000);
    const p = await project();
    const s = await takingSupplier();
    const refundSent = async (id: number, amountFen: number) => {
      const asked = await askRefund(id, amountFen, 'Price lowered');
      const refundId = asked.body.data.id as number;
      await staffSend(adminToken, '/api/refunds', refundId, { type: 'refund.grant' });
      const sent = await staffSend(staffToken, '/api/refunds', refundId, {
        type: 'refund.send',
        destination: 'wallet',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    };
    const assign = (id: number) =>
      staffSend(staffToken, '/api/orders', id, { type: 'order.assign', supplierId: s.id });

    const part = await place(c, p);
    await send(part, { type: 'order.pay', method: 'wallet' });
    await refundSent(part, 1_000);
    expect(await order(part)).toMatchObject({
      payment: 'partly_refunded',
      fulfilment: 'awaiting_assignment',
    });
    const assigned = await assign(part);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await send(part, { type: 'order.accept' });
    await send(part, { type: 'order.start' });
    expect(await order(part)).toMatchObject({ payment: 'partly_refunded', fulfilment: 'in_service' });

    const all = await place(c, p);
    await send(all, { type: 'order.pay', method: 'wallet' });
    await refundSent(all, 20_000);
    const refused = await assign(all);
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason_key).toBe('order.reason.refundedInFull');
  });

  it('returned the way it was paid, a wallet payment goes back to the wallet and an outside one does not', async () => {
    const c = await customer(30_000);
    const byWallet = await place(c, await project());
    await send(byWallet, { type: 'order.pay', method: 'wallet' });
    const outside = await place(c, await project());
    await send(outside, { type: 'order.pay', method: 'external' });
    expect(await balance(c)).toBe(10_000);
    const returned = async (orderId: number, paidWith: string) => {
      const asked = await askRefund(orderId, 5_000, 'Came late');
      expect(asked.body.data.paid_with).toBe(paidWith);
      const refundId = asked.body.data.id as number;
      expect((await staffSend(adminToken, '/api/refunds', refundId, { type: 'refund.grant' })).status).toBe(
        200,
      );
      const sent = await staffSend(staffToken, '/api/refunds', refundId, {
        type: 'refund.send',
        destination: 'original',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(sent.body.data.refund).toMatchObject({ destination: 'original', paid_with: paidWith });
      return refundId;
    };
    const back = await returned(byWallet, 'wallet');
    expect(await balance(c)).toBe(15_000);
    await returned(outside, 'external');
    expect(await balance(c)).toBe(15_000);
    const ledger = (await api(staffToken, 'GET', `/api/customers/${c}/ledger`)).body.data;
    expect(ledger.items[0]).toMatchObject({
      type: 'WalletCredited',
      amount_fen: 5_000,
      balance_fen: 15_000,
      ref: { kind: 'refund', id: back },
    });

    // A refund asked for before it kept how the money was paid (its fact and row without it), sent back the way it
    // came once this is deployed: the server finds the wallet payment through its order, and the fact keeps it.
    const old = await askRefund(byWallet, 2_000, 'Asked before');
    const oldId = old.body.data.id as number;
    await sql`update events set data = data - 'paidWith'
      where stream_type = 'refund' and stream_id = ${String(oldId)} and type = 'RefundRequested'`.execute(
      app.db,
    );
    await sql`update refunds set paid_with = null where id = ${oldId}`.execute(app.db);
    expect((await api(staffToken, 'GET', `/api/refunds/${oldId}`)).body.data.paid_with).toBeNull();
    await staffSend(adminToken, '/api/refunds', oldId, { type: 'refund.grant' });
    expect(
      (await api(staffToken, 'GET', `/api/refunds/${oldId}`)).body.data.paid_with,
      'granting',
    ).toBeNull();
    const sentOld = await staffSend(staffToken, '/api/refunds', oldId, {
      type: 'refund.send',
      destination: 'original',
    });
    expect(sentOld.body.data.refund).toMatchObject({ destination: 'original', paid_with: 'wallet' });
    expect(await balance(c)).toBe(17_000);
    // Its sending keeps what the server found: a rebuild from the log gives the same row.
    const row = () =>
      app.db.selectFrom('refunds').selectAll().where('id', '=', oldId).executeTakeFirstOrThrow();
    const live = await row();
    await rebuildAll(app.db as Kysely<Database>);
    expect(await row()).toEqual(live);
    // The export says where each went, as the list does.
    const [header, ...rows] = await csvLines(`/api/refunds/export.csv?order_id=${outside}`);
    const column = (row: string, name: string) => row.split(',')[header!.split(',').indexOf(name)];
    expect(rows.map((r) => [column(r, 'destination'), column(r, 'paid_with')])).toEqual([
      ['original', 'external'],
    ]);
  });

  it('with the four-eyes rule off, the admin who granted may send', async () => {
    const settings = (await api(adminToken, 'GET', '/api/global/configs')).body.data;
    const off = await api(adminToken, 'PUT', '/api/global/configs', {
      refund_four_eyes: false,
      version: settings.version,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      const id = await place(await customer(0), await project());
      await send(id, { type: 'order.pay', method: 'external' });
      const asked = await askRefund(id, 20_000, 'Double booking');
      expect(asked.body.data.four_eyes).toBe(false);
      const refundId = asked.body.data.id;
      await staffSend(adminToken, '/api/refunds', refundId, { type: 'refund.grant' });
      const sent = await staffSend(adminToken, '/api/refunds', refundId, {
        type: 'refund.send',
        destination: 'original',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(await order(id)).toMatchObject({ payment: 'refunded', refunded_fen: 20_000 });
    } finally {
      const now = (await api(adminToken, 'GET', '/api/global/configs')).body.data;
      await api(adminToken, 'PUT', '/api/global/configs', { refund_four_eyes: true, version: now.version });
    }
  });

  it('a refund granted under the four-eyes rule keeps it: turning the rule off after the grant does not let the granter send it', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const refundId = (await askRefund(id, 5_000, 'Came late')).body.data.id;
    const granted = await staffSend(adminToken, '/api/refunds', refundId, { type: 'refund.grant' });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const settings = (await api(adminToken, 'GET', '/api/global/configs')).body.data;
    const off = await api(adminToken, 'PUT', '/api/global/configs', {
      refund_four_eyes: false,
      version: settings.version,
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    try {
      // The list says the rule applies to it, so the console's button says why it is refused.
      const listed = (await api(adminToken, 'GET', `/api/refunds?order_id=${id}`)).body.data.items;
      expect(listed.map((r: { four_eyes: boolean }) => r.four_eyes)).toEqual([true]);
      // and so does the record read alone.
      expect((await api(adminToken, 'GET', `/api/refunds/${refundId}`)).body.data.four_eyes).toBe(true);
      const sameHands = await staffSend(adminToken, '/api/refunds', refundId, {
        type: 'refund.send',
        destination: 'original',
      });
      expect(sameHands.status).toBe(409);
      expect(sameHands.body.data.reason_key).toBe('refund.reason.sameGranter');
      // Another person may: the rule was kept, not the refund stopped.
      const sent = await staffSend(staffToken, '/api/refunds', refundId, {
        type: 'refund.send',
        destination: 'original',
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      // The grant's rule is in its fact: a rebuild gives the same row.
      const row = () =>
        app.db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirstOrThrow();
      const live = await row();
      expect(live.four_eyes_at_grant).toBe(true);
      await rebuildAll(app.db as Kysely<Database>);
      expect(await row()).toEqual(live);
    } finally {
      const now = (await api(adminToken, 'GET', '/api/global/configs')).body.data;
      await api(adminToken, 'PUT', '/api/global/configs', { refund_four_eyes: true, version: now.version });
    }
  });

  it("reads a date range's days in the reader's time zone (tz), and refuses a zone there is not", async () => {
    const id = await place(await customer(0), await project());
    const { order_no: orderNo, created_at: placedAt } = await order(id);
    const dayIn = (zone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(placedAt));
    // UTC+14 and UTC-12 are 26 hours apart: the order's day in the one is never its day in the other.
    const east = 'Pacific/Kiritimati';
    const west = 'Etc/GMT+12';
    const found = async (day: string, zone?: string) => {
      const tz = zone ? `&tz=${encodeURIComponent(zone)}` : '';
      const res = await api(
        staffToken,
        'GET',
        `/api/orders?q=${orderNo}&placed_from=${day}&placed_to=${day}${tz}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.items.map((o: { id: number }) => o.id);
    };
    expect(await found(dayIn(east), east)).toEqual([id]);
    expect(await found(dayIn(west), west)).toEqual([id]);
    expect(await found(dayIn(east), west)).toEqual([]);
    expect(await found(dayIn(west), east)).toEqual([]);
    // Without a zone, UTC's day.
    expect(await found(dayIn('UTC'))).toEqual([id]);
    // The calendar's first and last days, read in zones ahead of and behind UTC (their starts fall in years 0 and
    // 10000 in UTC, which the database does not read).
    for (const zone of [east, west, 'Asia/Shanghai', 'America/New_York']) {
      const all = `/api/orders?q=${orderNo}&placed_from=0001-01-01&placed_to=9999-12-31&tz=${encodeURIComponent(zone)}`;
      const res = await api(staffToken, 'GET', all);
      expect(res.status, `${zone} ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.data.items.map((o: { id: number }) => o.id)).toEqual([id]);
    }
    const yearZero = await api(staffToken, 'GET', '/api/orders?placed_from=0000-01-01');
    expect(yearZero.status).toBe(400);
    expect(yearZero.body.data).toMatchObject({ reason_key: 'errors.validation.date', field: 'placed_from' });
    const bad = await api(staffToken, 'GET', `/api/orders?placed_from=${dayIn('UTC')}&tz=Mars%2FOlympus`);
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ reason_key: 'errors.validation.timeZone', field: 'tz' });
    // Without a range set, an unknown zone is refused all the same: the list has ranges it would read.
    const unset = await api(staffToken, 'GET', `/api/orders?q=${orderNo}&tz=Mars%2FOlympus`);
    expect(unset.status).toBe(400);
    expect(unset.body.data).toMatchObject({ reason_key: 'errors.validation.timeZone', field: 'tz' });
  });

  it('a rejected refund releases what it reserved', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const asked = await askRefund(id, 8_000, 'Asked');
    const rejected = await staffSend(adminToken, '/api/refunds', asked.body.data.id, {
      type: 'refund.reject',
      reason: 'Service delivered',
    });
    expect(rejected.status).toBe(200);
    expect(await order(id)).toMatchObject({ reserved_fen: 0, refundable_fen: 20_000 });
  });

  it('cancelling a paid order asks for a refund of what was paid', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const cancelled = await staffSend(staffToken, '/api/orders', id, {
      type: 'order.cancel',
      reason: 'Customer moved',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await order(id)).toMatchObject({ fulfilment: 'cancelled', reserved_fen: 20_000 });
    const refunds = (await api(staffToken, 'GET', `/api/refunds?order_id=${id}`)).body.data;
    expect(refunds.items).toHaveLength(1);
    expect(refunds.items[0]).toMatchObject({
      amount_fen: 20_000,
      state: 'requested',
      requested_by: 'staff',
      request_reason: 'Customer moved',
      request_cause: 'order_cancelled',
    });
  });

  it('a refund that held the money when its order was cancelled, rejected, gives way to one of what it held, owed back', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const asked = await askRefund(id, 15_000, 'Asked');
    const partly = await askRefund(id, 5_000, 'Asked too');
    await staffSend(adminToken, '/api/refunds', partly.body.data.id, { type: 'refund.grant' });
    await staffSend(staffToken, '/api/refunds', partly.body.data.id, {
      type: 'refund.send',
      destination: 'original',
    });
    const cancelled = await staffSend(staffToken, '/api/orders', id, {
      type: 'order.cancel',
      reason: 'Customer moved',
    });
    expect(cancelled.status).toBe(200);
    const refunds = async () =>
      (await api(staffToken, 'GET', `/api/refunds?order_id=${id}`)).body.data.items as Array<{
        id: number;
        state: string;
        amount_fen: number;
        request_reason: string;
        request_cause: string | null;
      }>;
    // All that is left was held by the first refund: the cancellation asks for nothing more.
    expect(await refunds()).toHaveLength(2);
    const rejected = await staffSend(adminToken, '/api/refunds', asked.body.data.id, {
      type: 'refund.reject',
      reason: 'Not this way',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    // Released, the money is held again at once, by a refund of the cancellation.
    expect(await order(id)).toMatchObject({ reserved_fen: 15_000, refundable_fen: 0 });
    const owed = (await refunds()).find((r) => r.state === 'requested')!;
    expect(owed).toMatchObject({
      amount_fen: 15_000,
      request_reason: 'Customer moved',
      request_cause: 'order_cancelled',
    });
    const refused = await staffSend(adminToken, '/api/refunds', owed.id, {
      type: 'refund.reject',
      reason: 'No',
    });
    expect([refused.status, refused.body.data.reason_key]).toEqual([409, 'refund.reason.owedBack']);
    // A refund rejected on an order still going releases its money to the order, and asks for nothing.
    const other = await place(await customer(0), await project());
    await send(other, { type: 'order.pay', method: 'external' });
    const held = await askRefund(other, 1_000, 'Asked');
    await staffSend(adminToken, '/api/refunds', held.body.data.id, { type: 'refund.reject', reason: 'No' });
    expect(await order(other)).toMatchObject({ reserved_fen: 0, refundable_fen: 20_000 });
  });

  it('two admins granting the same refund at once: exactly one wins, the other gets the 409', async () => {
    const id = await place(await customer(0), await project());
    await send(id, { type: 'order.pay', method: 'external' });
    const asked = await askRefund(id, 1_000, 'Asked');
    const body = { type: 'refund.grant', expectedVersion: asked.body.data.version };
    const url = `/api/refunds/${asked.body.data.id}/events`;
    const results = await Promise.all([
      api(adminToken, 'POST', url, body),
      api(adminToken, 'POST', url, body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('renewals', () => {
  it('renews an order of a renewable project in service, at the project’s price per unit, and refunds a declined one (asked for by the decline)', async () => {
    const c = await customer(100_000);
    const p = await project('renewable');
    const id = await place(c, p);
    await send(id, { type: 'order.pay', method: 'wallet' });
    const early = runCreate(sys(), renewalEntity, { order_id: id, units: 2 });
    await expect(early).rejects.toMatchObject({
      statusCode: 409,
      data: { reason_key: 'renewal.reason.orderNotInService' },
    });
    const s = await takingSupplier();
    await staffSend(staffToken, '/api/orders', id, { type: 'order.assign', supplierId: s.id });
    await send(id, { type: 'order.accept' });
    const created = await runCreate(sys(), renewalEntity, { order_id: id, units: 2 });
    const renewal = created.record as { id: number; version: number; amount_fen: number };
    expect(renewal).toMatchObject({ amount_fen: 12_000, unit: 'hour', state: 'requested' });
    await runCommand(
      sys(),
      renewalEntity,
      renewal.id,
      { type: 'renewal.pay', method: 'wallet' },
      renewal.version,
    );
    expect(await balance(c)).toBe(100_000 - 20_000 - 12_000);
    const declined = await staffSend(staffToken, '/api/renewals', renewal.id, {
      type: 'renewal.decline',
      reason: 'Fully booked',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    // Declined, the money paid is asked back at once (as a paid order's cancellation does): all of it, held.
    expect((await api(staffToken, 'GET', `/api/renewals/${renewal.id}`)).body.data).toMatchObject({
      reserved_fen: 12_000,
      refundable_fen: 0,
    });
    const ofRenewal = (await api(staffToken, 'GET', `/api/refunds?kind=renewal&order_id=${id}`)).body.data;
    expect(ofRenewal.items).toHaveLength(1);
    const asked = { body: { data: ofRenewal.items[0] } };
    expect(asked.body.data).toMatchObject({
      kind: 'renewal',
      renewal_id: renewal.id,
      order_id: id,
      amount_fen: 12_000,
      state: 'requested',
      request_cause: 'renewal_declined',
      request_reason: 'Fully booked',
    });
    // Nothing more can be asked for it.
    expect((await askRefund(renewal.id, 1, 'Declined', 'renewal')).status).toBe(409);
    // A renewal's refund is listed under its order's project.
    const ofProject = (await api(staffToken, 'GET', `/api/refunds?project_id=${p}`)).body.data;
    expect(ofProject.items.map((r: { id: number }) => r.id)).toEqual([asked.body.data.id]);
    await staffSend(adminToken, '/api/refunds', asked.body.data.id, { type: 'refund.grant' });
    await staffSend(staffToken, '/api/refunds', asked.body.data.id, {
      type: 'refund.send',
      destination: 'wallet',
    });
    expect((await api(staffToken, 'GET', `/api/renewals/${renewal.id}`)).body.data).toMatchObject({
      refunded_fen: 12_000,
    });
    expect(await balance(c)).toBe(100_000 - 20_000);
    // Each entry names the service order the money moved for: the order's payment, the renewal's, its refund; and
    // whether it was for a renewal of it.
    const ledger = (await api(staffToken, 'GET', `/api/customers/${c}/ledger`)).body.data;
    type LedgerEntry = {
      type: string;
      ref: { kind: string } | null;
      order_id: number | null;
      for_renewal: boolean;
    };
    expect(
      ledger.items.map((e: LedgerEntry) => [e.type, e.ref?.kind ?? null, e.order_id, e.for_renewal]),
    ).toEqual([
      ['WalletCredited', 'refund', id, true],
      ['WalletCharged', 'renewal', id, true],
      ['WalletCharged', 'order', id, false],
      ['WalletToppedUp', null, null, false],
    ]);
    // The order's history tells the renewal's steps and its refund's, each by its record; another order's, none.
    const elsewhere = await place(c, p);
    await send(elsewhere, { type: 'order.pay', method: 'wallet' });
    expect((await askRefund(elsewhere, 1_000, 'Not this one')).status).toBe(200);
    type Entry = { type: string; record?: { type: string; id: number } };
    const history = (await api(staffToken, 'GET', `/api/orders/${id}/events`)).body.data as Entry[];
    const of = (type: string) =>
      history.filter((e) => e.record?.type === type).map((e) => `${e.record!.id} ${e.type}`);
    expect(of('renewal').reverse()).toEqual([
      `${renewal.id} RenewalRequested`,
      `${renewal.id} RenewalPaid`,
      `${renewal.id} RenewalDeclined`,
      `${renewal.id} RefundReserved`,
      `${renewal.id} RenewalRefunded`,
    ]);
    const refund = asked.body.data.id;
    expect(of('refund').reverse()).toEqual([
      `${refund} RefundRequested`,
      `${refund} RefundGranted`,
      `${refund} RefundSent`,
    ]);
    expect(history.filter((e) => !e.record).map((e) => e.type)).not.toContain('RefundReserved');
  });

  it('settles a confirmed renewal at the rate that applies then, and a later rate change leaves it as it was', async () => {
    const c = await customer(100_000);
    const p = await project('renewable');
    const id = await place(c, p);
    await send(id, { type: 'order.pay', method: 'wallet' });
    await staffSend(staffToken, '/api/orders', id, {
      type: 'order.assign',
      supplierId: (await takingSupplier()).id,
    });
    await send(id, { type: 'order.accept' });
    const created = await runCreate(sys(), renewalEntity, { order_id: id, units: 2 });
    const renewal = created.record as { id: number; version: number };
    await runCommand(
      sys(),
      renewalEntity,
      renewal.id,
      { type: 'renewal.pay', method: 'wallet' },
      renewal.version,
    );
    // A project override wins over Beijing's city override.
    const setRate = async (rate: string) => {
      const version = (await api(adminToken, 'GET', '/api/commission')).body.data.version;
      const set = await api(adminToken, 'POST', '/api/commission/events', {
        type: 'commission.setOverride',
        scope: 'project',
        target: String(p),
        rate,
        expectedVersion: version,
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
    };
    await setRate('7.25');
    const confirmed = await staffSend(staffToken, '/api/renewals', renewal.id, { type: 'renewal.confirm' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    // 12000 × 7.25 % = 870; the supplier gets the rest.
    const settlement = {
      amountFen: 12_000,
      rateBp: 725,
      source: 'project',
      commissionFen: 870,
      payoutFen: 11_130,
    };
    expect(confirmed.body.data.renewal).toMatchObject({ state: 'confirmed', settlement });
    const log = await app.db
      .selectFrom('events')
      .select(['type', 'data'])
      .where('stream_type', '=', 'renewal')
      .where('stream_id', '=', String(renewal.id))
      .orderBy('global_position')
      .execute();
    expect(log.map((e) => e.type).slice(-2)).toEqual(['RenewalConfirmed', 'RenewalSettled']);

    await setRate('20');
    const after = (await api(staffToken, 'GET', `/api/renewals/${renewal.id}`)).body.data;
    expect(after.settlement).toEqual(settlement);
    // Its money was paid out: nothing of it is refundable (only a declined renewal is).
    expect(after).toMatchObject({ paid_fen: 12_000, refundable_fen: 0 });
    // The export says the settlement's parts in yuan, as the amount.
    const [header, row] = await csvLines(`/api/renewals/export.csv?q=${after.order_no}&tab=confirmed`);
    const columns = header!.split(',');
    const cell = (name: string) => row!.split(',')[columns.indexOf(name)];
    expect([cell('city'), cell('units'), cell('unit')]).toEqual(['Beijing', '2', 'hour']);
    expect([cell('amount'), cell('commission'), cell('payout')]).toEqual(['120.00', '8.70', '111.30']);
  });

  it('refuses a renewal of a normal project', async () => {
    const id = await place(await customer(0), await project('normal'));
    await expect(runCreate(sys(), renewalEntity, { order_id: id, units: 1 })).rejects.toMatchObject({
      data: { reason_key: 'renewal.reason.notRenewable' },
    });
  });
});

describe('one account per mobile number', () => {
  it('refuses opening an account for a number another account has, naming it; of two openings at once, one opens', async () => {
    const open = (name: string) =>
      runCreate(sys(), customerEntity, { name, mobile: '13700009999', city: 'Beijing' }).then(
        (r) => (r.record as { id: number }).id,
        (e: AppError) => e,
      );
    const [a, b] = await Promise.all([open('Zhao Lei'), open('Zhao Lei again')]);
    const opened = [a, b].filter((r) => typeof r === 'number');
    const refused = [a, b].filter((r) => r instanceof AppError);
    expect(opened).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      statusCode: 409,
      data: {
        reason_key: 'account.validation.mobileTaken',
        field: 'mobile',
        id: opened[0],
        values: { mobile: '13700009999', id: opened[0] },
      },
    });
    const again = await open('Zhao Lei');
    expect(again).toBeInstanceOf(AppError);
    expect((again as AppError).message).toContain(`account ${opened[0]}'s`);
    const other = (mobile: string) =>
      runCreate(sys(), customerEntity, { name: 'Zhao Lei', mobile, city: 'Beijing' });
    await expect(other('13700009998')).resolves.toBeTruthy();
  });
});

describe('search by name', () => {
  it('finds accounts and orders where a word of the customer’s name starts with the term, not inside a word', async () => {
    const created = await runCreate(sys(), customerEntity, {
      name: 'Qiu Haoran 家政',
      mobile: '13800000077',
      city: 'Beijing',
    });
    const c = (created.record as { id: number }).id;
    await runCommand(sys(), customerEntity, c, { type: 'customer.topUp', amountFen: 50_000 }, 1);
    const o = await place(c, await project());
    const found = async (path: string, q: string) =>
      (
        (await api(staffToken, 'GET', `${path}?q=${encodeURIComponent(q)}`)).body.data.items as Array<{
          id: number;
        }>
      ).map((r) => r.id);
    for (const term of ['haoran', 'QIU HAO', '家政', '政']) {
      expect(await found('/api/customers', term), term).toContain(c);
      expect(await found('/api/orders', term), term).toContain(o);
    }
    for (const term of ['aoran', 'iu haoran']) {
      expect(await found('/api/customers', term), term).not.toContain(c);
      expect(await found('/api/orders', term), term).not.toContain(o);
    }
  });
});

describe('the log reproduces every read model', () => {
  it('rebuilds orders, renewals, refunds, accounts and suppliers exactly as they are live', async () => {
    const k = app.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const tables = ['orders', 'renewals', 'refunds', 'customers', 'suppliers'];
    const read = async () => {
      const out: Record<string, unknown[]> = {};
      for (const t of tables) out[t] = await k.selectFrom(t).selectAll().orderBy('id').execute();
      return out;
    };
    const live = await read();
    expect(live.orders.length).toBeGreaterThan(5);
    await rebuildAll(app.db as Kysely<Database>);
    expect(await read()).toEqual(live);
  });
});

it('refuses a range set the wrong way round, comparing amounts as numbers and days as days', async () => {
  const reversed = await api(adminToken, 'GET', '/api/orders?amount_from=500&amount_to=300');
  expect(reversed.status).toBe(400);
  expect(reversed.body).toMatchObject({
    err_msg: 'amount_from must not be more than amount_to.',
    data: { reason_key: 'errors.validation.rangeReversedMoney', field: 'amount_from' },
  });
  const days = await api(adminToken, 'GET', '/api/orders?placed_from=2026-12-02&placed_to=2026-12-01');
  expect(days.body.data).toMatchObject({
    reason_key: 'errors.validation.rangeReversed',
    field: 'placed_from',
  });
  // Amounts past an integer column's largest (21,474,836.47 yuan), up to the largest a person may type.
  const all = (await api(adminToken, 'GET', '/api/orders')).body.data.total;
  expect(all).toBeGreaterThan(0);
  const totals = async (url: string) => {
    const res = await api(adminToken, 'GET', url);
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data.total;
  };
  expect(await totals('/api/orders?amount_to=999999999.99')).toBe(all);
  expect(await totals('/api/orders?amount_from=0&amount_to=21474836.48')).toBe(all);
  expect(await totals('/api/orders?amount_from=21474836.48')).toBe(0);
  expect(await totals('/api/refunds?amount_from=999999999.99')).toBe(0);
  expect(await csvLines('/api/orders/export.csv?amount_to=999999999.99')).toHaveLength(all + 1);
  // "50" sorts after "300" as text, not as an amount; an equal start and end is one value, not reversed.
  for (const url of [
    '/api/orders?amount_from=50&amount_to=300',
    '/api/orders?amount_from=300&amount_to=300.00',
    '/api/orders?placed_from=2026-12-01&placed_to=2026-12-01',
  ]) {
    expect((await api(adminToken, 'GET', url)).status, url).toBe(200);
  }
});

it('answers bad input with the envelope and a reason key, never a 5xx', async () => {
  const cases: Array<[string, string, unknown]> = [
    ['POST', '/api/refunds', { kind: 'order', target_id: 'x', amount_fen: 1 }],
    ['POST', '/api/refunds', { kind: 'gift', target_id: 1, amount_fen: 1 }],
    ['POST', '/api/refunds', { kind: 'order', target_id: 999_999, amount_fen: 1, reason: 'x' }],
    ['POST', '/api/orders/1/events', { type: 'order.assign', expectedVersion: 1 }],
    [
      'POST',
      '/api/customers/1/events',
      { type: 'customer.adjust', amountFen: 1.5, reason: 'x', expectedVersion: 1 },
    ],
    ['GET', '/api/orders?placed_from=2026-02-30', undefined],
    ['GET', '/api/orders?amount_from=abc', undefined],
    // An id past the database's integers, or 0, is out of range; the same for a ledger's page.
    ['GET', '/api/orders?customer_id=2147483648', undefined],
    ['GET', '/api/refunds?order_id=9999999999', undefined],
    ['GET', '/api/orders/export.csv?project_id=2147483648', undefined],
    ['GET', '/api/orders?project_id=0', undefined],
    ['GET', '/api/customers/1/ledger?page=0', undefined],
    ['GET', '/api/orders?placed_from=2026-12-02&placed_to=2026-12-01', undefined],
  ];
  for (const [method, url, payload] of cases) {
    const res = await api(adminToken, method as 'GET' | 'POST', url, payload);
    expect(res.status, `${method} ${url} ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, url).toBeLessThan(500);
    expect(res.body.data?.reason_key, url).toMatch(/\./);
  }
  // The English reads as a sentence: the rule, then what was sent.
  const huge = await api(adminToken, 'POST', '/api/customers/1/events', {
    type: 'customer.adjust',
    amountFen: -999_999_999,
    reason: 'x',
    expectedVersion: 1,
  });
  expect(huge.body.err_msg).toMatch(
    /^amountFen must be a whole number of fen from -\d+ to \d+ other than 0, not -999999999\.$/,
  );
  expect(AppError).toBeDefined();
});
