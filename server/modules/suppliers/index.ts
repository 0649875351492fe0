import * as suppliersMigration from '../../db/migrations/2026_11_21_1000_suppliers';
import type { ServerModule } from '../types';
import routes from './routes';
import { seedSuppliers } from './seed';

export const suppliersModule: ServerModule = {
  name: 'suppliers',
  routes,
  migrations: { '2026_11_21_1000_suppliers': suppliersMigration },
  seed: seedSuppliers,
};
