/**
 * The tab bar (SPEC §3 tab entry, §4): opening a route adds a tab (once per route name; the excluded
 * route never gets one), tabs are cached (kept alive) unless `ignoreCache`, closing a tab removes its cache,
 * "close others" / "close to the right" / "close to the left", and reset to the home tab.
 *
 * Invariants: the home tab (Workplace) is always first and cannot be closed; `cacheList` is exactly the names
 * of open tabs without `ignoreCache`; no two tabs share a name.
 */
import { assign, setup, type SnapshotFrom } from 'xstate';

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
}

export type TabBarEvent =
  | { type: 'tab.open'; tab: TabEntry }
  | { type: 'tab.close'; name: string }
  | { type: 'tab.closeOthers'; name: string }
  | { type: 'tab.closeRight'; name: string }
  | { type: 'tab.closeLeft'; name: string }
  | { type: 'tab.reset' };

const cacheOf = (tabs: TabEntry[]) => tabs.filter((t) => !t.ignoreCache).map((t) => t.name);
const withTabs = (tabs: TabEntry[]): TabBarContext => ({ tabs, cacheList: cacheOf(tabs) });
const isHome = (name: string) => name === HOME_TAB.name;

export const tabBarMachine = setup({
  types: {
    context: {} as TabBarContext,
    events: {} as TabBarEvent,
  },
  guards: {
    isExcluded: ({ event }) => event.type === 'tab.open' && EXCLUDED_TAB_ROUTES.includes(event.tab.name),
    isOpen: ({ context, event }) =>
      event.type === 'tab.open' && context.tabs.some((t) => t.name === event.tab.name),
    isClosable: ({ context, event }) =>
      event.type === 'tab.close' && !isHome(event.name) && context.tabs.some((t) => t.name === event.name),
    leavesOnlyHome: ({ context, event }) =>
      event.type === 'tab.close' &&
      !isHome(event.name) &&
      context.tabs.some((t) => t.name === event.name) &&
      context.tabs.length === 2,
    targetsHome: ({ event }) => 'name' in event && isHome(event.name),
  },
  actions: {
    addTab: assign(({ context, event }) =>
      event.type === 'tab.open' ? withTabs([...context.tabs, event.tab]) : context,
    ),
    refreshTab: assign(({ context, event }) =>
      // Same route, new query: keep the tab where it is, update where it points to.
      event.type === 'tab.open'
        ? withTabs(context.tabs.map((t) => (t.name === event.tab.name ? { ...t, ...event.tab } : t)))
        : context,
    ),
    removeTab: assign(({ context, event }) =>
      event.type === 'tab.close' ? withTabs(context.tabs.filter((t) => t.name !== event.name)) : context,
    ),
    keepOnly: assign(({ context, event }) =>
      event.type === 'tab.closeOthers'
        ? withTabs(context.tabs.filter((t) => isHome(t.name) || t.name === event.name))
        : context,
    ),
    dropRight: assign(({ context, event }) => {
      if (event.type !== 'tab.closeRight') return context;
      const i = context.tabs.findIndex((t) => t.name === event.name);
      return i < 0 ? context : withTabs(context.tabs.slice(0, i + 1));
    }),
    dropLeft: assign(({ context, event }) => {
      if (event.type !== 'tab.closeLeft') return context;
      const i = context.tabs.findIndex((t) => t.name === event.name);
      return i < 0 ? context : withTabs(context.tabs.filter((t, j) => j >= i || isHome(t.name)));
    }),
    resetTabs: assign(() => withTabs([HOME_TAB])),
  },
}).createMachine({
  id: 'tabBar',
  context: withTabs([HOME_TAB]),
  initial: 'homeOnly',
  on: {
    'tab.reset': { target: '.homeOnly', actions: 'resetTabs' },
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
        'tab.close': [
          { guard: 'leavesOnlyHome', target: 'homeOnly', actions: 'removeTab' },
          { guard: 'isClosable', actions: 'removeTab' },
        ],
        'tab.closeOthers': [
          { guard: 'targetsHome', target: 'homeOnly', actions: 'keepOnly' },
          { actions: 'keepOnly' },
        ],
        'tab.closeRight': [
          { guard: 'targetsHome', target: 'homeOnly', actions: 'dropRight' },
          { actions: 'dropRight' },
        ],
        'tab.closeLeft': { actions: 'dropLeft' },
      },
    },
  },
});

export type TabBarSnapshot = SnapshotFrom<typeof tabBarMachine>;

export const selectTabs = (s: TabBarSnapshot) => s.context.tabs;
export const selectCacheList = (s: TabBarSnapshot) => s.context.cacheList;

/**
 * What a navigation asks of the tab bar once it is done, carried in its history state: close the tab of the page it
 * left (`closeTab`), or every tab (`resetTabs`). So a tab closes only once its page was left: the page may ask first
 * (what was typed there and not saved) and staying keeps its tab. Not on Back or Forward, which come to that entry
 * again long after.
 */
export interface TabsAfterNavigation {
  closeTab?: string;
  resetTabs?: boolean;
}
export function tabEventAfter(state: unknown, historyAction: string): TabBarEvent | null {
  if (historyAction === 'POP' || !state || typeof state !== 'object') return null;
  const after = state as TabsAfterNavigation;
  if (after.resetTabs === true) return { type: 'tab.reset' };
  return typeof after.closeTab === 'string' ? { type: 'tab.close', name: after.closeTab } : null;
}
