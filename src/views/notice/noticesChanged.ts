import { useEffect } from 'react';
import type { ToastEmitted } from '@/machines/app/intents';

/**
 * The console's word, within the page, that a notice was written or audited here: the navbar's bell counts again at
 * once, not only on its next round or the next notice page.
 */
const NOTICES_CHANGED = 'console:notices-changed';

export function onNoticesChanged(listener: () => void): () => void {
  window.addEventListener(NOTICES_CHANGED, listener);
  return () => window.removeEventListener(NOTICES_CHANGED, listener);
}

/** A notice screen's actor: each write it reports done (its success toast) says notices changed. */
export function useSaysNoticesChanged(actor: {
  on: (type: 'toast', listener: (e: ToastEmitted) => void) => { unsubscribe: () => void };
}): void {
  useEffect(() => {
    const sub = actor.on('toast', (e) => {
      if (e.intent === 'success') window.dispatchEvent(new Event(NOTICES_CHANGED));
    });
    return () => sub.unsubscribe();
  }, [actor]);
}
