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
import { entryPage } from './app/routes';
import { createI18n } from './i18n';

async function boot() {
  await Promise.all([loadIcons(), entryPage(window.location.pathname)]);
  const actors = createAppActors();
  const i18n = createI18n(actors.settings.getSnapshot().context.locale);
  createRoot(document.getElementById('root')!).render(<App actors={actors} i18n={i18n} />);
}

void boot();
