import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The service-city list shows each city's supplier count, a sum over the suppliers' rows of `list_counts` in that
// city (server/modules/suppliers/port.ts, `suppliersInCityColumn`). Without an index on the city key each city's sum
// read the whole table; with it, the city's few rows. Only the count (`n`) of a `list_counts` row ever changes, so
// its updates stay HOT and this index costs a write only when a combination appears or goes.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index list_counts_city on list_counts (list, lower(trim(dims ->> 'city')))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists list_counts_city`.execute(db);
}
