import { BlueprintProvider } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { pageTitleOf } from '@/contract/routes';
import { afterLoginTarget } from '@/machines/app/access';
import type { ToastEmitted } from '@/machines/app/intents';
import { selectLocale } from '@/machines/app/settingsMachine';
import { tabEventAfter } from '@/machines/app/tabBarMachine';
import { onApiError } from '@/services/http';
import { AppActorsContext, type AppActors } from '@/views/common/actors';
import { ProgressBar } from '@/views/common/ProgressBar';
import { apiErrorMessage } from '@/views/common/errorText';
import { clearToasts, setToastCloseLabel, showToast } from '@/views/common/toaster';
import type { AppRouter } from './router';
import { pathOfName, routeByName } from './routes';
import { focusPageTitle } from '@/views/layout/focusPage';

/** Root: providers, the router, and the glue between machine intents and the browser (toasts, navigation). */
export function App({ actors, router, i18n }: { actors: AppActors; router: AppRouter; i18n: I18n }) {
  const locale = useSelector(actors.settings, selectLocale);
  // The browser tab's title: the page's, then the console's, in the page's language (i18n key of the page's).
  const pageTitle = useRef<string | null>(null);
  const showTitle = () => {
    const app = i18n.t('app.title');
    document.title = pageTitle.current ? `${i18n.t(pageTitle.current)} · ${app}` : app;
  };

  useEffect(() => {
    void i18n.changeLanguage(locale).then(() => {
      setToastCloseLabel(i18n.t('dialog.close'));
      showTitle();
    });
  }, [i18n, locale]);

  useEffect(() => {
    const toast = (e: ToastEmitted) =>
      showToast({ intent: e.intent, message: e.message ?? i18n.t(e.key), timeout: e.timeout, id: e.id });
    const subs = [
      actors.session.on('toast', toast),
      actors.serverMenu.on('toast', toast),
      actors.settings.on('toast', toast),
      actors.session.on('toasts.clear', clearToasts),
      // After a login, go back where the visitor was sent away from (or to Workplace).
      actors.session.on('session.signedIn', (e) => {
        const { location } = router.state;
        if (!e.justLoggedIn || location.pathname !== '/login') return;
        const target = afterLoginTarget(Object.fromEntries(new URLSearchParams(location.search)));
        const path = pathOfName(target.name) ?? pathOfName('Workplace')!;
        const q = new URLSearchParams(target.query).toString();
        void router.navigate(q ? `${path}?${q}` : path, { replace: true });
      }),
      actors.session.on('session.signedOut', (e) => {
        if (e.reason === 'logout') void router.navigate('/login');
      }),
      actors.session.on('session.roleSwitched', () => void router.revalidate()),
    ];
    // While the login request is in flight, fetch the layout and the landing page's code, so Workplace
    // renders as soon as the user info arrives instead of waiting for two more chunks.
    let preloaded = false;
    const offPreload = actors.session.subscribe((s) => {
      if (preloaded || !s.matches('loggingIn')) return;
      preloaded = true;
      void import('@/views/layout/Layout');
      void routeByName('Workplace')?.page?.();
    });
    const offApiError = onApiError((err) =>
      showToast({ intent: 'danger', message: apiErrorMessage(i18n.t, err) }),
    );
    // Every completed navigation: scroll to the top, and open (or refresh) its tab. The router starts before this
    // effect runs (src/main.tsx), so a first navigation already done is taken here too.
    let lastKey = '';
    const onNavigated = (state: typeof router.state) => {
      if (!state.initialized || state.navigation.state !== 'idle' || state.location.key === lastKey) return;
      lastKey = state.location.key;
      window.scrollTo(0, 0);
      document.querySelector('.app-content')?.scrollTo?.(0, 0);
      const leaf = state.matches.at(-1);
      const name = (leaf?.route.handle as { name?: string } | undefined)?.name;
      const route = name ? routeByName(name) : undefined;
      const query = Object.fromEntries(new URLSearchParams(state.location.search));
      pageTitle.current = route ? pageTitleOf(route, query) : null;
      showTitle();
      if (!route || !route.meta.requiresAuth) return;
      actors.tabBar.send({
        type: 'tab.open',
        tab: {
          title: pageTitleOf(route, query),
          name: route.name,
          fullPath: state.location.pathname,
          query,
          ignoreCache: route.meta.ignoreCache,
        },
      });
      // A tab (or every tab) closed by leaving its page, once it was left.
      const after = tabEventAfter(state.location.state, state.historyAction);
      if (after) actors.tabBar.send(after);
      // The keyboard goes on in the page, not from the top of the navbar (a page that focused a field keeps it).
      focusPageTitle({ page: route.name });
    };
    onNavigated(router.state);
    const offRouter = router.subscribe(onNavigated);
    return () => {
      for (const s of subs) s.unsubscribe();
      offApiError();
      offRouter();
      offPreload.unsubscribe();
    };
  }, [actors, router, i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <BlueprintProvider>
        <AppActorsContext.Provider value={actors}>
          <ProgressBar />
          <RouterProvider router={router} />
        </AppActorsContext.Provider>
      </BlueprintProvider>
    </I18nextProvider>
  );
}
