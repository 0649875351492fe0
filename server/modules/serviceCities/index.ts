import * as serviceCitiesMigration from '../../db/migrations/2026_11_21_1200_service_cities';
import type { ServerModule } from '../types';
import routes from './routes';
import { seedServiceCities } from './seed';

export const serviceCitiesModule: ServerModule = {
  name: 'serviceCities',
  routes,
  migrations: { '2026_11_21_1200_service_cities': serviceCitiesMigration },
  seed: (db) => seedServiceCities(db),
};
