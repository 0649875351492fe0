import type { Role } from '../../db/schema';

/**
 * The server menu (POST /api/user/menu): the console's routes as the shared contract in notes/routes.md names
 * them, filtered by the signed-in user's role. `roles: ['*']` means any signed-in role. Icons are Blueprint icon
 * names. Shape documented in docs/api.md.
 */
export interface MenuMeta {
  locale: string;
  icon?: string;
  order?: number;
  requiresAuth: true;
  roles: string[];
  hideInMenu?: boolean;
  hideChildrenInMenu?: boolean;
}

export interface MenuRoute {
  path: string;
  name: string;
  /** External link: the console opens it in a new tab instead of routing. */
  href?: string;
  redirect?: string;
  meta: MenuMeta;
  children?: MenuRoute[];
}

const ANY = ['*'];
const ADMIN = ['admin'];

function route(
  path: string,
  name: string,
  locale: string,
  roles: string[],
  extra: Partial<Omit<MenuMeta, 'locale' | 'roles' | 'requiresAuth'>> & {
    children?: MenuRoute[];
    redirect?: string;
  } = {},
): MenuRoute {
  const { children, redirect, ...meta } = extra;
  return {
    path,
    name,
    ...(redirect ? { redirect } : {}),
    meta: { locale, requiresAuth: true, roles, ...meta },
    ...(children ? { children } : {}),
  };
}

function link(name: string, href: string, locale: string): MenuRoute {
  return { ...route('', name, locale, ANY), href };
}

export const MENU: readonly MenuRoute[] = [
  route('/dashboard', 'dashboard', 'menu.dashboard', ANY, {
    icon: 'dashboard',
    order: 0,
    hideInMenu: true,
    children: [
      route('/dashboard/workplace', 'Workplace', 'menu.dashboard.workplace', ANY),
      route('/dashboard/monitor', 'Monitor', 'menu.dashboard.monitor', ADMIN),
    ],
  }),
  route('/project', 'project', 'menu.project', ANY, {
    icon: 'projects',
    order: 1,
    redirect: '/project/list',
    children: [
      route('/project/list', 'ProjectList', 'menu.project.list', ANY),
      route('/project/project', 'ProjectDetail', 'menu.project.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/supply', 'supply', 'menu.supply', ANY, {
    icon: 'office',
    order: 1,
    redirect: '/supply/list',
    children: [
      route('/supply/list', 'SupplyList', 'menu.supply.list', ANY),
      route('/supply/detail', 'SupplyDetail', 'menu.supply.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/list', 'list', 'menu.list', ANY, {
    icon: 'list',
    order: 2,
    hideInMenu: true,
    children: [
      route('/list/search-table', 'SearchTable', 'menu.list.searchTable', ANY),
      route('/list/card', 'Card', 'menu.list.cardList', ANY),
    ],
  }),
  route('/activities', 'activities', 'menu.activities', ANY, {
    icon: 'flag',
    order: 3,
    redirect: '/activities/list',
    children: [
      route('/activities/list', 'ActivityList', 'menu.activities.list', ANY),
      route('/activities/detail', 'ActivityDetail', 'menu.activities.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/order', 'order', 'menu.order', ANY, {
    icon: 'shopping-cart',
    order: 3,
    children: [
      route('/order/server', 'OrderServer', 'menu.order.server', ANY),
      route('/order/renew', 'OrderRenew', 'menu.order.renew', ANY),
      route('/order/refuse', 'OrderRefuse', 'menu.order.refuse', ANY),
      route('/order/refund', 'OrderRefund', 'menu.order.refund', ANY),
      route('/order/renewandrefund', 'OrderRenewAndRefund', 'menu.order.renewAndRefund', ANY),
    ],
  }),
  route('/form', 'form', 'menu.form', ADMIN, {
    icon: 'form',
    order: 3,
    hideInMenu: true,
    children: [
      route('/form/step', 'Step', 'menu.form.step', ADMIN),
      route('/form/group', 'Group', 'menu.form.group', ADMIN),
    ],
  }),
  route('/account', 'account', 'menu.account', ANY, {
    icon: 'people',
    order: 4,
    redirect: '/account/list',
    children: [
      route('/account/list', 'AccountList', 'menu.account.list', ANY),
      route('/account/detail', 'AccountDetail', 'menu.account.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/notice', 'notice', 'menu.notice', ANY, {
    icon: 'notifications',
    order: 4,
    redirect: '/notice/list',
    children: [
      route('/notice/list', 'NoticeList', 'menu.notice.list', ANY),
      route('/notice/detail', 'NoticeDetail', 'menu.notice.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/profile', 'profile', 'menu.profile', ADMIN, {
    icon: 'id-number',
    order: 4,
    hideInMenu: true,
    children: [route('/profile/basic', 'Basic', 'menu.profile.basic', ADMIN)],
  }),
  route('/feedback', 'feedback', 'menu.feedback', ANY, {
    icon: 'comment',
    order: 5,
    redirect: '/feedback/feedbacklist',
    children: [
      route('/feedback/feedbacklist', 'FeedbackList', 'menu.feedback.list', ANY),
      route('/feedback/feedbackdetail', 'FeedbackDetail', 'menu.feedback.detail', ANY, { hideInMenu: true }),
    ],
  }),
  route('/system', 'system', 'menu.system', ANY, {
    icon: 'cog',
    order: 5,
    children: [
      route('/system/setting', 'SystemSetting', 'menu.system.setting', ANY),
      route('/system/service-city', 'ServiceCity', 'menu.system.serviceCity', ANY),
      route('/system/update-service-city', 'UpdateServiceCity', 'menu.system.updateServiceCity', ANY, {
        hideInMenu: true,
      }),
      route('/system/commission', 'Commission', 'menu.system.commission', ANY),
    ],
  }),
  route('/result', 'result', 'menu.result', ADMIN, {
    icon: 'tick-circle',
    order: 5,
    hideInMenu: true,
    children: [
      route('/result/success', 'Success', 'menu.result.success', ADMIN),
      route('/result/error', 'Error', 'menu.result.error', ADMIN),
    ],
  }),
  route('/exception', 'exception', 'menu.exception', ANY, {
    icon: 'error',
    order: 6,
    hideInMenu: true,
    children: [
      route('/exception/403', '403', 'menu.exception.403', ADMIN),
      route('/exception/404', '404', 'menu.exception.404', ANY),
      route('/exception/500', '500', 'menu.exception.500', ANY),
    ],
  }),
  route('/user', 'user', 'menu.user', ANY, {
    icon: 'user',
    order: 7,
    hideInMenu: true,
    children: [
      route('/user/info', 'Info', 'menu.user.info', ANY),
      route('/user/setting', 'Setting', 'menu.user.setting', ANY),
    ],
  }),
  route('/visualization', 'visualization', 'menu.visualization', ADMIN, {
    icon: 'chart',
    hideInMenu: true,
    children: [
      route('/visualization/data-analysis', 'DataAnalysis', 'menu.visualization.dataAnalysis', ADMIN),
      route(
        '/visualization/multi-dimension-data-analysis',
        'MultiDAnalysis',
        'menu.visualization.multiDimensionDataAnalysis',
        ADMIN,
      ),
    ],
  }),
  route('', 'arcoWebsite', 'menu.arcoWebsite', ANY, {
    icon: 'link',
    order: 8,
    children: [
      link('preview', 'https://blueprintjs.com/', 'menu.arcoWebsite.preview'),
      link('docs', 'https://blueprintjs.com/docs/', 'menu.arcoWebsite.docs'),
      link('components', 'https://blueprintjs.com/docs/#core', 'menu.arcoWebsite.components'),
    ],
  }),
];

function allows(roles: string[], role: Role): boolean {
  return roles.length === 0 || roles.includes('*') || roles.includes(role);
}

/** The routes `role` may open; a group whose children are all forbidden is left out too. */
export function menuFor(role: Role, routes: readonly MenuRoute[] = MENU): MenuRoute[] {
  const result: MenuRoute[] = [];
  for (const item of routes) {
    if (!allows(item.meta.roles, role)) continue;
    if (item.children) {
      const children = menuFor(role, item.children);
      if (children.length === 0) continue;
      result.push({ ...item, meta: { ...item.meta }, children });
    } else {
      result.push({ ...item, meta: { ...item.meta } });
    }
  }
  return result;
}
