import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/app.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppActors } from './app/actors';
import { loadIcons } from './app/icons';
import { createI18n } from './i18n';

async function boot() {
  await loadIcons();
  const actors = createAppActors();
  const i18n = createI18n(actors.settings.getSnapshot().context.locale);
  createRoot(document.getElementById('root')!).render(<App actors={actors} i18n={i18n} />);
}

void boot();
