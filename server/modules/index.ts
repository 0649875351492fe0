import { activitiesModule } from './activities/module';
import { analysisModule } from './analysis/module';
import { channelsModule } from './channels/module';
import { certificationsModule } from './user/certification';
import { authModule } from './auth/routes';
import { commissionModule } from './commission/module';
import { configsModule } from './configs/routes';
import { customersModule } from './customers/module';
import { filesModule } from './files/routes';
import { flowsModule } from './flows/module';
import { noticesModule } from './notices/module';
import { feedbackModule } from './feedback/module';
import { mediaSettingsModule } from './mediaSettings/module';
import { ordersModule } from './orders/module';
import { projectsModule } from './projects/module';
import { refundsModule } from './refunds/module';
import { renewalsModule } from './renewals/module';
import type { ServerModule } from './types';
import { serviceCitiesModule } from './serviceCities/module';
import { suppliersModule } from './suppliers/module';
import { userModule } from './user/routes';
import { monitorModule } from './monitor/module';
import { workplaceModule } from './workplace/module';

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
  // Orders name customers, projects, cities and suppliers, so they come after them (for the demo seed too).
  customersModule,
  ordersModule,
  renewalsModule,
  refundsModule,
  flowsModule,
  // Notices name suppliers and customers (their audience), and follow the orders' facts.
  noticesModule,
  // Feedback names its sender (a customer or a supplier), and perhaps an order and a supplier.
  feedbackModule,
  // Activities apply to service cities and projects.
  activitiesModule,
  // Promotion channels (the step form's): on their own.
  channelsModule,
  // Real-name certification of staff members (the user settings' third tab): on its own.
  certificationsModule,
  // The group form's media parameters: one settings record.
  mediaSettingsModule,
  // The workplace reads every list's counts, and its figures the orders' and renewals' facts.
  workplaceModule,
  monitorModule,
  // The analysis reads the workplace's figures.
  analysisModule,
];
