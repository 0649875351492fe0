/**
 * Creates the app's long-lived actors and wires them together (the only place that knows all of them):
 * - the route guard resolves access by waiting for the session to settle and, with menu-from-server on, for the
 *   server menu;
 * - an expired session reported by the HTTP client opens the session's "Confirm logout" modal;
 * - signing out clears the server menu and the tabs (the route listener), and a logout goes to login;
 * - signing in from the login page returns to the redirect target; a role switch re-runs the guard;
 * - turning menu-from-server on while signed in fetches the menu.
 */
import { fromPromise, waitFor } from 'xstate';
import { createActor } from 'xstate';
import { WHITE_LIST, namesIn, type AccessFacts, type RouteTarget } from '@/machines/app/access';
import { routeGuardMachine } from '@/machines/app/routeGuardMachine';
import { selectServerMenuSettled, serverMenuMachine } from '@/machines/app/serverMenuMachine';
import { selectIsSettled, sessionMachine } from '@/machines/app/sessionMachine';
import { settingsMachine } from '@/machines/app/settingsMachine';
import { tabBarMachine } from '@/machines/app/tabBarMachine';
import { onSessionExpired } from '@/services/http';
import { loadLocale, loadLoginConfig, loadSettings } from '@/services/preferences';
import { getToken } from '@/services/token';
import type { AppActors } from '@/views/common/actors';
import { accessTree } from './routes';

export function createAppActors(): AppActors {
  const session = createActor(sessionMachine, {
    input: { token: getToken(), remembered: loadLoginConfig() },
  });
  const settings = createActor(settingsMachine, { input: { stored: loadSettings(), locale: loadLocale() } });
  const serverMenu = createActor(serverMenuMachine);
  const tabBar = createActor(tabBarMachine);

  const resolveAccess = fromPromise<AccessFacts, { target: RouteTarget }>(async ({ input }) => {
    const s = await waitFor(session, selectIsSettled, { timeout: Infinity });
    const authenticated = s.matches('signedIn');
    const role = s.context.user?.role ?? '';
    const menuFromServer = settings.getSnapshot().context.settings.menuFromServer;
    let serverMenuNames: string[] | null = null;
    if (authenticated && menuFromServer && !WHITE_LIST.includes(input.target.name)) {
      if (!selectServerMenuSettled(serverMenu.getSnapshot())) {
        serverMenu.send({ type: 'serverMenu.fetch' });
        await waitFor(serverMenu, selectServerMenuSettled, { timeout: Infinity });
      }
      const m = serverMenu.getSnapshot();
      if (m.matches('loaded')) serverMenuNames = [...namesIn(m.context.menu)];
      else throw new Error('server menu unavailable');
    }
    return { authenticated, role, menuFromServer, serverMenuNames };
  });
  const routeGuard = createActor(routeGuardMachine.provide({ actors: { resolveAccess } }), {
    input: { routes: accessTree() },
  });

  onSessionExpired(() => session.send({ type: 'session.expired' }));
  session.on('session.signedOut', () => {
    serverMenu.send({ type: 'serverMenu.clear' });
    tabBar.send({ type: 'tab.reset' });
  });
  let menuFromServer = settings.getSnapshot().context.settings.menuFromServer;
  settings.subscribe((s) => {
    const now = s.context.settings.menuFromServer;
    if (now && !menuFromServer && session.getSnapshot().matches('signedIn')) {
      serverMenu.send({ type: 'serverMenu.fetch' });
    }
    menuFromServer = now;
  });

  for (const a of [settings, session, serverMenu, tabBar, routeGuard]) a.start();
  return { session, settings, serverMenu, tabBar, routeGuard };
}
