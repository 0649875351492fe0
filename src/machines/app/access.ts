/**
 * The access rule of SPEC §6 as pure functions, shared by the route guard, the side menu and the
 * permission component.
 */
export interface RouteAccess {
  name: string;
  requiresAuth?: boolean;
  roles?: string[];
  hideInMenu?: boolean;
  order?: number;
  children?: RouteAccess[];
}

/** Routes always allowed with menu-from-server on (routes.md): login, not-found, redirect, Workplace, 403/404/500. */
export const WHITE_LIST: readonly string[] = [
  'login',
  'notFound',
  'redirectWrapper',
  'Redirect',
  'Workplace',
  '403',
  '404',
  '500',
];

export const DEFAULT_ROUTE_NAME = 'Workplace';
export const LOGIN_ROUTE_NAME = 'login';
export const FORBIDDEN_ROUTE_NAME = '403';
export const NOT_FOUND_ROUTE_NAME = 'notFound';

/** Accessible when it needs no auth, names no roles, or its roles include `*` or the user's role. */
export function hasAccess(route: Pick<RouteAccess, 'requiresAuth' | 'roles'>, role: string): boolean {
  if (!route.requiresAuth) return true;
  if (!route.roles || route.roles.length === 0) return true;
  return route.roles.includes('*') || (role !== '' && route.roles.includes(role));
}

export interface NamedTree {
  name: string;
  children?: NamedTree[];
}

export function namesIn(tree: readonly NamedTree[]): Set<string> {
  const out = new Set<string>();
  const visit = (nodes: readonly NamedTree[]) => {
    for (const n of nodes) {
      out.add(n.name);
      if (n.children) visit(n.children);
    }
  };
  visit(tree);
  return out;
}

/** Top level sorted by `order` (stable), children in declaration order. */
export function sortByOrder<T extends { order?: number }>(routes: readonly T[]): T[] {
  return routes
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.order ?? 0) - (b.r.order ?? 0) || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * The first route (breadth first over the menu order) the role may open, which is a page (leaf), or
 * undefined. `allowedNames`, when given, also restricts to those names (menu from server).
 */
export function firstPermittedRoute(
  routes: readonly RouteAccess[],
  role: string,
  allowed?: (name: string) => boolean,
): string | undefined {
  const queue: { route: RouteAccess; inherited: RouteAccess | undefined }[] = sortByOrder(routes).map(
    (route) => ({
      route,
      inherited: undefined,
    }),
  );
  while (queue.length) {
    const { route } = queue.shift()!;
    if (!hasAccess(route, role)) continue;
    if (route.children && route.children.length) {
      queue.push(...route.children.map((child) => ({ route: child, inherited: route })));
      continue;
    }
    if (route.name === LOGIN_ROUTE_NAME || route.name === NOT_FOUND_ROUTE_NAME) continue;
    if (allowed && !allowed(route.name)) continue;
    return route.name;
  }
  return undefined;
}

export interface RouteTarget {
  name: string;
  path: string;
  query: Record<string, string>;
  requiresAuth?: boolean;
  roles?: string[];
}

export interface AccessFacts {
  authenticated: boolean;
  role: string;
  menuFromServer: boolean;
  /** Names in the loaded server menu; null when none is loaded. */
  serverMenuNames: string[] | null;
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'login'; redirect: string; query: Record<string, string> }
  /** To `name`; `denied`: the route asked for, which this role (or the server menu) does not open. */
  | { kind: 'redirect'; name: string; denied?: string }
  | { kind: 'forbidden' };

/** SPEC §6 in one function: what happens when `target` is opened with these facts. */
export function decideNavigation(
  target: RouteTarget,
  facts: AccessFacts,
  routes: readonly RouteAccess[],
): NavigationDecision {
  if (target.requiresAuth && !facts.authenticated) {
    return { kind: 'login', redirect: target.name, query: target.query };
  }
  const menu = facts.menuFromServer && facts.serverMenuNames ? new Set(facts.serverMenuNames) : null;
  const listed = (name: string) => !menu || menu.has(name) || WHITE_LIST.includes(name);
  if (hasAccess(target, facts.role) && listed(target.name)) return { kind: 'allow' };
  const first = firstPermittedRoute(routes, facts.role, listed);
  if (first && first !== target.name) return { kind: 'redirect', name: first, denied: target.name };
  // The 403 page is where the road ends: showing it cannot be refused again (no redirect loop).
  if (target.name === FORBIDDEN_ROUTE_NAME) return { kind: 'allow' };
  return { kind: 'forbidden' };
}

/** After login: back to the route named in `redirect` (with the rest of the query), else Workplace. */
export function afterLoginTarget(query: Record<string, string>): {
  name: string;
  query: Record<string, string>;
} {
  const { redirect, ...rest } = query;
  if (redirect && redirect !== LOGIN_ROUTE_NAME) return { name: redirect, query: rest };
  return { name: DEFAULT_ROUTE_NAME, query: {} };
}
