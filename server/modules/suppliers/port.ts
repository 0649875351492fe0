import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import { candidateOf } from '../../../src/machines/lifecycles/marketplaceFlows';
import type { SupplierCandidate } from '../../../src/machines/lifecycles/orderMachine';
import type { Database } from '../../db/schema';
import { supplierProjection } from './projection';

/** What other modules may ask of suppliers. They call these functions, never the `suppliers` table. */

/** How many suppliers are in the city with this name (any case or spacing). */
export async function suppliersInCity(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('suppliers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`lower(trim(city)) = ${cityNameKey(name)}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The number of suppliers in a city, as a column of another query (`cityKey`: the city's name_key column). */
export function suppliersInCityColumn(cityKey: Expression<string>): RawBuilder<number> {
  return sql<number>`(select count(*)::int from suppliers s where lower(trim(s.city)) = ${cityKey})`;
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
): Promise<Array<{ id: number; name: string; mobile: string; order_num: number }>> {
  let query = db
    .selectFrom('suppliers')
    .select(['id', 'name', 'mobile', 'order_num'])
    .where(sql<boolean>`lower(trim(city)) = ${cityNameKey(city)}`)
    .where('audit_state', '=', 'pass')
    .where('is_enabled', '=', true)
    .where('state', '=', 'taking_orders');
  if (q.trim()) {
    const like = `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('name', 'ilike', like), eb('mobile', 'ilike', like)]));
  }
  return query.orderBy('ranking').orderBy('id').limit(limit).execute();
}
