import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The monitor counts the facts of the last hour by minute. Facts are appended in time order, so a BRIN index on
// their time (a few pages for millions of facts, next to nothing to keep up on append) finds the last hour
// without reading the log.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index events_occurred_at_brin on events using brin (occurred_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_occurred_at_brin`.execute(db);
}
