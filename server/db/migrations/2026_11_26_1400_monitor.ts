import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The monitor counts the facts of the last hour by minute. Facts are appended in time order, so a BRIN index on
// their time (a few pages for millions of facts, next to nothing to keep up on append) finds the last hour
// without reading the log. The monitors' reader reads the log in (tx, global_position) order from a position,
// whatever the fact's type: its own index.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_occurred_at_brin on events using brin (occurred_at)`.execute(db);
  await sql`create index events_tx_position_idx on events (tx, global_position)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_tx_position_idx`.execute(db);
  await sql`drop index if exists events_occurred_at_brin`.execute(db);
}
