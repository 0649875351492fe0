import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The plain (created_at, id) indexes of orders, customers, renewals and refunds go: each list's own index on that
// key (list_<table>_created_at, made at start-up by server/kit/listSupport.ts) now also carries what the counting
// of its "placed" or "registered" range filter reads, and serves every use the plain one had. Two indexes on one
// key cost every write a second index entry.

const PLAIN = ['orders', 'customers', 'renewals', 'refunds'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of PLAIN) await sql`drop index if exists ${sql.id(`${table}_created_at_idx`)}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of PLAIN) {
    await sql`create index if not exists ${sql.id(`${table}_created_at_idx`)} on ${sql.table(table)} (created_at, id)`.execute(
      db,
    );
  }
}
