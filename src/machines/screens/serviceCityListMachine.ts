import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import { cityAvailability } from '@/machines/lifecycles/serviceCityLifecycle';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ApiError } from '@/services/http';
import {
  deleteServiceCity,
  listServiceCities,
  sendServiceCityCommand,
  type CityListQuery,
  type CityListResult,
  type CitySort,
  type ServiceCityDto,
} from '@/services/serviceCities';

/**
 * The service city list (/system/service-city): search, sort, pagination, enable/close toggles and delete with a
 * confirmation. Every row action is offered only when the service city lifecycle allows it for this role
 * (`cityAvailability`); the server decides again.
 *
 * Invariants:
 * - one command at a time: toggles and deletes run only from `ready`; the list reloads after each;
 * - the delete dialog is open exactly in `confirmingDelete`; a refused delete (a city in use) keeps the server's
 *   message in `actionError` until the next action;
 * - a version conflict (someone else changed the city) reloads the list and says so; so does showing the page
 *   again (`list.refresh`: the tab bar keeps pages alive, and the edit page may have changed a city).
 */

export interface ServiceCityListContext {
  role: string | null;
  query: Required<Pick<CityListQuery, 'sort' | 'order' | 'page' | 'page_size'>> & { q: string };
  searchText: string;
  items: ServiceCityDto[];
  total: number;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  target: ServiceCityDto | null;
}

export type ServiceCityListEvent =
  | { type: 'list.retry' }
  /** The page is shown again (a cached tab): reload, a city may have been added or edited meanwhile. */
  | { type: 'list.refresh' }
  | { type: 'query.type'; text: string }
  | { type: 'query.submit' }
  | { type: 'sort.change'; sort: CitySort }
  | { type: 'page.change'; page: number }
  | { type: 'row.toggle'; id: number }
  | { type: 'row.delete'; id: number }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' };

const errorOf = (event: unknown) => (event as { error?: ApiError }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;

function rowOf(context: ServiceCityListContext, event: ServiceCityListEvent): ServiceCityDto | undefined {
  return 'id' in event ? context.items.find((c) => c.id === event.id) : undefined;
}

export const serviceCityListMachine = setup({
  types: {
    context: {} as ServiceCityListContext,
    events: {} as ServiceCityListEvent,
    input: {} as { role: string | null },
    emitted: {} as ToastEmitted,
  },
  actors: {
    loadCities: fromPromise<CityListResult, CityListQuery>(({ input }) => listServiceCities(input)),
    toggleCity: fromPromise<unknown, { city: ServiceCityDto }>(({ input }) =>
      sendServiceCityCommand(
        input.city.id,
        input.city.is_enabled ? 'serviceCity.close' : 'serviceCity.enable',
        input.city.version,
      ),
    ),
    deleteCity: fromPromise<unknown, { city: ServiceCityDto }>(({ input }) =>
      deleteServiceCity(input.city.id, input.city.version),
    ),
  },
  guards: {
    canToggle: ({ context, event }) => {
      const row = rowOf(context, event);
      if (!row) return false;
      const type = row.is_enabled ? 'serviceCity.close' : 'serviceCity.enable';
      return cityAvailability({ is_enabled: row.is_enabled }, type, context.role).allowed;
    },
    canDelete: ({ context, event }) => {
      const row = rowOf(context, event);
      return (
        !!row && cityAvailability({ is_enabled: row.is_enabled }, 'serviceCity.delete', context.role).allowed
      );
    },
    isVersionConflict: ({ event }) => errorOf(event)?.code === 40901,
  },
  actions: {
    storeList: assign(({ event }) => {
      const r = outputOf<CityListResult>(event);
      return { items: r.items, total: r.total, loadError: null };
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)) }),
    storeActionError: assign({ actionError: ({ event }) => errorTextOf(errorOf(event)) }),
    clearActionError: assign({ actionError: null }),
    typeSearch: assign({
      searchText: ({ context, event }) => (event.type === 'query.type' ? event.text : context.searchText),
    }),
    submitSearch: assign({
      query: ({ context }) => ({ ...context.query, q: context.searchText.trim(), page: 1 }),
    }),
    changeSort: assign({
      query: ({ context, event }) => {
        if (event.type !== 'sort.change') return context.query;
        const order: 'asc' | 'desc' =
          context.query.sort === event.sort ? (context.query.order === 'asc' ? 'desc' : 'asc') : 'asc';
        return { ...context.query, sort: event.sort, order, page: 1 };
      },
    }),
    changePage: assign({
      query: ({ context, event }) =>
        event.type === 'page.change' ? { ...context.query, page: Math.max(1, event.page) } : context.query,
    }),
    pickTarget: assign({ target: ({ context, event }) => rowOf(context, event) ?? null, actionError: null }),
    clearTarget: assign({ target: null }),
    toastDone: emit({ type: 'toast', intent: 'success', key: 'system.city.toast.done' } as ToastEmitted),
    toastDeleted: emit({
      type: 'toast',
      intent: 'success',
      key: 'system.city.toast.deleted',
    } as ToastEmitted),
    toastConflict: emit({
      type: 'toast',
      intent: 'warning',
      key: 'system.city.toast.conflictReloaded',
    } as ToastEmitted),
  },
}).createMachine({
  id: 'serviceCityList',
  context: ({ input }) => ({
    role: input.role,
    query: { q: '', sort: 'ranking', order: 'asc', page: 1, page_size: 10 },
    searchText: '',
    items: [],
    total: 0,
    loadError: null,
    actionError: null,
    target: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCities',
        src: 'loadCities',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: 'storeList' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: { on: { 'list.retry': 'loading' } },
    ready: {
      on: {
        'list.refresh': 'loading',
        'query.type': { actions: 'typeSearch' },
        'query.submit': { target: 'loading', actions: ['submitSearch', 'clearActionError'] },
        'sort.change': { target: 'loading', actions: 'changeSort' },
        'page.change': { target: 'loading', actions: 'changePage' },
        'row.toggle': { guard: 'canToggle', target: 'toggling', actions: 'pickTarget' },
        'row.delete': { guard: 'canDelete', target: 'confirmingDelete', actions: 'pickTarget' },
      },
    },
    toggling: {
      invoke: {
        id: 'toggleCity',
        src: 'toggleCity',
        input: ({ context }) => ({ city: context.target! }),
        onDone: { target: 'loading', actions: ['clearTarget', 'toastDone'] },
        onError: [
          { guard: 'isVersionConflict', target: 'loading', actions: ['clearTarget', 'toastConflict'] },
          { target: 'ready', actions: ['clearTarget', 'storeActionError'] },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'dialog.confirm': 'deleting',
        'dialog.cancel': { target: 'ready', actions: 'clearTarget' },
      },
    },
    deleting: {
      invoke: {
        id: 'deleteCity',
        src: 'deleteCity',
        input: ({ context }) => ({ city: context.target! }),
        onDone: { target: 'loading', actions: ['clearTarget', 'toastDeleted'] },
        onError: [
          { guard: 'isVersionConflict', target: 'loading', actions: ['clearTarget', 'toastConflict'] },
          { target: 'ready', actions: ['clearTarget', 'storeActionError'] },
        ],
      },
    },
  },
});

export type ServiceCityListSnapshot = SnapshotFrom<typeof serviceCityListMachine>;

export const selectPageCount = (s: ServiceCityListSnapshot) =>
  Math.max(1, Math.ceil(s.context.total / s.context.query.page_size));
export const selectBusy = (s: ServiceCityListSnapshot) =>
  !s.matches('ready') && !s.matches('confirmingDelete');

/** Row actions as the lifecycle allows them for this role: `{ allowed, reasonKey }`. */
export function rowActions(row: ServiceCityDto, role: string | null) {
  const status = { is_enabled: row.is_enabled };
  return {
    toggle: cityAvailability(status, row.is_enabled ? 'serviceCity.close' : 'serviceCity.enable', role),
    remove: cityAvailability(status, 'serviceCity.delete', role),
  };
}
