import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// An order a supplier refused stays on the refused list after it is reassigned or cancelled, on the tab of where it
// is now: `was_refused` says a supplier refused it at least once (the order machine's `wasRefused`). Orders stored
// before take it from their log, as a rebuild would.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column was_refused boolean not null default false`.execute(db);
  await sql`
    update orders set was_refused = true
    where id in (select stream_id::bigint from events where stream_type = 'order' and type = 'OrderRefused')
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop column if exists was_refused`.execute(db);
}
