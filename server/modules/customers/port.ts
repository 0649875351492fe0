import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import './projection';

/** What other modules may ask of customer accounts. They call these functions, never the `customers` table. */

export interface CustomerRef {
  id: number;
  name: string;
  mobile: string;
  city: string;
  is_enabled: boolean;
}

/** The account with this id, or undefined; `lock: 'share'` keeps it from being closed until the caller commits. */
export async function findCustomer(
  db: Kysely<Database>,
  id: number,
  options: { lock?: 'share' } = {},
): Promise<CustomerRef | undefined> {
  let query = db
    .selectFrom('customers')
    .select(['id', 'name', 'mobile', 'city', 'is_enabled'])
    .where('id', '=', id);
  if (options.lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

/** How many customer accounts there are, as a column of another query: a sum over the accounts' counts. */
export function customerTotalColumn(): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(c.n), 0)::int from list_counts c where c.list = 'customers')`;
}

/** The first `limit` customer accounts by id (demo data that names customers). */
export function someCustomers(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('customers').select(['id', 'name']).orderBy('id').limit(limit).execute();
}
