import * as commissionMigration from '../../db/migrations/2026_11_21_1300_commission';
import type { ServerModule } from '../types';
import routes from './routes';
import { seedCommission } from './seed';

export const commissionModule: ServerModule = {
  name: 'commission',
  routes,
  migrations: { '2026_11_21_1300_commission': commissionMigration },
  seed: (db) => seedCommission(db),
};
