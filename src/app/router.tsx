/**
 * The browser router, built from the route table: every page route gets the guard loader (the route guard
 * machine decides before the page renders) and is loaded on demand (`lazy`, one chunk per page).
 */
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { waitFor } from 'xstate';
import { selectDecisionFor } from '@/machines/app/routeGuardMachine';
import type { AppActors } from '@/views/common/actors';
import { PageLoadError } from '@/views/common/PageLoadError';
import type { RouteHandle } from '@/views/common/route';
import { appRoutes, loginRoute, notFoundRoute, pageRoutes, pathOfName, type AppRoute } from './routes';

const withQuery = (path: string, query: Record<string, string>) => {
  const q = new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
};

function guardLoader(route: AppRoute, { routeGuard }: AppActors) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    routeGuard.send({
      type: 'route.enter',
      target: {
        name: route.name,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        requiresAuth: route.meta.requiresAuth,
        roles: route.meta.roles,
      },
    });
    const seq = routeGuard.getSnapshot().context.seq;
    const snapshot = await waitFor(
      routeGuard,
      (s) => s.context.seq !== seq || selectDecisionFor(s, seq) !== null,
      { timeout: Infinity },
    );
    const decision = selectDecisionFor(snapshot, seq);
    if (!decision) return null; // superseded by a newer navigation, which the router is already running
    switch (decision.kind) {
      case 'allow':
        return null;
      case 'login':
        throw redirect(withQuery('/login', { redirect: decision.redirect, ...decision.query }));
      case 'redirect':
        throw redirect(pathOfName(decision.name) ?? '/404');
      case 'forbidden':
        throw redirect('/exception/403');
    }
  };
}

const Blank = () => null;

function toRouteObject(route: AppRoute, actors: AppActors): RouteObject[] {
  const out: RouteObject[] = [];
  if (route.page) {
    const page = route.page;
    out.push({
      path: route.path,
      handle: {
        name: route.name,
        locale: route.meta.locale,
        ignoreCache: route.meta.ignoreCache,
        breadcrumb: route.meta.breadcrumb,
      } satisfies RouteHandle,
      loader: guardLoader(route, actors),
      // Nothing to show while the guard decides on the first load (the progress bar shows it is working).
      HydrateFallback: Blank,
      // A page that cannot be loaded (its stylesheet or script) or fails says so where it would be, with a reload.
      errorElement: <PageLoadError />,
      lazy: async () => ({ Component: (await page()).default }),
    });
  }
  if (route.redirect && route.path) {
    const to = route.redirect;
    out.push({ path: route.path, loader: () => redirect(to) });
  }
  for (const child of route.children ?? []) out.push(...toRouteObject(child, actors));
  return out;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

export function createAppRouter(actors: AppActors) {
  const routes: RouteObject[] = [
    { path: '/', loader: () => redirect('/login') },
    ...toRouteObject(loginRoute, actors),
    {
      id: 'layout',
      HydrateFallback: Blank,
      errorElement: <PageLoadError />,
      lazy: async () => ({ Component: (await import('@/views/layout/Layout')).default }),
      children: appRoutes.flatMap((r) => toRouteObject(r, actors)),
    },
    ...toRouteObject(notFoundRoute, actors),
  ];
  return createBrowserRouter(routes);
}

/**
 * Resolves once the router's first navigation is done when it goes to a public page (its guard decides at once,
 * so the wait is only its chunk); at once otherwise, where the progress bar shows the sign-in being checked.
 */
export function publicPageReady(router: AppRouter): Promise<void> {
  const leaf = router.state.matches.at(-1);
  const name = (leaf?.route.handle as RouteHandle | undefined)?.name;
  const route = name === undefined ? undefined : pageRoutes().find((r) => r.name === name);
  if (router.state.initialized || route?.meta.requiresAuth !== false) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
