import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * Which fields a page says a problem under, now. A field's problem text claims its field while it is on the page,
 * so that a refusal naming that field is said there, once, and not again above the form; a refusal naming a field
 * the page does not show at the moment (a notice's recipient when it goes to everyone, a resolved feedback's reply
 * box) is not claimed, and stays above the form. Claims are kept per page machine: a page kept hidden in another
 * tab claims nothing for this one.
 */

interface Claims {
  counts: Map<string, number>;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
}

const claimsOf = new WeakMap<object, Claims>();

function claims(owner: object): Claims {
  let found = claimsOf.get(owner);
  if (!found) {
    const listeners = new Set<() => void>();
    found = {
      counts: new Map(),
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    claimsOf.set(owner, found);
  }
  return found;
}

function add(owner: object, field: string, by: 1 | -1): void {
  const { counts, listeners } = claims(owner);
  const count = (counts.get(field) ?? 0) + by;
  if (count > 0) counts.set(field, count);
  else counts.delete(field);
  listeners.forEach((listener) => listener());
}

/**
 * Claims `field` of the page run by `owner` while the calling component is on the page: from before the browser
 * paints it, so the callout above the form is never drawn with it for a frame.
 */
export function useClaim(owner: object, field: string): void {
  useLayoutEffect(() => {
    add(owner, field, 1);
    return () => add(owner, field, -1);
  }, [owner, field]);
}

/** Whether a component on the page run by `owner` says `field`'s problem now. */
export function useClaimed(owner: object, field: string | null): boolean {
  const { counts, subscribe } = claims(owner);
  return useSyncExternalStore(subscribe, () => field !== null && counts.has(field));
}
