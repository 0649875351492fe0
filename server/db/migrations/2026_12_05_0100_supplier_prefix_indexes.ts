import { sql, type Kysely } from 'kysely';

// Frozen once landed: never edit; add a new timestamp-named migration instead.
// The suppliers' plain state and city indexes are the first column of their list indexes (list_suppliers_state_ranking:
// state, ranking, id; list_suppliers_city_ranking: city, ranking, id; made at start-up by server/kit/listSupport.ts),
// which serve every use of them (a tab, a city's suppliers, a reader who sees one city), so they go: two indexes on
// one key cost every write that changes a supplier's state or city a second index entry.

const PLAIN: Array<[string, string]> = [
  ['suppliers_state_idx', 'state'],
  ['suppliers_city_idx', 'city'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name] of PLAIN) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name, column] of PLAIN)
    await db.schema.createIndex(name).ifNotExists().on('suppliers').column(column).execute();
}
