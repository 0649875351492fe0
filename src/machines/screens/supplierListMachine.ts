import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import type { ToastEmitted } from '@/machines/app/intents';
import { isValidRanking, isValidReason } from '@/machines/lifecycles/supplierMachine';
import {
  listSupplierCities,
  listSuppliers,
  sendBulkSupplierCommand,
  sendSupplierCommand,
  type BulkResult,
  type SupplierCommand,
  type SupplierDto,
  type SupplierListQuery,
  type SupplierListResult,
  type SupplierSort,
  type SupplierTab,
} from '@/services/suppliers';

/**
 * The supplier list screen (/supply/list): query (search, audit filter, city, enabled, tab, sort, page), the
 * rows and per-tab counts the server returned, row selection, row actions (a command, the reject-reason
 * dialog, the ranking dialog) and bulk actions with a per-row summary.
 *
 * Invariants:
 * - every change of the query reloads; changing anything but the page goes back to page 1;
 * - a dialog is open exactly in `ready.rejecting` / `ready.ranking`; the bulk summary exactly in
 *   `ready.bulkSummary`;
 * - after any accepted command the list reloads (counts change); a refused command keeps the rows and shows
 *   the server's reason (`actionError`).
 * Which actions a row offers is not decided here but by the lifecycle machine (see supplierRows.ts).
 */

export type BulkCommandType = 'supplier.approve' | 'supplier.enable' | 'supplier.close';

export interface SupplierListInput {
  role: string | null;
  query?: Partial<SupplierListQuery>;
}

export interface BulkSummaryRow {
  id: number;
  name: string;
  ok: boolean;
  /** Why a row was refused (or `ok`), translated by the view. */
  message: ErrorText;
}

export interface SupplierListContext {
  role: string | null;
  query: Required<SupplierListQuery>;
  /** The search box as typed, applied on `query.submit`. */
  searchText: string;
  items: SupplierDto[];
  total: number;
  counts: Record<SupplierTab, number>;
  cities: string[];
  selected: number[];
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  /** The row a dialog acts on, and what is typed in it. */
  dialog: { id: number; name: string; reason: string; ranking: string; invalid: boolean } | null;
  /** The command being sent for one row. */
  pending: { id: number; command: SupplierCommand } | null;
  bulk: { type: BulkCommandType; results: BulkSummaryRow[] } | null;
}

export type SupplierListEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'query.type'; text: string }
  | { type: 'query.submit' }
  | { type: 'filter.change'; field: 'audit_state' | 'city' | 'is_enabled'; value: string }
  | { type: 'tab.select'; tab: SupplierTab }
  | { type: 'sort.change'; sort: SupplierSort }
  | { type: 'page.change'; page: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.togglePage' }
  | { type: 'selection.clear' }
  | { type: 'row.command'; id: number; command: SupplierCommand }
  | { type: 'row.reject'; id: number }
  | { type: 'row.rank'; id: number }
  | { type: 'dialog.reasonChange'; reason: string }
  | { type: 'dialog.rankingChange'; ranking: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'bulk.command'; commandType: BulkCommandType }
  | { type: 'summary.close' };

export const DEFAULT_QUERY: Required<SupplierListQuery> = {
  q: '',
  audit_state: '',
  tab: 'all',
  city: '',
  is_enabled: '',
  sort: 'ranking',
  order: 'asc',
  page: 1,
  page_size: 20,
};

const EMPTY_COUNTS: Record<SupplierTab, number> = { all: 0, taking_orders: 0, servicing: 0, resting: 0 };

export const supplierListMachine = setup({
  types: {
    context: {} as SupplierListContext,
    events: {} as SupplierListEvent,
    input: {} as SupplierListInput,
    emitted: {} as ToastEmitted,
  },
  actors: {
    fetchList: fromPromise<SupplierListResult, SupplierListQuery>(({ input }) => listSuppliers(input)),
    fetchCities: fromPromise<string[]>(() => listSupplierCities()),
    sendCommand: fromPromise<SupplierDto, { id: number; command: SupplierCommand; expectedVersion: number }>(
      ({ input }) => sendSupplierCommand(input.id, input.command, input.expectedVersion),
    ),
    sendBulk: fromPromise<
      BulkResult[],
      { command: SupplierCommand; items: Array<{ id: number; expectedVersion: number }> }
    >(({ input }) => sendBulkSupplierCommand(input.command, input.items)),
  },
  guards: {
    reasonGiven: ({ context }) => isValidReason(context.dialog?.reason),
    rankingValid: ({ context }) =>
      context.dialog !== null &&
      /^\d+$/.test(context.dialog.ranking) &&
      isValidRanking(Number(context.dialog.ranking)),
    hasSelection: ({ context }) => context.selected.length > 0,
    rowExists: ({ context, event }) =>
      'id' in event && context.items.some((row) => row.id === (event as { id: number }).id),
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
          case 'tab.select':
            return { ...q, tab: event.tab, page: 1 };
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
          case 'pageSize.change':
            return { ...q, page_size: event.pageSize, page: 1 };
          default:
            return q;
        }
      },
    }),
    typeSearch: assign({
      searchText: ({ context, event }) => (event.type === 'query.type' ? event.text : context.searchText),
    }),
    storeList: assign(({ context, event }) => {
      const result = (event as unknown as { output: SupplierListResult }).output;
      const ids = new Set(result.items.map((r) => r.id));
      return {
        items: result.items,
        total: result.total,
        counts: result.counts,
        loadError: null,
        selected: context.selected.filter((id) => ids.has(id)),
      };
    }),
    storeLoadError: assign({
      loadError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
    }),
    storeCities: assign({ cities: ({ event }) => (event as unknown as { output: string[] }).output }),
    toggleSelection: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'selection.toggle') return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id];
      },
    }),
    togglePage: assign({
      selected: ({ context }) =>
        context.items.every((r) => context.selected.includes(r.id)) ? [] : context.items.map((r) => r.id),
    }),
    clearSelection: assign({ selected: [] }),
    openDialog: assign({
      dialog: ({ context, event }) => {
        const row = context.items.find((r) => r.id === (event as { id: number }).id)!;
        return { id: row.id, name: row.name, reason: '', ranking: String(row.ranking), invalid: false };
      },
      actionError: null,
    }),
    typeReason: assign({
      dialog: ({ context, event }) =>
        context.dialog && event.type === 'dialog.reasonChange'
          ? { ...context.dialog, reason: event.reason, invalid: false }
          : context.dialog,
    }),
    typeRanking: assign({
      dialog: ({ context, event }) =>
        context.dialog && event.type === 'dialog.rankingChange'
          ? { ...context.dialog, ranking: event.ranking, invalid: false }
          : context.dialog,
    }),
    markInvalid: assign({ dialog: ({ context }) => context.dialog && { ...context.dialog, invalid: true } }),
    closeDialog: assign({ dialog: null }),
    setPendingFromRow: assign({
      pending: ({ event }) =>
        event.type === 'row.command' ? { id: event.id, command: event.command } : null,
      actionError: null,
    }),
    setPendingReject: assign({
      pending: ({ context }) => ({
        id: context.dialog!.id,
        command: { type: 'supplier.reject', reason: context.dialog!.reason.trim() },
      }),
    }),
    setPendingRank: assign({
      pending: ({ context }) => ({
        id: context.dialog!.id,
        command: { type: 'supplier.rank', ranking: Number(context.dialog!.ranking) },
      }),
    }),
    storeActionError: assign({
      actionError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    toastDone: emit({ type: 'toast', intent: 'success', key: 'supply.toast.done' } as ToastEmitted),
    startBulk: assign({
      bulk: ({ event }) =>
        event.type === 'bulk.command' ? { type: event.commandType, results: [] as BulkSummaryRow[] } : null,
      actionError: null,
    }),
    storeBulkResults: assign({
      bulk: ({ context, event }) => {
        const results = (event as unknown as { output: BulkResult[] }).output;
        const names = new Map(context.items.map((r) => [r.id, r.name]));
        return {
          type: context.bulk!.type,
          results: results.map((r) => ({
            id: r.id,
            name: names.get(r.id) ?? `#${r.id}`,
            ok: r.ok,
            message: errorTextOf({ code: r.err_code, message: r.err_msg, data: r.data }),
          })),
        };
      },
    }),
    finishBulk: assign({ bulk: null, selected: [] }),
    storeBulkError: assign({
      actionError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
      bulk: null,
    }),
  },
}).createMachine({
  id: 'supplierList',
  context: ({ input }) => ({
    role: input.role,
    query: { ...DEFAULT_QUERY, ...input.query },
    searchText: input.query?.q ?? '',
    items: [],
    total: 0,
    counts: EMPTY_COUNTS,
    cities: [],
    selected: [],
    loadError: null,
    actionError: null,
    dialog: null,
    pending: null,
    bulk: null,
  }),
  invoke: {
    id: 'fetchCities',
    src: 'fetchCities',
    onDone: { actions: 'storeCities' },
  },
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
        'tab.select': { target: 'loading', actions: 'applyQueryEvent' },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'list.reload': '#supplierList.loading',
            'query.submit': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'filter.change': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'tab.select': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'sort.change': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'page.change': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'pageSize.change': { target: '#supplierList.loading', actions: 'applyQueryEvent' },
            'selection.toggle': { actions: 'toggleSelection' },
            'selection.togglePage': { actions: 'togglePage' },
            'selection.clear': { actions: 'clearSelection' },
            'row.command': { guard: 'rowExists', target: 'submitting', actions: 'setPendingFromRow' },
            'row.reject': { guard: 'rowExists', target: 'rejecting', actions: 'openDialog' },
            'row.rank': { guard: 'rowExists', target: 'ranking', actions: 'openDialog' },
            'bulk.command': { guard: 'hasSelection', target: 'bulkSubmitting', actions: 'startBulk' },
          },
        },
        rejecting: {
          on: {
            'dialog.reasonChange': { actions: 'typeReason' },
            'dialog.confirm': [
              { guard: 'reasonGiven', target: 'submitting', actions: ['setPendingReject', 'closeDialog'] },
              { actions: 'markInvalid' },
            ],
            'dialog.cancel': { target: 'idle', actions: 'closeDialog' },
          },
        },
        ranking: {
          on: {
            'dialog.rankingChange': { actions: 'typeRanking' },
            'dialog.confirm': [
              { guard: 'rankingValid', target: 'submitting', actions: ['setPendingRank', 'closeDialog'] },
              { actions: 'markInvalid' },
            ],
            'dialog.cancel': { target: 'idle', actions: 'closeDialog' },
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
            onDone: { target: '#supplierList.loading', actions: ['clearPending', 'toastDone'] },
            onError: { target: 'idle', actions: 'storeActionError' },
          },
        },
        bulkSubmitting: {
          invoke: {
            id: 'sendBulk',
            src: 'sendBulk',
            input: ({ context }) => ({
              command: { type: context.bulk!.type },
              items: context.selected.map((id) => ({
                id,
                expectedVersion: context.items.find((r) => r.id === id)?.version ?? 0,
              })),
            }),
            onDone: { target: 'bulkSummary', actions: 'storeBulkResults' },
            onError: { target: 'idle', actions: 'storeBulkError' },
          },
        },
        bulkSummary: {
          on: { 'summary.close': { target: '#supplierList.loading', actions: 'finishBulk' } },
        },
      },
    },
  },
});

export type SupplierListSnapshot = SnapshotFrom<typeof supplierListMachine>;

export const selectItems = (s: SupplierListSnapshot) => s.context.items;
export const selectQuery = (s: SupplierListSnapshot) => s.context.query;
export const selectCounts = (s: SupplierListSnapshot) => s.context.counts;
export const selectIsLoading = (s: SupplierListSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: SupplierListSnapshot) => s.matches('loadFailed');
export const selectIsBusy = (s: SupplierListSnapshot) =>
  s.matches({ ready: 'submitting' }) || s.matches({ ready: 'bulkSubmitting' });
export const selectDialog = (s: SupplierListSnapshot) =>
  s.matches({ ready: 'rejecting' }) ? 'reject' : s.matches({ ready: 'ranking' }) ? 'rank' : null;
export const selectBulkSummary = (s: SupplierListSnapshot) =>
  s.matches({ ready: 'bulkSummary' }) ? s.context.bulk : null;
export const selectPageCount = (s: SupplierListSnapshot) =>
  Math.max(1, Math.ceil(s.context.total / s.context.query.page_size));
