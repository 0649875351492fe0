import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  TIME_DIMENSIONS,
  TOP_SUPPLIERS,
  type AnalysisQuery,
  type Dimension,
  type FigureRow,
  type FiguresQuery,
  type SupplierRank,
} from '../../../src/contract/analysis';
import type { Database } from '../../db/schema';

/**
 * The analysis' two queries. Figures are sums over the order figures' read models (hour × city × project and coarser
 * sums of it), so their cost grows with the hours or days, cities and projects in the range, not with the orders. Days, weeks (from Monday) and months
 * begin at midnight in the member's time zone; an hour is counted in the period its start falls in (exact in
 * every zone a whole number of hours from UTC).
 */

/** The range's first and last instants: from midnight of `from` to midnight after `to`, in `tz`. */
const rangeOf = (q: AnalysisQuery) => ({
  start: sql`(${q.from}::date::timestamp at time zone ${q.tz})`,
  end: sql`((${q.to}::date + 1)::timestamp at time zone ${q.tz})`,
});

/** A dimension's columns in the select list (the query groups by their positions: the same expression twice
 * would carry its parameters twice, which PostgreSQL does not see as one). */
function columnsOf(dimension: Dimension, tz: string): RawBuilder<unknown>[] {
  switch (dimension) {
    case 'city':
      return [sql`f.city`];
    case 'project':
      return [sql`f.project_id`, sql`coalesce(p.project_name, '') as project_name`];
    default:
      return [sql`date_trunc(${dimension}, f.hour at time zone ${tz}) as period`];
  }
}

const MEASURES = sql`orders, paid_fen, commission_fen, refunded_fen`;
const DAY = 86_400_000;

/** A span of time [from, to) in epoch ms. */
type Span = [number, number];

/**
 * [s, e) cut into the whole units inside it (`inner`, null when none fits) and the parts at either end (`edges`, two
 * at most, none empty): together they are [s, e), each instant in exactly one.
 */
export function cut(
  s: number,
  e: number,
  ceil: (ms: number) => number,
  floor: (ms: number) => number,
): { inner: Span | null; edges: Span[] } {
  const a = ceil(s);
  const b = floor(e);
  if (a >= b) return { inner: null, edges: s < e ? [[s, e]] : [] };
  return {
    inner: [a, b],
    edges: (
      [
        [s, a],
        [b, e],
      ] as Span[]
    ).filter(([x, y]) => x < y),
  };
}

export const ceilDay = (ms: number) => Math.ceil(ms / DAY) * DAY;
export const floorDay = (ms: number) => Math.floor(ms / DAY) * DAY;
export const floorMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
export const ceilMonth = (ms: number) => {
  const start = floorMonth(ms);
  if (start === ms) return ms;
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};
const at = (ms: number) => new Date(ms);

/** The range's first and last instants as epoch ms (the database knows the member's zone). */
async function instantsOf(db: Kysely<Database>, q: AnalysisQuery): Promise<{ s: number; e: number }> {
  const { start, end } = rangeOf(q);
  const { rows } = await sql<{ s: Date; e: Date }>`select ${start} as s, ${end} as e`.execute(db);
  return { s: new Date(rows[0]!.s).getTime(), e: new Date(rows[0]!.e).getTime() };
}

/**
 * The rows figures grouped by `by` are summed from, as `f` (its time column `hour` when there is a period): the
 * coarsest read model that keeps every dimension asked for (server/modules/workplace/figures.ts, FIGURE_TABLES).
 * - with a period: whole hours (a day in the member's zone starts on one), by city or by project where asked;
 * - without: whole UTC days inside the range from the daily one, and the hours at its two edges from the finest.
 */
async function sourceOf(db: Kysely<Database>, q: FiguresQuery): Promise<RawBuilder<unknown>> {
  const { start, end } = rangeOf(q);
  const city = q.by.includes('city');
  const project = q.by.includes('project');
  if (q.by.some((d) => TIME_DIMENSIONS.includes(d))) {
    if (!city && !project) {
      // By time alone, the hours are summed first (in the primary key's order) and each hour then put in its
      // period where the member is: the time zone is worked out once an hour, not once a row.
      return sql`(
        select hour, sum(orders) as orders, sum(paid_fen) as paid_fen, sum(commission_fen) as commission_fen,
          sum(refunded_fen) as refunded_fen
        from order_figures_hour_city where hour >= ${start} and hour < ${end} group by hour
      ) f`;
    }
    const table = city ? 'order_figures_hour_city' : 'order_figures_hour_project';
    return sql`(select * from ${sql.table(table)} where hour >= ${start} and hour < ${end}) f`;
  }
  const { s, e } = await instantsOf(db, q);
  const days = cut(s, e, ceilDay, floorDay);
  const hours = ([from, to]: Span) =>
    sql`select city, project_id, ${MEASURES} from order_figures where hour >= ${at(from)} and hour < ${at(to)}`;
  const parts = days.edges.map(hours);
  if (days.inner) {
    parts.push(sql`select city, project_id, ${MEASURES} from order_figures_day
      where day >= ${at(days.inner[0])} and day < ${at(days.inner[1])}`);
  }
  // An empty range still reads one (empty) hour, so the query keeps its shape.
  if (parts.length === 0) parts.push(hours([s, s]));
  return sql`(
    ${sql.join(parts, sql` union all `)}
  ) f`;
}

export async function figuresBy(db: Kysely<Database>, q: FiguresQuery): Promise<FigureRow[]> {
  const columns = q.by.flatMap((d) => columnsOf(d, q.tz));
  const positions = sql.raw(columns.map((_, i) => i + 1).join(', '));
  const byPeriod = q.by.some((d) => TIME_DIMENSIONS.includes(d));
  // Periods are grouped as timestamps and written as text once a group (to_char costs more than the sums).
  const rows = await sql<Record<string, unknown>>`
    select g.*${byPeriod ? sql`, to_char(g.period, 'YYYY-MM-DD') as period_text` : sql``} from (
      select ${sql.join(columns)},
        sum(f.orders)::bigint as orders, sum(f.paid_fen)::bigint as paid_fen,
        sum(f.commission_fen)::bigint as commission_fen, sum(f.refunded_fen)::bigint as refunded_fen
      from ${await sourceOf(db, q)}
      ${q.by.includes('project') ? sql`left join projects p on p.id = f.project_id` : sql``}
      group by ${positions}
    ) g
    order by ${byPeriod ? sql`g.period, ` : sql``}g.paid_fen desc, g.orders desc, ${positions}
  `.execute(db);
  return rows.rows.map((r) => ({
    ...(r.period_text !== undefined ? { period: String(r.period_text) } : {}),
    ...(r.city !== undefined ? { city: String(r.city) } : {}),
    ...(r.project_id !== undefined
      ? { project_id: Number(r.project_id), project_name: String(r.project_name) }
      : {}),
    orders: Number(r.orders),
    paid_fen: Number(r.paid_fen),
    commission_fen: Number(r.commission_fen),
    refunded_fen: Number(r.refunded_fen),
  }));
}

/**
 * The suppliers serving the most money among the orders placed in the range (an order counts for the supplier it
 * is assigned to now), with the commission settled on them; named as they are named now. Summed from what the
 * orders table keeps by UTC month and day of placement (migration 2026_11_27_0400_supplier_figures): whole months
 * inside the range, then whole days, then the orders of the hours at its edges themselves.
 */
export async function topSuppliers(db: Kysely<Database>, q: AnalysisQuery): Promise<SupplierRank[]> {
  const { s, e } = await instantsOf(db, q);
  const days = cut(s, e, ceilDay, floorDay);
  const months = days.inner ? cut(days.inner[0], days.inner[1], ceilMonth, floorMonth) : null;
  const parts: RawBuilder<unknown>[] = days.edges.map(
    ([from, to]) => sql`
      select supplier_id, 1 as orders, paid_fen - refunded_fen as paid_fen,
        coalesce((settlement ->> 'commissionFen')::bigint, 0) as commission_fen
      from orders where created_at >= ${at(from)} and created_at < ${at(to)} and supplier_id is not null`,
  );
  for (const [from, to] of months?.edges ?? []) {
    parts.push(sql`select supplier_id, orders, paid_fen, commission_fen from supplier_figures_day
      where day >= ${at(from)} and day < ${at(to)}`);
  }
  if (months?.inner) {
    parts.push(sql`select supplier_id, orders, paid_fen, commission_fen from supplier_figures_month
      where month >= ${at(months.inner[0])} and month < ${at(months.inner[1])}`);
  }
  if (parts.length === 0) return [];
  const rows = await sql<Record<string, unknown>>`
    with top as (
      select supplier_id, sum(orders) as orders, sum(paid_fen) as paid_fen, sum(commission_fen) as commission_fen
      from (${sql.join(parts, sql` union all `)}) f
      group by supplier_id
      having sum(orders) > 0
      order by paid_fen desc, orders desc, supplier_id
      limit ${TOP_SUPPLIERS}
    )
    select top.*, s.name as supplier_name from top join suppliers s on s.id = top.supplier_id
    order by top.paid_fen desc, top.orders desc, top.supplier_id
  `.execute(db);
  return rows.rows.map((r) => ({
    supplier_id: Number(r.supplier_id),
    supplier_name: String(r.supplier_name),
    orders: Number(r.orders),
    paid_fen: Number(r.paid_fen),
    commission_fen: Number(r.commission_fen),
  }));
}

/** The time zones the database knows (IANA names), read once. */
let zones: Promise<Set<string>> | null = null;
export function knownZones(db: Kysely<Database>): Promise<Set<string>> {
  zones ??= sql<{ name: string }>`select name from pg_timezone_names`
    .execute(db)
    .then((r) => new Set(r.rows.map((z) => z.name)))
    .catch((error: unknown) => {
      zones = null;
      throw error;
    });
  return zones;
}
