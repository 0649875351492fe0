/**
 * The route table (SPEC §2, /work/notes/routes.md): every route with its name, path and meta. Pages load on
 * demand, each in its own chunk. The router (router.tsx), the side menu, the breadcrumb, the tab bar and the
 * route guard all read this one table.
 */
import type { ComponentType } from 'react';
import type { IconName } from '@blueprintjs/icons';
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

const ANY = ['*'];
const ADMIN = ['admin'];
const auth = (roles: string[], extra: Partial<AppRouteMeta> = {}): AppRouteMeta => ({
  requiresAuth: true,
  roles,
  ...extra,
});

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

/** Routes inside the default layout (navbar, menu, tabs). */
export const appRoutes: AppRoute[] = [
  {
    path: '/redirect',
    name: 'redirectWrapper',
    meta: auth(ANY, { hideInMenu: true }),
    children: [
      {
        path: '/redirect/*',
        name: 'Redirect',
        meta: auth(ANY, { hideInMenu: true }),
        page: () => import('@/views/redirect/RedirectPage'),
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
        page: () => import('@/views/dashboard/WorkplacePage'),
      },
      {
        path: '/dashboard/monitor',
        name: 'Monitor',
        meta: auth(ADMIN, { locale: 'menu.dashboard.monitor' }),
        page: () => import('@/views/dashboard/MonitorPage'),
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
        page: () => import('@/views/project/ProjectListPage'),
      },
      {
        path: '/project/project',
        name: 'ProjectDetail',
        meta: auth(ANY, { locale: 'menu.project.detail', hideInMenu: true, ignoreCache: true }),
        page: () => import('@/views/project/ProjectDetailPage'),
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
        page: () => import('@/views/supply/SupplyListPage'),
      },
      {
        path: '/supply/detail',
        name: 'SupplyDetail',
        meta: auth(ANY, { locale: 'menu.supply.detail', hideInMenu: true, ignoreCache: true }),
        page: () => import('@/views/supply/SupplyDetailPage'),
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
        page: () => import('@/views/list/SearchTablePage'),
      },
      {
        path: '/list/card',
        name: 'Card',
        meta: auth(ANY, { locale: 'menu.list.cardList' }),
        page: () => import('@/views/list/CardListPage'),
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
        page: () => import('@/views/activities/ActivityListPage'),
      },
      {
        path: '/activities/detail',
        name: 'ActivityDetail',
        meta: auth(ANY, { locale: 'menu.activities.detail', hideInMenu: true }),
        page: () => import('@/views/activities/ActivityDetailPage'),
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
        page: () => import('@/views/order/OrderServerPage'),
      },
      {
        path: '/order/renew',
        name: 'OrderRenew',
        meta: auth(ANY, { locale: 'menu.order.renew' }),
        page: () => import('@/views/order/OrderRenewPage'),
      },
      {
        path: '/order/refuse',
        name: 'OrderRefuse',
        meta: auth(ANY, { locale: 'menu.order.refuse' }),
        page: () => import('@/views/order/OrderRefusePage'),
      },
      {
        path: '/order/refund',
        name: 'OrderRefund',
        meta: auth(ANY, { locale: 'menu.order.refund' }),
        page: () => import('@/views/order/OrderRefundPage'),
      },
      {
        path: '/order/renewandrefund',
        name: 'OrderRenewAndRefund',
        meta: auth(ANY, { locale: 'menu.order.renewAndRefund' }),
        page: () => import('@/views/order/OrderRenewAndRefundPage'),
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
        page: () => import('@/views/form/StepFormPage'),
      },
      {
        path: '/form/group',
        name: 'Group',
        meta: auth(ADMIN, { locale: 'menu.form.group' }),
        page: () => import('@/views/form/GroupFormPage'),
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
        page: () => import('@/views/account/AccountListPage'),
      },
      {
        path: '/account/detail',
        name: 'AccountDetail',
        meta: auth(ANY, { locale: 'menu.account.detail', hideInMenu: true }),
        page: () => import('@/views/account/AccountDetailPage'),
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
        page: () => import('@/views/notice/NoticeListPage'),
      },
      {
        path: '/notice/detail',
        name: 'NoticeDetail',
        meta: auth(ANY, { locale: 'menu.notice.detail', hideInMenu: true }),
        page: () => import('@/views/notice/NoticeDetailPage'),
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
        page: () => import('@/views/profile/BasicProfilePage'),
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
        page: () => import('@/views/feedback/FeedbackListPage'),
      },
      {
        path: '/feedback/feedbackdetail',
        name: 'FeedbackDetail',
        meta: auth(ANY, { locale: 'menu.feedback.detail', hideInMenu: true }),
        page: () => import('@/views/feedback/FeedbackDetailPage'),
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
        page: () => import('@/views/system/SystemSettingPage'),
      },
      {
        path: '/system/service-city',
        name: 'ServiceCity',
        meta: auth(ANY, { locale: 'menu.system.serviceCity' }),
        page: () => import('@/views/system/ServiceCityPage'),
      },
      {
        path: '/system/update-service-city',
        name: 'UpdateServiceCity',
        meta: auth(ANY, { locale: 'menu.system.updateServiceCity', hideInMenu: true, ignoreCache: true }),
        page: () => import('@/views/system/UpdateServiceCityPage'),
      },
      {
        path: '/system/commission',
        name: 'Commission',
        meta: auth(ANY, { locale: 'menu.system.commission' }),
        page: () => import('@/views/system/CommissionPage'),
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
        meta: auth(ADMIN, { locale: 'menu.result.success' }),
        page: () => import('@/views/result/SuccessPage'),
      },
      {
        path: '/result/error',
        name: 'Error',
        meta: auth(ADMIN, { locale: 'menu.result.error' }),
        page: () => import('@/views/result/ErrorPage'),
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
        page: () => import('@/views/exception/Exception403Page'),
      },
      {
        path: '/exception/404',
        name: '404',
        meta: auth(ANY, { locale: 'menu.exception.404' }),
        page: () => import('@/views/exception/Exception404Page'),
      },
      {
        path: '/exception/500',
        name: '500',
        meta: auth(ANY, { locale: 'menu.exception.500' }),
        page: () => import('@/views/exception/Exception500Page'),
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
        page: () => import('@/views/user/UserInfoPage'),
      },
      {
        path: '/user/setting',
        name: 'Setting',
        meta: auth(ANY, { locale: 'menu.user.setting' }),
        page: () => import('@/views/user/UserSettingPage'),
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
        page: () => import('@/views/visualization/DataAnalysisPage'),
      },
      {
        path: '/visualization/multi-dimension-data-analysis',
        name: 'MultiDAnalysis',
        meta: auth(ADMIN, { locale: 'menu.visualization.multiDimensionDataAnalysis' }),
        page: () => import('@/views/visualization/MultiDimensionDataAnalysisPage'),
      },
    ],
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
