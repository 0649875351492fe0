import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// Processes that follow the event log (server/events/follower.ts). Every event records the transaction that wrote
// it (`tx`): a follower reads only events of transactions that ended before any still running began, in
// (tx, global_position) order, so an event committed late by a slow transaction is never skipped (a follower
// going by global_position alone would pass over it). Each follower's position is a row of `log_followers`,
// written in the same transaction as what the follower did.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Existing events get the migration's own transaction: all of them ended long before any follower starts.
  await sql`alter table events add column tx xid8 not null default pg_current_xact_id()`.execute(db);
  // A follower reads the types it handles, by (tx, global_position).
  await sql`create index events_type_tx_position_idx on events (type, tx, global_position)`.execute(db);
  await db.schema
    .createTable('log_followers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('tx', sql`xid8`, (c) => c.notNull())
    .addColumn('global_position', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_followers').ifExists().execute();
  await sql`drop index if exists events_type_tx_position_idx`.execute(db);
  await sql`alter table events drop column if exists tx`.execute(db);
}
