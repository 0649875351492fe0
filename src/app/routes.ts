/**
 * The console's routes: the contract's route table (src/contract/routes.ts, which the server's menu reads too)
 * with a page attached to each route by name, plus login and not-found outside the layout. Pages load on
 * demand, each in its own chunk. The router (router.tsx), the side menu, the breadcrumb, the tab bar and the
 * route guard all read this one table.
 */
import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/icons';
import { ROUTES, type RouteEntry } from '@/contract/routes';
import type { RouteAccess } from '@/machines/app/access';
import type { MenuSourceRoute } from '@/machines/app/menuTree';

export interface AppRouteMeta {
  locale?: string;
  requiresAuth?: boolean;
  roles?: string[];
  icon?: IconName;
  order?: number;
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
  ignoreCache?: boolean;
  breadcrumb?: boolean;
  record?: string;
  createLocale?: string;
}

type PageModule = Promise<{ default: ComponentType }>;

export interface AppRoute {
  path: string;
  name: string;
  meta: AppRouteMeta;
  /** Where a group's own path leads. */
  redirect?: string;
  page?: () => PageModule;
  /** External link (menu only). */
  href?: string;
  children?: AppRoute[];
}

/** Routes outside the default layout. */
export const loginRoute: AppRoute = {
  path: '/login',
  name: 'login',
  meta: { requiresAuth: false, locale: 'login.form.title' },
  page: () => import('@/views/login/LoginPage'),
};

export const notFoundRoute: AppRoute = {
  path: '*',
  name: 'notFound',
  meta: { requiresAuth: false, hideInMenu: true, locale: 'menu.exception.404' },
  page: () => import('@/views/exception/NotFoundPage'),
};

/** The page of each route of the table, by route name (each page its own chunk, loaded on demand). */
const PAGES: Record<string, () => PageModule> = {
  Redirect: () => import('@/views/redirect/RedirectPage'),
  Workplace: () => import('@/views/dashboard/WorkplacePage'),
  Monitor: () => import('@/views/dashboard/MonitorPage'),
  ProjectList: () => import('@/views/project/ProjectListPage'),
  ProjectDetail: () => import('@/views/project/ProjectDetailPage'),
  SupplyList: () => import('@/views/supply/SupplyListPage'),
  SupplyDetail: () => import('@/views/supply/SupplyDetailPage'),
  SearchTable: () => import('@/views/list/SearchTablePage'),
  Card: () => import('@/views/list/CardListPage'),
  ActivityList: () => import('@/views/activities/ActivityListPage'),
  ActivityDetail: () => import('@/views/activities/ActivityDetailPage'),
  OrderServer: () => import('@/views/order/OrderServerPage'),
  OrderRenew: () => import('@/views/order/OrderRenewPage'),
  OrderRefuse: () => import('@/views/order/OrderRefusePage'),
  OrderRefund: () => import('@/views/order/OrderRefundPage'),
  OrderRenewAndRefund: () => import('@/views/order/OrderRenewAndRefundPage'),
  OrderDetail: () => import('@/views/order/OrderDetailPage'),
  Step: () => import('@/views/form/StepFormPage'),
  Group: () => import('@/views/form/GroupFormPage'),
  AccountList: () => import('@/views/account/AccountListPage'),
  AccountDetail: () => import('@/views/account/AccountDetailPage'),
  NoticeList: () => import('@/views/notice/NoticeListPage'),
  NoticeDetail: () => import('@/views/notice/NoticeDetailPage'),
  Basic: () => import('@/views/profile/BasicProfilePage'),
  FeedbackList: () => import('@/views/feedback/FeedbackListPage'),
  FeedbackDetail: () => import('@/views/feedback/FeedbackDetailPage'),
  SystemSetting: () => import('@/views/system/SystemSettingPage'),
  ServiceCity: () => import('@/views/system/ServiceCityPage'),
  UpdateServiceCity: () => import('@/views/system/UpdateServiceCityPage'),
  Commission: () => import('@/views/system/CommissionPage'),
  Success: () => import('@/views/result/SuccessPage'),
  Error: () => import('@/views/result/ErrorPage'),
  '403': () => import('@/views/exception/Exception403Page'),
  '404': () => import('@/views/exception/Exception404Page'),
  '500': () => import('@/views/exception/Exception500Page'),
  Info: () => import('@/views/user/UserInfoPage'),
  Setting: () => import('@/views/user/UserSettingPage'),
  DataAnalysis: () => import('@/views/visualization/DataAnalysisPage'),
  MultiDAnalysis: () => import('@/views/visualization/MultiDimensionDataAnalysisPage'),
  Statecharts: () => import('@/views/statecharts/StatechartsPage'),
};

function withPages(entry: RouteEntry): AppRoute {
  const { children, ...rest } = entry;
  return {
    ...rest,
    meta: entry.meta as AppRouteMeta,
    ...(PAGES[entry.name] ? { page: PAGES[entry.name] } : {}),
    ...(children ? { children: children.map(withPages) } : {}),
  };
}

/** Routes inside the default layout (navbar, menu, tabs): the contract's table with their pages. */
export const appRoutes: AppRoute[] = ROUTES.map(withPages);

/** The names pages are attached to (a test checks each names a route, and each leaf route has a page). */
export const PAGE_NAMES = Object.keys(PAGES);

/** Every route with a page, depth first (layout routes, then login and not-found). */
export function pageRoutes(): AppRoute[] {
  const out: AppRoute[] = [];
  const visit = (rs: AppRoute[]) => {
    for (const r of rs) {
      if (r.page) out.push(r);
      if (r.children) visit(r.children);
    }
  };
  visit([loginRoute, ...appRoutes, notFoundRoute]);
  return out;
}

/** Path of a named page route (for redirects by name). */
export function pathOfName(name: string): string | undefined {
  return pageRoutes().find((r) => r.name === name && r.path !== '*')?.path;
}

/** Whether `href` (a path, maybe with a query) opens a page of the console. */
export function isPagePath(href: string): boolean {
  const path = href.split('?')[0];
  return pageRoutes().some((r) => r.path === path && r.path !== '*');
}

export function routeByName(name: string): AppRoute | undefined {
  const visit = (rs: AppRoute[]): AppRoute | undefined => {
    for (const r of rs) {
      if (r.name === name) return r;
      const found = r.children && visit(r.children);
      if (found) return found;
    }
    return undefined;
  };
  return visit([loginRoute, ...appRoutes, notFoundRoute]);
}

/** The parent group of a page route (for the breadcrumb). */
export function parentOf(name: string): AppRoute | undefined {
  return appRoutes.find((r) => r.children?.some((c) => c.name === name));
}

/** The route table as the guard sees it (names, auth, roles, order). */
export function accessTree(): RouteAccess[] {
  const map = (r: AppRoute): RouteAccess => ({
    name: r.name,
    requiresAuth: r.meta.requiresAuth,
    roles: r.meta.roles,
    hideInMenu: r.meta.hideInMenu,
    order: r.meta.order,
    children: r.children?.filter((c) => c.page || c.children).map(map),
  });
  // The redirect helper only bounces; it is never a destination of its own.
  return appRoutes
    .filter((r) => r.name !== 'redirectWrapper' && (r.page || r.children?.some((c) => c.page)))
    .map(map);
}

/** The route table as the side menu sees it. */
export function menuSource(): MenuSourceRoute[] {
  const map = (r: AppRoute): MenuSourceRoute => ({
    path: r.path,
    name: r.name,
    href: r.href,
    meta: {
      locale: r.meta.locale,
      icon: r.meta.icon,
      order: r.meta.order,
      requiresAuth: r.meta.requiresAuth,
      roles: r.meta.roles,
      hideInMenu: r.meta.hideInMenu,
      hideChildrenInMenu: r.meta.hideChildrenInMenu,
    },
    children: r.children?.map(map),
  });
  return appRoutes.map(map);
}
