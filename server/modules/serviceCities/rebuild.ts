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
import { readAll, type StoredEvent } from '../../events/store';

/**
 * Replays every service city stream through the lifecycle machine and rewrites the `service_cities` projection in
 * one transaction (deleted cities leave no row). Returns the number of cities rebuilt.
 */
export async function rebuildServiceCityProjection(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await readAll(trx, SERVICE_CITY_STREAM);
    const streams = new Map<string, StoredEvent[]>();
    for (const e of events) streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    await trx.deleteFrom('service_cities').execute();
    let count = 0;
    for (const [streamId, stream] of streams) {
      const [first, ...rest] = stream;
      if (first.type !== SERVICE_CITY_CREATED)
        throw new Error(`service_city ${streamId} does not start with a creation`);
      const d = first.data as { name: string; ranking: number; is_enabled: boolean };
      let snapshot = citySnapshot({ is_enabled: d.is_enabled }, { name: d.name, ranking: d.ranking });
      for (const e of rest) {
        const decision = decideCity(snapshot, fromStoredCityEvent(e));
        if (!decision.accepted)
          throw new Error(`service_city ${streamId} v${e.version}: ${decision.message}`);
        snapshot = decision.snapshot;
      }
      if (isDeleted(snapshot)) continue;
      const last = stream[stream.length - 1];
      await trx
        .insertInto('service_cities')
        .values({
          id: Number(streamId),
          version: last.version,
          name: snapshot.context.name,
          name_key: cityNameKey(snapshot.context.name),
          is_enabled: cityStatusOf(snapshot).is_enabled,
          ranking: snapshot.context.ranking,
          created_by: first.actor.id,
          created_at: first.occurredAt,
          updated_at: last.occurredAt,
        })
        .execute();
      count++;
    }
    return count;
  });
}
