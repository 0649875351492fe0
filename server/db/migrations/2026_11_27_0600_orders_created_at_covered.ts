import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The orders' (created_at, id) index goes: the list's own index on that key (list_orders_created_at, made at
// start-up by server/kit/listSupport.ts) now also carries the tab for the "placed" range filter, and serves every
// use the plain one had. Two indexes on one key cost every order write a second index entry.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_created_at_idx`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists orders_created_at_idx on orders (created_at, id)`.execute(db);
}
