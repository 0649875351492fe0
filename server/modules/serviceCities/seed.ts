import type { Kysely } from 'kysely';
import { SERVICE_CITY_STREAM } from '../../../src/machines/lifecycles/serviceCityLifecycle';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import { runCreate } from '../../kit/pipeline';
import { seedOnce } from '../../kit/seedOnce';
import { serviceCityEntity } from './module';

/**
 * Demo service cities: the cities the demo suppliers are in (server/modules/suppliers/seed.ts), plus one closed
 * city nobody is in. Created through the real command, so each has its history. Idempotent: runs only while no
 * service city was ever created (no `service_city` event), so restarting neither duplicates nor brings back a
 * city someone deleted; a name that already exists (any case) is skipped.
 */
export const DEMO_CITIES: Array<{ name: string; ranking: number; is_enabled: boolean }> = [
  { name: 'Beijing', ranking: 1, is_enabled: true },
  { name: 'Shanghai', ranking: 2, is_enabled: true },
  { name: 'Guangzhou', ranking: 3, is_enabled: true },
  { name: 'Shenzhen', ranking: 4, is_enabled: true },
  { name: 'Hangzhou', ranking: 5, is_enabled: true },
  { name: 'Chengdu', ranking: 6, is_enabled: true },
  { name: 'Xiamen', ranking: 20, is_enabled: false },
];

export function seedServiceCities(db: Kysely<Database>): Promise<void> {
  return seedOnce(db, SERVICE_CITY_STREAM, async (conn, { admin }) => {
    for (const city of DEMO_CITIES) {
      const exists = await conn
        .selectFrom('service_cities')
        .select('id')
        .where('name_key', '=', cityNameKey(city.name))
        .executeTakeFirst();
      if (!exists) await runCreate({ db: conn, actor: admin }, serviceCityEntity, city);
    }
  });
}
