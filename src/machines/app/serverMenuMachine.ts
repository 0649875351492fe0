/**
 * The server menu (SPEC §4): with menu-from-server on and none loaded, it is fetched, with loading, success
 * and error toasts (one toast id, so success/error replace the loading toast).
 *
 * Invariants: `menu` is non-empty only in `loaded`; `serverMenu.clear` (logout) always returns to `idle` with
 * no menu; a fetch while loaded does nothing (the menu is cached until cleared).
 */
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { getServerMenu, type ServerMenuRoute } from '@/services/menu';
import type { ToastEmitted } from './intents';

export type { ServerMenuRoute };

export interface ServerMenuContext {
  menu: ServerMenuRoute[];
}

export type ServerMenuEvent = { type: 'serverMenu.fetch' } | { type: 'serverMenu.clear' };

export const MENU_TOAST_ID = 'server-menu';

export const serverMenuMachine = setup({
  types: {
    context: {} as ServerMenuContext,
    events: {} as ServerMenuEvent,
    emitted: {} as ToastEmitted,
  },
  actors: {
    fetchMenu: fromPromise<ServerMenuRoute[]>(() => getServerMenu()),
  },
  actions: {
    toastLoading: emit({
      type: 'toast',
      intent: 'primary',
      key: 'menu.loading',
      id: MENU_TOAST_ID,
      timeout: 0,
    } as const),
    toastLoaded: emit({
      type: 'toast',
      intent: 'success',
      key: 'menu.loadSuccess',
      id: MENU_TOAST_ID,
    } as const),
    toastFailed: emit({
      type: 'toast',
      intent: 'danger',
      key: 'menu.loadFailed',
      id: MENU_TOAST_ID,
    } as const),
    acceptMenu: assign({ menu: (_, params: { menu: ServerMenuRoute[] }) => params.menu }),
    forgetMenu: assign({ menu: [] as ServerMenuRoute[] }),
  },
}).createMachine({
  id: 'serverMenu',
  context: { menu: [] },
  initial: 'idle',
  on: {
    'serverMenu.clear': { target: '.idle', actions: 'forgetMenu' },
  },
  states: {
    idle: {
      on: { 'serverMenu.fetch': 'loading' },
    },
    loading: {
      entry: 'toastLoading',
      invoke: {
        id: 'fetchMenu',
        src: 'fetchMenu',
        onDone: {
          target: 'loaded',
          actions: [{ type: 'acceptMenu', params: ({ event }) => ({ menu: event.output }) }, 'toastLoaded'],
        },
        onError: { target: 'loadFailed', actions: 'toastFailed' },
      },
    },
    loaded: {},
    loadFailed: {
      on: { 'serverMenu.fetch': 'loading' },
    },
  },
});

export type ServerMenuSnapshot = SnapshotFrom<typeof serverMenuMachine>;

export const selectServerMenu = (s: ServerMenuSnapshot) => s.context.menu;
export const selectServerMenuSettled = (s: ServerMenuSnapshot) =>
  s.matches('loaded') || s.matches('loadFailed');
