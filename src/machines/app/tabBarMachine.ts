/**
 * The tab bar (SPEC §3 tab entry, §4): opening a route adds a tab (once per route name; the excluded
 * route never gets one), tabs are cached (kept alive) unless `ignoreCache`, closing a tab removes its cache,
 * "close others" / "close to the right" / "close to the left", and reset to the home tab.
 *
 * A kept page that holds what was typed and not saved says so (`tab.unsaved`): closing its tab (alone, with others,
 * or all) asks first, and only closes once the person chose to drop it. Signing out (`tab.reset`) does not ask.
 *
 * Invariants: the home tab (Workplace) is always first and cannot be closed; `cacheList` is exactly the names
 * of open tabs without `ignoreCache`; no two tabs share a name; `unsaved` names only open tabs; a tab named in
 * `unsaved` is closed only after `tab.dropEdits`.
 */
import { and, assign, setup, type SnapshotFrom } from 'xstate';

export interface TabEntry {
  title: string;
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache?: boolean;
}

export const HOME_TAB: TabEntry = {
  title: 'menu.dashboard.workplace',
  name: 'Workplace',
  fullPath: '/dashboard/workplace',
  query: {},
};

/** Routes that never get a tab: the redirect helper (it only bounces) and the login/not-found pages. */
export const EXCLUDED_TAB_ROUTES: readonly string[] = ['redirectWrapper', 'Redirect', 'login', 'notFound'];

export interface TabBarContext {
  tabs: TabEntry[];
  cacheList: string[];
  /** The tabs whose kept page holds what was typed and not saved. */
  unsaved: string[];
  /** The close waiting for the person's word, while it would drop what was typed. */
  pending: CloseEvent | null;
}

/**
 * A close the person asked for. One that left the page shown first (its own tab's close, or all) says where it came
 * from (`returnTo`): kept after all, the person goes back there.
 */
export type CloseEvent =
  | { type: 'tab.close'; name: string; returnTo?: string }
  | { type: 'tab.closeOthers'; name: string }
  | { type: 'tab.closeRight'; name: string }
  | { type: 'tab.closeLeft'; name: string }
  | { type: 'tab.closeAll'; returnTo?: string };

export type TabBarEvent =
  | { type: 'tab.open'; tab: TabEntry }
  | CloseEvent
  | { type: 'tab.unsaved'; name: string; unsaved: boolean }
  | { type: 'tab.dropEdits' }
  | { type: 'tab.keepEdits' }
  | { type: 'tab.reset' };

const CLOSES = ['tab.close', 'tab.closeOthers', 'tab.closeRight', 'tab.closeLeft', 'tab.closeAll'] as const;
const isClose = (event: TabBarEvent): event is CloseEvent =>
  (CLOSES as readonly string[]).includes(event.type);

const cacheOf = (tabs: TabEntry[]) => tabs.filter((t) => !t.ignoreCache).map((t) => t.name);
const withTabs = (tabs: TabEntry[], unsaved: string[] = []): Omit<TabBarContext, 'pending'> => ({
  tabs,
  cacheList: cacheOf(tabs),
  unsaved: unsaved.filter((name) => tabs.some((t) => t.name === name)),
});
const isHome = (name: string) => name === HOME_TAB.name;

/** The tabs a close leaves open (the home tab always stays). */
export function tabsAfter(tabs: TabEntry[], event: CloseEvent): TabEntry[] {
  const i = 'name' in event ? tabs.findIndex((t) => t.name === event.name) : -1;
  switch (event.type) {
    case 'tab.close':
      return isHome(event.name) ? tabs : tabs.filter((t) => t.name !== event.name);
    case 'tab.closeOthers':
      return tabs.filter((t) => isHome(t.name) || t.name === event.name);
    case 'tab.closeRight':
      return i < 0 ? tabs : tabs.slice(0, i + 1);
    case 'tab.closeLeft':
      return i < 0 ? tabs : tabs.filter((t, j) => j >= i || isHome(t.name));
    case 'tab.closeAll':
      return [HOME_TAB];
  }
}

/** The tabs holding what was typed that a close would drop. */
export function unsavedDroppedBy(context: TabBarContext, event: CloseEvent): string[] {
  const left = tabsAfter(context.tabs, event);
  return context.unsaved.filter((name) => !left.some((t) => t.name === name));
}

/** A close of one tab, of others or to the right: asks first when it would drop what was typed; else closes. */
const CLOSE = [
  { guard: 'dropsUnsaved', target: 'askingToDrop', actions: 'hold' },
  { guard: 'leavesOnlyHome', target: 'homeOnly', actions: 'closeTabs' },
  { actions: 'closeTabs' },
] as const;

export const tabBarMachine = setup({
  types: {
    context: {} as TabBarContext,
    events: {} as TabBarEvent,
  },
  guards: {
    isExcluded: ({ event }) => event.type === 'tab.open' && EXCLUDED_TAB_ROUTES.includes(event.tab.name),
    isOpen: ({ context, event }) =>
      event.type === 'tab.open' && context.tabs.some((t) => t.name === event.tab.name),
    // The close leaves the home tab alone (asked of a tab's close, "close others" and "close to the right": closing
    // to the left never does, closing all always does).
    leavesOnlyHome: ({ context, event }) => isClose(event) && tabsAfter(context.tabs, event).length === 1,
    dropsUnsaved: ({ context, event }) => isClose(event) && unsavedDroppedBy(context, event).length > 0,
    heldLeavesOnlyHome: ({ context }) =>
      context.pending !== null && tabsAfter(context.tabs, context.pending).length === 1,
    // The page whose edits the held close would drop was saved meanwhile: nothing is lost by closing now.
    savedWhileAsked: ({ context, event }) =>
      event.type === 'tab.unsaved' &&
      !event.unsaved &&
      context.pending !== null &&
      unsavedDroppedBy(
        { ...context, unsaved: context.unsaved.filter((name) => name !== event.name) },
        context.pending,
      ).length === 0,
    // A tab the held close would close is opened again (Back to it): the person is there, the close is off.
    opensHeldTab: ({ context, event }) =>
      event.type === 'tab.open' &&
      context.pending !== null &&
      context.tabs.some((t) => t.name === event.tab.name) &&
      !tabsAfter(context.tabs, context.pending).some((t) => t.name === event.tab.name),
  },
  actions: {
    markUnsaved: assign(({ context, event }) => {
      if (event.type !== 'tab.unsaved' || !context.tabs.some((t) => t.name === event.name)) return {};
      const others = context.unsaved.filter((name) => name !== event.name);
      return { unsaved: event.unsaved ? [...others, event.name] : others };
    }),
    hold: assign({ pending: ({ event }) => (isClose(event) ? event : null) }),
    release: assign({ pending: null }),
    // The close the person was asked about, now that they chose to drop what was typed.
    closeHeld: assign(({ context }) =>
      context.pending
        ? { ...withTabs(tabsAfter(context.tabs, context.pending), context.unsaved), pending: null }
        : {},
    ),
    addTab: assign(({ context, event }) =>
      event.type === 'tab.open' ? withTabs([...context.tabs, event.tab], context.unsaved) : context,
    ),
    refreshTab: assign(({ context, event }) =>
      // Same route, new query: keep the tab where it is, update where it points to.
      event.type === 'tab.open'
        ? withTabs(
            context.tabs.map((t) => (t.name === event.tab.name ? { ...t, ...event.tab } : t)),
            context.unsaved,
          )
        : context,
    ),
    // Every close (one tab, others, to the right or left, all): the tabs it leaves. One that closes nothing (the home
    // tab, a tab already gone) changes nothing, so nothing shown re-renders for it.
    closeTabs: assign(({ context, event }) => {
      const left = isClose(event) ? tabsAfter(context.tabs, event) : context.tabs;
      return left.length === context.tabs.length ? {} : withTabs(left, context.unsaved);
    }),
    resetTabs: assign(() => ({ ...withTabs([HOME_TAB]), pending: null })),
  },
}).createMachine({
  id: 'tabBar',
  context: { ...withTabs([HOME_TAB]), pending: null },
  initial: 'homeOnly',
  on: {
    'tab.reset': { target: '.homeOnly', actions: 'resetTabs' },
    'tab.unsaved': { actions: 'markUnsaved' },
  },
  states: {
    homeOnly: {
      on: {
        'tab.open': [
          { guard: 'isExcluded' },
          { guard: 'isOpen', actions: 'refreshTab' },
          { target: 'several', actions: 'addTab' },
        ],
      },
    },
    several: {
      on: {
        'tab.open': [
          { guard: 'isExcluded' },
          { guard: 'isOpen', actions: 'refreshTab' },
          { actions: 'addTab' },
        ],
        'tab.close': CLOSE,
        'tab.closeOthers': CLOSE,
        'tab.closeRight': CLOSE,
        // Closing to the left of a tab leaves that tab; closing all leaves the home tab alone.
        'tab.closeLeft': [
          { guard: 'dropsUnsaved', target: 'askingToDrop', actions: 'hold' },
          { actions: 'closeTabs' },
        ],
        'tab.closeAll': [
          { guard: 'dropsUnsaved', target: 'askingToDrop', actions: 'hold' },
          { target: 'homeOnly', actions: 'closeTabs' },
        ],
      },
    },
    // A close would drop what was typed on a kept page: it waits for the person's word. Pages still open meanwhile.
    askingToDrop: {
      on: {
        'tab.open': [
          { guard: 'isExcluded' },
          { guard: 'opensHeldTab', target: 'several', actions: ['refreshTab', 'release'] },
          { guard: 'isOpen', actions: 'refreshTab' },
          { actions: 'addTab' },
        ],
        'tab.unsaved': [
          {
            guard: and(['savedWhileAsked', 'heldLeavesOnlyHome']),
            target: 'homeOnly',
            actions: ['markUnsaved', 'closeHeld'],
          },
          { guard: 'savedWhileAsked', target: 'several', actions: ['markUnsaved', 'closeHeld'] },
          { actions: 'markUnsaved' },
        ],
        'tab.dropEdits': [
          { guard: 'heldLeavesOnlyHome', target: 'homeOnly', actions: 'closeHeld' },
          { target: 'several', actions: 'closeHeld' },
        ],
        'tab.keepEdits': { target: 'several', actions: 'release' },
      },
    },
  },
});

export type TabBarSnapshot = SnapshotFrom<typeof tabBarMachine>;

export const selectTabs = (s: TabBarSnapshot) => s.context.tabs;
export const selectCacheList = (s: TabBarSnapshot) => s.context.cacheList;
/** Some kept page holds what was typed and not saved (closing the browser's tab, or reloading it, would drop it). */
export const selectHoldsUnsaved = (s: TabBarSnapshot) => s.context.unsaved.length > 0;
/** Where the person goes back to when they keep the tabs a close was asked about (the page it left); else null. */
export const selectReturnTo = (s: TabBarSnapshot): string | null => {
  const { pending } = s.context;
  return s.matches('askingToDrop') && pending && 'returnTo' in pending ? (pending.returnTo ?? null) : null;
};
/** The titles of the tabs a close waiting for the person's word would drop what was typed on; empty for none. */
export const selectDropping = (s: TabBarSnapshot): TabEntry[] => {
  const { pending } = s.context;
  if (!s.matches('askingToDrop') || !pending) return [];
  const names = unsavedDroppedBy(s.context, pending);
  return s.context.tabs.filter((t) => names.includes(t.name));
};

/**
 * What a navigation asks of the tab bar once it is done, carried in its history state: close the tab of the page it
 * left (`closeTab`), or every tab (`resetTabs`). So a tab closes only once its page was left: the page may ask first
 * (what was typed there and not saved) and staying keeps its tab. Not on Back or Forward, which come to that entry
 * again long after.
 */
export interface TabsAfterNavigation {
  closeTab?: string;
  resetTabs?: boolean;
  /** The page left (its path and query): where the person goes back to if they keep what they typed there. */
  from?: string;
}
export function tabEventAfter(state: unknown, historyAction: string): TabBarEvent | null {
  if (historyAction === 'POP' || !state || typeof state !== 'object') return null;
  const after = state as TabsAfterNavigation;
  const returnTo = typeof after.from === 'string' ? { returnTo: after.from } : {};
  if (after.resetTabs === true) return { type: 'tab.closeAll', ...returnTo };
  return typeof after.closeTab === 'string' ? { type: 'tab.close', name: after.closeTab, ...returnTo } : null;
}
