import { CONSOLE_ONLY_ROUTES, ROUTES, type RouteEntry } from '../../../src/contract/routes';
import type { Role } from '../../db/schema';

/**
 * The server menu (POST /api/user/menu): the contract's route table (src/contract/routes.ts, the same table the
 * console routes by), filtered by the signed-in user's role. `roles: ['*']` means any signed-in role. Icons are
 * Blueprint icon names. Shape documented in docs/api.md.
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

function toMenu(entry: RouteEntry): MenuRoute {
  const { locale = '', icon, order, roles = ['*'], hideInMenu, hideChildrenInMenu } = entry.meta;
  return {
    path: entry.path,
    name: entry.name,
    ...(entry.href ? { href: entry.href } : {}),
    ...(entry.redirect ? { redirect: entry.redirect } : {}),
    meta: {
      locale,
      requiresAuth: true,
      roles,
      ...(icon ? { icon } : {}),
      ...(order !== undefined ? { order } : {}),
      ...(hideInMenu ? { hideInMenu } : {}),
      ...(hideChildrenInMenu ? { hideChildrenInMenu } : {}),
    },
    ...(entry.children ? { children: entry.children.map(toMenu) } : {}),
  };
}

export const MENU: readonly MenuRoute[] = ROUTES.filter((r) => !CONSOLE_ONLY_ROUTES.includes(r.name)).map(
  toMenu,
);

const allows = (route: MenuRoute, role: Role) =>
  route.meta.roles.includes('*') || route.meta.roles.includes(role);

/** The routes `role` may see, children included; groups left with no child are dropped. */
export function menuFor(role: Role): MenuRoute[] {
  const visit = (routes: readonly MenuRoute[]): MenuRoute[] =>
    routes.flatMap((route) => {
      if (!allows(route, role)) return [];
      if (!route.children) return [route];
      const children = visit(route.children);
      return children.length ? [{ ...route, children }] : [];
    });
  return visit(MENU);
}
