import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { afterEach } from 'vitest';
import { createI18n } from '@/i18n';

/**
 * Renders views into the test's DOM (a happy-dom file), in `locale`, and unmounts them after each test. Import it
 * before mounting: importing it registers the cleanup.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
});

export function mount(tree: ReactNode, locale = 'en-US') {
  const i18n = createI18n(locale);
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  roots.push(root);
  const render = (next: ReactNode) =>
    act(() => root.render(<I18nextProvider i18n={i18n}>{next}</I18nextProvider>));
  render(tree);
  return { el, i18n, rerender: render };
}
