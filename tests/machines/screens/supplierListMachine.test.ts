import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { supplierListMachine } from '@/machines/screens/supplierListMachine';
import { rowAvailability } from '@/machines/screens/supplierRows';
import type { BulkResult, SupplierCommand, SupplierDto, SupplierListQuery } from '@/services/suppliers';
import { describeMachinePaths } from '../../support/machinePaths';
import { listResult, networkError, refusedError, supplierRow } from './supplierScreenFixtures';

describeMachinePaths(supplierListMachine, {
  input: { role: 'admin' },
  events: (s) => [
    { type: 'xstate.done.actor.fetchList', output: listResult },
    { type: 'xstate.error.actor.fetchList', error: networkError },
    { type: 'xstate.done.actor.fetchCities', output: ['Beijing'] },
    { type: 'xstate.done.actor.sendCommand', output: supplierRow() },
    { type: 'xstate.error.actor.sendCommand', error: refusedError },
    { type: 'xstate.done.actor.sendBulk', output: [{ id: 1, ok: true, err_code: 200, err_msg: 'ok' }] },
    { type: 'xstate.error.actor.sendBulk', error: networkError },
    { type: 'query.submit' },
    { type: 'filter.change', field: 'audit_state', value: 'pass' },
    { type: 'tab.select', tab: 'servicing' },
    { type: 'sort.change', sort: 'ranking' },
    { type: 'page.change', page: 2 },
    { type: 'pageSize.change', pageSize: 50 },
    { type: 'selection.toggle', id: 1 },
    { type: 'row.command', id: 1, command: { type: 'supplier.approve' } },
    { type: 'row.reject', id: 1 },
    { type: 'row.rank', id: 1 },
    { type: 'dialog.reasonChange', reason: s.context.dialog?.reason ? '' : 'blurred' },
    { type: 'dialog.rankingChange', ranking: s.context.dialog?.ranking === 'x' ? '5' : 'x' },
    { type: 'bulk.command', commandType: 'supplier.enable' },
  ],
  // Walk the query/selection space only coarsely: the mode, whether a dialog holds valid input, the selection.
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.selected.length,
      s.context.dialog && [s.context.dialog.reason !== '', /^\d+$/.test(s.context.dialog.ranking)],
      s.context.items.length,
    ]),
});

function start(
  impl: {
    list?: (q: SupplierListQuery) => Promise<typeof listResult>;
    command?: (input: {
      id: number;
      command: SupplierCommand;
      expectedVersion: number;
    }) => Promise<SupplierDto>;
    bulk?: (input: {
      command: SupplierCommand;
      items: Array<{ id: number; expectedVersion: number }>;
    }) => Promise<BulkResult[]>;
  } = {},
) {
  const queries: SupplierListQuery[] = [];
  const machine = supplierListMachine.provide({
    actors: {
      fetchList: fromPromise(async ({ input }: { input: SupplierListQuery }) => {
        queries.push(input);
        return (impl.list ?? (async () => listResult))(input);
      }),
      fetchCities: fromPromise(async () => ['Beijing', 'Chengdu']),
      sendCommand: fromPromise(
        async ({ input }: { input: { id: number; command: SupplierCommand; expectedVersion: number } }) =>
          (impl.command ?? (async () => supplierRow()))(input),
      ),
      sendBulk: fromPromise(
        async ({
          input,
        }: {
          input: { command: SupplierCommand; items: Array<{ id: number; expectedVersion: number }> };
        }) => (impl.bulk ?? (async () => []))(input),
      ),
    },
  });
  const actor = createActor(machine, { input: { role: 'user' } }).start();
  return { actor, queries };
}

describe('supplier list screen', () => {
  it('loads the first page sorted by ranking, then reloads on every query change, back to page 1', async () => {
    const { actor, queries } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[0]).toMatchObject({ page: 1, sort: 'ranking', order: 'asc', tab: 'all' });
    actor.send({ type: 'page.change', page: 3 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'tab.select', tab: 'servicing' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[2]).toMatchObject({ page: 1, tab: 'servicing' });
    actor.send({ type: 'sort.change', sort: 'ranking' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[3]).toMatchObject({ sort: 'ranking', order: 'desc' });
    actor.send({ type: 'query.type', text: '  zhang ' });
    actor.send({ type: 'query.submit' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(queries[4].q).toBe('zhang');
    expect(actor.getSnapshot().context.cities).toEqual(['Beijing', 'Chengdu']);
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
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toHaveLength(2);
  });

  it('sends a row command with the row version, and keeps the server reason when refused', async () => {
    const sent: unknown[] = [];
    const { actor } = start({
      command: async (input) => {
        sent.push(input);
        throw refusedError;
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.command', id: 2, command: { type: 'supplier.enable' } });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.actionError !== null);
    expect(sent).toEqual([{ id: 2, command: { type: 'supplier.enable' }, expectedVersion: 3 }]);
    // Kept as a translatable text: the refusal's keys, with the server's words as the fallback.
    expect(actor.getSnapshot().context.actionError?.keys).toContain('errors.illegalTransition');
    expect(actor.getSnapshot().context.actionError?.message).toMatch(/Cannot approve/);
  });

  it('does not reject without a reason, then sends the trimmed reason', async () => {
    const sent: unknown[] = [];
    const { actor } = start({ command: async (input) => (sent.push(input), supplierRow()) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.reject', id: 1 });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().matches({ ready: 'rejecting' })).toBe(true);
    expect(actor.getSnapshot().context.dialog?.invalid).toBe(true);
    actor.send({ type: 'dialog.reasonChange', reason: '  blurred photo ' });
    actor.send({ type: 'dialog.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && sent.length === 1);
    expect(sent[0]).toMatchObject({ id: 1, command: { type: 'supplier.reject', reason: 'blurred photo' } });
  });

  it('refuses a ranking that is not a whole number', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'row.rank', id: 1 });
    actor.send({ type: 'dialog.rankingChange', ranking: '1.5' });
    actor.send({ type: 'dialog.confirm' });
    expect(actor.getSnapshot().matches({ ready: 'ranking' })).toBe(true);
  });

  it('bulk-sends the selection with each row version and summarises per row with names', async () => {
    let sent: unknown;
    const { actor } = start({
      bulk: async (input) => {
        sent = input;
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
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'bulk.command', commandType: 'supplier.enable' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true); // nothing selected
    actor.send({ type: 'selection.togglePage' });
    actor.send({ type: 'bulk.command', commandType: 'supplier.enable' });
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
        name: 'Clean Home Services',
        ok: false,
        message: {
          keys: ['supply.reason.alreadyEnabled', 'errors.illegalTransition'],
          message: 'already enabled',
        },
      },
      { id: 2, name: 'Second', ok: true, message: { keys: [], message: 'ok' } },
    ]);
    actor.send({ type: 'summary.close' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.selected).toEqual([]);
  });
});

describe('row actions follow the lifecycle machine', () => {
  it('offers approve only while waiting for audit, with the reason otherwise', () => {
    expect(rowAvailability(supplierRow(), 'supplier.approve', 'user')).toEqual({
      allowed: true,
      reasonKey: null,
    });
    expect(rowAvailability(supplierRow({ audit_state: 'reject' }), 'supplier.approve', 'user')).toEqual({
      allowed: false,
      reasonKey: 'supply.reason.rejectedNeedsResubmit',
    });
  });
  it('offers enable/close to admins only', () => {
    const closed = supplierRow({ is_enabled: false });
    expect(rowAvailability(closed, 'supplier.enable', 'user').reasonKey).toBe('supply.reason.adminOnly');
    expect(rowAvailability(closed, 'supplier.enable', 'admin').allowed).toBe(true);
  });
});
