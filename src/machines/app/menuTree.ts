/**
 * The side menu as data: built from the route table's meta (order, hideInMenu, hideChildrenInMenu, icon,
 * roles) or, with menu-from-server on, from the server menu. Pure; the side menu view only renders it.
 */
import { hasAccess, sortByOrder } from './access';

export interface MenuSourceRoute {
  path: string;
  name: string;
  meta: {
    locale?: string;
    icon?: string;
    order?: number;
    requiresAuth?: boolean;
    roles?: string[];
    hideInMenu?: boolean;
    hideChildrenInMenu?: boolean;
  };
  /** External link (opens in a new tab). */
  href?: string;
  children?: MenuSourceRoute[];
}

export interface MenuNode {
  name: string;
  path: string;
  locale: string;
  icon?: string;
  href?: string;
  children: MenuNode[];
}

function visible(route: MenuSourceRoute, role: string) {
  return (
    !route.meta.hideInMenu &&
    hasAccess({ requiresAuth: route.meta.requiresAuth ?? true, roles: route.meta.roles }, role)
  );
}

function toNode(route: MenuSourceRoute, role: string): MenuNode {
  const children =
    route.meta.hideChildrenInMenu || !route.children
      ? []
      : route.children.filter((c) => visible(c, role)).map((c) => toNode(c, role));
  return {
    name: route.name,
    path: route.path,
    locale: route.meta.locale ?? route.name,
    icon: route.meta.icon,
    href: route.href,
    children,
  };
}

export function buildMenuTree(routes: readonly MenuSourceRoute[], role: string): MenuNode[] {
  return sortByOrder(routes.map((r) => ({ ...r, order: r.meta.order })))
    .filter((r) => visible(r, role))
    .map((r) => toNode(r, role))
    .filter(
      (n) =>
        n.children.length > 0 ||
        !hasChildrenDeclared(routes, n.name) ||
        n.href !== undefined ||
        isLeafGroup(routes, n.name),
    );
}

const find = (routes: readonly MenuSourceRoute[], name: string) => routes.find((r) => r.name === name);
const hasChildrenDeclared = (routes: readonly MenuSourceRoute[], name: string) =>
  Boolean(find(routes, name)?.children?.length);
const isLeafGroup = (routes: readonly MenuSourceRoute[], name: string) =>
  Boolean(find(routes, name)?.meta.hideChildrenInMenu);

/**
 * The chain of menu nodes leading to `name` (for opening the right group and the breadcrumb). A page hidden from
 * the menu (a detail page such as /project/project or /system/update-service-city) has no node of its own: with
 * its `path`, the chain leads to the deepest entry whose path contains it (its section), so that section opens
 * and is highlighted.
 */
export function menuPathTo(tree: readonly MenuNode[], name: string, path?: string): MenuNode[] {
  const byName = pathByName(tree, name);
  return byName.length || !path ? byName : pathByPrefix(tree, path);
}

function pathByName(tree: readonly MenuNode[], name: string): MenuNode[] {
  for (const node of tree) {
    if (node.name === name) return [node];
    const below = pathByName(node.children, name);
    if (below.length) return [node, ...below];
  }
  return [];
}

function pathByPrefix(tree: readonly MenuNode[], path: string): MenuNode[] {
  for (const node of tree) {
    if (node.href || !node.path || node.path === '/' || !path.startsWith(`${node.path}/`)) continue;
    return [node, ...pathByPrefix(node.children, path)];
  }
  return [];
}
