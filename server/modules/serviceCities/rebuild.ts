import type { Kysely } from 'kysely';
import {
  SERVICE_CITY_CREATED,
  SERVICE_CITY_STREAM,
  citySnapshot,
  cityStatusOf,
  decideCity,
  fromStoredCityEvent,
  isDeleted,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import { rebuildEntityProjection } from '../../events/replay';

/**
 * Replays every service city stream through the lifecycle machine and rewrites the `service_cities` projection in
 * one transaction (deleted cities leave no row). Returns the number of cities rebuilt.
 */
export function rebuildServiceCityProjection(db: Kysely<Database>): Promise<number> {
  return rebuildEntityProjection(db, {
    entity: 'Service city',
    createdType: SERVICE_CITY_CREATED,
    start: (creation) => {
      const d = creation.data as { name: string; ranking: number; is_enabled: boolean };
      return citySnapshot({ is_enabled: d.is_enabled }, { name: d.name, ranking: d.ranking });
    },
    decide: (snapshot, stored) => decideCity(snapshot, fromStoredCityEvent(stored)),
    streamType: SERVICE_CITY_STREAM,
    table: 'service_cities',
    write: async (trx, snapshot, meta) => {
      if (isDeleted(snapshot)) return false;
      await trx
        .insertInto('service_cities')
        .values({
          id: meta.id,
          version: meta.version,
          name: snapshot.context.name,
          name_key: cityNameKey(snapshot.context.name),
          is_enabled: cityStatusOf(snapshot).is_enabled,
          ranking: snapshot.context.ranking,
          created_by: meta.createdBy,
          created_at: meta.createdAt,
          updated_at: meta.updatedAt,
        })
        .execute();
    },
  });
}
