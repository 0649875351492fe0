import { ACTIVITY_LIST } from '@/contract/activities';
import { CHANNEL_LIST } from '@/contract/channels';
import { CUSTOMER_LIST } from '@/contract/customers';
import { FEEDBACK_LIST } from '@/contract/feedback';
import { NOTICE_LIST } from '@/contract/notices';
import { ORDER_LIST, REFUND_LIST, RENEWAL_LIST } from '@/contract/orders';
import { PROJECT_LIST } from '@/contract/projects';
import { SERVICE_CITY_LIST } from '@/contract/serviceCities';
import { SUPPLIER_LIST } from '@/contract/suppliers';
import { activitiesApi } from '@/services/activities';
import { channelsApi } from '@/services/channels';
import { customersApi } from '@/services/customers';
import type { EntityApi, Versioned } from '@/services/entityApi';
import { feedbackApi } from '@/services/feedback';
import { noticesApi } from '@/services/notices';
import { ordersApi, refundsApi, renewalsApi } from '@/services/orders';
import { projectsApi } from '@/services/projects';
import { serviceCitiesApi } from '@/services/serviceCities';
import { suppliersApi } from '@/services/suppliers';
import { queryFromParams, type ScreenListSpec } from './listQuery';

/**
 * The first page of each list route, asked for as soon as the route guard lets the navigation through, while the
 * page's code is still loading: the list machine's first `fetchPage` (the same query, from the same URL) then
 * takes that answer (`EntityApi.prefetchList`) instead of asking only once the page has rendered. A light module
 * (the specs and the calls, no screen machines), loaded with the layout.
 */

/** The order screens' lists that always query with a fixed value (the screen's own, never in the URL). */
export const REFUSED_ORDERS_SPEC: ScreenListSpec = { ...ORDER_LIST, fixed: { tab: 'refused' } };
export const REFUND_SPECS: Record<'order' | 'renewal', ScreenListSpec> = {
  order: { ...REFUND_LIST, fixed: { kind: 'order' } },
  renewal: { ...REFUND_LIST, fixed: { kind: 'renewal' } },
};

const firstPageOf =
  <Row extends Versioned>(api: EntityApi<Row>, spec: ScreenListSpec) =>
  (params: Record<string, string>) =>
    api.prefetchList(queryFromParams(spec, params));

/** By route name (src/contract/routes.ts): the list page's spec and call, as its page declares them. */
export const FIRST_PAGES: Record<string, (params: Record<string, string>) => void> = {
  SupplyList: firstPageOf(suppliersApi, SUPPLIER_LIST),
  ProjectList: firstPageOf(projectsApi, PROJECT_LIST),
  Card: firstPageOf(projectsApi, PROJECT_LIST),
  SearchTable: firstPageOf(channelsApi, CHANNEL_LIST),
  ServiceCity: firstPageOf(serviceCitiesApi, SERVICE_CITY_LIST),
  OrderServer: firstPageOf(ordersApi, ORDER_LIST),
  OrderRefuse: firstPageOf(ordersApi, REFUSED_ORDERS_SPEC),
  OrderRenew: firstPageOf(renewalsApi, RENEWAL_LIST),
  OrderRefund: firstPageOf(refundsApi, REFUND_SPECS.order),
  OrderRenewAndRefund: firstPageOf(refundsApi, REFUND_SPECS.renewal),
  AccountList: firstPageOf(customersApi, CUSTOMER_LIST),
  ActivityList: firstPageOf(activitiesApi, ACTIVITY_LIST),
  NoticeList: firstPageOf(noticesApi, NOTICE_LIST),
  FeedbackList: firstPageOf(feedbackApi, FEEDBACK_LIST),
};
