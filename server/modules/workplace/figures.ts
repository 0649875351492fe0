import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { PeriodFigures } from '../../../src/contract/workplace';
import { ORDER_PLACED, ORDER_STREAM } from '../../../src/machines/lifecycles/orderLifecycle';
import { RENEWAL_STREAM } from '../../../src/machines/lifecycles/renewalLifecycle';
import type { Database } from '../../db/schema';
import type { Follower } from '../../events/follower';

/**
 * The orders and money of each hour, by city and project (`order_figures`), and coarser sums of the same beside it
 * (FIGURE_TABLES): read models kept by a log follower from the facts below, and computed from the whole log at once
 * by its rebuild. Both come from this one declaration; a test holds the follower's result and the rebuild's equal.
 */
type Measure = 'orders' | 'paid_fen' | 'commission_fen' | 'refunded_fen';

interface FigureFact {
  /** The stream the fact is stored in, and its read model, where the order's city and project are. */
  stream: string;
  table: 'orders' | 'renewals';
  measure: Measure;
  /** The fact's field holding the amount added (fen); none: the fact counts one. */
  amount: 'amountFen' | 'commissionFen' | null;
}

export const FIGURE_FACTS: Record<string, FigureFact> = {
  [ORDER_PLACED]: { stream: ORDER_STREAM, table: 'orders', measure: 'orders', amount: null },
  OrderPaid: { stream: ORDER_STREAM, table: 'orders', measure: 'paid_fen', amount: 'amountFen' },
  OrderSettled: { stream: ORDER_STREAM, table: 'orders', measure: 'commission_fen', amount: 'commissionFen' },
  OrderRefunded: { stream: ORDER_STREAM, table: 'orders', measure: 'refunded_fen', amount: 'amountFen' },
  RenewalPaid: { stream: RENEWAL_STREAM, table: 'renewals', measure: 'paid_fen', amount: 'amountFen' },
  RenewalSettled: {
    stream: RENEWAL_STREAM,
    table: 'renewals',
    measure: 'commission_fen',
    amount: 'commissionFen',
  },
  RenewalRefunded: {
    stream: RENEWAL_STREAM,
    table: 'renewals',
    measure: 'refunded_fen',
    amount: 'amountFen',
  },
};

const MEASURES: readonly Measure[] = ['orders', 'paid_fen', 'commission_fen', 'refunded_fen'];

export interface FigureTable {
  table: 'order_figures' | 'order_figures_hour_city' | 'order_figures_hour_project' | 'order_figures_day';
  /** Its time column: the UTC hour, or the UTC day. */
  time: 'hour' | 'day';
  keys: ReadonlyArray<'city' | 'project_id'>;
}

/**
 * The finest read model first (every other is a sum of it): what an analysis over a year reads is thousands of rows
 * of the coarser ones, not a million of the finest (server/modules/analysis/queries.ts chooses).
 */
export const FIGURE_TABLES: readonly FigureTable[] = [
  { table: 'order_figures', time: 'hour', keys: ['city', 'project_id'] },
  { table: 'order_figures_hour_city', time: 'hour', keys: ['city'] },
  { table: 'order_figures_hour_project', time: 'hour', keys: ['project_id'] },
  { table: 'order_figures_day', time: 'day', keys: ['city', 'project_id'] },
];

/** The UTC hour (or day) a time falls in, whatever the session's time zone. */
const truncated = (unit: 'hour' | 'day', time: RawBuilder<unknown>) =>
  sql`date_trunc(${unit}, ${time} at time zone 'UTC') at time zone 'UTC'`;
const hourOf = (time: RawBuilder<unknown>) => truncated('hour', time);

export interface OrderFiguresTable {
  hour: Date;
  city: string;
  project_id: number;
  orders: number;
  paid_fen: number | string;
  commission_fen: number | string;
  refunded_fen: number | string;
}

declare module '../../db/schema' {
  interface Database {
    order_figures: OrderFiguresTable;
    order_figures_hour_city: Omit<OrderFiguresTable, 'project_id'>;
    order_figures_hour_project: Omit<OrderFiguresTable, 'city'>;
    order_figures_day: Omit<OrderFiguresTable, 'hour'> & { day: Date };
  }
}

/**
 * Every fact the figures count that `where` admits (over `events e`), one row each: its hour, its order's city and
 * project, and what it adds to each measure. The rebuild groups these by hour, city and project; the edges of a
 * period not on the hour are summed from them directly.
 */
function factRows(where: RawBuilder<unknown>) {
  return [...new Set(Object.values(FIGURE_FACTS).map((f) => `${f.stream}:${f.table}`))].map((key) => {
    const [stream, table] = key.split(':') as [string, string];
    const facts = Object.entries(FIGURE_FACTS).filter(([, f]) => f.stream === stream);
    const measures = MEASURES.map((measure) => {
      const cases = facts
        .filter(([, f]) => f.measure === measure)
        .map(([type, f]) =>
          f.amount === null
            ? sql`when ${type} then 1`
            : sql`when ${type} then (e.data ->> ${f.amount})::bigint`,
        );
      return cases.length
        ? sql`case e.type ${sql.join(cases, sql` `)} else 0 end as ${sql.ref(measure)}`
        : sql`0 as ${sql.ref(measure)}`;
    });
    return sql`
      select ${hourOf(sql`e.occurred_at`)} as hour, t.city, t.project_id, ${sql.join(measures)}
      from events e join ${sql.table(table)} t on t.id = e.stream_id::integer
      where e.stream_type = ${stream} and e.type in (${sql.join(facts.map(([type]) => type))}) and ${where}`;
  });
}

export const orderFigures: Follower = {
  name: 'order_figures',
  types: Object.keys(FIGURE_FACTS),
  handle: async (trx, event) => {
    const fact = FIGURE_FACTS[event.type]!;
    if (event.streamType !== fact.stream) return;
    const order = await trx
      .selectFrom(fact.table)
      .select(['city', 'project_id'])
      .where('id', '=', Number(event.streamId))
      .executeTakeFirst();
    // The read model is written in the fact's own transaction, which ended before the follower reads the fact.
    if (!order) throw new Error(`${fact.table} ${event.streamId} is missing for ${event.type}`);
    const amount = fact.amount === null ? 1 : Number(event.data[fact.amount]);
    const column = sql.ref(fact.measure);
    const at = sql`${event.occurredAt.toISOString()}::timestamptz`;
    const values = { city: order.city, project_id: order.project_id };
    for (const t of FIGURE_TABLES) {
      const keys = [t.time, ...t.keys];
      await sql`
        insert into ${sql.table(t.table)} (${sql.join(keys.map((k) => sql.ref(k)))}, ${column})
        values (${truncated(t.time, at)}, ${sql.join(t.keys.map((k) => values[k]))}, ${amount})
        on conflict (${sql.join(keys.map((k) => sql.ref(k)))})
        do update set ${column} = ${sql.table(t.table)}.${column} + excluded.${column}`.execute(trx);
    }
  },
  rebuild: async (trx, horizon) => {
    for (const t of FIGURE_TABLES) await trx.deleteFrom(t.table).execute();
    const sources = factRows(sql`e.tx < ${horizon}::xid8`);
    await sql`
      insert into order_figures (hour, city, project_id, orders, paid_fen, commission_fen, refunded_fen)
      select hour, city, project_id, sum(orders), sum(paid_fen), sum(commission_fen), sum(refunded_fen)
      from (${sql.join(sources, sql` union all `)}) facts
      group by hour, city, project_id`.execute(trx);
    // The coarser ones are sums of the finest.
    for (const t of FIGURE_TABLES.slice(1)) {
      const keys = [t.time, ...t.keys].map((k) => sql.ref(k));
      await sql`
        insert into ${sql.table(t.table)} (${sql.join(keys)}, orders, paid_fen, commission_fen, refunded_fen)
        select ${truncated(t.time, sql`hour`)}, ${sql.join(t.keys.map((k) => sql.ref(k)))},
          sum(orders), sum(paid_fen), sum(commission_fen), sum(refunded_fen)
        from order_figures group by ${sql.join(keys.map((_, i) => sql.raw(String(i + 1))))}`.execute(trx);
    }
    const { n } = await trx
      .selectFrom('order_figures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  },
};

const HOUR = 3_600_000;
const sums = sql`
  coalesce(sum(orders), 0) as orders, coalesce(sum(paid_fen), 0) as paid_fen,
  coalesce(sum(commission_fen), 0) as commission_fen, coalesce(sum(refunded_fen), 0) as refunded_fen`;

/**
 * The figures of the facts from `from` up to (not including) `to`, exactly: the whole hours inside the period from
 * `order_figures` (sums over a few hundred rows), the parts of an hour at either end (a period starting or ending
 * off the hour, today's hour so far) from the facts themselves, found by their time (a BRIN index).
 */
export async function figuresBetween(db: Kysely<Database>, from: Date, to: Date): Promise<PeriodFigures> {
  const firstHour = Math.ceil(from.getTime() / HOUR) * HOUR;
  const lastHour = Math.floor(to.getTime() / HOUR) * HOUR;
  const parts: Array<ReturnType<typeof sql>> = [];
  if (firstHour < lastHour) {
    parts.push(sql`select ${sums} from order_figures
      where hour >= ${new Date(firstHour)} and hour < ${new Date(lastHour)}`);
  }
  const edges: Array<[number, number]> =
    firstHour < lastHour
      ? [
          [from.getTime(), firstHour],
          [lastHour, to.getTime()],
        ]
      : [[from.getTime(), to.getTime()]];
  for (const [a, b] of edges) {
    if (a >= b) continue;
    const rows = factRows(sql`e.occurred_at >= ${new Date(a)} and e.occurred_at < ${new Date(b)}`);
    parts.push(sql`select ${sums} from (${sql.join(rows, sql` union all `)}) facts`);
  }
  const totals = { orders: 0, paid_fen: 0, commission_fen: 0, refunded_fen: 0 };
  for (const part of parts) {
    const { rows } = await sql<Record<keyof PeriodFigures, string>>`${part}`.execute(db);
    for (const key of Object.keys(totals) as Array<keyof PeriodFigures>) totals[key] += Number(rows[0]![key]);
  }
  return totals;
}
