import type { Kysely } from 'kysely';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import './projection';

/**
 * What other modules may ask of service cities. They call these functions, never the `service_cities` table.
 * `lock: 'share'` holds the city row until the caller's transaction ends, so a city cannot be deleted or renamed
 * under a command that relies on it (a supplier signing up in it, an override set on it); the city's own
 * commands lock it for update, so the two wait for each other instead of both passing their checks.
 */

export interface CityRef {
  id: number;
  name: string;
  is_enabled: boolean;
}

/** The city with this name (any case or spacing), or undefined. */
export async function findCity(
  db: Kysely<Database>,
  name: string,
  options: { lock?: 'share' } = {},
): Promise<CityRef | undefined> {
  let query = db
    .selectFrom('service_cities')
    .select(['id', 'name', 'is_enabled'])
    .where('name_key', '=', cityNameKey(name));
  if (options.lock === 'share') query = query.forShare();
  return query.executeTakeFirst();
}

/** The open cities' names, in ranking order (for a message listing the choices). */
export async function openCityNames(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('service_cities')
    .select('name')
    .where('is_enabled', '=', true)
    .orderBy('ranking')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.name);
}
