import { describe, expect, it } from 'vitest';
import { initialTransition, transition, type AnyMachineSnapshot } from 'xstate';
import { walkMachine } from '../../../scripts/machineGraph';
import {
  availability,
  decide,
  fromStoredEvent,
  refusalReason,
  replaySupplier,
  roleMay,
  snapshotFromStatus,
  statusOf,
  toStoredEvent,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import { supplierMachine, type SupplierEvent } from '../../../src/machines/lifecycles/supplierMachine';
import { describeMachinePaths } from '../../support/machinePaths';
import { serializeSupplier, supplierEvents, supplierInput } from './supplierFixtures';

const walkOptions = {
  input: supplierInput,
  events: (s: AnyMachineSnapshot) => supplierEvents(s as SupplierSnapshot),
  serializeState: serializeSupplier,
};

describeMachinePaths(supplierMachine, walkOptions);

const start = () => initialTransition(supplierMachine, supplierInput)[0];
function given(...events: SupplierEvent[]): SupplierSnapshot {
  return replaySupplier(supplierInput, events);
}
const approve = { type: 'supplier.approve' } as const;
const reject = (reason = 'blurred photo') => ({ type: 'supplier.reject', reason }) as const;
const takeOrders = { type: 'supplier.takeOrders' } as const;
const startService = { type: 'supplier.startService' } as const;
const show = { type: 'supplier.show' } as const;
const close = { type: 'supplier.close' } as const;

describe('supplier rules', () => {
  it('starts waiting for audit, enabled, hidden, with no service state', () => {
    expect(statusOf(start())).toEqual({
      audit_state: 'waiting_audit',
      state: null,
      is_enabled: true,
      is_display: false,
    });
  });

  it('refuses a rejection without a reason, and records the trimmed reason when given', () => {
    expect(start().can(reject('   '))).toBe(false);
    expect(refusalReason(start(), reject(''))).toBe('reasonRequired');
    const rejected = given(reject('  blurred photo  '));
    expect(statusOf(rejected).audit_state).toBe('reject');
    expect(rejected.context.auditFailedReason).toBe('blurred photo');
  });

  it('refuses to approve a rejected supplier until it is resubmitted', () => {
    const rejected = given(reject());
    const decision = decide(rejected, approve);
    expect(decision.accepted).toBe(false);
    if (!decision.accepted) {
      expect(decision.reasonKey).toBe('supply.reason.rejectedNeedsResubmit');
      expect(decision.message).toContain('approve');
      expect(decision.message).toContain('rejected');
    }
    const passed = given(reject(), { type: 'supplier.resubmit' }, approve);
    expect(statusOf(passed).audit_state).toBe('pass');
    expect(passed.context.auditFailedReason).toBeNull();
  });

  it('starts a passed supplier resting and hidden', () => {
    expect(statusOf(given(approve))).toMatchObject({ state: 'resting', is_display: false });
  });

  it('shows only a passed and enabled supplier', () => {
    expect(start().can(show)).toBe(false);
    expect(given(approve, close).can(show)).toBe(false);
    expect(statusOf(given(approve, show)).is_display).toBe(true);
  });

  it('hides and stops taking orders when a shown supplier is closed', () => {
    const status = statusOf(given(approve, show, takeOrders, close));
    expect(status).toEqual({ audit_state: 'pass', state: 'resting', is_enabled: false, is_display: false });
  });

  it('hides a shown supplier on a new rejection', () => {
    const s = given(approve, show, reject('complaints'));
    expect(statusOf(s)).toMatchObject({ audit_state: 'reject', is_display: false, state: null });
  });

  it('refuses to take orders while closed', () => {
    const s = given(approve, close);
    expect(s.can(takeOrders)).toBe(false);
    expect(refusalReason(s, takeOrders)).toBe('closed');
  });

  it('refuses closing, rejecting and identity edits while serving an order', () => {
    const serving = given(approve, show, takeOrders, startService);
    expect(statusOf(serving).state).toBe('servicing');
    expect(serving.can(close)).toBe(false);
    expect(refusalReason(serving, close)).toBe('servicing');
    expect(serving.can(reject())).toBe(false);
    const identity = { type: 'supplier.edit', changes: { real_name: 'Li Si' } } as const;
    expect(serving.can(identity)).toBe(false);
    // a non-identity edit is fine
    expect(serving.can({ type: 'supplier.edit', changes: { bio: 'new bio' } })).toBe(true);
    // and the display stays shown: the refused close did not half-happen in the display region
    expect(transition(supplierMachine, serving, close)[0]).toBe(serving);
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
      const s = given(approve, show, { type: 'supplier.edit', changes });
      expect(statusOf(s)).toMatchObject({ audit_state: 'waiting_audit', is_display: false });
    }
  });

  it('keeps a passed supplier passed when only other fields change', () => {
    const s = given(approve, show, {
      type: 'supplier.edit',
      changes: { bio: 'new', real_name: 'Zhang San' },
    });
    expect(statusOf(s)).toMatchObject({ audit_state: 'pass', is_display: true });
    expect(s.context.profile.bio).toBe('new');
  });

  it('refuses an edit that changes nothing', () => {
    const s = start();
    const noop = { type: 'supplier.edit', changes: { name: s.context.profile.name } } as const;
    expect(s.can(noop)).toBe(false);
    expect(refusalReason(s, noop)).toBe('noChanges');
  });

  it('accepts a new ranking in any state, and refuses invalid or unchanged ones', () => {
    expect(given(reject(), { type: 'supplier.rank', ranking: 5 }).context.ranking).toBe(5);
    expect(start().can({ type: 'supplier.rank', ranking: 0 })).toBe(false);
    expect(start().can({ type: 'supplier.rank', ranking: -1 })).toBe(false);
    expect(start().can({ type: 'supplier.rank', ranking: 1.5 })).toBe(false);
  });

  it('lets only admins enable or close, and both roles audit', () => {
    expect(roleMay('user', 'supplier.close')).toBe(false);
    expect(roleMay('user', 'supplier.enable')).toBe(false);
    expect(roleMay('user', 'supplier.approve')).toBe(true);
    expect(roleMay('admin', 'supplier.close')).toBe(true);
    expect(roleMay(null, 'supplier.approve')).toBe(false);
    expect(availability(start(), 'supplier.close', 'user')).toEqual({
      allowed: false,
      reasonKey: 'supply.reason.adminOnly',
    });
    expect(availability(start(), 'supplier.close', 'admin').allowed).toBe(true);
    expect(availability(start(), 'supplier.reject', 'user').allowed).toBe(true);
  });
});

describe('supplier: properties over every walked snapshot', () => {
  const walk = walkMachine(supplierMachine, walkOptions);
  const snapshots = [...walk.snapshots.values()] as SupplierSnapshot[];

  it('walks a non-trivial graph', () => {
    expect(snapshots.length).toBeGreaterThan(50);
  });

  it('holds the invariants: shown ⇒ passed ∧ enabled, taking orders ⇒ enabled', () => {
    // The walk must include snapshots the implications speak of, or they would hold vacuously.
    expect(snapshots.some((s) => statusOf(s).is_display)).toBe(true);
    expect(snapshots.some((s) => statusOf(s).state === 'taking_orders')).toBe(true);
    for (const s of snapshots) {
      const st = statusOf(s);
      if (st.is_display) expect(st.audit_state === 'pass' && st.is_enabled).toBe(true);
      if (st.state === 'taking_orders') expect(st.is_enabled).toBe(true);
      expect(st.state !== null).toBe(st.audit_state === 'pass');
    }
  });

  it('rebuilds the same snapshot from the projection status and context', () => {
    for (const s of snapshots) {
      const back = snapshotFromStatus(statusOf(s), s.context);
      expect(back.value).toEqual(s.value);
      for (const event of supplierEvents(s)) expect(back.can(event)).toBe(s.can(event));
    }
  });

  it('explains every refusal with a specific reason', () => {
    for (const s of snapshots) {
      for (const event of supplierEvents(s)) {
        if (!s.can(event))
          expect(refusalReason(s, event), `${JSON.stringify(s.value)} ${event.type}`).not.toBe('notAllowed');
      }
    }
  });

  it('replays stored events to the same state as the machine events (decider = evolve)', () => {
    for (const step of walk.steps) {
      const from = step.from as SupplierSnapshot;
      const event = step.event as SupplierEvent;
      const replayed = fromStoredEvent(toStoredEvent(event, from.context));
      const viaStored = transition(supplierMachine, from, replayed)[0];
      expect(viaStored.value).toEqual(step.to.value);
      expect(viaStored.context).toEqual(step.to.context);
    }
  });

  it('changes the snapshot exactly when it accepts the event', () => {
    for (const s of snapshots) {
      for (const event of supplierEvents(s)) {
        const [next] = transition(supplierMachine, s, event);
        expect(next !== s).toBe(s.can(event));
      }
    }
  });
});
