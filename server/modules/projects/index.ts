import * as projectsMigration from '../../db/migrations/2026_11_21_1100_projects';
import type { ServerModule } from '../types';
import routes from './routes';
import { seedProjects } from './seed';

export const projectsModule: ServerModule = {
  name: 'projects',
  routes,
  migrations: { '2026_11_21_1100_projects': projectsMigration },
  seed: seedProjects,
};
