import { sql } from 'kysely';
import { keptStatementCount } from '../../server/db/prepared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, followOnce, rebuildFollower } from '../../server/events/follower';
import type { Actor } from '../../server/events/store';
import { runCommand, runCreate, type PipelineContext } from '../../server/kit/pipeline';
import { customerEntity } from '../../server/modules/customers/module';
import { modules } from '../../server/modules/index';
import { orderEntity } from '../../server/modules/orders/module';
import { FIGURE_TABLES, figuresBetween, orderFigures } from '../../server/modules/workplace/figures';
import { WORK_ITEMS, type WorkplaceDto } from '../../src/contract/workplace';
import { APPS_TOKEN, useAppsToken } from './support/apps';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// The workplace on the demo month: its counts are the lists' it links to, its figures are what the orders and
// renewals hold, its follower and its rebuild agree, and a staff event shows first, named.

useAppsToken();
let app: TestApp;
let adminToken: string;
let staffToken: string;
const apps: Actor = { id: null, role: 'system' };
const sys = (): PipelineContext => ({ db: app.db, actor: apps, reactions: app.app.reactions });
const HOUR = 3_600_000;

beforeAll(async () => {
  app = await createTestApp();
  adminToken = await app.login(ADMIN.email, ADMIN.password);
  staffToken = await app.login(STAFF.email, STAFF.password);
  await catchUp(app.db, orderFigures);
});
afterAll(async () => app?.close());

async function get(token: string, url: string) {
  const res = await app.app.inject({ method: 'GET', url, headers: bearer(token) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes of many shapes, read field by field
  return { status: res.statusCode, body: res.json() as { err_code: number; err_msg: string; data: any } };
}

/** Days as the console counts them: starts of today, yesterday and the same weekday last week (here in UTC). */
function starts(now = new Date()) {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const day = (n: number) => new Date(today.getTime() - n * 24 * HOUR).toISOString();
  return `today=${day(0)}&yesterday=${day(1)}&last_week=${day(7)}`;
}

async function workplace(token = adminToken): Promise<WorkplaceDto> {
  const res = await get(token, `/api/workplace?${starts()}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as WorkplaceDto;
}

const LIST_PATHS: Record<string, string> = {
  suppliers: '/api/suppliers',
  refunds: '/api/refunds',
  renewals: '/api/renewals',
  feedback: '/api/feedback',
  notices: '/api/notices',
};

/** The admin grants the first refund of `kind` asked for (one there must be: `missing` says which). */
async function grantFirstAsked(kind: string, missing: string) {
  const asked = await get(adminToken, `/api/refunds?kind=${kind}&tab=requested&page_size=1`);
  const ask = asked.body.data.items[0] as { id: number; version: number } | undefined;
  expect(ask, missing).toBeDefined();
  return app.app.inject({
    method: 'POST',
    url: `/api/refunds/${ask!.id}/events`,
    headers: bearer(adminToken),
    payload: { type: 'refund.grant', expectedVersion: ask!.version },
  });
}

describe('the work waiting', () => {
  it('counts what each list it links to shows, and the demo month has some of each', async () => {
    const { work } = await workplace();
    expect(work.map((w) => w.key)).toEqual(WORK_ITEMS.map((i) => i.key));
    for (const item of WORK_ITEMS) {
      const where: Record<string, string> = item.where;
      // The refund screens fix the kind (/order/refund shows order refunds); the others show their whole list.
      const fixed: Record<string, string> = where.kind ? { kind: where.kind } : {};
      const query = new URLSearchParams({ ...fixed, ...item.query }).toString();
      const list = await get(adminToken, `${LIST_PATHS[item.list]}?${query}`);
      expect(list.status).toBe(200);
      const count = work.find((w) => w.key === item.key)!.count;
      expect(count, item.key).toBe(list.body.data.total);
    }
    expect(work.some((w) => w.count > 0)).toBe(true);
  });

  it('says how many of the refunds to send the member granted (four-eyes: another sends those), and when the rule is off, those granted under it', async () => {
    for (const key of ['refundsToSend', 'renewalRefundsToSend'] as const) {
      const item = WORK_ITEMS.find((i) => i.key === key)!;
      const { kind } = item.where as Record<string, string>;
      // A refund of this kind granted by the admin and not sent: the demo month's, or one of its asks granted now
      // (how many the month leaves granted at its end is chance).
      const waiting = await get(adminToken, `/api/refunds?kind=${kind}&tab=granted&page_size=1`);
      if (waiting.body.data.total === 0) {
        const requested = () => get(adminToken, `/api/refunds?kind=${kind}&tab=requested&page_size=1`);
        if (kind === 'renewal' && (await requested()).body.data.total === 0) {
          // None asked for either: a paid renewal of the month (the seed has renewals in every state) declined now
          // asks for its refund.
          const paid = (await get(adminToken, '/api/renewals?tab=paid&page_size=1')).body.data.items[0] as {
            id: number;
            version: number;
          };
          const declining = await app.app.inject({
            method: 'POST',
            url: `/api/renewals/${paid.id}/events`,
            headers: bearer(staffToken),
            payload: { type: 'renewal.decline', reason: 'Fully booked', expectedVersion: paid.version },
          });
          expect(declining.statusCode, declining.body).toBe(200);
        }
        const granting = await grantFirstAsked(kind, `${key}: the demo month has refunds asked for`);
        expect(granting.statusCode, granting.body).toBe(200);
      }
      const admin = await workplace();
      const granted = await get(adminToken, `/api/refunds?kind=${kind}&tab=granted&page_size=100`);
      const rows = granted.body.data.items as Array<{ granted_by_name: string | null }>;
      const mine = rows.filter((r) => r.granted_by_name === 'Alice Wang').length; // the demo admin
      expect(mine, `${key}: refunds the admin granted`).toBeGreaterThan(0);
      expect(
        admin.work.find((w) => w.key === key),
        key,
      ).toEqual({ key, count: rows.length, yours: mine });
      // Asked again, its count of those is read with the statements kept the first time (one source per list). Asked
      // once more first: a request between (the refunds' list above) may have filled the bound and forgotten them all.
      await workplace();
      const kept = keptStatementCount();
      expect((await workplace()).work.find((w) => w.key === key)?.yours, key).toBe(mine);
      expect(keptStatementCount(), `${key}: statements kept anew`).toBe(kept);
      // Staff grant nothing: none of theirs.
      expect((await workplace(staffToken)).work.find((w) => w.key === key)?.yours, key).toBe(0);
    }
    const settings = (await get(adminToken, '/api/global/configs')).body.data;
    const put = (body: object) =>
      app.app.inject({
        method: 'PUT',
        url: '/api/global/configs',
        headers: bearer(adminToken),
        payload: body,
      });
    expect((await put({ refund_four_eyes: false, version: settings.version })).statusCode).toBe(200);
    try {
      // Off now, the refunds the admin granted under the rule are still another's to send; a grant made while it
      // is off is the admin's own to send.
      const keptBefore = (await workplace()).work.find((w) => w.key === 'refundsToSend')!;
      const granting = await grantFirstAsked('order', 'the demo month has order refunds asked for');
      expect(granting.statusCode, granting.body).toBe(200);
      // The record answered says the rule does not apply to it; the workplace counts it as anyone's.
      expect(JSON.parse(granting.body).data.refund.four_eyes).toBe(false);
      const off = (await workplace()).work.find((w) => w.key === 'refundsToSend')!;
      expect(off.count).toBe(keptBefore.count + 1);
      const grantedByAdminUnderRule = (
        await app.db
          .selectFrom('refunds')
          .select('id')
          .where('kind', '=', 'order')
          .where('state', '=', 'granted')
          .where(
            'granted_by',
            '=',
            (
              await app.db
                .selectFrom('users')
                .select('id')
                .where('email', '=', 'admin@example.com')
                .executeTakeFirstOrThrow()
            ).id,
          )
          .where('four_eyes_at_grant', '=', true)
          .execute()
      ).length;
      expect(grantedByAdminUnderRule).toBeGreaterThan(0);
      expect(off.yours).toBe(grantedByAdminUnderRule);
    } finally {
      const now = (await get(adminToken, '/api/global/configs')).body.data;
      await put({ refund_four_eyes: true, version: now.version });
    }
  });

  it('is for staff: the marketplace apps get no figures', async () => {
    const apps = await get(APPS_TOKEN, `/api/workplace?${starts()}`);
    expect(apps.status).toBe(403);
    const nobody = await app.app.inject({ method: 'GET', url: `/api/workplace?${starts()}` });
    expect(nobody.statusCode).toBe(401);
  });

  it('shows a member only the work their role may do', async () => {
    const { work } = await workplace(staffToken);
    expect(work.map((w) => w.key)).toEqual([
      'suppliersToAudit',
      'refundsToSend',
      'renewalsToConfirm',
      'renewalRefundsToSend',
      'feedbackPending',
    ]);
  });
});

describe("the day's figures", () => {
  it('over all time, are what the orders and renewals hold', async () => {
    const all = await app.db
      .selectFrom('order_figures')
      .select((eb) => [
        eb.fn.sum<string>('orders').as('orders'),
        eb.fn.sum<string>('paid_fen').as('paid'),
        eb.fn.sum<string>('commission_fen').as('commission'),
        eb.fn.sum<string>('refunded_fen').as('refunded'),
      ])
      .executeTakeFirstOrThrow();
    const orders = await app.db
      .selectFrom('orders')
      .select(['paid_fen', 'refunded_fen', 'settlement'])
      .execute();
    const renewals = await app.db
      .selectFrom('renewals')
      .select(['state', 'amount_fen', 'refunded_fen', 'settlement'])
      .execute();
    const paidRenewals = renewals.filter((r) => r.state !== 'requested');
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(Number(all.orders)).toBe(orders.length);
    expect(Number(all.paid)).toBe(
      sum(orders.map((o) => o.paid_fen)) + sum(paidRenewals.map((r) => r.amount_fen)),
    );
    const commissionOf = (row: { settlement: unknown }) =>
      (row.settlement as { commissionFen: number } | null)?.commissionFen ?? 0;
    expect(sum(renewals.map(commissionOf))).toBeGreaterThan(0);
    expect(Number(all.commission)).toBe(sum(orders.map(commissionOf)) + sum(renewals.map(commissionOf)));
    expect(Number(all.refunded)).toBe(
      sum(orders.map((o) => o.refunded_fen)) + sum(renewals.map((r) => r.refunded_fen)),
    );
    expect(Number(all.commission)).toBeGreaterThan(0);
    expect(Number(all.refunded)).toBeGreaterThan(0);
  });

  it('are the same whether the follower kept them fact by fact or the rebuild computed them at once', async () => {
    // Every read model of the figures, the coarser sums included, row by row in key order.
    const read = () =>
      Promise.all(
        FIGURE_TABLES.map(({ table, time, keys }) =>
          sql<Record<string, unknown>>`select * from ${sql.table(table)}
            order by ${sql.join([time, ...keys].map((k) => sql.ref(k)))}`
            .execute(app.db)
            .then((r) => r.rows),
        ),
      );
    const kept = await read();
    expect(kept[0]!.length).toBeGreaterThan(10);
    for (const rows of kept.slice(1)) expect(rows.length).toBeGreaterThan(0);
    const rows = await rebuildFollower(app.db, orderFigures);
    expect(rows).toBe(kept[0]!.length);
    expect(await read()).toEqual(kept);
    // The rebuild left the follower where it ended: nothing is counted twice.
    expect((await followOnce(app.db, orderFigures)).handled).toBe(0);
    expect(await read()).toEqual(kept);
  });

  it('over any period, on the hour or not, are what its facts add up to', async () => {
    const now = Date.now();
    const periods: Array<[number, number]> = [
      [now - 3 * 24 * HOUR - 17 * 60_000, now - 2 * 24 * HOUR + 43 * 60_000],
      [now - 26 * HOUR + 5 * 60_000, now - 25 * HOUR + 50 * 60_000],
      [now - 7 * 24 * HOUR, now],
      [now - 30 * 60_000, now],
    ];
    for (const [from, to] of periods) {
      const { rows } = await sql<Record<string, string>>`
        select
          count(*) filter (where type = 'OrderPlaced') as orders,
          coalesce(sum((data ->> 'amountFen')::bigint) filter (where type in ('OrderPaid', 'RenewalPaid')), 0) as paid,
          coalesce(sum((data ->> 'commissionFen')::bigint) filter (where type in ('OrderSettled', 'RenewalSettled')), 0)
            as commission,
          coalesce(sum((data ->> 'amountFen')::bigint) filter (where type in ('OrderRefunded', 'RenewalRefunded')), 0)
            as refunded
        from events where occurred_at >= ${new Date(from)} and occurred_at < ${new Date(to)}`.execute(app.db);
      const byHand = rows[0]!;
      expect(
        await figuresBetween(app.db, new Date(from), new Date(to)),
        new Date(from).toISOString(),
      ).toEqual({
        orders: Number(byHand.orders),
        paid_fen: Number(byHand.paid),
        commission_fen: Number(byHand.commission),
        refunded_fen: Number(byHand.refunded),
      });
    }
    const week = await figuresBetween(app.db, new Date(now - 7 * 24 * HOUR), new Date(now));
    expect(week.orders).toBeGreaterThan(10);
    expect(week.commission_fen).toBeGreaterThan(0);
  });

  it("count an order placed and paid now in today's figures, not in yesterday's", async () => {
    const before = await workplace();
    const customer = await runCreate(sys(), customerEntity, {
      name: 'Zhao Lei',
      mobile: '13900000077',
      city: 'Beijing',
    });
    const customerId = (customer.record as { id: number }).id;
    await runCommand(sys(), customerEntity, customerId, { type: 'customer.topUp', amountFen: 50_000 }, 1);
    const project = await app.db
      .selectFrom('projects')
      .select(['id', 'min_price_fen'])
      .where('is_enabled', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const placed = await runCreate(sys(), orderEntity, {
      customer_id: customerId,
      project_id: project.id,
      city: 'Beijing',
      address: '1 Chang’an Avenue',
      scheduled_at: new Date(Date.now() + 86_400_000).toISOString(),
      amount_fen: project.min_price_fen,
    });
    const orderId = (placed.record as { id: number }).id;
    await runCommand(sys(), orderEntity, orderId, { type: 'order.pay', method: 'wallet' }, 1);
    await catchUp(app.db, orderFigures);
    const after = await workplace();
    expect(after.figures.today.orders).toBe(before.figures.today.orders + 1);
    expect(after.figures.today.paid_fen).toBe(before.figures.today.paid_fen + project.min_price_fen);
    expect(after.figures.yesterday).toEqual(before.figures.yesterday);
    expect(after.figures.last_week).toEqual(before.figures.last_week);
  });

  it('refuses periods that are not days before now, with a reason', async () => {
    const future = new Date(Date.now() + HOUR).toISOString();
    const bad = await get(
      adminToken,
      `/api/workplace?today=${future}&yesterday=${future}&last_week=${future}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data).toMatchObject({ field: 'today', reason_key: 'workplace.validation.periods' });
    const missing = await get(adminToken, '/api/workplace');
    expect(missing.status).toBe(400);
    const notATime = await get(adminToken, `/api/workplace?today=yesterday&yesterday=x&last_week=y`);
    expect(notATime.status).toBe(400);
  });
});

describe('what staff did lately, and help', () => {
  it('shows the latest staff event first, with who did it and the record named', async () => {
    const waiting = await app.db
      .selectFrom('suppliers')
      .select(['id', 'version', 'name'])
      .where('audit_state', '=', 'waiting_audit')
      .executeTakeFirstOrThrow();
    const approve = await app.app.inject({
      method: 'POST',
      url: `/api/suppliers/${waiting.id}/events`,
      headers: bearer(staffToken),
      payload: { type: 'supplier.approve', expectedVersion: waiting.version },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const { events } = await workplace();
    expect(events[0]).toMatchObject({
      stream_type: 'supplier',
      stream_id: String(waiting.id),
      type: 'SupplierApproved',
      title: waiting.name,
      actor: { email: STAFF.email },
    });
    // Only staff: the apps' facts (most of the log) are not what colleagues did.
    expect(events.length).toBeLessThanOrEqual(10);
    const positions = events.map((e) => e.position);
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
  });

  it('keeps a member’s certification out of the shared feed (staff may not read another’s)', async () => {
    const own = await app.app.inject({
      method: 'GET',
      url: '/api/certifications?tab=reviewing',
      headers: bearer(staffToken),
    });
    const request = (own.json() as { data: { items: Array<{ id: number; version: number }> } }).data
      .items[0]!;
    const withdraw = await app.app.inject({
      method: 'POST',
      url: `/api/certifications/${request.id}/events`,
      headers: bearer(staffToken),
      payload: { type: 'certification.withdraw', expectedVersion: request.version },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const { events } = await workplace();
    expect(events.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.stream_type === 'certification')).toEqual([]);
  });

  it('names a record of every kind by a column its table has, holding words', async () => {
    const titled = modules.flatMap((m) => (m.entities ?? []).filter((e) => e.title && e.projection.table));
    expect(titled.map((e) => e.lifecycle.stream).sort()).toEqual(
      [
        'activity',
        'certification',
        'channel',
        'customer',
        'feedback',
        'notice',
        'order',
        'project',
        'refund',
        'renewal',
        'service_city',
        'supplier',
      ].sort(),
    );
    for (const entity of titled) {
      const row = await sql<{ title: unknown }>`
        select ${sql.ref(entity.title!)} as title from ${sql.table(entity.projection.table!)} limit 1`.execute(
        app.db,
      );
      expect(typeof row.rows[0]?.title, entity.lifecycle.stream).toBe('string');
    }
  });

  it('lists the help notices that are out, newest first', async () => {
    const { help } = await workplace();
    const out = await app.db
      .selectFrom('notices')
      .select(['id'])
      .where('type', '=', 'help')
      .where('audit_state', '=', 'pass')
      .where('is_enabled', '=', true)
      .where('notice_time', '<=', new Date())
      .orderBy('notice_time', 'desc')
      .execute();
    expect(help.map((h) => h.id)).toEqual(out.slice(0, 5).map((n) => n.id));
    expect(help.length).toBeGreaterThan(0);
    const all = await app.db.selectFrom('notices').select('id').where('type', '=', 'help').execute();
    expect(all.length).toBeGreaterThan(help.length);
  });
});
