import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
// Not imported: @blueprintjs/icons/lib/css/blueprint-icons.css. Icons render as SVG (src/app/icons.ts); that
// stylesheet only adds the legacy icon font, which Blueprint's font stack then downloads (143 kB) as soon as
// a glyph falls back to it.
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/actors';
import { loadIcons } from './app/icons';
import { createAppRouter, publicPageReady } from './app/router';
import { routeByName } from './app/routes';
import { showToast } from './views/common/toaster';
import { createI18n } from './i18n';

async function boot() {
  const actors = createAppActors();
  const i18n = createI18n(actors.settings.getSnapshot().context.locale);
  // Sent away from a page this role may not open: said where it lands. Heard from the first navigation on, which
  // the guard may decide before the app has rendered.
  actors.routeGuard.on('route.denied', (e) => {
    const title = routeByName(e.name)?.meta.locale;
    showToast({
      intent: 'warning',
      message: i18n.t('errors.routeDenied', { page: title ? i18n.t(title) : e.name }),
    });
  });
  // The router starts at once: the guard decides and the page's chunk is fetched while the icons load.
  const router = createAppRouter(actors);
  // A public page (the login) is the first paint itself, not the progress bar drawn while its chunk arrives.
  await Promise.all([loadIcons(), publicPageReady(router)]);
  createRoot(document.getElementById('root')!).render(<App actors={actors} router={router} i18n={i18n} />);
}

void boot();
