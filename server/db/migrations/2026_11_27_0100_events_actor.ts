import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// A member's own activity (/user/info): their events newest first a page at a time, how many over the last 7 and
// 30 days, and when each member last acted. Without an index each of these reads the whole log (millions of facts)
// to find one member's; with this one, a page is a short backward range scan, a count an index-only range scan and
// "last acted" one index entry. Partial: the marketplace apps' facts (no actor id, most of the log) are left out.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create index events_actor_time_idx on events (actor_id, occurred_at, global_position)
    where actor_id is not null
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists events_actor_time_idx`.execute(db);
}
