import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyMachineSnapshot } from 'xstate';
import {
  commissionPageMachine,
  exampleProblem,
  exampleQuote,
  selectBusy,
  selectReadOnly,
  type CommissionLoaded,
} from '@/machines/screens/commissionPageMachine';
import type { CommissionCommand, CommissionDto, CommissionHistoryEntry } from '@/services/commission';
import { ApiError } from '@/services/http';
import { describeMachinePaths } from '../../support/machinePaths';

const dto = (o: Partial<CommissionDto> = {}): CommissionDto => ({
  version: 3,
  default_rate_bp: 1000,
  default_rate: '10.00',
  overrides: [{ scope: 'city', target: 'Beijing', label: 'Beijing', rate_bp: 1200, rate: '12.00' }],
  precedence: ['project', 'city', 'default'],
  projects_validated: false,
  updated_at: null,
  ...o,
});
const noHistory: CommissionHistoryEntry[] = [];
const loaded = {
  settings: dto(),
  history: noHistory,
  cities: ['Beijing', 'Shanghai'],
  projects: [{ id: 7, name: 'Deep cleaning' }],
};
const conflict = new ApiError('changed', 40901, 409);
const refused = new ApiError('refused', 40902, 409);

describeMachinePaths(commissionPageMachine, {
  input: { role: 'admin' },
  events: (s: AnyMachineSnapshot) => [
    { type: 'xstate.done.actor.loadCommission', output: loaded },
    { type: 'xstate.error.actor.loadCommission', error: refused },
    { type: 'xstate.done.actor.sendCommand', output: { settings: dto({ version: 4 }), history: [] } },
    { type: 'xstate.error.actor.sendCommand', error: conflict },
    { type: 'xstate.error.actor.sendCommand', error: refused },
    { type: 'page.retry' },
    {
      type: 'default.change',
      value: s.context.defaultRate === '12.5' ? 'abc' : s.context.defaultRate === 'abc' ? '10.00' : '12.5',
    },
    { type: 'default.save' },
    { type: 'draft.change', field: 'target', value: s.context.draft.target ? '' : 'Shanghai' },
    { type: 'draft.change', field: 'rate', value: '8' },
    { type: 'override.add' },
    { type: 'override.remove', scope: 'city', target: 'Beijing' },
    { type: 'removal.confirm' },
    { type: 'removal.cancel' },
    { type: 'example.change', field: 'amount', value: '50' },
    { type: 'conflict.reload' },
    { type: 'conflict.keep' },
    { type: 'conflict.dismiss' },
    { type: 'xstate.done.actor.loadLatest', output: { ...loaded, settings: dto({ version: 5 }) } },
    { type: 'xstate.error.actor.loadLatest', error: refused },
  ],
  skip: {
    'commissionPage.ready|default.save|0':
      'the non-admin branch: covered by "a user sees it read-only" below',
    'commissionPage.ready|override.add|0':
      'the non-admin branch: covered by "a user sees it read-only" below',
  },
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.defaultRate, s.context.draft, s.context.settings !== null]),
});

type SendInput = { command: CommissionCommand; version: number };
function start(
  role: string,
  send = async (_: SendInput): Promise<CommissionLoaded> => ({
    settings: dto({ version: 4 }),
    history: noHistory,
  }),
) {
  const sent: unknown[] = [];
  const machine = commissionPageMachine.provide({
    actors: {
      loadCommission: fromPromise(async (): Promise<CommissionLoaded> => loaded),
      sendCommand: fromPromise(async ({ input }: { input: SendInput }) => (sent.push(input), send(input))),
    },
  });
  return { actor: createActor(machine, { input: { role } }).start(), sent };
}

/** Adds a Shanghai override at 8%, which meets a conflict, and keeps the change: back to ready. */
async function addOverrideThenKeep(actor: ReturnType<typeof createActor<typeof commissionPageMachine>>) {
  actor.send({ type: 'draft.change', field: 'target', value: 'Shanghai' });
  actor.send({ type: 'draft.change', field: 'rate', value: '8' });
  actor.send({ type: 'override.add' });
  await waitFor(actor, (s) => s.matches('conflict'));
  actor.send({ type: 'conflict.keep' });
  await waitFor(actor, (s) => s.matches('ready'));
}

describe('commission page', () => {
  it('after a conflict, keeping the change reads the latest and leaves what was being sent in its fields', async () => {
    const versions = [3, 5];
    const sent: SendInput[] = [];
    const machine = commissionPageMachine.provide({
      actors: {
        loadCommission: fromPromise(async (): Promise<CommissionLoaded> => ({
          ...loaded,
          settings: dto({ version: versions.shift()! }),
        })),
        sendCommand: fromPromise(async ({ input }: { input: SendInput }) => {
          sent.push(input);
          if (input.version === 3) throw conflict;
          return { settings: dto({ version: 6 }), history: noHistory };
        }),
      },
    });
    const actor = createActor(machine, { input: { role: 'admin' } }).start();
    const toasts: string[] = [];
    actor.on('toast', (e) => void toasts.push(e.key));
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'default.change', value: '11' });
    await addOverrideThenKeep(actor);
    const { context } = actor.getSnapshot();
    expect(context.settings?.version).toBe(5);
    expect(context.draft).toEqual({ scope: 'city', target: 'Shanghai', rate: '8' });
    expect(context.defaultRate).toBe('11');
    expect(toasts).toEqual(['system.commission.toast.rebased']);
    // Sent again, over the latest: it lands.
    actor.send({ type: 'override.add' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.version === 6);
    expect(sent.map((s) => s.version)).toEqual([3, 5]);
  });

  it('after a conflict, a default rate not typed takes the latest; a failed read keeps the override in its fields', async () => {
    const loads: Array<() => CommissionLoaded> = [
      () => loaded,
      () => ({ ...loaded, settings: dto({ version: 5, default_rate: '12.00', default_rate_bp: 1200 }) }),
      () => {
        throw refused;
      },
    ];
    const machine = commissionPageMachine.provide({
      actors: {
        loadCommission: fromPromise(async (): Promise<CommissionLoaded> => loads.shift()!()),
        sendCommand: fromPromise(async (): Promise<CommissionLoaded> => {
          throw conflict;
        }),
      },
    });
    const actor = createActor(machine, { input: { role: 'admin' } }).start();
    const toasts: string[] = [];
    actor.on('toast', (e) => void toasts.push(e.key));
    await waitFor(actor, (s) => s.matches('ready'));
    // A removal meets the conflict: the latest is read, its default (12%, someone else's) shown, not the old 10%.
    actor.send({ type: 'override.remove', scope: 'city', target: 'Beijing' });
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, (s) => s.matches('conflict'));
    actor.send({ type: 'conflict.keep' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.defaultRate).toBe('12.00');
    expect(toasts).toEqual(['system.commission.toast.rebasedRemoval']);
    // An override being added meets a conflict, and the latest cannot be read: it stays in its fields.
    await addOverrideThenKeep(actor);
    const { context } = actor.getSnapshot();
    expect(context.draft).toEqual({ scope: 'city', target: 'Shanghai', rate: '8' });
    expect(context.actionError).not.toBeNull();
    expect(context.pending).toBeNull();
  });

  it('sends a new default rate with the loaded version', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'default.change', value: '12.5' });
    actor.send({ type: 'default.save' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.version === 4);
    expect(sent).toEqual([{ command: { type: 'commission.setDefault', rate: '12.5' }, version: 3 }]);
  });

  it('offers the projects it loaded and keeps them across a save, whose answer has none', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.projects).toEqual([{ id: 7, name: 'Deep cleaning' }]);
    actor.send({ type: 'draft.change', field: 'scope', value: 'project' });
    actor.send({ type: 'draft.change', field: 'target', value: '7' });
    actor.send({ type: 'draft.change', field: 'rate', value: '7.25' });
    actor.send({ type: 'override.add' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.version === 4);
    expect(sent).toEqual([
      {
        command: { type: 'commission.setOverride', scope: 'project', target: '7', rate: '7.25' },
        version: 3,
      },
    ]);
    expect(actor.getSnapshot().context.projects).toEqual([{ id: 7, name: 'Deep cleaning' }]);
  });

  it('refuses to send an invalid rate or override, naming the problem', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'default.change', value: '12.345' });
    actor.send({ type: 'default.save' });
    actor.send({ type: 'draft.change', field: 'scope', value: 'project' });
    actor.send({ type: 'draft.change', field: 'target', value: 'abc' });
    actor.send({ type: 'draft.change', field: 'rate', value: '101' });
    actor.send({ type: 'override.add' });
    expect(actor.getSnapshot().context.errors).toEqual({
      defaultRate: 'system.commission.error.rate',
      target: 'system.commission.error.target.project',
      rate: 'system.commission.error.rate',
    });
    expect(sent).toEqual([]);
  });

  it('removes an override only once the removal is confirmed; cancelled, nothing is sent', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'override.remove', scope: 'city', target: 'Beijing' });
    expect(actor.getSnapshot().matches('confirmingRemoval')).toBe(true);
    actor.send({ type: 'removal.cancel' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.pending).toBeNull();
    expect(sent).toEqual([]);
    actor.send({ type: 'override.remove', scope: 'city', target: 'Beijing' });
    actor.send({ type: 'removal.confirm' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.version === 4);
    expect(sent).toEqual([
      { command: { type: 'commission.removeOverride', scope: 'city', target: 'Beijing' }, version: 3 },
    ]);
  });

  it('a user sees it read-only: saves are ignored', async () => {
    const { actor, sent } = start('user');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'default.change', value: '12.5' });
    actor.send({ type: 'default.save' });
    actor.send({ type: 'draft.change', field: 'target', value: 'Shanghai' });
    actor.send({ type: 'draft.change', field: 'rate', value: '8' });
    actor.send({ type: 'override.add' });
    actor.send({ type: 'override.remove', scope: 'city', target: 'Beijing' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('holds nothing before it has read the settings, then what it read; a failed read says why and reads again on retry', async () => {
    const reads: Array<() => Promise<CommissionLoaded>> = [
      async () => Promise.reject(refused),
      async () => loaded,
    ];
    const machine = commissionPageMachine.provide({
      actors: { loadCommission: fromPromise(() => reads.shift()!()) },
    });
    const actor = createActor(machine, { input: { role: 'admin' } }).start();
    expect(actor.getSnapshot().context).toMatchObject({
      settings: null,
      history: [],
      cities: [],
      projects: [],
    });
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.loadError).toMatchObject({ message: 'refused' });
    expect(selectBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'page.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      loadError: null,
      cities: ['Beijing', 'Shanghai'],
      defaultRate: '10.00',
    });
    expect(selectBusy(actor.getSnapshot())).toBe(false);
  });

  it('a refused change says why and leaves the page ready; the next one is sent as typed, trimmed', async () => {
    const answers: Array<() => Promise<CommissionLoaded>> = [
      async () => Promise.reject(refused),
      async () => ({ settings: dto({ version: 4 }), history: noHistory }),
    ];
    const { actor, sent } = start('admin', () => answers.shift()!());
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'default.change', value: ' 12.5 ' });
    actor.send({ type: 'default.save' });
    expect(selectBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && s.context.actionError !== null);
    expect(actor.getSnapshot().context.actionError).toMatchObject({ message: 'refused' });
    expect(actor.getSnapshot().context.pending).toBeNull();
    actor.send({ type: 'draft.change', field: 'target', value: ' Shanghai ' });
    actor.send({ type: 'draft.change', field: 'rate', value: ' 8 ' });
    actor.send({ type: 'override.add' });
    // Sent, the fields are clear for the next override; the scope stays.
    expect(actor.getSnapshot().context.draft).toEqual({ scope: 'city', target: '', rate: '' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.settings?.version === 4);
    expect(actor.getSnapshot().context.actionError).toBeNull();
    expect(actor.getSnapshot().context.cities).toEqual(['Beijing', 'Shanghai']);
    expect(sent).toEqual([
      { command: { type: 'commission.setDefault', rate: '12.5' }, version: 3 },
      {
        command: { type: 'commission.setOverride', scope: 'city', target: 'Shanghai', rate: '8' },
        version: 3,
      },
    ]);
  });

  it('sends no override whose rate alone is wrong; a new scope empties the target', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'draft.change', field: 'target', value: 'Shanghai' });
    actor.send({ type: 'draft.change', field: 'rate', value: '101' });
    actor.send({ type: 'override.add' });
    expect(actor.getSnapshot().context.errors).toEqual({ rate: 'system.commission.error.rate' });
    expect(sent).toEqual([]);
    actor.send({ type: 'draft.change', field: 'scope', value: 'project' });
    expect(actor.getSnapshot().context.draft).toEqual({ scope: 'project', target: '', rate: '101' });
  });

  it('a default rate typed as it already is, with spaces, is no change to send', async () => {
    const { actor, sent } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    const toasts: string[] = [];
    actor.on('toast', (e) => void toasts.push(e.key));
    actor.send({ type: 'default.change', value: ' 10.00 ' });
    actor.send({ type: 'default.save' });
    expect(toasts).toEqual(['system.commission.toast.noChanges']);
    expect(sent).toEqual([]);
  });

  it('is read-only for a role that may not change rates', async () => {
    for (const [role, readOnly] of [
      ['user', true],
      ['admin', false],
    ] as const) {
      const { actor } = start(role);
      expect(selectReadOnly(actor.getSnapshot()), role).toBe(readOnly);
      actor.stop();
    }
  });

  it('computes the example with the most specific rate', async () => {
    const { actor } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'example.change', field: 'amount', value: '200' });
    expect(exampleQuote(actor.getSnapshot().context)).toMatchObject({
      amountFen: 20000,
      source: 'default',
      commissionFen: 2000,
      supplierIncomeFen: 18000,
    });
    actor.send({ type: 'example.change', field: 'city', value: 'Beijing' });
    expect(exampleQuote(actor.getSnapshot().context)).toMatchObject({ source: 'city', commissionFen: 2400 });
    actor.send({ type: 'example.change', field: 'amount', value: '1.234' });
    expect(exampleQuote(actor.getSnapshot().context)).toBeNull();
  });

  it("says what is wrong with the example's amount: not money, or more than it computes exactly", async () => {
    const { actor } = start('admin');
    await waitFor(actor, (s) => s.matches('ready'));
    const problemFor = (amount: string) => {
      actor.send({ type: 'example.change', field: 'amount', value: amount });
      return exampleProblem(actor.getSnapshot().context);
    };
    expect(problemFor('999999999.99')).toBeNull();
    expect(problemFor('1.234')).toEqual({ key: 'system.commission.example.invalid' });
    expect(problemFor('')).toEqual({ key: 'system.commission.example.invalid' });
    expect(problemFor('1234567890')).toEqual({
      key: 'system.commission.example.tooLarge',
      values: { max: '999,999,999.99' },
    });
  });
});
