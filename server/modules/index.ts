import { authModule } from './auth/routes';
import { commissionModule } from './commission';
import { configsModule } from './configs/routes';
import { filesModule } from './files/routes';
import { projectsModule } from './projects';
import type { ServerModule } from './types';
import { serviceCitiesModule } from './serviceCities';
import { suppliersModule } from './suppliers';
import { userModule } from './user/routes';

/**
 * Every server module, registered in this order by buildApp (routes), prepareDatabase (migrations) and seed.
 * To add an entity: create server/modules/<entity>/ exporting a ServerModule, and add one line here.
 */
export const modules: ServerModule[] = [
  authModule,
  userModule,
  filesModule,
  configsModule,
  // Before suppliers: a supplier's city must be an open service city, so the demo suppliers' cities come first.
  serviceCitiesModule,
  suppliersModule,
  projectsModule,
  commissionModule,
];
