import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Staff members named beside the records that hold their ids (who reviewed, who granted, who sent), read the same
 * way by every entity: in a list, a subselect per row on the primary key; for one record (its detail, a command's
 * answer), one read of the members it names.
 */

/** `table.column`'s member's `field`, as a list column (null for none). */
export function memberColumn(
  table: string,
  column: string,
  field: 'name' | 'email' = 'name',
): RawBuilder<string | null> {
  return sql<
    string | null
  >`(select users.${sql.ref(field)} from users where users.id = ${sql.ref(`${table}.${column}`)})`;
}

/** The members a record names by id, to look up by id (undefined for none or an unknown id). */
export async function membersOf(
  db: Kysely<Database>,
  ids: unknown[],
): Promise<(id: unknown) => { name: string; email: string } | undefined> {
  const known = ids.filter((id): id is number => typeof id === 'number');
  const users = known.length
    ? await db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', known).execute()
    : [];
  return (id) => users.find((u) => u.id === id);
}
