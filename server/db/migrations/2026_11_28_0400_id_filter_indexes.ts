import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// Each list's id filters now have the list's own index (list_<table>_<column>_<default sort>: the column, the
// default sort column and id, carrying the tab; made at start-up by server/kit/listSupport.ts). It serves every use
// of these plain ones (a customer's orders, a supplier's, an order's renewals and refunds, a member's certifications,
// by its first columns), so they go: two indexes on one key cost every write a second index entry. A kit migration
// (server/db/migrate.ts), as the indexes it replaces belong to several modules' tables, all made before it.

const PLAIN: Array<[string, string, string[]]> = [
  ['orders_customer_idx', 'orders', ['customer_id', 'created_at']],
  ['orders_supplier_idx', 'orders', ['supplier_id', 'created_at']],
  ['renewals_order_idx', 'renewals', ['order_id']],
  ['refunds_order_idx', 'refunds', ['order_id']],
  ['certifications_applicant', 'certifications', ['applicant_id', 'created_at', 'id']],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of PLAIN) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, table, columns] of PLAIN)
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
}
