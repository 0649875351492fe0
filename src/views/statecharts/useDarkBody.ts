import { useSyncExternalStore } from 'react';

/** The app's dark theme is `arco-theme="dark"` on <body> (set by the settings machine). */
const isDark = () => typeof document !== 'undefined' && document.body.getAttribute('arco-theme') === 'dark';

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.body, { attributes: true, attributeFilter: ['arco-theme'] });
  return () => observer.disconnect();
}

/** Whether the console is in its dark theme now; re-renders when it changes. */
export function useDarkBody(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}
