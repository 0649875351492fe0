import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkResult, ListResult } from '@/contract/api';
import { COUNT_CAP, MAX_PAGE, type ListQuery } from '@/contract/list';
import type { SupplierDto } from '@/contract/suppliers';
import {
  FILTER_SETTLE_MS,
  allowedOn,
  allowedOnSelection,
  defaultQuery,
  listScreenMachine,
  paramsOfQuery,
  ignoredParams,
  queryFromParams,
  selectBulkSummary,
  selectDialog,
  selectIsBusy,
  selectIsFiltered,
  selectIsLoading,
  selectLoadFailed,
  selectFiguresKnown,
  selectPageCount,
  selectTotalIsAtLeast,
  selectReversedRanges,
  type Lookups,
} from '@/machines/screens/listScreenMachine';
import { REFUND_LIST, refundScreen } from '@/machines/screens/orderScreens';
import { SUPPLIER_SPEC, supplierScreen } from '@/machines/screens/supplierScreens';
import { PROJECT_LIST } from '@/contract/projects';
import type { CommandBody, Versioned } from '@/services/entityApi';
import { describeMachinePaths } from '../../support/machinePaths';
import { conflictError, listResult, networkError, refusedError, supplierRow } from './supplierScreenFixtures';

// The one list screen, driven here with the supplier list's spec and lifecycle.

const input = (role = 'user', query: ListQuery = {}) => ({
  entity: supplierScreen as never,
  spec: SUPPLIER_SPEC,
  role,
  query,
});

/** The supplier list with a range filter, for the walk: a range set the wrong way round is kept, not asked for. */
const WALKED_SPEC = {
  ...SUPPLIER_SPEC,
  filters: { ...SUPPLIER_SPEC.filters, created: { kind: 'range', type: 'date' } },
} as const;

describeMachinePaths(listScreenMachine, {
  // As if the suppliers' state followed the clock (as activities' does), so the walk reloads when it changes.
  input: {
    ...input('admin'),
    spec: WALKED_SPEC,
    entity: { ...supplierScreen, nextChangeAt: () => 0 } as never,
  },
  events: (s) => [
    { type: 'xstate.done.actor.fetchPage', output: listResult },
    // The first row as someone else left it (a new version, its state unchanged), alone: `items.length` tells.
    { type: 'xstate.done.actor.fetchPage', output: { ...listResult, items: [supplierRow({ version: 2 })] } },
    { type: 'xstate.after.untilClockChange.listScreen.ready.idle' },
    { type: 'xstate.error.actor.fetchPage', error: networkError },
    { type: 'xstate.done.actor.fetchLookups', output: { city: ['Beijing'] } },
    { type: 'xstate.error.actor.fetchLookups', error: networkError },
    { type: 'xstate.done.actor.sendCommand', output: supplierRow() },
    { type: 'xstate.error.actor.sendCommand', error: refusedError },
    { type: 'xstate.error.actor.sendCommand', error: conflictError },
    { type: 'xstate.error.actor.sendCommand', error: networkError },
    { type: 'xstate.done.actor.sendBulk', output: [{ id: 1, ok: true, err_code: 200, err_msg: 'ok' }] },
    { type: 'xstate.error.actor.sendBulk', error: networkError },
    { type: 'xstate.done.actor.exportLink', output: '/api/suppliers/export.csv?ticket=t' },
    { type: 'xstate.error.actor.exportLink', error: networkError },
    { type: 'url.changed', query: { tab: s.context.query.tab === 'servicing' ? 'all' : 'servicing' } },
    // The same list from another address: nothing to load.
    { type: 'url.changed', query: { ...s.context.query, tab: s.context.query.tab } },
    { type: 'query.type', text: 'zhang' },
    { type: 'query.submit' },
    { type: 'filter.change', field: 'audit_state', value: 'pass' },
    { type: 'filter.change', field: 'created_from', value: '2026-02-01' },
    { type: 'filter.change', field: 'created_to', value: s.context.query.created_to ? '' : '2026-01-01' },
    { type: 'filter.type', field: 'created_from', value: '2026-02-01' },
    { type: 'filter.type', field: 'created_from', value: null },
    { type: 'filter.settle' },
    { type: 'filters.clear' },
    { type: 'tab.select', tab: 'servicing' },
    { type: 'sort.change', sort: 'ranking' },
    { type: 'page.change', page: 2 },
    { type: 'pageSize.change', pageSize: 50 },
    { type: 'selection.toggle', id: 1 },
    { type: 'row.command', id: 1, command: { type: 'supplier.approve' } },
    { type: 'row.command', id: 1, command: { type: 'supplier.reject', reason: '' }, ask: 'reason' },
    { type: 'bulk.command', command: { type: 'supplier.reject', reason: '' }, ask: 'reason' },
    { type: 'dialog.change', value: s.context.dialog?.value ? '' : 'blurred' },
    { type: 'dialog.confirm' },
    { type: 'dialog.cancel' },
    { type: 'bulk.command', command: { type: 'supplier.enable' } },
    { type: 'summary.close' },
    { type: 'export.start' },
  ],
  limit: 400_000,
  // Walk the query/selection space only coarsely: the mode, whether a dialog holds a value, the selection, the
  // range (set the wrong way round or not).
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.selected.length,
      s.context.dialog && [s.context.dialog.bulk, s.context.dialog.value !== ''],
      s.context.items.length,
      s.context.pending && [s.context.pending.ids.length, !!s.context.pending.dialog],
      [s.context.query.created_from, s.context.query.created_to],
      s.context.retry !== null,
      s.context.dialog?.changed,
      s.context.typed !== null,
    ]),
});

interface Impl {
  list?: (q: ListQuery) => Promise<ListResult<SupplierDto>>;
  lookups?: () => Promise<Lookups>;
  command?: (input: { id: number; command: CommandBody; expectedVersion: number }) => Promise<unknown>;
  bulk?: (input: {
    command: CommandBody;
    items: Array<{ id: number; expectedVersion: number }>;
  }) => Promise<BulkResult[]>;
}

function start(impl: Impl = {}, role = 'user', query: ListQuery = {}) {
  const queries: ListQuery[] = [];
  const urls: ListQuery[] = [];
  const downloads: string[] = [];
  const machine = listScreenMachine.provide({
    actors: {
      fetchPage: fromPromise<ListResult<Versioned>, ListQuery>(async ({ input }) => {
        queries.push(input);
        return (impl.list ?? (async () => listResult))(input);
      }),
      fetchLookups: fromPromise<Lookups>(() =>
        (impl.lookups ?? (async () => ({ city: ['Beijing', 'Chengdu'] })))(),
      ),
      sendCommand: fromPromise(
        async ({ input }: { input: { id: number; command: CommandBody; expectedVersion: number } }) =>
          (impl.command ?? (async () => supplierRow()))(input),
      ),
      sendBulk: fromPromise(
        async ({
          input,
        }: {
          input: { command: CommandBody; items: Array<{ id: number; expectedVersion: number }> };
        }) => (impl.bulk ?? (async () => []))(input),
      ),
      exportLink: fromPromise(
        async ({ input }: { input: ListQuery }) => `/api/suppliers/export.csv?q=${input.q}&ticket=t`,
      ),
    },
  });
  const actor = createActor(machine, { input: input(role, query) });
  actor.on('list.query', (e) => urls.push(paramsOfQuery(SUPPLIER_SPEC, e.query)));
  actor.on('download', (e) => downloads.push(e.url));
  actor.start();
  return { actor, queries, urls, downloads };
}

const ready = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches({ ready: 'idle' }));

/** The list with a date range (WALKED_SPEC), its first page read, and the queries it asks for. */
async function startWithRange(command: Impl['command'] = async () => supplierRow()) {
  const queries: ListQuery[] = [];
  const machine = listScreenMachine.provide({
    actors: {
      fetchPage: fromPromise<ListResult<Versioned>, ListQuery>(async ({ input }) => {
        queries.push(input);
        return listResult;
      }),
      sendCommand: fromPromise(
        async ({ input }: { input: { id: number; command: CommandBody; expectedVersion: number } }) =>
          command(input),
      ),
    },
  });
  const actor = createActor(machine, { input: { ...input('admin'), spec: WALKED_SPEC } });
  actor.start();
  await ready(actor);
  return { actor, queries };
}

/** The rank button of row `id`: a dialog asking for the ranking. */
const askRanking = (id: number) =>
  ({ type: 'row.command', id, command: { type: 'supplier.rank', ranking: 0 }, ask: 'ranking' }) as const;

describe('list screen', () => {
  it('reads the next and the previous page on from the page shown (its cursors), any other page by its number', async () => {
    const pageOf = (q: ListQuery) => ({
      ...listResult,
      total: 1000,
      page: Number(q.page),
      cursors: { before: `b${q.page}`, after: `a${q.page}` },
    });
    const { actor, queries, urls } = start({ list: async (q) => pageOf(q) });
    await ready(actor);
    const sent = () => queries.at(-1)!;
    const page = async (n: number) => {
      actor.send({ type: 'page.change', page: n });
      await ready(actor);
      return { page: sent().page, after: sent().after ?? '', before: sent().before ?? '' };
    };
    expect(await page(2)).toEqual({ page: '2', after: 'a1', before: '' });
    expect(await page(3)).toEqual({ page: '3', after: 'a2', before: '' });
    expect(await page(2)).toEqual({ page: '2', after: '', before: 'b3' });
    expect(urls.at(-1)).toEqual({ page: '2', before: 'b3' });
    // Back to the first page, and a jump: by number.
    expect(await page(1)).toEqual({ page: '1', after: '', before: '' });
    expect(await page(40)).toEqual({ page: '40', after: '', before: '' });
    expect(await page(41)).toEqual({ page: '41', after: 'a40', before: '' });
    // Any other change starts again from page 1, without a cursor.
    actor.send({ type: 'tab.select', tab: 'servicing' });
    await ready(actor);
    expect(sent()).toMatchObject({ page: '1', after: '', before: '' });
    actor.send({ type: 'page.change', page: 2 });
    await ready(actor);
    actor.send({ type: 'pageSize.change', pageSize: 50 });
    await ready(actor);
    expect(sent()).toMatchObject({ page: '1', after: '', before: '' });
  });

  it('reads a page asked for while another loads by its number: the cursors shown are the page before it', async () => {
    const { actor, queries } = start({
      list: async (q) => ({
        ...listResult,
        total: 1000,
        cursors: { before: `b${q.page}`, after: `a${q.page}` },
      }),
    });
    await ready(actor);
    actor.send({ type: 'page.change', page: 2 });
    actor.send({ type: 'page.change', page: 3 });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: '3', after: '', before: '' });
    // Once page 3 is shown, its own cursors lead on.
    actor.send({ type: 'page.change', page: 4 });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: '4', after: 'a3', before: '' });
    // Back in the browser's history to page 9 (its link holds its own cursor): Next while it loads is page 10 by its
    // number, not read on from page 4.
    actor.send({ type: 'url.changed', query: { page: '9', after: 'a8' } });
    actor.send({ type: 'page.change', page: 10 });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ page: '10', after: '', before: '' });
  });

  it("lists the rows when the filters' choices cannot be read: the filter offers none, the screen lives on", async () => {
    const { actor } = start({
      lookups: async () => {
        throw networkError;
      },
    });
    await ready(actor);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().context.lookups).toEqual({});
    actor.send({ type: 'page.change', page: 2 });
    await ready(actor);
    expect(actor.getSnapshot().context.query.page).toBe('2');
  });

  it('keeps a cursor from the URL only with the page it goes with', () => {
    expect(queryFromParams(SUPPLIER_SPEC, { page: '7', after: 'x.y' })).toMatchObject({
      page: '7',
      after: 'x.y',
    });
    expect(queryFromParams(SUPPLIER_SPEC, { after: 'x.y' }).after).toBeUndefined();
    expect(queryFromParams(SUPPLIER_SPEC, { page: '7', after: 'x y' }).after).toBeUndefined();
  });

  it('loads the first page with the spec’s defaults, then reloads on every change, back to page 1 but for paging', async () => {
    const { actor, queries, urls } = start();
    await ready(actor);
    expect(queries[0]).toMatchObject({
      page: '1',
      sort: 'ranking',
      order: 'asc',
      tab: 'all',
      page_size: '20',
    });
    actor.send({ type: 'page.change', page: 3 });
    await ready(actor);
    expect(queries[1].page).toBe('3');
    actor.send({ type: 'filter.change', field: 'city', value: 'Beijing' });
    await ready(actor);
    expect(queries[2]).toMatchObject({ page: '1', city: 'Beijing' });
    actor.send({ type: 'page.change', page: 2 });
    await ready(actor);
    actor.send({ type: 'tab.select', tab: 'servicing' });
    await ready(actor);
    expect(queries[4]).toMatchObject({ page: '1', tab: 'servicing' });
    actor.send({ type: 'sort.change', sort: 'ranking' });
    await ready(actor);
    expect(queries[5]).toMatchObject({ sort: 'ranking', order: 'desc', page: '1' });
    actor.send({ type: 'sort.change', sort: 'created_at' });
    await ready(actor);
    expect(queries[6]).toMatchObject({ sort: 'created_at', order: 'desc' });
    actor.send({ type: 'query.type', text: '  zhang ' });
    actor.send({ type: 'query.submit' });
    await ready(actor);
    expect(queries[7]).toMatchObject({ q: 'zhang', page: '1' });
    actor.send({ type: 'pageSize.change', pageSize: 50 });
    await ready(actor);
    expect(queries[8]).toMatchObject({ page_size: '50', page: '1' });
    // Each change was written to the URL, only what differs from the defaults.
    expect(urls[0]).toEqual({ page: '3' });
    expect(urls.at(-1)).toEqual({
      city: 'Beijing',
      tab: 'servicing',
      sort: 'created_at',
      q: 'zhang',
      page_size: '50',
    });
    expect(actor.getSnapshot().context.lookups).toEqual({ city: ['Beijing', 'Chengdu'] });
  });

  it('takes a search typed up to its limit in characters, and no further (an emoji is one, never half)', async () => {
    const { actor, queries } = start();
    await ready(actor);
    const limit = SUPPLIER_SPEC.search!.maxLength;
    actor.send({ type: 'query.type', text: '𠮷'.repeat(limit) });
    expect(actor.getSnapshot().context.searchText).toBe('𠮷'.repeat(limit));
    actor.send({ type: 'query.type', text: '𠮷'.repeat(limit) + '😀x' });
    expect(actor.getSnapshot().context.searchText).toBe('𠮷'.repeat(limit));
    // Typed into the middle of the full box: nothing changes, its end is not dropped for it.
    actor.send({ type: 'query.type', text: 'a' + '𠮷'.repeat(limit - 1) });
    actor.send({ type: 'query.type', text: 'a😀' + '𠮷'.repeat(limit - 1) });
    expect(actor.getSnapshot().context.searchText).toBe('a' + '𠮷'.repeat(limit - 1));
    actor.send({ type: 'query.type', text: '𠮷'.repeat(limit) });
    actor.send({ type: 'query.submit' });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ q: '𠮷'.repeat(limit) });
  });

  it('starts from the URL, and follows the URL back and forward without writing it again', async () => {
    const { actor, queries, urls } = start({}, 'user', {
      tab: 'resting',
      page: '2',
      audit_state: 'pass',
      junk: 'x',
    });
    await ready(actor);
    expect(queries[0]).toMatchObject({ tab: 'resting', page: '2', audit_state: 'pass' });
    expect(queries[0]).not.toHaveProperty('junk');
    actor.send({ type: 'url.changed', query: { tab: 'resting', page: '2', audit_state: 'pass' } });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true); // the same list: no reload
    actor.send({ type: 'url.changed', query: {} });
    await ready(actor);
    expect(queries[1]).toMatchObject({ tab: 'all', page: '1', audit_state: '' });
    expect(urls).toEqual([]);
  });

  it('reads a hand-edited URL as the nearest valid query', () => {
    const q = queryFromParams(SUPPLIER_SPEC, {
      sort: 'nope',
      page: '-2',
      page_size: '1000',
      audit_state: 'maybe',
      tab: 'x',
    });
    expect(q).toEqual(defaultQuery(SUPPLIER_SPEC));
    expect(queryFromParams(SUPPLIER_SPEC, { sort: 'order_num' })).toMatchObject({
      sort: 'order_num',
      order: 'desc',
    });
    expect(paramsOfQuery(SUPPLIER_SPEC, queryFromParams(SUPPLIER_SPEC, { sort: 'order_num' }))).toEqual({
      sort: 'order_num',
    });
  });

  it('names what a link asked for that the list could not use, until the person changes the query', async () => {
    const link = {
      sort: 'nope',
      page_size: '1000',
      audit_state: 'maybe',
      tab: 'resting',
      city: 'Beijing',
      junk: 'x',
    };
    // The known parameters it had to leave out; not what it took, nor what it does not know.
    expect(ignoredParams(SUPPLIER_SPEC, link, queryFromParams(SUPPLIER_SPEC, link))).toEqual([
      'audit_state',
      'sort',
      'page_size',
    ]);
    const plain = { tab: 'resting', sort: 'order_num' };
    expect(ignoredParams(SUPPLIER_SPEC, plain, queryFromParams(SUPPLIER_SPEC, plain))).toEqual([]);
    const { actor } = start({}, 'user', link);
    await ready(actor);
    expect(actor.getSnapshot().context.ignored).toEqual(['audit_state', 'sort', 'page_size']);
    actor.send({ type: 'url.changed', query: { tab: 'x' } });
    await ready(actor);
    expect(actor.getSnapshot().context.ignored).toEqual(['tab']);
    actor.send({ type: 'filter.change', field: 'city', value: 'Shanghai' });
    expect(actor.getSnapshot().context.ignored).toEqual([]);
  });

  it('says what a link asked for in vain even when it shows the same list, and stops on the plain link', async () => {
    const { actor, queries } = start({}, 'user', {});
    await ready(actor);
    const loads = queries.length;
    // Only what it cannot use: the list stays as it is (nothing loaded), and says so.
    actor.send({ type: 'url.changed', query: { tab: 'bogus' } });
    expect(actor.getSnapshot().context.ignored).toEqual(['tab']);
    // The menu's plain link to the same list: nothing more to say.
    actor.send({ type: 'url.changed', query: {} });
    expect(actor.getSnapshot().context.ignored).toEqual([]);
    expect(queries).toHaveLength(loads);
  });

  it('clears every filter and the search, keeping sort, tab and page size', async () => {
    const { actor, queries } = start({}, 'user', {
      city: 'Beijing',
      q: 'x',
      tab: 'resting',
      page_size: '50',
      page: '3',
    });
    await ready(actor);
    expect(selectIsFiltered(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'filters.clear' });
    await ready(actor);
    expect(queries[1]).toMatchObject({ city: '', q: '', tab: 'resting', page_size: '50', page: '1' });
    expect(actor.getSnapshot().context.searchText).toBe('');
    expect(selectIsFiltered(actor.getSnapshot())).toBe(false);
  });

  it('shows the load failure and retries', async () => {
    let fail = true;
    const { actor } = start({
      list: async () => {
        if (fail) throw networkError;
        return listResult;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toEqual({
      keys: ['errors.request'],
      message: 'Request Error',
    });
    fail = false;
    actor.send({ type: 'list.retry' });
    await ready(actor);
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });

  it('sends a row command with the row’s version, and keeps the server’s reason when refused', async () => {
    const sent: unknown[] = [];
    const { actor } = start({
      command: async (i) => {
        sent.push(i);
        throw refusedError;
      },
    });
    await ready(actor);
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(sent).toEqual([{ id: 2, command: { type: 'supplier.enable' }, expectedVersion: 3 }]);
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
  });

  it('reads the page again after a refusal for the record’s state (a 409), the reason still shown; not after a network failure', async () => {
    let failure: unknown = refusedError;
    const { actor, queries } = start({
      command: async () => {
        throw failure;
      },
    });
    await ready(actor);
    const loads = queries.length;
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && queries.length === loads + 1);
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
    failure = networkError;
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(actor.getSnapshot().context.actionError?.keys).not.toContain('errors.illegalTransition');
    expect(queries.length).toBe(loads + 1);
  });

  describe('a dialog’s command someone else’s change refused', () => {
    /** Reject supplier 1 with a typed reason; the server refuses it (409) once, then accepts. */
    function rejectRacing(reloaded: SupplierDto) {
      const sent: Array<{ command: CommandBody; expectedVersion: number }> = [];
      let loads = 0;
      const harness = start({
        list: async () => (++loads === 1 ? listResult : { ...listResult, items: [reloaded] }),
        command: async (i) => {
          sent.push(i);
          if (sent.length === 1) throw conflictError;
          return reloaded;
        },
      });
      return { ...harness, sent };
    }
    const typeReason = async (actor: ReturnType<typeof start>['actor']) => {
      await ready(actor);
      actor.send({
        type: 'row.command',
        id: 1,
        command: { type: 'supplier.reject', reason: '' },
        ask: 'reason',
      });
      actor.send({ type: 'dialog.change', value: 'blurred photo' });
      actor.send({ type: 'dialog.confirm' });
    };

    it('opens again with what was typed, says the row changed, and sends at the new version', async () => {
      const { actor, sent } = rejectRacing(supplierRow({ version: 2 }));
      await typeReason(actor);
      await waitFor(actor, (s) => s.matches({ ready: 'commanding' }) && s.context.items[0]?.version === 2);
      const s = actor.getSnapshot();
      expect(s.context.dialog).toMatchObject({ value: 'blurred photo', changed: true, problem: null });
      expect(s.context.actionError).toBeNull();
      expect(s.context.retry).toBeNull();
      actor.send({ type: 'dialog.confirm' });
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && sent.length === 2);
      expect(sent[1]).toMatchObject({ command: { reason: 'blurred photo' }, expectedVersion: 2 });
    });

    it('shows the reason above the list when the row no longer allows the command', async () => {
      const { actor } = rejectRacing(supplierRow({ version: 2, audit_state: 'reject' }));
      await typeReason(actor);
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.items[0]?.version === 2);
      expect(actor.getSnapshot().context.dialog).toBeNull();
      // Said as what happened: the list is read again already, there is nothing to reload.
      expect(actor.getSnapshot().context.actionError?.keys).toEqual(['list.versionConflict']);
      // Named as the row read before, which may have left the page by its change.
      expect(actor.getSnapshot().context.actionError?.values?.name).toBe(
        supplierScreen.labelOf(supplierRow()),
      );
    });

    it('does not offer it again once the list is asked for something else while it reloads', async () => {
      // The reload after the refusal waits until the tab was changed.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let loads = 0;
      let sent = 0;
      const { actor } = start({
        list: async () => {
          if (++loads === 1) return listResult;
          if (loads === 2) await held;
          return { ...listResult, items: [supplierRow({ version: 2 })] };
        },
        command: async () => {
          sent++;
          throw conflictError;
        },
      });
      await typeReason(actor);
      await waitFor(actor, (s) => s.matches('loading') && s.context.retry !== null);
      actor.send({ type: 'tab.select', tab: 'resting' });
      release();
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && loads === 3);
      expect(actor.getSnapshot().context.dialog).toBeNull();
      expect(sent).toBe(1);
    });

    it('says a refusal that is not about the version (40902), on a row that changed, rather than offering it again', async () => {
      let loads = 0;
      const { actor } = start({
        list: async () =>
          ++loads === 1 ? listResult : { ...listResult, items: [supplierRow({ version: 2 })] },
        command: async () => {
          throw refusedError;
        },
      });
      await typeReason(actor);
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && loads === 2);
      expect(actor.getSnapshot().context.dialog).toBeNull();
      expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
    });

    it('does not offer it again on a row nobody changed (the server refused it as it was)', async () => {
      const { actor, queries } = rejectRacing(supplierRow({ version: 1 }));
      await typeReason(actor);
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && queries.length === 2);
      expect(actor.getSnapshot().context.dialog).toBeNull();
      expect(actor.getSnapshot().context.actionError).not.toBeNull();
    });
  });

  it('asks for a reason the lifecycle accepts before rejecting, then sends it trimmed', async () => {
    const sent: unknown[] = [];
    const { actor } = start({ command: async (i) => (sent.push(i), supplierRow()) });
    await ready(actor);
    actor.send({
      type: 'row.command',
      id: 1,
      command: { type: 'supplier.reject', reason: '' },
      ask: 'reason',
    });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().matches({ ready: 'commanding' })).toBe(true);
    expect(actor.getSnapshot().context.dialog?.problem).toBe('supply.reason.reasonRequired');
    actor.send({ type: 'dialog.change', value: '  blurred photo ' });
    expect(actor.getSnapshot().context.dialog?.problem).toBeNull();
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && sent.length === 1);
    expect(sent[0]).toMatchObject({ id: 1, command: { type: 'supplier.reject', reason: 'blurred photo' } });
  });

  it('asks for a ranking, starting from the row’s, and refuses one the lifecycle refuses', async () => {
    const { actor } = start();
    await ready(actor);
    actor.send(askRanking(1));
    expect(actor.getSnapshot().context.dialog?.value).toBe('0');
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().context.dialog?.problem).toBe('supply.reason.rankingUnchanged');
    actor.send({ type: 'dialog.change', value: '1.5' });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().context.dialog?.problem).toBe('supply.reason.invalidRanking');
    actor.send({ type: 'dialog.cancel' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });

  it('bulk-sends the selection with each row’s version and summarises per row by name', async () => {
    let sent: unknown;
    const { actor } = start({
      bulk: async (i) => {
        sent = i;
        return [
          {
            id: 1,
            ok: false,
            err_code: 40902,
            err_msg: 'already enabled',
            data: { reason_key: 'supply.reason.alreadyEnabled' },
          },
          { id: 2, ok: true, err_code: 200, err_msg: 'ok' },
        ];
      },
    });
    await ready(actor);
    actor.send({ type: 'bulk.command', command: { type: 'supplier.enable' } });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true); // nothing selected
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulk.command', command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'bulkSummary' }));
    expect(sent).toEqual({
      command: { type: 'supplier.enable' },
      items: [
        { id: 1, expectedVersion: 1 },
        { id: 2, expectedVersion: 3 },
      ],
    });
    expect(actor.getSnapshot().context.bulk?.results).toEqual([
      {
        id: 1,
        label: 'Clean Home Services (#1)',
        ok: false,
        message: {
          keys: ['supply.reason.alreadyEnabled', 'errors.illegalTransition'],
          message: 'already enabled',
        },
      },
      { id: 2, label: 'Second (#2)', ok: true, message: { keys: [], message: 'ok' } },
    ]);
    actor.send({ type: 'summary.close' });
    await ready(actor);
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });

  it('bulk-rejects the selection with one reason asked once', async () => {
    let sent: { command: CommandBody } | undefined;
    const { actor } = start({ bulk: async (i) => ((sent = i), []) });
    await ready(actor);
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulk.command', command: { type: 'supplier.reject', reason: '' }, ask: 'reason' });
    expect(actor.getSnapshot().context.dialog).toMatchObject({ bulk: true, ids: [1, 2], value: '' });
    actor.send({ type: 'dialog.change', value: 'incomplete papers' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches({ ready: 'bulkSummary' }));
    expect(sent?.command).toEqual({ type: 'supplier.reject', reason: 'incomplete papers' });
  });

  it('keeps a range set the wrong way round in its fields without asking for it, and asks once it is put right', async () => {
    const { actor, queries } = await startWithRange();
    actor.send({ type: 'filter.change', field: 'created_from', value: '2026-02-01' });
    await ready(actor);
    actor.send({ type: 'page.change', page: 3 });
    await ready(actor);
    const asked = queries.length;
    actor.send({ type: 'filter.change', field: 'created_to', value: '2026-01-31' });
    // Kept where it was typed, the page left as it is (the rows shown are still page 3's).
    expect(actor.getSnapshot().context.query).toMatchObject({ page: '3' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.query).toMatchObject({ created_to: '2026-01-31' });
    expect(selectReversedRanges(actor.getSnapshot())).toEqual(['created']);
    // Any other change is not taken until the range is put right: the page and the search shown stay the rows' own.
    actor.send({ type: 'page.change', page: 2 });
    actor.send({ type: 'query.type', text: 'wang' });
    actor.send({ type: 'query.submit' });
    expect(queries.length).toBe(asked);
    expect(actor.getSnapshot().context.query).toMatchObject({ page: '3', q: '' });
    // Typing in the range goes on being kept.
    actor.send({ type: 'filter.change', field: 'created_to', value: '2026-01-30' });
    expect(actor.getSnapshot().context.query).toMatchObject({ created_to: '2026-01-30' });
    expect(queries.length).toBe(asked);
    // A reload while it is so asks again for the rows shown, not for the range the wrong way round.
    actor.send({ type: 'list.reload' });
    await ready(actor);
    expect(queries.length).toBe(asked + 1);
    expect(queries.at(-1)).toMatchObject({ created_from: '2026-02-01', created_to: '' });
    expect(actor.getSnapshot().context.query).toMatchObject({ created_to: '2026-01-30' });
    expect(selectReversedRanges(actor.getSnapshot())).toEqual(['created']);
    actor.send({ type: 'filter.change', field: 'created_to', value: '2026-02-01' });
    await ready(actor);
    expect(queries.length).toBe(asked + 2);
    expect(queries.at(-1)).toMatchObject({ created_from: '2026-02-01', created_to: '2026-02-01' });
    expect(selectReversedRanges(actor.getSnapshot())).toEqual([]);
  });

  it('takes the address it wrote, come back late, as nothing new: a range typed the wrong way round since stays', async () => {
    const { actor, queries } = await startWithRange();
    const written: ListQuery[] = [];
    actor.on('list.query', (e) => written.push(e.query));
    actor.send({ type: 'filter.change', field: 'created_from', value: '2026-02-01' });
    await ready(actor);
    actor.send({ type: 'filter.change', field: 'created_to', value: '2026-01-31' });
    const asked = queries.length;
    // The view sends the address bar's change after a render, which may come after the next key (CI saw it).
    actor.send({ type: 'url.changed', query: paramsOfQuery(WALKED_SPEC, written.at(-1)!) });
    expect(actor.getSnapshot().context.query).toMatchObject({ created_to: '2026-01-31' });
    expect(queries.length).toBe(asked);
    actor.send({ type: 'tab.select', tab: 'servicing' });
    expect(actor.getSnapshot().context.query.tab).not.toBe('servicing');
    // Another address (back, a link) is taken as before: the range typed is dropped for it.
    actor.send({ type: 'url.changed', query: { tab: 'servicing' } });
    await ready(actor);
    expect(actor.getSnapshot().context.query).toMatchObject({
      tab: 'servicing',
      created_from: '',
      created_to: '',
    });
    expect(queries.at(-1)).toMatchObject({ tab: 'servicing' });
  });

  describe('a filter typed with the keys', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    const typing = (actor: ReturnType<typeof start>['actor']) => (value: string | null) =>
      actor.send({ type: 'filter.type', field: 'created_from', value });

    it('is asked for once the keys pause, not at every step of it', async () => {
      const { actor, queries } = await startWithRange();
      const type = typing(actor);
      // A day typed a digit at a time: the 2nd of May, then the 28th, each key well within the pause.
      type('2026-05-02');
      vi.advanceTimersByTime(FILTER_SETTLE_MS - 1);
      type('2026-05-28');
      vi.advanceTimersByTime(FILTER_SETTLE_MS - 1);
      expect(queries).toHaveLength(1);
      expect(actor.getSnapshot().context.query.created_from).toBe('');
      vi.advanceTimersByTime(1);
      await ready(actor);
      expect(queries).toHaveLength(2);
      expect(queries[1]).toMatchObject({ created_from: '2026-05-28', page: '1' });
      expect(actor.getSnapshot().context.typed).toBeNull();
      // Enter before the pause asks at once, and the pause then asks nothing more.
      type('2026-05-29');
      actor.send({ type: 'filter.change', field: 'created_from', value: '2026-05-29' });
      await ready(actor);
      vi.advanceTimersByTime(FILTER_SETTLE_MS);
      expect(queries).toHaveLength(3);
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    });

    it.each([
      ['the filters cleared', { type: 'filters.clear' }, ''],
      ['another address', { type: 'url.changed', query: { tab: 'servicing' } }, ''],
      ['a day picked', { type: 'filter.change', field: 'created_from', value: '2026-06-10' }, '2026-06-10'],
      ['another tab', { type: 'tab.select', tab: 'servicing' }, ''],
    ] as const)('gives way to %s before the pause', async (_, event, asked) => {
      const { actor, queries } = await startWithRange();
      typing(actor)('2026-05-30');
      actor.send(event);
      await ready(actor);
      vi.advanceTimersByTime(FILTER_SETTLE_MS);
      await ready(actor);
      expect(queries.map((q) => q.created_from)).toEqual(['', asked]);
      expect(actor.getSnapshot().context.query.created_from).toBe(asked);
    });

    it('asks for nothing once a key leaves no value the filter takes (the field erased, the year being typed)', async () => {
      const { actor, queries } = await startWithRange();
      const type = typing(actor);
      type('2026-05-28');
      type(null);
      vi.advanceTimersByTime(FILTER_SETTLE_MS);
      expect(queries).toHaveLength(1);
      expect(actor.getSnapshot().context.typed).toBeNull();
    });

    /**
     * A list with a row command running (its answer held back) and a day typed meanwhile; `finish` answers the
     * command and lets the keys' pause pass.
     */
    async function typedDuringCommand() {
      let done = (_: unknown) => {};
      const { actor, queries } = await startWithRange(() => new Promise((resolve) => (done = resolve)));
      actor.send({ type: 'row.command', id: 1, command: { type: 'supplier.approve' } });
      expect(actor.getSnapshot().matches({ ready: 'submitting' })).toBe(true);
      typing(actor)('2026-07-01');
      const finish = async () => {
        done(supplierRow());
        await ready(actor);
        vi.advanceTimersByTime(FILTER_SETTLE_MS);
        await ready(actor);
      };
      return { actor, queries, finish };
    }

    it('is asked for after a row command that was in flight when the keys paused', async () => {
      const { actor, queries, finish } = await typedDuringCommand();
      vi.advanceTimersByTime(FILTER_SETTLE_MS);
      expect(actor.getSnapshot().context.typed).toEqual({ field: 'created_from', value: '2026-07-01' });
      await finish();
      expect(queries.at(-1)).toMatchObject({ created_from: '2026-07-01' });
      expect(actor.getSnapshot().context.query.created_from).toBe('2026-07-01');
    });

    it('is not asked for after a row command once a day was picked while it ran (the pick, dropped, took its place)', async () => {
      const { actor, queries, finish } = await typedDuringCommand();
      actor.send({ type: 'filter.change', field: 'created_from', value: '2026-07-09' });
      expect(actor.getSnapshot().context.typed).toBeNull();
      await finish();
      expect(queries.map((q) => q.created_from)).toEqual(['', '']);
    });

    it("is asked for after a row command once another field's pick was dropped while it ran (this field still shows it)", async () => {
      const { actor, queries, finish } = await typedDuringCommand();
      actor.send({ type: 'filter.change', field: 'created_to', value: '2026-07-09' });
      await finish();
      expect(queries.at(-1)).toMatchObject({ created_from: '2026-07-01', created_to: '' });
    });
  });

  it('exports the current query and hands the link to the view', async () => {
    const { actor, downloads } = start({}, 'user', { q: 'wang' });
    await ready(actor);
    actor.send({ type: 'export.start' });
    await waitFor(actor, () => downloads.length === 1);
    expect(downloads[0]).toBe('/api/suppliers/export.csv?q=wang&ticket=t');
  });

  it('exports the rows shown while a range is typed the wrong way round, not that range', async () => {
    const exported: ListQuery[] = [];
    const machine = listScreenMachine.provide({
      actors: {
        fetchPage: fromPromise<ListResult<Versioned>, ListQuery>(async () => listResult),
        exportLink: fromPromise<string, ListQuery>(async ({ input }) => {
          exported.push(input);
          return '/export';
        }),
      },
    });
    const actor = createActor(machine, { input: { ...input('admin'), spec: WALKED_SPEC } });
    actor.start();
    await ready(actor);
    actor.send({ type: 'filter.change', field: 'created_from', value: '2026-02-01' });
    await ready(actor);
    actor.send({ type: 'filter.change', field: 'created_to', value: '2026-01-31' });
    actor.send({ type: 'export.start' });
    await waitFor(actor, () => exported.length === 1);
    expect(exported[0]).toMatchObject({ created_from: '2026-02-01', created_to: '' });
  });
});

describe('allowed(action) on a list', () => {
  it('asks the policy table for actions on no row (bulk, create) and the lifecycle for a row', async () => {
    const { actor } = start({}, 'user');
    await ready(actor);
    const s = actor.getSnapshot();
    expect(allowedOn(s, null, 'supplier.enable')).toEqual({ ok: false, reasonKey: 'policy.adminOnly' });
    expect(allowedOn(s, null, 'supplier.close')).toEqual({ ok: false, reasonKey: 'policy.adminOnly' });
    expect(allowedOn(s, null, 'supplier.approve')).toEqual({ ok: true });
    expect(allowedOn(s, supplierRow({ audit_state: 'reject' }), 'supplier.approve')).toEqual({
      ok: false,
      reasonKey: 'supply.reason.rejectedNeedsResubmit',
    });
    const admin = start({}, 'admin');
    await ready(admin.actor);
    expect(allowedOn(admin.actor.getSnapshot(), null, 'supplier.enable')).toEqual({ ok: true });
  });

  it('allows a bulk command when it is for one selected row at least, else gives the first refusal', async () => {
    const rows = [
      supplierRow({ id: 1, audit_state: 'pass' }),
      supplierRow({ id: 2, audit_state: 'reject' }),
      supplierRow({ id: 3, audit_state: 'waiting_audit' }),
    ];
    const { actor } = start({ list: async () => ({ ...listResult, items: rows, total: 3 }) }, 'admin');
    await ready(actor);
    const verdict = () => allowedOnSelection(actor.getSnapshot(), 'supplier.approve');
    expect(verdict()).toEqual({ ok: true }); // nothing selected: the policy's answer
    actor.send({ type: 'selection.toggle', id: 1 });
    expect(verdict()).toMatchObject({ ok: false, reasonKey: 'supply.reason.alreadyPassed' });
    actor.send({ type: 'selection.toggle', id: 2 });
    expect(verdict()).toMatchObject({ ok: false, reasonKey: 'supply.reason.alreadyPassed' });
    actor.send({ type: 'selection.toggle', id: 3 });
    expect(verdict()).toEqual({ ok: true });
    const user = start({ list: async () => ({ ...listResult, items: rows, total: 3 }) }, 'user');
    await ready(user.actor);
    user.actor.send({ type: 'selection.toggle', id: 3 });
    expect(allowedOnSelection(user.actor.getSnapshot(), 'supplier.enable')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
  });

  it('answers a row once (the same verdict object while the row stays) and a reloaded row afresh', async () => {
    const { actor } = start({}, 'admin');
    await ready(actor);
    const s = actor.getSnapshot();
    const waiting = supplierRow({ audit_state: 'waiting_audit' });
    const first = allowedOn(s, waiting, 'supplier.approve');
    expect(first).toEqual({ ok: true });
    expect(allowedOn(s, waiting, 'supplier.approve')).toBe(first);
    // The same record reloaded after someone approved it: a new row object, a new answer.
    const approved = { ...waiting, audit_state: 'pass' as const };
    expect(allowedOn(s, approved, 'supplier.approve')).toMatchObject({ ok: false });
    // Another role on the same row object is asked on its own.
    const user = start({}, 'user');
    await ready(user.actor);
    expect(allowedOn(user.actor.getSnapshot(), waiting, 'supplier.enable')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowedOn(s, waiting, 'supplier.enable')).not.toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
  });
});

describe('a query changed while the page loads', () => {
  it('starts over with the new query (a search typed and sent before the first page arrived)', async () => {
    const resolvers: Array<(r: ListResult<SupplierDto>) => void> = [];
    const { actor, queries } = start({ list: () => new Promise((resolve) => resolvers.push(resolve)) });
    expect(queries).toHaveLength(1); // the fetch starts with the screen
    actor.send({ type: 'query.type', text: 'wang' });
    actor.send({ type: 'query.submit' });
    expect(queries).toHaveLength(2);
    expect(queries[1]).toMatchObject({ q: 'wang' });
    resolvers[1](listResult);
    await ready(actor);
    // The first, cancelled load arriving late changes nothing.
    resolvers[0]({ ...listResult, items: [] });
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });
});

describe('a screen with fixed values and range filters (the refunds of renewals)', () => {
  const spec = { ...REFUND_LIST, fixed: { kind: 'renewal' } };
  const refundInput = (query: ListQuery = {}) => ({
    entity: refundScreen as never,
    spec,
    role: 'admin',
    query,
  });
  const empty = {
    items: [],
    total: 0,
    page: 1,
    page_size: 20,
    counts: {},
  } as unknown as ListResult<Versioned>;

  it('queries with the fixed value through every change, never as a filter to clear or a URL parameter', async () => {
    const queries: ListQuery[] = [];
    const actor = createActor(
      listScreenMachine.provide({
        actors: {
          fetchPage: fromPromise(async ({ input: q }) => (queries.push(q), empty)),
        },
      }),
      { input: refundInput({ kind: 'order', amount_from: '10' }) },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[0]).toMatchObject({ kind: 'renewal', amount_from: '10' });
    expect(selectIsFiltered(actor.getSnapshot()), 'a range end is a filter').toBe(true);
    actor.send({ type: 'filter.change', field: 'kind', value: 'order' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)!.kind).toBe('renewal');
    actor.send({ type: 'filters.clear' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries.at(-1)).toMatchObject({ kind: 'renewal', amount_from: '' });
    expect(selectIsFiltered(actor.getSnapshot())).toBe(false);
    expect(paramsOfQuery(spec, queries.at(-1)!)).toEqual({});
    actor.send({ type: 'url.changed', query: {} });
    expect(actor.getSnapshot().context.query.kind).toBe('renewal');
  });
});

describe('a screen that opens on a tab of its own (the refused orders)', () => {
  const spec = { ...REFUND_LIST, defaultTab: 'granted', fixed: { kind: 'order' } };

  it('opens on that tab, keeps "all" as a choice, and writes only a tab other than its own to the URL', () => {
    expect(defaultQuery(spec).tab).toBe('granted');
    expect(queryFromParams(spec, {}).tab).toBe('granted');
    expect(queryFromParams(spec, { tab: 'all' }).tab).toBe('all');
    expect(queryFromParams(spec, { tab: 'sent' }).tab).toBe('sent');
    expect(queryFromParams(spec, { tab: 'nope' }).tab).toBe('granted');
    expect(paramsOfQuery(spec, queryFromParams(spec, {}))).toEqual({});
    expect(paramsOfQuery(spec, queryFromParams(spec, { tab: 'all' }))).toEqual({ tab: 'all' });
    // Without a tab of its own, a screen opens on all, and an unknown tab is read as all.
    expect(queryFromParams(REFUND_LIST, { tab: 'nope' }).tab).toBe('all');
  });
});

describe('counts the server stopped counting', () => {
  it('keeps the page’s capped flag, and forgets it with the next page that was counted in full', async () => {
    const spec = { ...REFUND_LIST, fixed: { kind: 'renewal' } };
    const page = (capped: boolean) =>
      ({
        items: [],
        total: capped ? 10_000 : 3,
        page: 1,
        page_size: 20,
        counts: { all: capped ? 10_000 : 3 },
        ...(capped ? { capped } : {}),
      }) as unknown as ListResult<Versioned>;
    const answers = [page(true), page(false)];
    const actor = createActor(
      listScreenMachine.provide({
        actors: { fetchPage: fromPromise(async () => answers.shift()!) },
      }),
      { input: { entity: refundScreen as never, spec, role: 'admin', query: { q: 'a' } } },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ capped: true, total: 10_000 });
    actor.send({ type: 'query.type', text: 'a rare name' });
    actor.send({ type: 'query.submit' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.total === 3);
    expect(actor.getSnapshot().context.capped).toBe(false);
  });

  it('pages on past a count that stopped, while the page shown is full; a counted total ends the pages', async () => {
    const spec = { ...REFUND_LIST, fixed: { kind: 'renewal' } };
    // Pages of 2: the count stopped at the cap (COUNT_CAP / 2 pages counted), yet pages past it come back full.
    const last = COUNT_CAP / 2;
    const row = (id: number) => ({ id, version: 1 });
    const page = (n: number, ids: number[], total: number, capped: boolean) =>
      ({
        items: ids.map(row),
        total,
        page: n,
        page_size: 2,
        counts: { all: total },
        ...(capped ? { capped } : {}),
        cursors: { before: `b${n}`, after: `a${n}` },
      }) as unknown as ListResult<Versioned>;
    const answers = [
      page(last, [1, 2], COUNT_CAP, true),
      page(last + 1, [3, 4], COUNT_CAP, true),
      page(last + 1, [3], COUNT_CAP, true),
      page(last + 1, [3, 4], COUNT_CAP + 2, false),
      // A tab under a capped search, counted on its own below the cap: its total is exact.
      page(last + 1, [3, 4], COUNT_CAP - 2, true),
    ];
    const actor = createActor(
      listScreenMachine.provide({
        actors: { fetchPage: fromPromise(async () => answers.shift()!) },
      }),
      {
        input: {
          entity: refundScreen as never,
          spec,
          role: 'admin',
          query: { q: 'a', page: String(last), page_size: '2' },
        },
      },
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectTotalIsAtLeast(actor.getSnapshot())).toBe(true);
    expect(selectPageCount(actor.getSnapshot())).toBe(last + 1);
    actor.send({ type: 'page.change', page: last + 1 });
    await waitFor(actor, (s) => s.matches('ready') && s.context.query.page === String(last + 1));
    expect(selectPageCount(actor.getSnapshot())).toBe(last + 2);
    // Reloaded (the rows changed): the page no longer full, so it is the last; then counted in full.
    const reload = async (until: (s: ReturnType<typeof actor.getSnapshot>) => boolean) => {
      actor.send({ type: 'list.reload' });
      await waitFor(actor, (s) => s.matches('ready') && until(s));
    };
    await reload((s) => s.context.items.length === 1);
    expect(selectPageCount(actor.getSnapshot())).toBe(last + 1);
    await reload((s) => !s.context.capped);
    expect(selectPageCount(actor.getSnapshot())).toBe(last + 1);
    await reload((s) => s.context.capped);
    expect(selectTotalIsAtLeast(actor.getSnapshot())).toBe(false);
    expect(selectPageCount(actor.getSnapshot())).toBe(last - 1);
  });
});

describe('the URL, read strictly', () => {
  const read = (params: Record<string, string>) => queryFromParams(SUPPLIER_SPEC, params);
  const defaults = defaultQuery(SUPPLIER_SPEC);

  it('keeps a search up to the spec’s length, and drops a longer one', () => {
    const short = { ...SUPPLIER_SPEC, search: { ...SUPPLIER_SPEC.search, maxLength: 10 } };
    expect(queryFromParams(short, { q: 'x'.repeat(10) }).q).toBe('x'.repeat(10));
    expect(queryFromParams(short, { q: 'x'.repeat(11) }).q).toBe('');
    // A NUL (`?q=%00`) is never text the API takes: the link's search is dropped, not sent to be refused.
    expect(read({ q: 'a\u0000' }).q).toBe('');
    expect(read({ city: 'Bei\u0000jing' }).city).toBe(defaults.city);
    expect(read({ city: 'Beijing' }).city).toBe('Beijing');
  });

  it('keeps a tab the spec has, and the all tab', () => {
    expect(read({ tab: 'resting' }).tab).toBe('resting');
    expect(read({ tab: 'all' }).tab).toBe('all');
    expect(read({ tab: 'closed' }).tab).toBe(defaults.tab);
  });

  it('keeps an order that is asc or desc, nothing else', () => {
    expect(read({ order: 'desc' }).order).toBe('desc');
    expect(read({ sort: 'created_at', order: 'asc' }).order).toBe('asc');
    expect(read({ order: 'up' }).order).toBe(defaults.order);
    const newestFirst = { ...SUPPLIER_SPEC, defaultSort: 'created_at' } as const;
    expect(queryFromParams(newestFirst, { order: 'asc' }).order).toBe('asc');
  });

  it('keeps a page and a page size only when the whole value is a number in range', () => {
    expect(read({ page: '12' }).page).toBe('12');
    expect(read({ page: '12a' }).page).toBe('1');
    expect(read({ page_size: '100' }).page_size).toBe('100');
    expect(read({ page_size: '101' }).page_size).toBe('20');
    expect(read({ page_size: '50x' }).page_size).toBe('20');
    expect(read({ page_size: 'x50' }).page_size).toBe('20');
    expect(read({ page_size: '1e2' }).page_size).toBe('20'); // a number to JavaScript, not to the URL's rule
    // The server answers pages up to MAX_PAGE: one past it is no page at all.
    expect(read({ page: String(MAX_PAGE) }).page).toBe(String(MAX_PAGE));
    expect(read({ page: String(MAX_PAGE + 1) }).page).toBe('1');
  });

  it('keeps a date the calendar has, and leaves out a range the wrong way round', () => {
    const spec = { ...REFUND_LIST, fixed: { kind: 'order' } };
    expect(queryFromParams(spec, { requested_from: '2026-02-28' }).requested_from).toBe('2026-02-28');
    expect(queryFromParams(spec, { requested_from: '2026-02-30' }).requested_from).toBe('');
    expect(queryFromParams(spec, { requested_from: '2026-13-45' }).requested_from).toBe('');
    // No year 0 (1 BC is followed by AD 1), and none of more than four digits.
    expect(queryFromParams(spec, { requested_from: '0000-01-01' }).requested_from).toBe('');
    expect(queryFromParams(spec, { requested_from: '10000-01-01' }).requested_from).toBe('');
    expect(queryFromParams(spec, { requested_from: '0001-01-01' }).requested_from).toBe('0001-01-01');
    const reversed = queryFromParams(spec, {
      amount_from: '500',
      amount_to: '300',
      requested_to: '2026-01-01',
    });
    expect([reversed.amount_from, reversed.amount_to, reversed.requested_to]).toEqual(['', '', '2026-01-01']);
    const dates = queryFromParams(spec, { requested_from: '2026-02-01', requested_to: '2026-01-01' });
    expect([dates.requested_from, dates.requested_to]).toEqual(['', '']);
  });
});

describe('filters set other than in their fields', () => {
  it('are counted when cleared and when read from the address, not when one is changed', async () => {
    const { actor } = start();
    await ready(actor);
    const resets = () => actor.getSnapshot().context.resets;
    actor.send({ type: 'filter.change', field: 'audit_state', value: 'pass' });
    expect(resets()).toBe(0);
    actor.send({ type: 'filters.clear' });
    expect(resets()).toBe(1);
    actor.send({ type: 'url.changed', query: { tab: 'servicing' } });
    expect(resets()).toBe(2);
  });
});

describe('a refusal shown above the list', () => {
  it('goes once the list is asked for anything else: another tab, a reload, the address', async () => {
    const { actor } = start({
      command: async () => {
        throw networkError;
      },
    });
    const refuse = async () => {
      await ready(actor);
      actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
      await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    };
    await refuse();
    actor.send({ type: 'tab.select', tab: 'resting' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    await refuse();
    actor.send({ type: 'list.reload' });
    expect(actor.getSnapshot().context.actionError).toBeNull();
    await refuse();
    actor.send({ type: 'url.changed', query: { tab: 'servicing' } });
    expect(actor.getSnapshot().context.actionError).toBeNull();
  });
});

describe('the list screen’s details', () => {
  it('sorts by another column in its own order, and the same column again the other way', async () => {
    const { actor, queries } = start();
    await ready(actor);
    actor.send({ type: 'sort.change', sort: 'created_at' });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ sort: 'created_at', order: 'desc' });
    actor.send({ type: 'sort.change', sort: 'created_at' });
    await ready(actor);
    expect(queries.at(-1)).toMatchObject({ sort: 'created_at', order: 'asc' });
  });

  it('keeps the counts the server sent, and the search typed in a URL in the search box', async () => {
    const { actor } = start({}, 'user', { q: 'clean' });
    await ready(actor);
    expect(actor.getSnapshot().context.counts).toEqual(listResult.counts);
    expect(actor.getSnapshot().context.searchText).toBe('clean');
    actor.send({ type: 'url.changed', query: { q: 'second' } });
    await ready(actor);
    expect(actor.getSnapshot().context.searchText).toBe('second');
  });

  it('selects and unselects rows one by one, the whole page, or none; a reload keeps those still shown', async () => {
    let items = listResult.items;
    const { actor } = start({ list: async () => ({ ...listResult, items }) });
    await ready(actor);
    const selected = () => actor.getSnapshot().context.selected;
    actor.send({ type: 'selection.toggle', id: 1 });
    actor.send({ type: 'selection.toggle', id: 2 });
    expect(selected()).toEqual([1, 2]);
    actor.send({ type: 'selection.toggle', id: 1 });
    expect(selected()).toEqual([2]);
    actor.send({ type: 'selection.togglePage' });
    expect(selected()).toEqual([1, 2]);
    actor.send({ type: 'selection.togglePage' });
    expect(selected()).toEqual([]);
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'selection.clear' });
    expect(selected()).toEqual([]);
    actor.send({ type: 'selection.togglePage' });
    items = [listResult.items[1]!];
    actor.send({ type: 'list.reload' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.items.length === 1);
    expect(selected()).toEqual([2]);
  });

  it('ignores a command for a row not on the page, and sends one without a question at once (busy meanwhile)', async () => {
    let done!: () => void;
    const sent: unknown[] = [];
    let reloaded!: () => void;
    let reads = 0;
    const { actor } = start({
      command: (i) => {
        sent.push(i);
        return new Promise((resolve) => (done = () => resolve(supplierRow())));
      },
      // The page read after the command waits until the test lets it arrive.
      list: () =>
        ++reads > 1
          ? new Promise((resolve) => (reloaded = () => resolve(listResult)))
          : Promise.resolve(listResult),
    });
    await ready(actor);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'row.command', id: 99, command: { type: 'supplier.enable' } });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    expect(actor.getSnapshot().matches({ ready: 'submitting' })).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectDialog(actor.getSnapshot())).toBe(null);
    expect(sent).toHaveLength(1);
    done();
    await waitFor(actor, (s) => s.matches('loading'));
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    reloaded();
    await ready(actor);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });

  it('is busy while a bulk command or an export is under way, and shows the summary only after a bulk command', async () => {
    let finish!: () => void;
    const { actor } = start({
      bulk: () => new Promise((resolve) => (finish = () => resolve([]))),
    });
    await ready(actor);
    expect(selectBulkSummary(actor.getSnapshot())).toBe(null);
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulk.command', command: { type: 'supplier.enable' } });
    expect(actor.getSnapshot().matches({ ready: 'bulkSubmitting' })).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(finish).toBeTypeOf('function');
    finish();
    await waitFor(actor, (s) => s.matches({ ready: 'bulkSummary' }));
    expect(selectBulkSummary(actor.getSnapshot())).toEqual({ type: 'supplier.enable', results: [] });
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'summary.close' });
    await ready(actor);
    actor.send({ type: 'export.start' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    await ready(actor);
  });

  it('opens a dialog with the value of the row it is for, and a reason empty', async () => {
    const { actor } = start({
      list: async () => ({
        ...listResult,
        items: [listResult.items[0]!, { ...listResult.items[1]!, ranking: 7 }],
      }),
    });
    await ready(actor);
    actor.send(askRanking(2));
    expect(selectDialog(actor.getSnapshot())).toMatchObject({ ids: [2], bulk: false, value: '7' });
    actor.send({ type: 'dialog.cancel' });
    expect(selectDialog(actor.getSnapshot())).toBe(null);
    actor.send({
      type: 'row.command',
      id: 1,
      command: { type: 'supplier.reject', reason: '' },
      ask: 'reason',
    });
    expect(selectDialog(actor.getSnapshot())).toMatchObject({ ids: [1], field: 'reason', value: '' });
  });

  it('sends a number typed with spaces around it as that number, and refuses one with anything else', async () => {
    const sent: Array<{ command: CommandBody }> = [];
    const { actor } = start({ command: async (i) => (sent.push(i), supplierRow()) });
    await ready(actor);
    actor.send(askRanking(1));
    for (const typed of ['7a', 'a7', '1e3', '0x10']) {
      actor.send({ type: 'dialog.change', value: typed });
      actor.send({ type: 'dialog.confirm' });
      expect(actor.getSnapshot().context.dialog?.problem).toBe('supply.reason.invalidRanking');
    }
    actor.send({ type: 'dialog.change', value: ' 17 ' });
    actor.send({ type: 'dialog.confirm' });
    await ready(actor);
    // Typed with a Chinese input method's full-width digits: the same number.
    actor.send(askRanking(1));
    actor.send({ type: 'dialog.change', value: '１２' });
    actor.send({ type: 'dialog.confirm' });
    await ready(actor);
    expect(sent.map((s) => s.command)).toEqual([
      { type: 'supplier.rank', ranking: 17 },
      { type: 'supplier.rank', ranking: 12 },
    ]);
  });

  it('sends a plainly confirmed command as it is, with nothing added', async () => {
    const sent: Array<{ command: CommandBody }> = [];
    const { actor } = start({ command: async (i) => (sent.push(i), supplierRow()) });
    await ready(actor);
    actor.send({ type: 'row.command', id: 1, command: { type: 'supplier.close' }, ask: '' });
    expect(selectDialog(actor.getSnapshot())).toMatchObject({ field: '', value: '' });
    actor.send({ type: 'dialog.confirm' });
    await ready(actor);
    expect(sent.map((s) => s.command)).toEqual([{ type: 'supplier.close' }]);
  });

  it('shows a failed load as failed, not loading', async () => {
    const { actor } = start({
      list: async () => {
        throw networkError;
      },
    });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectIsLoading(actor.getSnapshot())).toBe(false);
  });

  it('gives the pager no figures before the first page, nor after a failed load, but keeps them while reloading', async () => {
    let fail = false;
    let answer: () => void = () => {};
    const { actor } = start({
      list: async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        if (fail) throw networkError;
        return listResult;
      },
    });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectFiguresKnown(actor.getSnapshot()), 'a total of 0 before anything arrived').toBe(false);
    answer();
    await ready(actor);
    expect(selectFiguresKnown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'list.reload' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectFiguresKnown(actor.getSnapshot()), 'the page shown while the next loads').toBe(true);
    fail = true;
    answer();
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(selectFiguresKnown(actor.getSnapshot()), 'the figures of a query that failed').toBe(false);
  });
});

describe('the list screen’s outcomes', () => {
  it('has no tab in a list without tabs, whatever the URL says', () => {
    expect(defaultQuery(PROJECT_LIST)).not.toHaveProperty('tab');
    expect(queryFromParams(PROJECT_LIST, { tab: 'all' })).not.toHaveProperty('tab');
  });

  it('says which command was done, and nothing after a refusal', async () => {
    let refuse = false;
    const toasts: unknown[] = [];
    const { actor } = start({
      command: async () => {
        if (refuse) throw refusedError;
        return supplierRow();
      },
    });
    actor.on('toast', (e) => toasts.push(e));
    await ready(actor);
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await ready(actor);
    expect(toasts).toEqual([
      { type: 'toast', intent: 'success', key: 'list.toast.done', command: 'supplier.enable' },
    ]);
    expect(actor.getSnapshot().context.pending).toBe(null);
    refuse = true;
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(toasts).toHaveLength(1);
  });

  it('shows why a bulk command or an export failed, and stays on the list', async () => {
    const { actor } = start({
      bulk: async () => {
        throw networkError;
      },
    });
    await ready(actor);
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulk.command', command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(selectBulkSummary(actor.getSnapshot())).toBe(null);
    const exporting = createActor(
      listScreenMachine.provide({
        actors: {
          fetchPage: fromPromise<ListResult<Versioned>, ListQuery>(async () => listResult),
          exportLink: fromPromise<string, ListQuery>(async () => {
            throw networkError;
          }),
        },
      }),
      { input: input() },
    ).start();
    const downloads: unknown[] = [];
    exporting.on('download', (e) => downloads.push(e));
    await ready(exporting);
    exporting.send({ type: 'export.start' });
    await waitFor(exporting, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(downloads).toEqual([]);
  });

  it('starts over with the URL’s query when the URL changes while a page loads', async () => {
    const answers: Array<() => void> = [];
    const { actor, queries } = start({
      list: (q) =>
        new Promise((resolve) =>
          answers.push(() =>
            resolve({
              ...listResult,
              items: q.tab === 'resting' ? [listResult.items[1]!] : listResult.items,
            }),
          ),
        ),
    });
    expect(answers).toHaveLength(1);
    actor.send({ type: 'url.changed', query: { tab: 'resting' } });
    expect(answers).toHaveLength(2);
    expect(queries[1]).toMatchObject({ tab: 'resting' });
    answers[0]!();
    answers[1]!();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.items.map((r) => r.id)).toEqual([2]);
  });

  it('asks only the policy about a bulk command when some of the selection is not on the page', async () => {
    const { actor } = start(
      { list: async () => ({ ...listResult, items: [supplierRow({ audit_state: 'pass' })] }) },
      'admin',
    );
    await ready(actor);
    actor.send({ type: 'selection.toggle', id: 1 });
    expect(allowedOnSelection(actor.getSnapshot(), 'supplier.approve')).toMatchObject({ ok: false });
    actor.send({ type: 'selection.toggle', id: 5 }); // a row this page does not show
    expect(allowedOnSelection(actor.getSnapshot(), 'supplier.approve')).toEqual({ ok: true });
  });
});
