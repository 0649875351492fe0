import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ToastEmitted } from '@/machines/app/intents';
import {
  listProjects,
  sendProjectCommand,
  type ProjectCommand,
  type ProjectDto,
  type ProjectListQuery,
  type ProjectListResult,
  type ProjectSort,
} from '@/services/projects';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';

/**
 * The project list screen (/project/list): query (search, display and enabled filters, sort, page), the rows the
 * server returned, and row commands (show/hide, enable/close).
 *
 * Invariants:
 * - every change of the query reloads; changing anything but the page goes back to page 1;
 * - one command at a time, only from `ready.idle`; after an accepted command the list reloads, a refused one
 *   keeps the rows and shows the server's reason (`actionError`).
 * Which commands a row offers is decided by the lifecycle machine (projectRows.ts), not here.
 */

export interface ProjectListInput {
  role: string | null;
  query?: Partial<ProjectListQuery>;
}

export interface ProjectListContext {
  role: string | null;
  query: Required<ProjectListQuery>;
  /** The search box as typed, applied on `query.submit`. */
  searchText: string;
  items: ProjectDto[];
  total: number;
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  pending: { id: number; command: ProjectCommand } | null;
}

export type ProjectListEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'query.type'; text: string }
  | { type: 'query.submit' }
  | { type: 'filter.change'; field: 'is_display' | 'is_enabled'; value: '' | 'true' | 'false' }
  | { type: 'sort.change'; sort: ProjectSort }
  | { type: 'page.change'; page: number }
  | { type: 'row.command'; id: number; command: ProjectCommand };

export const DEFAULT_QUERY: Required<ProjectListQuery> = {
  q: '',
  is_display: '',
  is_enabled: '',
  sort: 'ranking',
  order: 'asc',
  page: 1,
  page_size: 10,
};

export const projectListMachine = setup({
  types: {
    context: {} as ProjectListContext,
    events: {} as ProjectListEvent,
    input: {} as ProjectListInput,
    emitted: {} as ToastEmitted,
  },
  actors: {
    fetchList: fromPromise<ProjectListResult, ProjectListQuery>(({ input }) => listProjects(input)),
    sendCommand: fromPromise<ProjectDto, { id: number; command: ProjectCommand; expectedVersion: number }>(
      ({ input }) => sendProjectCommand(input.id, input.command, input.expectedVersion),
    ),
  },
  guards: {
    rowExists: ({ context, event }) =>
      event.type === 'row.command' && context.items.some((row) => row.id === event.id),
  },
  actions: {
    applyQueryEvent: assign({
      query: ({ context, event }) => {
        const q = context.query;
        switch (event.type) {
          case 'query.submit':
            return { ...q, q: context.searchText.trim(), page: 1 };
          case 'filter.change':
            return { ...q, [event.field]: event.value, page: 1 };
          case 'sort.change':
            return event.sort === q.sort
              ? { ...q, order: q.order === 'asc' ? ('desc' as const) : ('asc' as const), page: 1 }
              : {
                  ...q,
                  sort: event.sort,
                  order: event.sort === 'ranking' ? ('asc' as const) : ('desc' as const),
                  page: 1,
                };
          case 'page.change':
            return { ...q, page: Math.max(1, event.page) };
          default:
            return q;
        }
      },
    }),
    typeSearch: assign({
      searchText: ({ context, event }) => (event.type === 'query.type' ? event.text : context.searchText),
    }),
    storeList: assign(({ event }) => {
      const result = (event as unknown as { output: ProjectListResult }).output;
      return { items: result.items, total: result.total, loadError: null };
    }),
    storeLoadError: assign({
      loadError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
    }),
    setPending: assign({
      pending: ({ event }) =>
        event.type === 'row.command' ? { id: event.id, command: event.command } : null,
      actionError: null,
    }),
    storeActionError: assign({
      actionError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    toastDone: emit({ type: 'toast', intent: 'success', key: 'project.toast.done' } as ToastEmitted),
  },
}).createMachine({
  id: 'projectList',
  context: ({ input }) => ({
    role: input.role,
    query: { ...DEFAULT_QUERY, ...input.query },
    searchText: input.query?.q ?? '',
    items: [],
    total: 0,
    loadError: null,
    actionError: null,
    pending: null,
  }),
  on: {
    'query.type': { actions: 'typeSearch' },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchList',
        src: 'fetchList',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: 'storeList' },
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      on: {
        'list.retry': 'loading',
        'query.submit': { target: 'loading', actions: 'applyQueryEvent' },
        'filter.change': { target: 'loading', actions: 'applyQueryEvent' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.reload': '#projectList.loading',
            'query.submit': { target: '#projectList.loading', actions: 'applyQueryEvent' },
            'filter.change': { target: '#projectList.loading', actions: 'applyQueryEvent' },
            'sort.change': { target: '#projectList.loading', actions: 'applyQueryEvent' },
            'page.change': { target: '#projectList.loading', actions: 'applyQueryEvent' },
            'row.command': { guard: 'rowExists', target: 'submitting', actions: 'setPending' },
          },
        },
        submitting: {
          invoke: {
            id: 'sendCommand',
            src: 'sendCommand',
            input: ({ context }) => ({
              id: context.pending!.id,
              command: context.pending!.command,
              expectedVersion: context.items.find((r) => r.id === context.pending!.id)?.version ?? 0,
            }),
            onDone: { target: '#projectList.loading', actions: ['clearPending', 'toastDone'] },
            onError: { target: 'idle', actions: 'storeActionError' },
          },
        },
      },
    },
  },
});

export type ProjectListSnapshot = SnapshotFrom<typeof projectListMachine>;

export const selectItems = (s: ProjectListSnapshot) => s.context.items;
export const selectQuery = (s: ProjectListSnapshot) => s.context.query;
export const selectIsLoading = (s: ProjectListSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ProjectListSnapshot) => s.matches('loadFailed');
export const selectIsBusy = (s: ProjectListSnapshot) => s.matches({ ready: 'submitting' });
export const selectPageCount = (s: ProjectListSnapshot) =>
  Math.max(1, Math.ceil(s.context.total / s.context.query.page_size));
