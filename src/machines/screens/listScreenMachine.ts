import { and, assign, emit, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { isApiText } from '@/contract/apiText';
import {
  ALL_TAB,
  COUNT_CAP,
  MAX_PAGE,
  filterParams,
  isFilterValue,
  reversedRanges,
  type ListQuery,
  type ListSpec,
} from '@/contract/list';
import { VERSION_CONFLICT_KEY, errorTextOf, isConflict, type ErrorText } from '@/machines/app/apiErrors';
import type { ToastEmitted } from '@/machines/app/intents';
import {
  MAX_CLOCK_WAIT_MS,
  allowedAction,
  dialogCommand,
  dialogProblem,
  untilClockChange,
  type ScreenEntity,
  type TypedCommand,
} from './screenEntity';
import type { Allowed } from '@/machines/lifecycles/lifecycle';
import { fitText } from '@/machines/lifecycles/visibleText';
import {
  VERSION_CONFLICT,
  type BulkResult,
  type CommandBody,
  type ListResult,
  type Versioned,
} from '@/services/entityApi';

/**
 * Every list screen: the query (search, filters, tab, sort, page, page size) kept in the URL, the page of rows
 * and the tab counts the server returned, selection, row commands (with a dialog for those that need a value,
 * judged by the lifecycle before anything is sent) and bulk commands with a per-row outcome, and the CSV export
 * of every row matching the query.
 *
 * Invariants:
 * - the query is the URL: every change emits `list.query` (the view writes it to the address bar), and a URL the
 *   user reached with back/forward or a shared link (`url.changed`) becomes the query; either way the list
 *   reloads; changing anything but the page goes back to page 1;
 * - a dialog is open exactly in `ready.commanding`; the bulk summary exactly in `ready.bulkSummary`;
 * - after an accepted command the list reloads (counts change); a refused one keeps the rows and shows the
 *   server's reason (`actionError`);
 * - a dialog's command refused because someone else changed the row first (a 409) is not lost: the page is read
 *   again and, if the row still allows the command, the dialog opens again with what was typed and says the row
 *   changed (`CommandDialog.changed`); otherwise the reason shows above the list;
 * - rows whose state follows the clock (`entity.nextChangeAt`) are reloaded, while idle, once the first of them
 *   changes;
 * - a range typed the wrong way round stays in the query (its fields show it) but is never sent: a load and the
 *   export ask `asked`, the query last sent, and any other change of the query is not taken until it is put right;
 * - what a row offers is never decided here: `allowedOn` asks the lifecycle and the policy table.
 */

export interface ListScreenInput<Row extends Versioned> {
  entity: ScreenEntity<Row>;
  spec: ScreenListSpec;
  role: string | null;
  /** The signed-in staff member's id (rules about who acts); null when unknown. */
  viewerId?: number | null;
  /** The query the URL holds when the screen opens. */
  query: ListQuery;
}

export interface BulkSummaryRow {
  id: number;
  label: string;
  ok: boolean;
  /** Why a row was refused (or `ok`), translated by the view. */
  message: ErrorText;
}

/** A command dialog (its field `reason`, `ranking`), for rows or the selection. */
export interface CommandDialog extends TypedCommand {
  ids: number[];
  /** Opened for the selection (bulk) rather than one row. */
  bulk: boolean;
  /** i18n key of the problem with the value (the lifecycle's refusal), once confirm was tried. */
  problem: string | null;
  /** Opened again after someone else changed the row: the row is shown as it is now, to confirm again. */
  changed?: boolean;
}

/** A list filter's choices loaded from the server, by filter. */
export type Lookups = Record<string, Array<string | { value: string; label: string }>>;

export interface ListScreenContext<Row extends Versioned = Versioned> {
  entity: ScreenEntity<Row>;
  spec: ScreenListSpec;
  role: string | null;
  /** The signed-in staff member's id (rules about who acts); null when unknown. */
  viewerId: number | null;
  query: ListQuery;
  /**
   * The query last asked of the server: what the rows shown answer. It differs from `query` while a range is typed
   * the wrong way round, which is kept in the fields but never sent (a reload or an export asks this one).
   */
  asked: ListQuery;
  /**
   * The query the address bar says: the last one written there (`list.query`) or taken from it. Its own echo
   * (`url.changed` with it, which the view may send after later changes) is nothing new: a range typed the wrong way
   * round since, never written there, is not dropped by it.
   */
  announced: ListQuery;
  /**
   * The search box as typed, kept within the search's limit in characters as `maxlength` would (`fitText`); applied
   * on `query.submit`.
   */
  searchText: string;
  items: Row[];
  total: number;
  /** The counts are lower bounds (the server stopped counting a broad search). */
  capped: boolean;
  counts: Record<string, number> | null;
  /** Where the page shown begins and ends (the server's cursors): paging on by one is read from there. */
  cursors: { before: string; after: string } | null;
  /** Values offered by filters that come from the server (a city list), by filter name. */
  /** A filter's choices from the server: values shown as they are, or values with a label (a project's name). */
  lookups: Lookups;
  selected: number[];
  loadError: ErrorText | null;
  actionError: ErrorText | null;
  dialog: CommandDialog | null;
  /**
   * The command under way and the rows it is for (one row, or the selection: the state says which), with the
   * dialog it was confirmed in, if any.
   */
  pending: { ids: number[]; command: CommandBody; dialog?: CommandDialog } | null;
  /** A dialog's command someone else's change refused: offered again once the page is read, if still allowed. */
  retry: { dialog: CommandDialog; version: number } | null;
  /** How many times the filters were set other than in their fields (cleared, or from the address). */
  resets: number;
  /**
   * A filter's value typed with the keys, each step of it a value the filter takes (a date's day typed a digit at a
   * time: 2026-05-02, then 2026-05-28): asked for once the typing pauses (FILTER_SETTLE_MS), not at every step.
   * Any change of the query drops it: a day picked, a tab, the filters cleared. So does a key that leaves the field
   * holding no value the filter takes (the year being typed, the field erased): nothing is asked for then.
   */
  typed: { field: string; value: string } | null;
  /** The address's parameters this list could not use (`ignoredParams`), until the query is next changed here. */
  ignored: string[];
  bulk: { type: string; results: BulkSummaryRow[] } | null;
}

export type ListScreenEvent =
  | { type: 'list.retry' }
  | { type: 'list.reload' }
  | { type: 'url.changed'; query: ListQuery }
  | { type: 'query.type'; text: string }
  | { type: 'query.submit' }
  | { type: 'filter.change'; field: string; value: string }
  | { type: 'filter.type'; field: string; value: string | null }
  | { type: 'filter.settle' }
  | { type: 'filters.clear' }
  | { type: 'tab.select'; tab: string }
  | { type: 'sort.change'; sort: string }
  | { type: 'page.change'; page: number }
  | { type: 'pageSize.change'; pageSize: number }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.togglePage' }
  | { type: 'selection.clear' }
  | { type: 'row.command'; id: number; command: CommandBody; ask?: string }
  | { type: 'bulk.command'; command: CommandBody; ask?: string }
  | { type: 'dialog.change'; value: string }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'summary.close' }
  | { type: 'export.start' };

export type ListScreenEmitted =
  ToastEmitted | { type: 'list.query'; query: ListQuery } | { type: 'download'; url: string };

/**
 * A list as one screen shows it: the entity's spec, and values this screen always queries with (`fixed`: the
 * refunds of renewals are the refund list at `kind=renewal`). A fixed value is the screen's default and is kept
 * through every change, so it is never "a filter" to clear and never written to the URL.
 */
export type ScreenListSpec = ListSpec & {
  fixed?: ListQuery;
  /** The tab the screen opens on (else all): the refused list opens on the orders still refused. */
  defaultTab?: string;
};

/** The query every list starts from: its spec's defaults, nothing filtered (but the screen's fixed values). */
export function defaultQuery(spec: ScreenListSpec): ListQuery {
  const query: ListQuery = {
    q: '',
    sort: spec.defaultSort,
    order: spec.sorts[spec.defaultSort].order,
    page: '1',
  };
  query.page_size = String(spec.pageSize.default);
  for (const [name, filter] of Object.entries(spec.filters))
    for (const param of filterParams(name, filter)) query[param] = '';
  if (spec.tabs) query.tab = spec.defaultTab ?? ALL_TAB;
  return { ...query, ...spec.fixed };
}

/** How many characters a search may have: the list's own limit, as its API checks it. */
const searchLimit = (spec: ScreenListSpec) => spec.search?.maxLength ?? 100;

/**
 * A query from the URL's parameters: known keys only, each value checked against the spec (an unknown sort or a
 * page beyond range falls back to the default), so a hand-edited link shows a list instead of an error.
 */
export function queryFromParams(spec: ScreenListSpec, params: Record<string, string>): ListQuery {
  const query = defaultQuery(spec);
  const pick = (key: string, ok: (v: string) => boolean) => {
    const v = params[key];
    if (v !== undefined && ok(v)) query[key] = v;
  };
  pick('q', (v) => isApiText(v, searchLimit(spec)));
  for (const [name, filter] of Object.entries(spec.filters))
    for (const param of filterParams(name, filter)) pick(param, (v) => isFilterValue(filter, v));
  if (spec.tabs) pick('tab', (v) => v === ALL_TAB || spec.tabs!.values.includes(v));
  pick('sort', (v) => v in spec.sorts);
  if (params.sort && params.sort in spec.sorts && !params.order) query.order = spec.sorts[params.sort].order;
  pick('order', (v) => v === 'asc' || v === 'desc');
  pick('page', (v) => /^[1-9][0-9]{0,6}$/.test(v) && Number(v) <= MAX_PAGE);
  pick('page_size', (v) => /^[1-9][0-9]{0,2}$/.test(v) && Number(v) <= spec.pageSize.max);
  // A cursor goes with its page: a link to page 5,000 reads on from the page before it, as the paging did.
  if (query.page !== '1') for (const key of ['after', 'before']) pick(key, (v) => /^[\w.-]{1,400}$/.test(v));
  // A range the wrong way round is not asked for (typed, it is kept and marked; from a link, it is left out).
  for (const name of reversedRanges(spec, query)) query[`${name}_from`] = query[`${name}_to`] = '';
  return { ...query, ...spec.fixed };
}

/**
 * The parameters of a link (`params`) this list knows but could not use (`query`, from `queryFromParams`): a
 * value out of range, a date that is none, a range the wrong way round. The link's list is shown without them,
 * and the person is told. Cursors are left out (a stale one just pages by number).
 */
export function ignoredParams(
  spec: ScreenListSpec,
  params: Record<string, string>,
  query: ListQuery,
): string[] {
  const known = ['q', ...Object.entries(spec.filters).flatMap(([n, f]) => filterParams(n, f))];
  known.push(...(spec.tabs ? ['tab'] : []), 'sort', 'order', 'page', 'page_size');
  return known.filter(
    (key) => !(key in (spec.fixed ?? {})) && (params[key] ?? '') !== '' && params[key] !== query[key],
  );
}

/** The URL's parameters for a query: only what differs from the defaults (a clean link for the plain list). */
export function paramsOfQuery(spec: ScreenListSpec, query: ListQuery): Record<string, string> {
  const defaults = defaultQuery(spec);
  // A sort's own default order goes without saying.
  defaults.order = spec.sorts[query.sort]?.order ?? defaults.order;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query))
    if (value !== defaults[key] && value !== '') out[key] = value;
  return out;
}

const NO_CURSOR = { after: '', before: '' };

/** How long a filter's typed value waits for the next key before it is asked for (`filter.type`). */
export const FILTER_SETTLE_MS = 500;
/** The id of the pending `filter.settle`, put off again by each key. */
const SETTLE_ID = 'filterSettles';

/**
 * The next or the previous page is read on from the page shown (the server's cursor: as fast at page 5,000 as at
 * page 2); any other page, by its number.
 */
function cursorTo(context: ListScreenContext, page: number): { after: string; before: string } {
  const shown = Number(context.query.page);
  const cursors = context.cursors;
  if (cursors && page === shown + 1) return { after: cursors.after, before: '' };
  if (cursors && page === shown - 1 && page > 1) return { after: '', before: cursors.before };
  return NO_CURSOR;
}

const sameQuery = (a: ListQuery, b: ListQuery) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => (a[k] ?? '') === (b[k] ?? ''));
};

const outputOf = <T>(event: unknown) => (event as { output: T }).output;

/** The query an event of QUERY_CHANGES leads to. */
function nextQuery(context: ListScreenContext, event: ListScreenEvent): ListQuery {
  const q = context.query;
  const first = { page: '1', ...NO_CURSOR };
  switch (event.type) {
    case 'query.submit':
      return { ...q, q: context.searchText.trim(), ...first };
    case 'filter.change':
      return { ...q, [event.field]: event.value, ...first, ...context.spec.fixed };
    case 'filters.clear': {
      const d = defaultQuery(context.spec);
      return { ...d, sort: q.sort, order: q.order, page_size: q.page_size, tab: q.tab ?? d.tab };
    }
    case 'tab.select':
      return { ...q, tab: event.tab, ...first, ...context.spec.fixed };
    case 'sort.change':
      return event.sort === q.sort
        ? { ...q, order: q.order === 'asc' ? 'desc' : 'asc', ...first }
        : { ...q, sort: event.sort, order: context.spec.sorts[event.sort]?.order ?? 'asc', ...first };
    case 'page.change':
      return { ...q, page: String(Math.max(1, event.page)), ...cursorTo(context, event.page) };
    case 'pageSize.change':
      return { ...q, page_size: String(event.pageSize), ...first };
    default:
      return q;
  }
}

/** Every change of the query: applied, written to the URL, and the list loaded again. */
const change = {
  target: '#listScreen.loading',
  reenter: true,
  actions: ['applyQueryEvent', 'announceQuery'],
} as const;
/**
 * A change while a range is (or would be) the wrong way round: what is typed in a range's ends is kept in the fields
 * (marked there) and not asked for, the page left as it is; any other change is not taken until the range is put
 * right, so the tab, the page and the filters shown stay those of the rows shown.
 */
const reversed = { guard: 'reversesRange' } as const;
const typedReversed = { guard: and(['reversesRange', 'editsRange']), actions: 'keepTypedEnd' } as const;
const QUERY_CHANGES = {
  // The typing paused: in a state that takes a change of the query (else kept, and put off again on coming back to
  // one: `settleLater`).
  'filter.settle': {
    guard: 'typedDiffers',
    actions: 'applyTyped',
    description: 'The typing paused: what was typed is changed as the filter (unless it already is)',
  },
  'query.submit': [reversed, change],
  'filter.change': [typedReversed, reversed, change],
  'filters.clear': {
    ...change,
    actions: ['applyQueryEvent', 'countReset', 'syncSearchText', 'announceQuery'],
  },
  'tab.select': [reversed, change],
  'sort.change': [reversed, change],
  'page.change': [reversed, change],
  'pageSize.change': [reversed, change],
} as const;
const errorOf = (event: unknown) => (event as { error: unknown }).error;

export const listScreenMachine = setup({
  types: {
    context: {} as ListScreenContext,
    events: {} as ListScreenEvent,
    input: {} as ListScreenInput<Versioned>,
    emitted: {} as ListScreenEmitted,
  },
  actors: {
    fetchPage: fromPromise<ListResult<Versioned>, ListQuery>(() => {
      throw new Error('listScreenMachine: provide fetchPage');
    }),
    fetchLookups: fromPromise<Lookups>(async () => ({})),
    sendCommand: fromPromise<unknown, { id: number; command: CommandBody; expectedVersion: number }>(() => {
      throw new Error('listScreenMachine: provide sendCommand');
    }),
    sendBulk: fromPromise<
      BulkResult[],
      { command: CommandBody; items: Array<{ id: number; expectedVersion: number }> }
    >(() => {
      throw new Error('listScreenMachine: provide sendBulk');
    }),
    exportLink: fromPromise<string, ListQuery>(() => {
      throw new Error('listScreenMachine: provide exportLink');
    }),
  },
  delays: {
    untilClockChange: ({ context }) => untilClockChange(context.entity, context.items) ?? MAX_CLOCK_WAIT_MS,
  },
  guards: {
    followsClock: ({ context }) => untilClockChange(context.entity, context.items) !== null,
    hasSelection: ({ context }) => context.selected.length > 0,
    rowExists: ({ context, event }) =>
      event.type === 'row.command' && context.items.some((r) => r.id === event.id),
    asks: ({ event }) =>
      (event.type === 'row.command' || event.type === 'bulk.command') && event.ask !== undefined,
    urlDiffers: ({ context, event }) => {
      if (event.type !== 'url.changed') return false;
      const query = queryFromParams(context.spec, event.query);
      return !sameQuery(query, context.query) && !sameQuery(query, context.announced);
    },
    dialogValid: ({ context }) => dialogProblemOf(context) === null,
    dialogIsBulk: ({ context }) => context.dialog?.bulk === true,
    conflict: ({ event }) => isConflict(errorOf(event)),
    isVersionConflict: ({ event }) =>
      (errorOf(event) as { code?: unknown } | null)?.code === VERSION_CONFLICT,
    retryAllowed: ({ context, event }) => {
      const retry = context.retry;
      if (!retry) return false;
      const row = outputOf<ListResult<Versioned>>(event).items.find((r) => r.id === retry.dialog.ids[0]);
      // Only a row someone else changed: refused on a row as it was, the command would be refused again.
      if (!row || row.version === retry.version) return false;
      return allowedAction(context.entity, row, retry.dialog.command.type, context.role, context.viewerId).ok;
    },
    reversesRange: ({ context, event }) => reversedRanges(context.spec, nextQuery(context, event)).length > 0,
    typedDiffers: ({ context }) =>
      context.typed !== null && context.typed.value !== (context.query[context.typed.field] ?? ''),
    editsRange: ({ context, event }) =>
      event.type === 'filter.change' &&
      Object.entries(context.spec.filters).some(
        ([name, f]) => f.kind === 'range' && [`${name}_from`, `${name}_to`].includes(event.field),
      ),
  },
  actions: {
    // The cursors go with the page shown: once the query moves on (here or in applyUrl) they lead nowhere (a second
    // click on Next while page 2 loads asks for page 3 by its number, not with page 1's cursor).
    // A refusal shown above the list, or a command to offer again, is about the list as it was: a new query (another
    // tab, cleared filters) drops it.
    keepTypedEnd: assign({
      query: ({ context, event }) =>
        event.type === 'filter.change' ? { ...context.query, [event.field]: event.value } : context.query,
      typed: null,
    }),
    applyQueryEvent: assign({
      query: ({ context, event }) => nextQuery(context, event),
      cursors: null,
      actionError: null,
      retry: null,
      ignored: [],
      typed: null,
    }),
    // The filters set from elsewhere than their fields: what is being typed in a field gives way (`RangeEnd`).
    countReset: assign({ resets: ({ context }) => context.resets + 1, typed: null }),
    dropTyped: assign({
      typed: ({ context, event }) =>
        event.type === 'filter.change' && context.typed?.field === event.field ? null : context.typed,
    }),
    keepTyped: assign({
      typed: ({ event }) =>
        event.type === 'filter.type' && event.value !== null
          ? { field: event.field, value: event.value }
          : null,
    }),
    // The pending settle put off again, if something typed waits for it: at each key, and back where the query may
    // change with a typed value whose pause came while it could not (a row's command, an export).
    settleLater: enqueueActions(({ context, enqueue }) => {
      enqueue.cancel(SETTLE_ID);
      if (context.typed) enqueue.raise({ type: 'filter.settle' }, { id: SETTLE_ID, delay: FILTER_SETTLE_MS });
    }),
    applyTyped: enqueueActions(({ context, enqueue }) => {
      const typed = context.typed!;
      enqueue.raise({ type: 'filter.change', field: typed.field, value: typed.value });
      enqueue.assign({ typed: null });
    }),
    clearActionError: assign({ actionError: null }),
    syncSearchText: assign({ searchText: ({ context }) => context.query.q ?? '' }),
    // What loading asks: the query, unless a range in it is the wrong way round; then what was asked last.
    noteAsked: assign({
      asked: ({ context }) =>
        reversedRanges(context.spec, context.query).length > 0 ? context.asked : context.query,
    }),
    announceQuery: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ announced: context.query });
      enqueue.emit({ type: 'list.query' as const, query: context.query });
    }),
    applyUrl: assign(({ context, event }) => {
      const params = event.type === 'url.changed' ? event.query : {};
      const query = queryFromParams(context.spec, params);
      return {
        query,
        announced: query,
        ignored: ignoredParams(context.spec, params, query),
        searchText: query.q ?? '',
        cursors: null,
        actionError: null,
        retry: null,
        resets: context.resets + 1,
        typed: null,
      };
    }),
    noteIgnored: assign({
      ignored: ({ context, event }) =>
        event.type === 'url.changed'
          ? ignoredParams(context.spec, event.query, queryFromParams(context.spec, event.query))
          : context.ignored,
    }),
    typeSearch: assign({
      searchText: ({ context, event }) =>
        event.type === 'query.type'
          ? fitText(context.searchText, event.text, searchLimit(context.spec))
          : context.searchText,
    }),
    storeList: assign(({ context, event }) => {
      const result = outputOf<ListResult<Versioned>>(event);
      const ids = new Set(result.items.map((r) => r.id));
      return {
        items: result.items,
        total: result.total,
        capped: result.capped === true,
        counts: result.counts ?? null,
        cursors: result.cursors ?? null,
        loadError: null,
        selected: context.selected.filter((id) => ids.has(id)),
      };
    }),
    storeLoadError: assign({ loadError: ({ event }) => errorTextOf(errorOf(event)), retry: null }),
    storeLookups: assign({ lookups: ({ event }) => outputOf<Lookups>(event) }),
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
        if (event.type !== 'row.command' && event.type !== 'bulk.command') return null;
        const ids = event.type === 'row.command' ? [event.id] : [...context.selected];
        const field = event.ask!;
        const row = context.items.find((r) => r.id === ids[0]);
        const current =
          row && field && field in row ? String((row as unknown as Record<string, unknown>)[field]) : '';
        const bulk = event.type === 'bulk.command';
        return { ids, bulk, command: event.command, field, value: bulk ? '' : current, problem: null };
      },
      actionError: null,
    }),
    typeDialog: assign({
      dialog: ({ context, event }) =>
        context.dialog && event.type === 'dialog.change'
          ? { ...context.dialog, value: event.value, problem: null }
          : context.dialog,
    }),
    markDialogProblem: assign({
      dialog: ({ context }) => context.dialog && { ...context.dialog, problem: dialogProblemOf(context) },
    }),
    pendingFromRow: assign({
      pending: ({ event }) =>
        event.type === 'row.command' ? { ids: [event.id], command: event.command } : null,
      actionError: null,
    }),
    pendingFromDialog: assign({
      pending: ({ context }) => ({
        ids: context.dialog!.ids,
        command: dialogCommand(context.dialog!),
        dialog: context.dialog!,
      }),
      dialog: null,
    }),
    keepRetry: assign({
      retry: ({ context }) => {
        const dialog = context.pending?.dialog;
        const row = dialog && !dialog.bulk ? context.items.find((r) => r.id === dialog.ids[0]) : undefined;
        return dialog && row ? { dialog, version: row.version } : null;
      },
    }),
    reopenDialog: assign({
      dialog: ({ context }) => ({ ...context.retry!.dialog, problem: null, changed: true }),
      retry: null,
      actionError: null,
    }),
    dropRetry: assign({ retry: null }),
    closeDialog: assign({ dialog: null }),
    storeActionError: assign({ actionError: ({ event }) => errorTextOf(errorOf(event)), pending: null }),
    // The list is read again at once, so "reload it" would ask for what is done: it says it is read again, and
    // names the record, which may have left the page by its change (another tab, another sort place).
    storeStaleVersion: assign({
      actionError: ({ context, event }) => {
        const text = errorTextOf(errorOf(event));
        const row = context.items.find((r) => r.id === context.pending?.ids[0]);
        return {
          ...text,
          keys: text.keys.map((k) => (k === VERSION_CONFLICT_KEY ? 'list.versionConflict' : k)),
          values: { ...text.values, name: row ? context.entity.labelOf(row) : `#${context.pending?.ids[0]}` },
        };
      },
      pending: null,
    }),
    clearPending: assign({ pending: null }),
    toastDone: emit(({ context }): ToastEmitted => ({
      type: 'toast',
      intent: 'success',
      key: 'list.toast.done',
      ...(context.pending ? { command: context.pending.command.type } : {}),
    })),
    startBulk: assign({
      pending: ({ context, event }) =>
        event.type === 'bulk.command' ? { ids: [...context.selected], command: event.command } : null,
      actionError: null,
    }),
    storeBulkResults: assign({
      bulk: ({ context, event }) => {
        const results = outputOf<BulkResult[]>(event);
        const rows = new Map(context.items.map((r) => [r.id, r]));
        return {
          type: context.pending!.command.type,
          results: results.map((r) => ({
            id: r.id,
            label: rows.has(r.id) ? context.entity.labelOf(rows.get(r.id)!) : `#${r.id}`,
            ok: r.ok,
            message: errorTextOf({ code: r.err_code, message: r.err_msg, data: r.data }),
          })),
        };
      },
      pending: null,
    }),
    finishBulk: assign({ bulk: null, selected: [] }),
    emitDownload: emit(({ event }) => ({ type: 'download' as const, url: outputOf<string>(event) })),
  },
}).createMachine({
  id: 'listScreen',
  context: ({ input }) => {
    const query = queryFromParams(input.spec, input.query);
    return {
      ignored: ignoredParams(input.spec, input.query, query),
      entity: input.entity,
      spec: input.spec,
      role: input.role,
      viewerId: input.viewerId ?? null,
      query,
      asked: query,
      announced: query,
      searchText: query.q ?? '',
      items: [],
      total: 0,
      capped: false,
      counts: null,
      cursors: null,
      lookups: {},
      selected: [],
      loadError: null,
      actionError: null,
      dialog: null,
      pending: null,
      retry: null,
      resets: 0,
      typed: null,
      bulk: null,
    };
  },
  invoke: {
    id: 'fetchLookups',
    src: 'fetchLookups',
    onDone: { actions: 'storeLookups' },
    // Unhandled, a failed lookup would stop the whole screen; the list stands without the filter's choices.
    onError: {
      description: "The filters' choices could not be read: the filter offers none, the list stays",
    },
  },
  on: {
    'query.type': { actions: 'typeSearch' },
    'filter.type': {
      actions: ['keepTyped', 'settleLater'],
      description: 'A filter typed with the keys: asked for once the typing pauses, not at every step of it',
    },
    // Where the query cannot change (a row's command, an export, a dialog), a filter's change is dropped; so is what was
    // typed before it in the same field, which it replaced there (a day picked over one typed): it is not asked for
    // afterwards. What another field holds typed, still shown there, is.
    'filter.change': {
      actions: 'dropTyped',
      description:
        'A filter changed while the list cannot take it: dropped, with what was typed before it in that field',
    },
    'url.changed': [
      { guard: 'urlDiffers', target: '.loading', reenter: true, actions: 'applyUrl' },
      // The same list from another address (the plain menu link, or one adding only what it cannot use): nothing to
      // load, but what that address asked for in vain is said, or no longer.
      { actions: 'noteIgnored' },
    ],
  },
  initial: 'loading',
  states: {
    // A change of the query while a page is still loading starts over with the new query.
    loading: {
      entry: 'noteAsked',
      on: QUERY_CHANGES,
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => context.asked,
        onDone: [
          {
            guard: 'retryAllowed',
            target: 'ready.commanding',
            actions: ['storeList', 'reopenDialog'],
            description: 'A dialog someone else’s change refused, opened again with what was typed',
          },
          { target: 'ready', actions: ['storeList', 'dropRetry'] },
        ],
        onError: { target: 'loadFailed', actions: 'storeLoadError' },
      },
    },
    loadFailed: {
      on: { 'list.retry': 'loading', ...QUERY_CHANGES },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          entry: 'settleLater',
          // A row whose state the clock moves (an activity starting) is shown as it is now: the page reloads then.
          after: { untilClockChange: { guard: 'followsClock', target: '#listScreen.loading' } },
          on: {
            'list.reload': { target: '#listScreen.loading', actions: 'clearActionError' },
            ...QUERY_CHANGES,
            'selection.toggle': { actions: 'toggleSelection' },
            'selection.togglePage': { actions: 'togglePage' },
            'selection.clear': { actions: 'clearSelection' },
            'row.command': [
              { guard: and(['rowExists', 'asks']), target: 'commanding', actions: 'openDialog' },
              { guard: 'rowExists', target: 'submitting', actions: 'pendingFromRow' },
            ],
            'bulk.command': [
              { guard: and(['hasSelection', 'asks']), target: 'commanding', actions: 'openDialog' },
              { guard: 'hasSelection', target: 'bulkSubmitting', actions: 'startBulk' },
            ],
            'export.start': 'exporting',
          },
        },
        commanding: {
          on: {
            'dialog.change': { actions: 'typeDialog' },
            // A confirmed dialog sends one row's command, or the bulk command when it was opened for a selection.
            'dialog.confirm': [
              {
                guard: and(['dialogValid', 'dialogIsBulk']),
                target: 'bulkSubmitting',
                actions: 'pendingFromDialog',
              },
              { guard: 'dialogValid', target: 'submitting', actions: 'pendingFromDialog' },
              { actions: 'markDialogProblem' },
            ],
            'dialog.cancel': { target: 'idle', actions: 'closeDialog' },
          },
        },
        submitting: {
          invoke: {
            id: 'sendCommand',
            src: 'sendCommand',
            input: ({ context }) => ({
              id: context.pending!.ids[0],
              command: context.pending!.command,
              expectedVersion: context.items.find((r) => r.id === context.pending!.ids[0])?.version ?? 0,
            }),
            onDone: { target: '#listScreen.loading', actions: ['toastDone', 'clearPending'] },
            // Refused for the record's state (someone else changed it first): the reason stays shown and the
            // page is read again, so the row shows what it is now and offers what it may do now (a dialog's
            // command, with what was typed, if the row still allows it).
            // Only a stale version offers the command again; a refusal for another reason (40902) is said.
            onError: [
              {
                guard: 'isVersionConflict',
                target: '#listScreen.loading',
                actions: ['keepRetry', 'storeStaleVersion'],
              },
              { guard: 'conflict', target: '#listScreen.loading', actions: 'storeActionError' },
              { target: 'idle', actions: 'storeActionError' },
            ],
          },
        },
        bulkSubmitting: {
          invoke: {
            id: 'sendBulk',
            src: 'sendBulk',
            input: ({ context }) => ({
              command: context.pending!.command,
              items: context.pending!.ids.map((id) => ({
                id,
                expectedVersion: context.items.find((r) => r.id === id)?.version ?? 0,
              })),
            }),
            onDone: { target: 'bulkSummary', actions: 'storeBulkResults' },
            onError: { target: 'idle', actions: 'storeActionError' },
          },
        },
        bulkSummary: {
          on: { 'summary.close': { target: '#listScreen.loading', actions: 'finishBulk' } },
        },
        exporting: {
          invoke: {
            id: 'exportLink',
            src: 'exportLink',
            input: ({ context }) => context.asked,
            onDone: { target: 'idle', actions: 'emitDownload' },
            onError: { target: 'idle', actions: 'storeActionError' },
          },
        },
      },
    },
  },
});

/**
 * The lifecycle's objection to the dialog's value (null when it has none), judged on a row the command is
 * possible for at all, so a bulk dialog speaks about the value, not about one row's state.
 */
function dialogProblemOf(context: ListScreenContext): string | null {
  const dialog = context.dialog;
  if (!dialog) return null;
  const rows = context.items.filter((r) => dialog.ids.includes(r.id));
  const row =
    rows.find((r) => allowedAction(context.entity, r, dialog.command.type, undefined, context.viewerId).ok) ??
    rows[0];
  return dialogProblem(context.entity, row ?? null, dialogCommand(dialog), context.viewerId);
}

export type ListScreenSnapshot = SnapshotFrom<typeof listScreenMachine>;

export const selectIsLoading = (s: ListScreenSnapshot) => s.matches('loading');
export const selectLoadFailed = (s: ListScreenSnapshot) => s.matches('loadFailed');
/**
 * Whether the pager's figures (the total, the page of pages) say something: not before the first page arrives (a
 * total of 0 while loading is not "no records"), nor once a load failed (the figures were another query's).
 */
export const selectFiguresKnown = (s: ListScreenSnapshot) =>
  !s.matches('loadFailed') &&
  !(s.matches('loading') && s.context.items.length === 0 && s.context.total === 0);
/** The range filters set the wrong way round (not asked for until put right). */
export const selectReversedRanges = (s: ListScreenSnapshot) =>
  reversedRanges(s.context.spec, s.context.query);
export const selectIsBusy = (s: ListScreenSnapshot) =>
  s.matches({ ready: 'submitting' }) ||
  s.matches({ ready: 'bulkSubmitting' }) ||
  s.matches({ ready: 'exporting' });
export const selectDialog = (s: ListScreenSnapshot) =>
  s.matches({ ready: 'commanding' }) ? s.context.dialog : null;
export const selectBulkSummary = (s: ListScreenSnapshot) =>
  s.matches({ ready: 'bulkSummary' }) ? s.context.bulk : null;
/**
 * Whether the total is "at least": the server stopped counting and the total is the cap. Under a capped search a
 * tab's own total below the cap is exact (the server counts the tab shown on its own).
 */
export const selectTotalIsAtLeast = (s: ListScreenSnapshot) =>
  s.context.capped && s.context.total >= COUNT_CAP;
/**
 * How many pages there are: as the total says; when the total is "at least", at least up to the page shown, and one
 * more while that page is full, so that paging goes on past the count.
 */
export const selectPageCount = (s: ListScreenSnapshot) => {
  const { total, items, query } = s.context;
  const size = Number(query.page_size || 20);
  const counted = Math.max(1, Math.ceil(total / size));
  if (!selectTotalIsAtLeast(s)) return counted;
  return Math.max(counted, Number(query.page || 1) + (items.length === size ? 1 : 0));
};
export const selectIsFiltered = (s: ListScreenSnapshot) => {
  const d = defaultQuery(s.context.spec);
  return (
    Object.entries(s.context.spec.filters)
      .flatMap(([name, filter]) => filterParams(name, filter))
      .some((k) => (s.context.query[k] ?? '') !== d[k]) || !!s.context.query.q
  );
};

/**
 * Verdicts per row object (or per entity, without a row) and action: a page's rows are replaced, never changed in
 * place, so a button asks the lifecycle once per loaded row, and its selector returns the same verdict — no
 * re-render — on every snapshot until the row is replaced.
 */
const verdicts = new WeakMap<object, Map<string, Allowed>>();

/** What a button on `row` asks: may this role send a command of `type` to it now, and if not, why. */
export function allowedOn(s: ListScreenSnapshot, row: Versioned | null, type: string): Allowed {
  const { entity, role, viewerId } = s.context;
  let known = verdicts.get(row ?? entity);
  if (!known) verdicts.set(row ?? entity, (known = new Map()));
  const key = `${type} ${role} ${viewerId}`;
  let verdict = known.get(key);
  if (!verdict) known.set(key, (verdict = allowedAction(entity, row, type, role, viewerId)));
  return verdict;
}

/**
 * A bulk command is possible when it is for at least one selected row (the others are refused row by row, as the
 * summary shows); refused for all of them, the button gives the first one's reason. Rows selected on another page
 * are not known here: then only the policy is asked.
 */
export function allowedOnSelection(s: ListScreenSnapshot, type: string): Allowed {
  const selected = new Set(s.context.selected);
  const onRows = s.context.items.filter((r) => selected.has(r.id)).map((r) => allowedOn(s, r, type));
  if (onRows.length === 0 || onRows.length < selected.size) return allowedOn(s, null, type);
  return onRows.find((v) => v.ok) ?? onRows[0]!;
}
