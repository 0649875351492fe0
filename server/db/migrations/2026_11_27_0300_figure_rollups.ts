import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// Coarser read models beside `order_figures` (hour × city × project), kept by the same log follower, so an analysis
// over a year sums thousands of rows rather than a million: by hour and city, by hour and project, and by UTC day,
// city and project. Filled here from `order_figures` as it stands; the follower keeps all four from then on.

const MEASURES = sql`orders, paid_fen, commission_fen, refunded_fen`;
const SUMS = sql`sum(orders), sum(paid_fen), sum(commission_fen), sum(refunded_fen)`;

async function measuresTable(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  table: string,
  keys: Array<[string, 'timestamptz' | 'text' | 'integer']>,
) {
  let t = db.schema.createTable(table);
  for (const [name, type] of keys) t = t.addColumn(name, type, (c) => c.notNull());
  await t
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${table}_pk`, keys.map(([name]) => name) as never)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await measuresTable(db, 'order_figures_hour_city', [
    ['hour', 'timestamptz'],
    ['city', 'text'],
  ]);
  await measuresTable(db, 'order_figures_hour_project', [
    ['hour', 'timestamptz'],
    ['project_id', 'integer'],
  ]);
  await measuresTable(db, 'order_figures_day', [
    ['day', 'timestamptz'],
    ['city', 'text'],
    ['project_id', 'integer'],
  ]);
  await sql`insert into order_figures_hour_city (hour, city, ${MEASURES})
    select hour, city, ${SUMS} from order_figures group by hour, city`.execute(db);
  await sql`insert into order_figures_hour_project (hour, project_id, ${MEASURES})
    select hour, project_id, ${SUMS} from order_figures group by hour, project_id`.execute(db);
  await sql`insert into order_figures_day (day, city, project_id, ${MEASURES})
    select date_trunc('day', hour at time zone 'UTC') at time zone 'UTC', city, project_id, ${SUMS}
    from order_figures group by 1, city, project_id`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['order_figures_day', 'order_figures_hour_project', 'order_figures_hour_city']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
