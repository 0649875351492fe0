import { describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import { allowed, decide, evolve, start, type Command } from '../../../src/machines/lifecycles/lifecycle';
import {
  refusalReason,
  snapshotFromStatus,
  statusOf,
  supplierLifecycle,
  type SupplierCommand,
  type SupplierSnapshot,
  type SupplierStatus,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import {
  MAX_RANKING,
  MAX_REASON_LENGTH,
  supplierMachine,
} from '../../../src/machines/lifecycles/supplierMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';
import { serializeSupplier, supplierCommands, supplierInput } from './supplierFixtures';

const commands = (s: AnyMachineSnapshot) => supplierCommands(s as SupplierSnapshot);

describeMachinePaths(supplierMachine, {
  input: supplierInput,
  events: walkFacts(supplierLifecycle, commands),
  serializeState: serializeSupplier,
});

const begin = () => start(supplierLifecycle, supplierInput) as SupplierSnapshot;
const given = (...cs: SupplierCommand[]) =>
  givenIn(supplierLifecycle, supplierInput, ...cs) as SupplierSnapshot;
const can = (s: SupplierSnapshot, c: SupplierCommand) => decide(supplierLifecycle, s, c).accepted;
const approve = { type: 'supplier.approve' } as const;
const reject = (reason = 'blurred photo') => ({ type: 'supplier.reject', reason }) as const;
const takeOrders = { type: 'supplier.takeOrders' } as const;
const startService = { type: 'supplier.startService' } as const;
const show = { type: 'supplier.show' } as const;
const close = { type: 'supplier.close' } as const;

describe('supplier rules', () => {
  it('starts waiting for audit, enabled, hidden, with no service state', () => {
    expect(statusOf(begin())).toEqual({
      audit_state: 'waiting_audit',
      state: null,
      is_enabled: true,
      is_display: false,
    });
  });

  it('refuses a rejection without a reason, and records the trimmed reason when given', () => {
    expect(can(begin(), reject('   '))).toBe(false);
    expect(refusalReason(begin(), reject(''))).toBe('reasonRequired');
    const rejected = given(reject('  blurred photo  '));
    expect(statusOf(rejected).audit_state).toBe('reject');
    expect(rejected.context.auditFailedReason).toBe('blurred photo');
  });

  it('takes a reason of at most MAX_REASON_LENGTH characters once trimmed, as it is stored and counted', () => {
    const longest = 'x'.repeat(MAX_REASON_LENGTH);
    expect(can(begin(), reject(longest))).toBe(true);
    expect(can(begin(), reject(`  ${longest}  `))).toBe(true);
    expect(can(begin(), reject(`${longest}x`))).toBe(false);
    expect(refusalReason(begin(), reject(`${longest}x`))).toBe('reasonRequired');
  });

  it('stores a rejection as SupplierRejected with its reason, and the reason survives a replay', () => {
    const decision = decide(supplierLifecycle, begin(), reject('  no licence '));
    expect(decision.accepted && decision.facts).toEqual([
      { type: 'SupplierRejected', data: {}, reason: 'no licence' },
    ]);
  });

  it('refuses to approve a rejected supplier until it is resubmitted', () => {
    const decision = decide(supplierLifecycle, given(reject()), approve);
    expect(decision.accepted).toBe(false);
    if (!decision.accepted) {
      expect(decision.reasonKey).toBe('supply.reason.rejectedNeedsResubmit');
      expect(decision.message).toBe(
        'Cannot approve this supplier while it is rejected, enabled: it was rejected and must be resubmitted first.',
      );
    }
    const passed = given(reject(), { type: 'supplier.resubmit' }, approve);
    expect(statusOf(passed).audit_state).toBe('pass');
    expect(passed.context.auditFailedReason).toBeNull();
  });

  it('starts a passed supplier resting and hidden', () => {
    expect(statusOf(given(approve))).toMatchObject({ state: 'resting', is_display: false });
  });

  it('shows only a passed and enabled supplier', () => {
    expect(can(begin(), show)).toBe(false);
    expect(can(given(approve, close), show)).toBe(false);
    expect(statusOf(given(approve, show)).is_display).toBe(true);
  });

  it('hides and stops taking orders when a shown supplier is closed', () => {
    expect(statusOf(given(approve, show, takeOrders, close))).toEqual({
      audit_state: 'pass',
      state: 'resting',
      is_enabled: false,
      is_display: false,
    });
  });

  it('hides a shown supplier on a new rejection', () => {
    expect(statusOf(given(approve, show, reject('complaints')))).toMatchObject({
      audit_state: 'reject',
      is_display: false,
      state: null,
    });
  });

  it('refuses to take orders while closed', () => {
    const s = given(approve, close);
    expect(can(s, takeOrders)).toBe(false);
    expect(refusalReason(s, takeOrders)).toBe('closed');
  });

  it('refuses closing, rejecting and identity edits while serving an order', () => {
    const serving = given(approve, show, takeOrders, startService);
    expect(statusOf(serving).state).toBe('servicing');
    expect(can(serving, close)).toBe(false);
    expect(refusalReason(serving, close)).toBe('servicing');
    expect(can(serving, reject())).toBe(false);
    expect(can(serving, { type: 'supplier.edit', changes: { real_name: 'Li Si' } })).toBe(false);
    expect(can(serving, { type: 'supplier.edit', changes: { bio: 'new bio' } })).toBe(true);
    // and the refused close did not half-happen in the display region
    expect(transition(supplierMachine, serving, { type: 'SupplierClosed', data: {} })[0]).toBe(serving);
  });

  it('counts an order served to completion and returns to taking orders', () => {
    const s = given(approve, takeOrders, startService, { type: 'supplier.finishService' });
    expect(s.context.orderNum).toBe(1);
    expect(statusOf(s).state).toBe('taking_orders');
  });

  it('sends a passed supplier back to audit when an identity field changes', () => {
    for (const changes of [
      { real_name: 'Li Si' },
      { id_card_front: '/uploads/new-front.png' },
      { id_card_back: '/uploads/new-back.png' },
      { id_card_no: '11010119900307123X' },
    ]) {
      expect(statusOf(given(approve, show, { type: 'supplier.edit', changes }))).toMatchObject({
        audit_state: 'waiting_audit',
        is_display: false,
      });
    }
  });

  it('keeps a passed supplier passed when only other fields change, storing only what changed', () => {
    const shown = given(approve, show);
    const edit = { type: 'supplier.edit', changes: { bio: 'new', real_name: 'Zhang San' } } as const;
    const decision = decide(supplierLifecycle, shown, edit);
    expect(decision.accepted && decision.facts).toEqual([
      {
        type: 'SupplierProfileEdited',
        data: { changes: { bio: 'new' }, previous: { bio: shown.context.profile.bio } },
      },
    ]);
    const s = given(approve, show, edit);
    expect(statusOf(s)).toMatchObject({ audit_state: 'pass', is_display: true });
    expect(s.context.profile.bio).toBe('new');
  });

  it('refuses an edit that changes nothing', () => {
    const noop = { type: 'supplier.edit', changes: { name: begin().context.profile.name } } as const;
    expect(can(begin(), noop)).toBe(false);
    expect(refusalReason(begin(), noop)).toBe('noChanges');
  });

  it('accepts a new ranking in any state, and refuses invalid or unchanged ones', () => {
    expect(given(reject(), { type: 'supplier.rank', ranking: 5 }).context.ranking).toBe(5);
    expect(can(begin(), { type: 'supplier.rank', ranking: 0 })).toBe(false);
    expect(can(begin(), { type: 'supplier.rank', ranking: -1 })).toBe(false);
    expect(can(begin(), { type: 'supplier.rank', ranking: 1.5 })).toBe(false);
    expect(can(begin(), { type: 'supplier.rank', ranking: 1_000_000 })).toBe(false);
  });

  it('lets only admins enable or close (the policy table), and both roles audit', () => {
    expect(allowed(supplierLifecycle, begin(), 'supplier.close', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(supplierLifecycle, given(close), 'supplier.enable', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
    expect(allowed(supplierLifecycle, begin(), 'supplier.close', 'admin')).toEqual({ ok: true });
    expect(allowed(supplierLifecycle, begin(), 'supplier.reject', 'user')).toEqual({ ok: true });
    expect(allowed(supplierLifecycle, begin(), 'supplier.approve', null)).toEqual({
      ok: false,
      reasonKey: 'policy.adminOnly',
    });
  });
});

describe('supplier: what each command stores, and why one is refused', () => {
  const rest = { type: 'supplier.rest' } as const;
  const finishService = { type: 'supplier.finishService' } as const;
  const hide = { type: 'supplier.hide' } as const;
  const enable = { type: 'supplier.enable' } as const;
  const resubmit = { type: 'supplier.resubmit' } as const;
  const reasonOf = (s: SupplierSnapshot, c: SupplierCommand) => {
    const d = decide(supplierLifecycle, s, c);
    return d.accepted ? 'accepted' : d.reasonKey.replace('supply.reason.', '');
  };

  it('names the reason of every refusal', () => {
    const waiting = begin();
    const resting = given(approve);
    const taking = given(approve, takeOrders);
    const serving = given(approve, takeOrders, startService);
    const rejected = given(reject());
    const passedClosed = given(approve, close);
    const shown = given(approve, show);
    const cases: Array<[string, SupplierSnapshot, SupplierCommand, string]> = [
      ['approve passed', resting, approve, 'alreadyPassed'],
      ['approve rejected', rejected, approve, 'rejectedNeedsResubmit'],
      ['reject rejected', rejected, reject(), 'alreadyRejected'],
      ['reject without reason', waiting, reject(' '), 'reasonRequired'],
      ['reject serving', serving, reject(), 'servicing'],
      ['reject serving, with no reason', serving, reject(' '), 'servicing'],
      ['resubmit waiting', waiting, resubmit, 'notRejected'],
      ['resubmit passed', resting, resubmit, 'notRejected'],
      ['enable enabled', waiting, enable, 'alreadyEnabled'],
      ['close closed', passedClosed, close, 'alreadyClosed'],
      ['close serving', serving, close, 'servicing'],
      ['take orders waiting', waiting, takeOrders, 'notPassed'],
      ['take orders serving', serving, takeOrders, 'servicing'],
      ['take orders taking', taking, takeOrders, 'alreadyTakingOrders'],
      ['take orders closed', passedClosed, takeOrders, 'closed'],
      ['rest waiting', waiting, rest, 'notPassed'],
      ['rest serving', serving, rest, 'servicing'],
      ['rest resting', resting, rest, 'alreadyResting'],
      ['start waiting', waiting, startService, 'notPassed'],
      ['start serving', serving, startService, 'servicing'],
      ['start resting', resting, startService, 'notTakingOrders'],
      ['finish taking', taking, finishService, 'notServicing'],
      ['finish waiting', waiting, finishService, 'notServicing'],
      ['show waiting', waiting, show, 'notPassed'],
      ['show shown', shown, show, 'alreadyShown'],
      ['show closed', passedClosed, show, 'closed'],
      ['hide waiting', waiting, hide, 'notPassed'],
      ['hide hidden', resting, hide, 'alreadyHidden'],
      ['rank invalid', waiting, { type: 'supplier.rank', ranking: -1 }, 'invalidRanking'],
      ['rank unchanged', waiting, { type: 'supplier.rank', ranking: 0 }, 'rankingUnchanged'],
      [
        'edit nothing',
        waiting,
        { type: 'supplier.edit', changes: { bio: waiting.context.profile.bio } },
        'noChanges',
      ],
      [
        'edit identity serving',
        serving,
        { type: 'supplier.edit', changes: { real_name: 'Li Si' } },
        'servicing',
      ],
      [
        'edit identity and more serving',
        serving,
        { type: 'supplier.edit', changes: { real_name: 'Li Si', bio: 'New' } },
        'servicing',
      ],
    ];
    for (const [name, snapshot, command, reason] of cases)
      expect(reasonOf(snapshot, command), name).toBe(reason);
  });

  it('says what did not change in words of its own', () => {
    const unchanged = decide(supplierLifecycle, begin(), { type: 'supplier.rank', ranking: 0 });
    expect(!unchanged.accepted && unchanged.message).toBe('Nothing changed: the ranking is already 0.');
    const noop = decide(supplierLifecycle, begin(), {
      type: 'supplier.edit',
      changes: { bio: begin().context.profile.bio },
    });
    expect(!noop.accepted && noop.message).toBe(
      'Nothing changed: the values sent are the same as the current ones.',
    );
    const invalid = decide(supplierLifecycle, begin(), { type: 'supplier.rank', ranking: -1 });
    // A bad value is the command's fault, not the state's: the kit's words without "while it is".
    expect(!invalid.accepted && invalid.message).toBe(
      "Cannot change this supplier's ranking: the ranking must be a whole number from 0 to 999999.",
    );
  });

  it('stores a new ranking with the one before, and a rejection with its trimmed reason', () => {
    const ranked = given({ type: 'supplier.rank', ranking: 5 });
    const decision = decide(supplierLifecycle, ranked, { type: 'supplier.rank', ranking: 2 });
    expect(decision.accepted && decision.facts).toEqual([
      { type: 'SupplierRanked', data: { ranking: 2, previous: 5 } },
    ]);
    const rejection = decide(supplierLifecycle, begin(), reject(' blurred '));
    expect(rejection.accepted && rejection.facts).toEqual([
      { type: 'SupplierRejected', data: {}, reason: 'blurred' },
    ]);
    // A rejection sent without a reason is refused, not stored with "undefined".
    expect(reasonOf(begin(), { type: 'supplier.reject' } as SupplierCommand)).toBe('reasonRequired');
  });

  it('stores each plain command as its fact', () => {
    const cases: Array<[SupplierSnapshot, SupplierCommand, string]> = [
      [begin(), approve, 'SupplierApproved'],
      [given(reject()), resubmit, 'SupplierResubmitted'],
      [given(close), enable, 'SupplierEnabled'],
      [begin(), close, 'SupplierClosed'],
      [given(approve), takeOrders, 'SupplierStartedTakingOrders'],
      [given(approve, takeOrders), rest, 'SupplierStartedResting'],
      [given(approve, takeOrders), startService, 'SupplierServiceStarted'],
      [given(approve, takeOrders, startService), finishService, 'SupplierServiceFinished'],
      [given(approve), show, 'SupplierShown'],
      [given(approve, show), hide, 'SupplierHidden'],
    ];
    for (const [snapshot, command, type] of cases) {
      const d = decide(supplierLifecycle, snapshot, command);
      expect(d.accepted && d.facts, command.type).toEqual([{ type, data: {} }]);
    }
  });

  it('asks "is it possible now?" with a ranking and an edit that really change something', () => {
    expect(allowed(supplierLifecycle, begin(), 'supplier.rank')).toEqual({ ok: true });
    expect(allowed(supplierLifecycle, given({ type: 'supplier.rank', ranking: 3 }), 'supplier.rank')).toEqual(
      {
        ok: true,
      },
    );
    for (const ranking of [1, MAX_RANKING]) {
      const ranked = given({ type: 'supplier.rank', ranking });
      expect(allowed(supplierLifecycle, ranked, 'supplier.rank'), String(ranking)).toEqual({ ok: true });
    }
    expect(allowed(supplierLifecycle, begin(), 'supplier.edit')).toEqual({ ok: true });
    expect(allowed(supplierLifecycle, begin(), 'supplier.reject')).toEqual({ ok: true });
    expect(allowed(supplierLifecycle, given(reject()), 'supplier.reject')).toEqual({
      ok: false,
      reasonKey: 'supply.reason.alreadyRejected',
    });
  });

  it('rebuilds every kind of projection row as the snapshot it stands for', () => {
    const rows: SupplierStatus[] = [
      { audit_state: 'waiting_audit', state: null, is_enabled: true, is_display: false },
      { audit_state: 'waiting_audit', state: null, is_enabled: false, is_display: false },
      { audit_state: 'reject', state: null, is_enabled: true, is_display: false },
      { audit_state: 'pass', state: 'taking_orders', is_enabled: true, is_display: true },
      { audit_state: 'pass', state: 'servicing', is_enabled: true, is_display: false },
      { audit_state: 'pass', state: 'resting', is_enabled: false, is_display: false },
    ];
    for (const row of rows) {
      expect(statusOf(snapshotFromStatus(row, begin().context)), JSON.stringify(row)).toEqual(row);
    }
    // A passed row without a service state rests.
    const noState = snapshotFromStatus(
      { audit_state: 'pass', state: null, is_enabled: true, is_display: false },
      begin().context,
    );
    expect(statusOf(noState).state).toBe('resting');
  });
});

describe('supplier: a rebuilt snapshot is the live one', () => {
  it('reads the status and context back as the same snapshot, taking and refusing the same commands', () => {
    for (const s of [begin(), given(approve, show, takeOrders), given(reject()), given(approve, close)]) {
      const back = snapshotFromStatus(statusOf(s), s.context);
      expect(back.value).toEqual(s.value);
      for (const c of supplierCommands(s)) expect(can(back, c)).toBe(can(s, c));
    }
  });

  it('replays a stored rejection with its reason even though the reason is stored outside the data', () => {
    const s = given(reject('late'));
    const replayed = evolve(supplierLifecycle, begin(), {
      type: 'SupplierRejected',
      data: {},
      reason: 'late',
    });
    expect(replayed.context.auditFailedReason).toBe(s.context.auditFailedReason);
  });
});

describeLifecycleProperties({
  lifecycle: supplierLifecycle,
  creation: supplierInput,
  commands: (s) => supplierCommands(s as SupplierSnapshot) as Command[],
  invariants: (snapshot) => {
    const s = snapshot as SupplierSnapshot;
    const st = statusOf(s);
    // shown ⇒ passed ∧ enabled; taking orders ⇒ enabled; a service state exactly when passed.
    if (st.is_display) expect(st.audit_state === 'pass' && st.is_enabled).toBe(true);
    if (st.state === 'taking_orders') expect(st.is_enabled).toBe(true);
    expect(st.state !== null).toBe(st.audit_state === 'pass');
    // a rejected supplier says why; a passed one has no rejection reason left
    if (st.audit_state === 'reject') expect(s.context.auditFailedReason).not.toBeNull();
    if (st.audit_state === 'pass') expect(s.context.auditFailedReason).toBeNull();
    expect(s.context.orderNum).toBeGreaterThanOrEqual(0);
  },
  seen: {
    shown: (s) => statusOf(s as SupplierSnapshot).is_display,
    servicing: (s) => statusOf(s as SupplierSnapshot).state === 'servicing',
    rejected: (s) => statusOf(s as SupplierSnapshot).audit_state === 'reject',
    closed: (s) => !statusOf(s as SupplierSnapshot).is_enabled,
    servedAnOrder: (s) => (s as SupplierSnapshot).context.orderNum > 0,
  },
});
