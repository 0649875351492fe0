import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import { candidateOf } from '../../../src/machines/lifecycles/marketplaceFlows';
import type { SupplierCandidate } from '../../../src/machines/lifecycles/orderMachine';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import type { Database } from '../../db/schema';
import { searched } from '../../kit/listQuery';
import { countedValues, type ListTable } from '../../kit/listSupport';
import { supplierProjection } from './projection';

/** What other modules may ask of suppliers. They call these functions, never the `suppliers` table. */

/** The suppliers list as the counts keep it (its `city` filter makes the city a counted column). */
export const SUPPLIERS: ListTable = { table: 'suppliers', spec: SUPPLIER_LIST };

/**
 * The number of suppliers in a city, as a column of another query (`cityKey`: the city's name_key column): a sum
 * over the suppliers' counts, a few hundred rows whatever the number of suppliers.
 */
export function suppliersInCityColumn(cityKey: Expression<string>): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(c.n), 0)::int from list_counts c
    where c.list = ${SUPPLIERS.table} and lower(trim(c.dims ->> 'city')) = ${cityKey})`;
}

/** How many suppliers are in the city with this name (any case or spacing). */
export async function suppliersInCity(db: Kysely<Database>, name: string): Promise<number> {
  const row = await sql<{
    n: number;
  }>`select ${suppliersInCityColumn(sql`${cityNameKey(name)}`)} as n`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

/** The cities suppliers are in (the list's city filter). */
export function supplierCities(db: Kysely<Database>): Promise<string[]> {
  return countedValues(db, SUPPLIERS, 'city');
}

/** A supplier as an order's assignment rule sees it, locked until the caller commits; undefined when none. */
export async function supplierCandidate(
  db: Kysely<Database>,
  id: number,
): Promise<SupplierCandidate | undefined> {
  const loaded = await supplierProjection.load(db, id, { lock: true });
  return loaded && candidateOf(id, loaded.snapshot);
}

/** The suppliers who could take an order in `city` now (audited, enabled, taking orders), best ranked first. */
export async function eligibleSuppliers(
  db: Kysely<Database>,
  city: string,
  q: string,
  limit: number,
  /** Left out: the supplier who refused the order (a refused order goes to another one). */
  except: number | null = null,
): Promise<Array<{ id: number; name: string; mobile: string; order_num: number }>> {
  let query = db
    .selectFrom('suppliers')
    .select(['id', 'name', 'mobile', 'order_num'])
    .where(sql<boolean>`lower(trim(city)) = ${cityNameKey(city)}`)
    .where('audit_state', '=', 'pass')
    .where('is_enabled', '=', true)
    .where('state', '=', 'taking_orders');
  if (except !== null) query = query.where('id', '<>', except);
  // Found as the supplier list finds them (a word of the name or real name, the start of the mobile or ID number),
  // from the list's search index.
  if (q.trim()) query = searched(SUPPLIER_LIST, query, q.trim());
  return query.orderBy('ranking').orderBy('id').limit(limit).execute();
}

/** The supplier's id and name, or undefined when there is none (a notice's recipient, a reader of a notice). */
export async function findSupplier(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('suppliers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

/** The first `limit` suppliers by id (demo data that names suppliers). */
export function someSuppliers(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<{ id: number; name: string }>> {
  return db.selectFrom('suppliers').select(['id', 'name']).orderBy('id').limit(limit).execute();
}

/** How many suppliers there are, as a column of another query: a sum over the suppliers' counts. */
export function supplierTotalColumn(): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(c.n), 0)::int from list_counts c where c.list = ${SUPPLIERS.table})`;
}
