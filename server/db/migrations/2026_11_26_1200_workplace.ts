import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// What the workplace reads besides the lists' counts:
// - `order_figures`: the money and the orders of each hour, by city and project (placed orders, paid, commission
//   settled, refunded; renewals' payments and refunds included), kept by a log follower from the order and
//   renewal facts (server/modules/workplace/figures.ts) and rebuilt from the log by `rebuild-projections`. Hours,
//   not days, so any time zone a whole number of hours from UTC can sum its own days.
// - the latest staff events: a partial index, so "what my colleagues did lately" does not walk past the
//   marketplace apps' facts (most of the log) to find them.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_figures')
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('project_id', 'integer', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_figures_pk', ['hour', 'city', 'project_id'])
    .execute();
  await sql`
    create index events_staff_position_idx on events (global_position)
    where actor_role in ('admin', 'user')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_staff_position_idx`.execute(db);
  await db.schema.dropTable('order_figures').ifExists().execute();
}
