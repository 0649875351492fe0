/**
 * The route table (SPEC §2): every route of the console with its name, path and meta. One table for both sides:
 * the console attaches a page to each route by name (src/app/routes.ts) and builds its router, menu, breadcrumb,
 * tab bar and route guard from it; the server answers POST /api/user/menu from it, filtered by role.
 * Pure data: no imports.
 */

export interface RouteMeta {
  locale?: string;
  requiresAuth?: boolean;
  /** `*` means any signed-in role. */
  roles?: string[];
  /** A Blueprint icon name. */
  icon?: string;
  order?: number;
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
  ignoreCache?: boolean;
  breadcrumb?: boolean;
  /** The kind of record (its event stream type) this page shows, opened with `?id=`. */
  record?: string;
  /** The page's title when it makes a new record (opened without `?id=`): its tab says "New activity". */
  createLocale?: string;
}

export interface RouteEntry {
  path: string;
  name: string;
  meta: RouteMeta;
  /** Where a group's own path leads. */
  redirect?: string;
  /** External link (menu only). */
  href?: string;
  children?: RouteEntry[];
}

const ANY = ['*'];
const ADMIN = ['admin'];
const auth = (roles: string[], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  requiresAuth: true,
  roles,
  ...extra,
});

/** Routes of the console alone: the redirect helper and the hidden FAQ link are no server menu entries. */
export const CONSOLE_ONLY_ROUTES: readonly string[] = ['redirectWrapper', 'faq'];

/** Every route inside the console's default layout, in menu order (SPEC §2). */
export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/redirect',
    name: 'redirectWrapper',
    meta: auth(ANY, { hideInMenu: true }),
    children: [
      {
        path: '/redirect/*',
        name: 'Redirect',
        meta: auth(ANY, { hideInMenu: true }),
      },
    ],
  },
  {
    path: '/dashboard',
    name: 'dashboard',
    redirect: '/dashboard/workplace',
    meta: auth(ANY, { locale: 'menu.dashboard', icon: 'dashboard', order: 0, hideInMenu: true }),
    children: [
      {
        path: '/dashboard/workplace',
        name: 'Workplace',
        meta: auth(ANY, { locale: 'menu.dashboard.workplace' }),
      },
      {
        path: '/dashboard/monitor',
        name: 'Monitor',
        meta: auth(ADMIN, { locale: 'menu.dashboard.monitor' }),
      },
    ],
  },
  {
    path: '/project',
    name: 'project',
    redirect: '/project/list',
    meta: auth(ANY, { locale: 'menu.project', icon: 'projects', order: 1 }),
    children: [
      {
        path: '/project/list',
        name: 'ProjectList',
        meta: auth(ANY, { locale: 'menu.project.list' }),
      },
      {
        path: '/project/project',
        name: 'ProjectDetail',
        meta: auth(ANY, {
          locale: 'menu.project.detail',
          createLocale: 'project.title.create',
          record: 'project',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/supply',
    name: 'supply',
    redirect: '/supply/list',
    meta: auth(ANY, { locale: 'menu.supply', icon: 'shop', order: 1 }),
    children: [
      {
        path: '/supply/list',
        name: 'SupplyList',
        meta: auth(ANY, { locale: 'menu.supply.list' }),
      },
      {
        path: '/supply/detail',
        name: 'SupplyDetail',
        meta: auth(ANY, {
          locale: 'menu.supply.detail',
          createLocale: 'supply.title.create',
          record: 'supplier',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/list',
    name: 'list',
    meta: auth(ANY, { locale: 'menu.list', icon: 'th-list', order: 2, hideInMenu: true }),
    children: [
      {
        path: '/list/search-table',
        name: 'SearchTable',
        meta: auth(ANY, { locale: 'menu.list.searchTable' }),
      },
      {
        path: '/list/card',
        name: 'Card',
        meta: auth(ANY, { locale: 'menu.list.cardList' }),
      },
    ],
  },
  {
    path: '/activities',
    name: 'activities',
    redirect: '/activities/list',
    meta: auth(ANY, { locale: 'menu.activities', icon: 'timeline-events', order: 3 }),
    children: [
      {
        path: '/activities/list',
        name: 'ActivityList',
        meta: auth(ANY, { locale: 'menu.activities.list' }),
      },
      {
        path: '/activities/detail',
        name: 'ActivityDetail',
        meta: auth(ANY, {
          locale: 'menu.activities.detail',
          createLocale: 'activity.title.create',
          record: 'activity',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/order',
    name: 'order',
    redirect: '/order/server',
    meta: auth(ANY, { locale: 'menu.order', icon: 'shopping-cart', order: 3 }),
    children: [
      {
        path: '/order/server',
        name: 'OrderServer',
        meta: auth(ANY, { locale: 'menu.order.server' }),
      },
      {
        path: '/order/renew',
        name: 'OrderRenew',
        meta: auth(ANY, { locale: 'menu.order.renew' }),
      },
      {
        path: '/order/refuse',
        name: 'OrderRefuse',
        meta: auth(ANY, { locale: 'menu.order.refuse' }),
      },
      {
        path: '/order/refund',
        name: 'OrderRefund',
        meta: auth(ANY, { locale: 'menu.order.refund' }),
      },
      {
        path: '/order/renewandrefund',
        name: 'OrderRenewAndRefund',
        meta: auth(ANY, { locale: 'menu.order.renewAndRefund' }),
      },
      {
        path: '/order/detail',
        name: 'OrderDetail',
        meta: auth(ANY, {
          locale: 'menu.order.detail',
          record: 'order',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/form',
    name: 'form',
    meta: auth(ADMIN, { locale: 'menu.form', icon: 'form', order: 3, hideInMenu: true }),
    children: [
      {
        path: '/form/step',
        name: 'Step',
        meta: auth(ADMIN, { locale: 'menu.form.step' }),
      },
      {
        path: '/form/group',
        name: 'Group',
        meta: auth(ADMIN, { locale: 'menu.form.group' }),
      },
    ],
  },
  {
    path: '/account',
    name: 'account',
    redirect: '/account/list',
    meta: auth(ANY, { locale: 'menu.account', icon: 'people', order: 4 }),
    children: [
      {
        path: '/account/list',
        name: 'AccountList',
        meta: auth(ANY, { locale: 'menu.account.list' }),
      },
      {
        path: '/account/detail',
        name: 'AccountDetail',
        meta: auth(ANY, {
          locale: 'menu.account.detail',
          record: 'customer',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/notice',
    name: 'notice',
    redirect: '/notice/list',
    meta: auth(ANY, { locale: 'menu.notice', icon: 'notifications', order: 4 }),
    children: [
      {
        path: '/notice/list',
        name: 'NoticeList',
        meta: auth(ANY, { locale: 'menu.notice.list' }),
      },
      {
        path: '/notice/detail',
        name: 'NoticeDetail',
        meta: auth(ANY, {
          locale: 'menu.notice.detail',
          createLocale: 'notice.title.create',
          record: 'notice',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/profile',
    name: 'profile',
    meta: auth(ADMIN, { locale: 'menu.profile', icon: 'id-number', order: 4, hideInMenu: true }),
    children: [
      {
        path: '/profile/basic',
        name: 'Basic',
        meta: auth(ADMIN, { locale: 'menu.profile.basic' }),
      },
    ],
  },
  {
    path: '/feedback',
    name: 'feedback',
    redirect: '/feedback/feedbacklist',
    meta: auth(ANY, { locale: 'menu.feedback', icon: 'chat', order: 5 }),
    children: [
      {
        path: '/feedback/feedbacklist',
        name: 'FeedbackList',
        meta: auth(ANY, { locale: 'menu.feedback.list' }),
      },
      {
        path: '/feedback/feedbackdetail',
        name: 'FeedbackDetail',
        meta: auth(ANY, {
          locale: 'menu.feedback.detail',
          record: 'feedback',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
    ],
  },
  {
    path: '/system',
    name: 'system',
    redirect: '/system/setting',
    meta: auth(ANY, { locale: 'menu.system', icon: 'cog', order: 5 }),
    children: [
      {
        path: '/system/setting',
        name: 'SystemSetting',
        meta: auth(ANY, { locale: 'menu.system.setting' }),
      },
      {
        path: '/system/service-city',
        name: 'ServiceCity',
        meta: auth(ANY, { locale: 'menu.system.serviceCity' }),
      },
      {
        path: '/system/update-service-city',
        name: 'UpdateServiceCity',
        meta: auth(ANY, {
          locale: 'menu.system.updateServiceCity',
          createLocale: 'system.city.title.create',
          record: 'service_city',
          hideInMenu: true,
          ignoreCache: true,
        }),
      },
      {
        path: '/system/commission',
        name: 'Commission',
        meta: auth(ANY, { locale: 'menu.system.commission' }),
      },
    ],
  },
  {
    path: '/result',
    name: 'result',
    meta: auth(ADMIN, { locale: 'menu.result', icon: 'tick-circle', order: 5, hideInMenu: true }),
    children: [
      {
        path: '/result/success',
        name: 'Success',
        meta: auth(ADMIN, { locale: 'menu.result.success', breadcrumb: false }),
      },
      {
        path: '/result/error',
        name: 'Error',
        meta: auth(ADMIN, { locale: 'menu.result.error', breadcrumb: false }),
      },
    ],
  },
  {
    path: '/exception',
    name: 'exception',
    meta: auth(ANY, { locale: 'menu.exception', icon: 'warning-sign', order: 6, hideInMenu: true }),
    children: [
      {
        path: '/exception/403',
        name: '403',
        meta: auth(ADMIN, { locale: 'menu.exception.403' }),
      },
      {
        path: '/exception/404',
        name: '404',
        meta: auth(ANY, { locale: 'menu.exception.404' }),
      },
      {
        path: '/exception/500',
        name: '500',
        meta: auth(ANY, { locale: 'menu.exception.500' }),
      },
    ],
  },
  {
    path: '/user',
    name: 'user',
    meta: auth(ANY, { locale: 'menu.user', icon: 'user', order: 7, hideInMenu: true }),
    children: [
      {
        path: '/user/info',
        name: 'Info',
        meta: auth(ANY, { locale: 'menu.user.info' }),
      },
      {
        path: '/user/setting',
        name: 'Setting',
        meta: auth(ANY, { locale: 'menu.user.setting' }),
      },
    ],
  },
  {
    path: '/visualization',
    name: 'visualization',
    meta: auth(ADMIN, { locale: 'menu.visualization', icon: 'chart', hideInMenu: true }),
    children: [
      {
        path: '/visualization/data-analysis',
        name: 'DataAnalysis',
        meta: auth(ADMIN, { locale: 'menu.visualization.dataAnalysis' }),
      },
      {
        path: '/visualization/multi-dimension-data-analysis',
        name: 'MultiDAnalysis',
        meta: auth(ADMIN, { locale: 'menu.visualization.multiDimensionDataAnalysis' }),
      },
    ],
  },
  {
    // One of the two routes SPEC §2 appends without a definition: the statechart diagrams for reviewers.
    path: '/statecharts',
    name: 'Statecharts',
    meta: auth(ADMIN, { locale: 'menu.statecharts', hideInMenu: true }),
  },
  {
    path: '',
    name: 'arcoWebsite',
    meta: auth(ANY, { locale: 'menu.arcoWebsite', icon: 'link', order: 8 }),
    children: [
      {
        path: '',
        name: 'preview',
        href: 'https://blueprintjs.com/',
        meta: auth(ANY, { locale: 'menu.arcoWebsite.preview' }),
      },
      {
        path: '',
        name: 'docs',
        href: 'https://blueprintjs.com/docs/',
        meta: auth(ANY, { locale: 'menu.arcoWebsite.docs' }),
      },
      {
        path: '',
        name: 'components',
        href: 'https://blueprintjs.com/docs/#core',
        meta: auth(ANY, { locale: 'menu.arcoWebsite.components' }),
      },
    ],
  },
  {
    path: '',
    name: 'faq',
    href: 'https://blueprintjs.com/docs/#blueprint/getting-started',
    meta: { locale: 'menu.faq', icon: 'help', hideInMenu: true },
  },
];

/** The page showing one record of a kind (an event stream type), opened with `?id=`; null when it has none. */
export function recordRoute(streamType: string): string | null {
  const walk = (entries: readonly RouteEntry[]): string | null => {
    for (const entry of entries) {
      if (entry.meta.record === streamType) return entry.path;
      const inner = walk(entry.children ?? []);
      if (inner) return inner;
    }
    return null;
  };
  return walk(ROUTES);
}

/** The title of a page opened with `query`: a record's page opened to make a new one says so. */
export function pageTitleOf(
  route: { name: string; meta: Pick<RouteMeta, 'locale' | 'record' | 'createLocale'> },
  query: Record<string, string>,
): string {
  const making = route.meta.record !== undefined && !query.id;
  return (making ? route.meta.createLocale : undefined) ?? route.meta.locale ?? route.name;
}
