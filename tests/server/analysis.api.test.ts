import { sql } from 'kysely';
import { ceilDay, ceilMonth, cut, floorDay, floorMonth } from '../../server/modules/analysis/queries';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp } from '../../server/events/follower';
import { rebuildAll } from '../../server/kit/rebuildAll';
import { orderFigures } from '../../server/modules/workplace/figures';
import { TOP_SUPPLIERS, periodOf, type FigureRow, type SupplierRank } from '../../src/contract/analysis';
import { APPS_TOKEN, useAppsToken } from './support/apps';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// The analysis on the demo month: its figures are what the log's facts add up to, in the member's time zone, and
// every grouping sums to the same totals; its supplier ranking is what the orders hold.

useAppsToken();
let app: TestApp;
let adminToken: string;

beforeAll(async () => {
  app = await createTestApp();
  adminToken = await app.login(ADMIN.email, ADMIN.password);
  await catchUp(app.db, orderFigures);
});
afterAll(async () => app?.close());

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const FROM = day(40);
const TO = day(0);

async function get(url: string, token = adminToken) {
  const res = await app.app.inject({ method: 'GET', url, headers: bearer(token) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes of two shapes, read field by field
  return { status: res.statusCode, body: res.json() as { err_code: number; err_msg: string; data: any } };
}

async function figures(by: string, tz = 'UTC', from = FROM, to = TO): Promise<FigureRow[]> {
  const res = await get(`/api/analysis/figures?from=${from}&to=${to}&tz=${encodeURIComponent(tz)}&by=${by}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.rows as FigureRow[];
}

const SUMS = ['orders', 'paid_fen', 'commission_fen', 'refunded_fen'] as const;
const total = (rows: FigureRow[]) =>
  Object.fromEntries(SUMS.map((k) => [k, rows.reduce((a, r) => a + r[k], 0)]));

/** Each day's figures straight from the facts, days starting at midnight in `tz`. */
async function factsByDay(tz: string) {
  const { rows } = await sql<Record<string, string>>`
    select to_char((occurred_at at time zone ${tz})::date, 'YYYY-MM-DD') as period,
      count(*) filter (where type = 'OrderPlaced') as orders,
      coalesce(sum((data ->> 'amountFen')::bigint) filter (where type in ('OrderPaid', 'RenewalPaid')), 0) as paid_fen,
      coalesce(sum((data ->> 'commissionFen')::bigint) filter (where type in ('OrderSettled', 'RenewalSettled')), 0)
        as commission_fen,
      coalesce(sum((data ->> 'amountFen')::bigint) filter (where type in ('OrderRefunded', 'RenewalRefunded')), 0)
        as refunded_fen
    from events
    where type in
      ('OrderPlaced', 'OrderPaid', 'RenewalPaid', 'OrderSettled', 'RenewalSettled', 'OrderRefunded', 'RenewalRefunded')
      and (occurred_at at time zone ${tz})::date between ${FROM}::date and ${TO}::date
    group by 1 order by 1`.execute(app.db);
  return rows.map((r) => ({
    period: r.period,
    orders: Number(r.orders),
    paid_fen: Number(r.paid_fen),
    commission_fen: Number(r.commission_fen),
    refunded_fen: Number(r.refunded_fen),
  }));
}

describe('figures', () => {
  it('by day, are what the facts of each day add up to, in UTC and in Shanghai', async () => {
    for (const tz of ['UTC', 'Asia/Shanghai']) {
      const rows = await figures('day', tz);
      const busy = rows.filter((r) => SUMS.some((k) => r[k] !== 0));
      expect(busy, tz).toEqual(await factsByDay(tz));
      expect(busy.length, tz).toBeGreaterThan(20);
    }
    // Shanghai's days are not UTC's: a member there sees other sums per day.
    expect(await figures('day', 'Asia/Shanghai')).not.toEqual(await figures('day', 'UTC'));
  });

  it('by week and by month, are the sums of their days, each period named by its first day', async () => {
    const days = await figures('day');
    for (const unit of ['week', 'month'] as const) {
      const rows = await figures(unit);
      const expected = new Map<string, Record<string, number>>();
      for (const d of days) {
        const p = periodOf(d.period!, unit);
        const sums = expected.get(p) ?? { orders: 0, paid_fen: 0, commission_fen: 0, refunded_fen: 0 };
        for (const k of SUMS) sums[k]! += d[k];
        expected.set(p, sums);
      }
      expect(rows.map((r) => r.period)).toEqual([...expected.keys()]);
      for (const r of rows) expect(r, unit).toMatchObject(expected.get(r.period!)!);
    }
    const weeks = await figures('week');
    for (const w of weeks) expect(new Date(`${w.period}T00:00:00Z`).getUTCDay(), w.period).toBe(1);
  });

  it('by city, by project and by both, sum to the same totals, most paid first', async () => {
    const all = total(await figures('day'));
    expect(all.orders).toBeGreaterThan(50);
    const cities = await figures('city');
    const projects = await figures('project');
    const both = await figures('city,project');
    for (const rows of [cities, projects, both]) expect(total(rows)).toEqual(all);
    expect(new Set(cities.map((r) => r.city)).size).toBe(cities.length);
    expect(cities.length).toBeGreaterThan(1);
    const paid = cities.map((r) => r.paid_fen);
    expect([...paid].sort((a, b) => b - a)).toEqual(paid);
    const named = await app.db.selectFrom('projects').select(['id', 'project_name']).execute();
    for (const r of projects) {
      expect(r.project_name).toBe(named.find((p) => p.id === r.project_id)?.project_name);
      expect(r).not.toHaveProperty('city');
    }
    for (const city of cities) {
      expect(total(both.filter((r) => r.city === city.city))).toEqual(total([city]));
    }
    const monthly = await figures('month,city');
    expect(total(monthly)).toEqual(all);
    expect(monthly.every((r) => r.period && r.city)).toBe(true);
  });

  it('without a period, in a zone whose days are not UTC days, each city is what its facts add up to', async () => {
    // Whole UTC days come from the daily sums, the hours at either edge from the hourly ones: the same as the facts.
    for (const tz of ['Asia/Shanghai', 'America/New_York']) {
      const { rows } = await sql<Record<string, string>>`
        select t.city,
          count(*) filter (where e.type = 'OrderPlaced') as orders,
          coalesce(sum((e.data ->> 'amountFen')::bigint) filter (where e.type in ('OrderPaid', 'RenewalPaid')), 0)
            as paid_fen,
          coalesce(
            sum((e.data ->> 'commissionFen')::bigint) filter (where e.type in ('OrderSettled', 'RenewalSettled')), 0
          )
            as commission_fen,
          coalesce(sum((e.data ->> 'amountFen')::bigint)
            filter (where e.type in ('OrderRefunded', 'RenewalRefunded')), 0) as refunded_fen
        from events e
        join (select id, city, 'order' as stream from orders union all select id, city, 'renewal' from renewals) t
          on t.stream = e.stream_type and t.id = e.stream_id::integer
        where e.type in
          ('OrderPlaced', 'OrderPaid', 'RenewalPaid', 'OrderSettled', 'RenewalSettled', 'OrderRefunded', 'RenewalRefunded')
          and (e.occurred_at at time zone ${tz})::date between ${FROM}::date and ${TO}::date
        group by t.city`.execute(app.db);
      const byCity = new Map(
        rows.map((r) => [r.city, Object.fromEntries(SUMS.map((k) => [k, Number(r[k])]))]),
      );
      const cities = await figures('city', tz);
      expect(cities.length, tz).toBe(byCity.size);
      for (const c of cities) expect(c, `${tz} ${c.city}`).toMatchObject(byCity.get(c.city!)!);
      expect(total(await figures('city,project', tz)), tz).toEqual(total(await figures('day', tz)));
      expect(total(await figures('project', tz)), tz).toEqual(total(cities));
    }
  });

  it('of a range with nothing in it are no rows', async () => {
    expect(await figures('day', 'UTC', '2001-01-01', '2001-12-31')).toEqual([]);
  });
});

describe('top suppliers', () => {
  it('are the suppliers of the orders placed in the range with the most paid, less refunded', async () => {
    // The demo orders are a month's: some are moved weeks back, so ranges hold orders in whole months and days, and
    // in the parts of months and days at their edges (the orders' own sums follow the move).
    await sql`update orders set created_at = created_at - (id % 4) * interval '23 days 5 hours'`.execute(
      app.db,
    );
    const orders = await app.db
      .selectFrom('orders')
      .innerJoin('suppliers', 'suppliers.id', 'orders.supplier_id')
      .select([
        'orders.supplier_id',
        'suppliers.name',
        'orders.created_at',
        'paid_fen',
        'refunded_fen',
        'settlement',
      ])
      .execute();
    // Ranges with and without whole UTC months and days inside, starting on and off a UTC midnight.
    for (const [tz, from] of [
      ['UTC', FROM],
      ['Asia/Shanghai', FROM],
      ['America/New_York', day(100)],
      ['UTC', day(100)],
      ['Asia/Shanghai', TO],
    ] as const) {
      const res = await get(`/api/analysis/top-suppliers?from=${from}&to=${TO}&tz=${encodeURIComponent(tz)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ranked = res.body.data.rows as SupplierRank[];
      const { rows } = await sql<{ s: Date; e: Date }>`
        select (${from}::date::timestamp at time zone ${tz}) as s,
          ((${TO}::date + 1)::timestamp at time zone ${tz}) as e`.execute(app.db);
      const start = new Date(rows[0]!.s).getTime();
      const end = new Date(rows[0]!.e).getTime();
      const bySupplier = new Map<number, SupplierRank>();
      for (const o of orders) {
        const at = new Date(o.created_at).getTime();
        if (at < start || at >= end) continue;
        const s = bySupplier.get(o.supplier_id!) ?? {
          supplier_id: o.supplier_id!,
          supplier_name: o.name,
          orders: 0,
          paid_fen: 0,
          commission_fen: 0,
        };
        s.orders += 1;
        s.paid_fen += o.paid_fen - o.refunded_fen;
        s.commission_fen += (o.settlement as { commissionFen: number } | null)?.commissionFen ?? 0;
        bySupplier.set(o.supplier_id!, s);
      }
      const expected = [...bySupplier.values()]
        .sort((a, b) => b.paid_fen - a.paid_fen || b.orders - a.orders || a.supplier_id - b.supplier_id)
        .slice(0, TOP_SUPPLIERS);
      if (from !== TO) expect(expected.length, `${tz} ${from}`).toBe(TOP_SUPPLIERS);
      expect(ranked, `${tz} ${from}`).toEqual(expected);
    }
  });

  /** The supplier figures, by day and by month, are what the orders hold now. */
  async function expectFiguresOfTheOrders() {
    for (const unit of ['day', 'month'] as const) {
      const kept = await sql<Record<string, unknown>>`
        select ${sql.ref(unit)} as at, supplier_id, orders, paid_fen, commission_fen
        from ${sql.table(`supplier_figures_${unit}`)} order by 1, 2`.execute(app.db);
      const fresh = await sql<Record<string, unknown>>`
        select date_trunc(${unit}, created_at at time zone 'UTC') at time zone 'UTC' as at, supplier_id,
          count(*)::int as orders, sum(paid_fen - refunded_fen)::bigint as paid_fen,
          sum(coalesce((settlement ->> 'commissionFen')::bigint, 0))::bigint as commission_fen
        from orders where supplier_id is not null group by 1, 2 order by 1, 2`.execute(app.db);
      expect(kept.rows.length, unit).toBeGreaterThan(0);
      expect(
        kept.rows.map((r) => JSON.stringify(r)),
        unit,
      ).toEqual(fresh.rows.map((r) => JSON.stringify(r)));
    }
  }

  it('are ranked from sums the orders keep: after every assignment, payment and refund, what the orders hold', async () => {
    await expectFiguresOfTheOrders();
    // An order moved to another supplier moves its share; one taken back from every supplier leaves nothing behind.
    const order = await app.db
      .selectFrom('orders')
      .select(['id', 'supplier_id'])
      .where('supplier_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const other = await app.db
      .selectFrom('suppliers')
      .select('id')
      .where('id', '!=', order.supplier_id!)
      .executeTakeFirstOrThrow();
    const share = (supplier: number) =>
      sql<{ n: number }>`select coalesce(sum(orders), 0)::int as n from supplier_figures_month
        where supplier_id = ${supplier}`
        .execute(app.db)
        .then((r) => r.rows[0]!.n);
    const [before, beforeOther] = [await share(order.supplier_id!), await share(other.id)];
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable('orders').set({ supplier_id: other.id }).where('id', '=', order.id).execute();
      expect(
        await sql<{ n: number }>`select coalesce(sum(orders), 0)::int as n from supplier_figures_month
        where supplier_id = ${other.id}`
          .execute(trx)
          .then((r) => r.rows[0]!.n),
      ).toBe(beforeOther + 1);
      await trx.updateTable('orders').set({ supplier_id: null }).where('id', '=', order.id).execute();
      await trx
        .updateTable('orders')
        .set({ supplier_id: order.supplier_id })
        .where('id', '=', order.id)
        .execute();
    });
    expect([await share(order.supplier_id!), await share(other.id)]).toEqual([before, beforeOther]);
  });

  it('are what the orders hold after every read model is rebuilt from the log (its orders emptied, then written)', async () => {
    await rebuildAll(app.db);
    await expectFiguresOfTheOrders();
  });
});

describe('who may ask, and what', () => {
  it('is for admins: staff and the marketplace apps are refused', async () => {
    const staffToken = await app.login(STAFF.email, STAFF.password);
    const url = `/api/analysis/figures?from=${FROM}&to=${TO}&tz=UTC&by=day`;
    expect((await get(url, staffToken)).status).toBe(403);
    expect((await get(url, APPS_TOKEN)).status).toBe(403);
    expect((await get(`/api/analysis/top-suppliers?from=${FROM}&to=${TO}&tz=UTC`, staffToken)).status).toBe(
      403,
    );
  });

  it('refuses a grouping, a range or a time zone it cannot answer, naming the field and the reason', async () => {
    const ask = (query: string) => get(`/api/analysis/figures?${query}`);
    const cases: Array<[string, string, string]> = [
      [`from=${FROM}&to=${TO}&tz=UTC&by=day,week`, 'by', 'analysis.validation.by'],
      [`from=${FROM}&to=${TO}&tz=UTC&by=city,city`, 'by', 'analysis.validation.by'],
      [`from=${FROM}&to=${TO}&tz=UTC&by=day,city,project`, 'by', 'analysis.validation.by'],
      [`from=${TO}&to=${FROM}&tz=UTC&by=day`, 'to', 'analysis.validation.range'],
      [`from=2020-01-01&to=2022-01-02&tz=UTC&by=month`, 'to', 'analysis.validation.range'],
      [`from=${FROM}&to=${TO}&tz=Mars%2FOlympus&by=day`, 'tz', 'analysis.validation.tz'],
    ];
    for (const [query, field, key] of cases) {
      const res = await ask(query);
      expect(res.status, query).toBe(400);
      expect(res.body.data, query).toMatchObject({ field, reason_key: key });
      expect(res.body.err_msg.length, query).toBeGreaterThan(10);
    }
    // Malformed values are refused by the schema, before any query.
    for (const query of [
      `from=2026-02-30&to=${TO}&tz=UTC&by=day`,
      `from=${FROM}&to=${TO}&tz=UTC&by=year`,
      `from=${FROM}&to=${TO}&by=day`,
      `from=${FROM}&to=${TO}&tz=UTC&by=day&extra=1`,
    ]) {
      expect((await ask(query)).status, query).toBe(400);
    }
    // The longest range is accepted.
    expect((await ask(`from=2024-01-01&to=2025-12-31&tz=UTC&by=month`)).status).toBe(200);
  });
});

describe('cutting a range', () => {
  const ms = (iso: string) => Date.parse(iso);
  it('into whole UTC days or months inside it and the parts at its edges, each instant once', () => {
    const s = ms('2026-01-30T16:00:00Z');
    const e = ms('2026-04-02T16:00:00Z');
    expect(cut(s, e, ceilDay, floorDay)).toEqual({
      inner: [ms('2026-01-31T00:00:00Z'), ms('2026-04-02T00:00:00Z')],
      edges: [
        [s, ms('2026-01-31T00:00:00Z')],
        [ms('2026-04-02T00:00:00Z'), e],
      ],
    });
    expect(cut(ms('2026-01-31T00:00:00Z'), ms('2026-04-02T00:00:00Z'), ceilMonth, floorMonth)).toEqual({
      inner: [ms('2026-02-01T00:00:00Z'), ms('2026-04-01T00:00:00Z')],
      edges: [
        [ms('2026-01-31T00:00:00Z'), ms('2026-02-01T00:00:00Z')],
        [ms('2026-04-01T00:00:00Z'), ms('2026-04-02T00:00:00Z')],
      ],
    });
    // On the boundaries: no edges. Inside one unit: all edge.
    expect(cut(ms('2026-02-01T00:00:00Z'), ms('2026-03-01T00:00:00Z'), ceilMonth, floorMonth)).toEqual({
      inner: [ms('2026-02-01T00:00:00Z'), ms('2026-03-01T00:00:00Z')],
      edges: [],
    });
    expect(cut(s, s + 3_600_000, ceilDay, floorDay)).toEqual({ inner: null, edges: [[s, s + 3_600_000]] });
    expect(ceilMonth(ms('2026-12-15T00:00:00Z'))).toBe(ms('2027-01-01T00:00:00Z'));
    expect(floorMonth(ms('2026-12-15T00:00:00Z'))).toBe(ms('2026-12-01T00:00:00Z'));
  });
});
