import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  allowed,
  decide,
  replay,
  start as startOf,
  type Command,
} from '../../../src/machines/lifecycles/lifecycle';
import { refundableFen } from '../../../src/machines/lifecycles/refundMoney';
import {
  RENEWAL_STATES,
  renewalLifecycle,
  renewalSnapshot,
  renewalStateOf,
  type RenewalCommand,
  type RenewalSnapshot,
  type RenewalState,
} from '../../../src/machines/lifecycles/renewalLifecycle';
import {
  MAX_RENEWAL_UNITS,
  isValidRenewalReason,
  isValidRenewalUnits,
  renewalMachine,
  type RenewalInput,
  type RenewalRequest,
} from '../../../src/machines/lifecycles/renewalMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const request: RenewalRequest = {
  order: { id: 9, orderNo: 'SO9' },
  customer: { id: 3, name: 'Li Na', mobile: '13800000001' },
  supplier: { id: 7, name: 'Wang Care' },
  project: { id: 5, name: 'Elder care' },
  city: 'Beijing',
  units: 2,
  unit: 'hour',
  unitPriceFen: 6_000,
  amountFen: 12_000,
};
// The pipeline feeds the commission rate a confirmation settles with.
const creation: RenewalInput = { ...request, rate: { rateBp: 1_234, source: 'project' } };

const commands = (s: AnyMachineSnapshot): Command[] => [
  { type: 'renewal.pay', method: 'external' },
  { type: 'renewal.confirm' },
  { type: 'renewal.decline', reason: 'Fully booked' },
  { type: 'renewal.decline', reason: ' ' },
  { type: 'renewal.reserveRefund', refundId: 1, amountFen: Math.max(1, refundableFen(s.context)) },
  { type: 'renewal.reserveRefund', refundId: 2, amountFen: s.context.paidFen / 4 || 1 },
  { type: 'renewal.releaseRefund', refundId: 1, amountFen: s.context.reservedFen || 1 },
  { type: 'renewal.refund', refundId: 1, amountFen: s.context.reservedFen || 1 },
];

describeMachinePaths(renewalMachine, {
  input: creation,
  events: walkFacts(renewalLifecycle, commands),
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.paidFen, s.context.reservedFen, s.context.refundedFen]),
});

const start = () => startOf(renewalLifecycle, creation) as RenewalSnapshot;
const given = (...cs: RenewalCommand[]) => givenIn(renewalLifecycle, creation, ...cs) as RenewalSnapshot;
const refusal = (s: RenewalSnapshot, c: RenewalCommand) => {
  const d = decide(renewalLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('renewal.reason.', '');
};

describe('renewal rules', () => {
  it('extends by a whole number of units from 1 to the limit, for a reason of 1 to 200 characters', () => {
    for (const ok of [1, 2, MAX_RENEWAL_UNITS]) expect(isValidRenewalUnits(ok), String(ok)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_RENEWAL_UNITS + 1, '2', null, Number.NaN])
      expect(isValidRenewalUnits(bad), String(bad)).toBe(false);
    expect(isValidRenewalReason('x')).toBe(true);
    expect(isValidRenewalReason(` ${'x'.repeat(200)} `)).toBe(true);
    for (const bad of ['', '   ', 'x'.repeat(201), 7, undefined])
      expect(isValidRenewalReason(bad), String(bad)).toBe(false);
  });

  it('is requested, paid in full, then confirmed or declined with a reason', () => {
    expect(renewalStateOf(start())).toBe('requested');
    expect(refusal(start(), { type: 'renewal.confirm' })).toBe('notPaid');
    const paid = given({ type: 'renewal.pay', method: 'wallet' });
    expect(paid.context.paidFen).toBe(12_000);
    expect(refusal(paid, { type: 'renewal.pay', method: 'wallet' })).toBe('alreadyPaid');
    expect(
      renewalStateOf(given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.confirm' })),
    ).toBe('confirmed');
    expect(refusal(paid, { type: 'renewal.decline', reason: '' })).toBe('reasonRequired');
    const declined = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: ' Busy ' },
    );
    expect(declined.context.declineReason).toBe('Busy');
  });

  it('refunds only a declined renewal, within what it paid', () => {
    const confirmed = given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.confirm' });
    expect(refusal(confirmed, { type: 'renewal.reserveRefund', refundId: 1, amountFen: 1 })).toBe(
      'notDeclined',
    );
    const declined = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
    );
    expect(refusal(declined, { type: 'renewal.reserveRefund', refundId: 1, amountFen: 12_001 })).toBe(
      'notRefundable',
    );
    const unpaidDecline = given({ type: 'renewal.decline', reason: 'Busy' });
    expect(refusal(unpaidDecline, { type: 'renewal.reserveRefund', refundId: 1, amountFen: 1 })).toBe(
      'notRefundable',
    );
    const refunded = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 12_000 },
      { type: 'renewal.refund', refundId: 1, amountFen: 12_000 },
    );
    expect(refunded.value).toEqual({ declined: 'refunded' });
  });

  it('a refund rejected gives back what it set aside: all of it is refundable again', () => {
    const reserved = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 3_000 },
    );
    expect(refundableFen(reserved.context)).toBe(9_000);
    const released = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 3_000 },
      { type: 'renewal.releaseRefund', refundId: 1, amountFen: 3_000 },
    );
    expect(released.context).toMatchObject({ reservedFen: 0, refundedFen: 0 });
    expect(refusal(released, { type: 'renewal.reserveRefund', refundId: 2, amountFen: 12_000 })).toBe(
      'accepted',
    );
  });

  it('the apps ask and pay; staff or the supplier confirm or decline', () => {
    expect(allowed(renewalLifecycle, start(), 'renewal.pay', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.appsOnly',
    });
    expect(allowed(renewalLifecycle, start(), 'renewal.decline', 'user')).toEqual({ ok: true });
  });
});

describe('renewal settlement', () => {
  const settlement = {
    amountFen: 12_000,
    rateBp: 1_234,
    source: 'project',
    commissionFen: 1_481,
    payoutFen: 10_519,
  };
  const paidCtx = () => given({ type: 'renewal.pay', method: 'wallet' }).context;
  const unsettled = () =>
    renewalMachine.resolveState({ value: { confirmed: 'unsettled' }, context: paidCtx() });

  it('settles once, as it is confirmed, at the rate fed then', () => {
    const confirmed = given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.confirm' });
    expect(confirmed.context.settlement).toEqual(settlement);
    expect(refusal(confirmed, { type: 'renewal.confirm' })).toBe('notAllowed');
    expect(confirmed.can({ type: 'RenewalSettled', data: settlement } as never)).toBe(false);
  });

  it('takes only a settlement of what was paid, with the commission by the rule and the rest paid out', () => {
    const settles = (data: object) => unsettled().can({ type: 'RenewalSettled', data } as never);
    expect(settles(settlement)).toBe(true);
    expect(settles({ ...settlement, commissionFen: 1_480, payoutFen: 10_520 })).toBe(false);
    expect(settles({ ...settlement, payoutFen: 10_518 })).toBe(false);
    expect(settles({ ...settlement, amountFen: 11_999, payoutFen: 10_518 })).toBe(false);
    expect(settles({ ...settlement, rateBp: 10_001 })).toBe(false);
    expect(settles({ ...settlement, rateBp: -1, commissionFen: 0, payoutFen: 12_000 })).toBe(false);
    expect(settles({ ...settlement, rateBp: 1_234.5 })).toBe(false);
    expect(settles({ ...settlement, source: 'supplier' })).toBe(false);
  });

  it('refuses to confirm without a rate to settle with (the server must feed one)', () => {
    const s = renewalMachine.resolveState({ value: 'paid', context: { ...paidCtx(), rate: null } });
    expect(refusal(s, { type: 'renewal.confirm' })).toBe('notAllowed');
    expect(allowed(renewalLifecycle, s, 'renewal.confirm')).toMatchObject({ ok: false });
  });

  it('a renewal confirmed before renewals were settled replays as confirmed, unsettled', () => {
    const old = replay(renewalLifecycle, [
      { type: 'RenewalRequested', data: { ...request } },
      { type: 'RenewalPaid', data: { amountFen: 12_000, method: 'wallet' } },
      { type: 'RenewalConfirmed', data: {} },
    ]) as RenewalSnapshot;
    expect(old.value).toEqual({ confirmed: 'unsettled' });
    expect(renewalStateOf(old)).toBe('confirmed');
    expect(old.context.settlement).toBeNull();
  });
});

describe('the renewal lifecycle declaration', () => {
  const paid = () => given({ type: 'renewal.pay', method: 'wallet' });
  const declined = () =>
    given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.decline', reason: 'Busy' });
  const facts = (s: RenewalSnapshot, c: RenewalCommand) => {
    const d = decide(renewalLifecycle, s, c);
    return d.accepted ? d.facts : d.reasonKey;
  };

  it('stores a payment of the whole amount, a decline with its trimmed reason, and each money move as asked', () => {
    expect(facts(start(), { type: 'renewal.pay', method: 'external' })).toEqual([
      { type: 'RenewalPaid', data: { amountFen: 12_000, method: 'external' } },
    ]);
    expect(facts(paid(), { type: 'renewal.confirm' })).toEqual([
      { type: 'RenewalConfirmed', data: {} },
      {
        type: 'RenewalSettled',
        // 12000 × 12.34 % = 1480.8 → 1481; the supplier gets the rest.
        data: {
          amountFen: 12_000,
          rateBp: 1_234,
          source: 'project',
          commissionFen: 1_481,
          payoutFen: 10_519,
        },
      },
    ]);
    expect(facts(paid(), { type: 'renewal.decline', reason: '  Fully booked ' })).toEqual([
      { type: 'RenewalDeclined', data: {}, reason: 'Fully booked' },
    ]);
    expect(facts(declined(), { type: 'renewal.reserveRefund', refundId: 4, amountFen: 3_000 })).toEqual([
      { type: 'RefundReserved', data: { refundId: 4, amountFen: 3_000 } },
    ]);
    const reserved = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 4, amountFen: 3_000 },
    );
    expect(facts(reserved, { type: 'renewal.releaseRefund', refundId: 4, amountFen: 3_000 })).toEqual([
      { type: 'RefundReleased', data: { refundId: 4, amountFen: 3_000 } },
    ]);
    expect(facts(reserved, { type: 'renewal.refund', refundId: 4, amountFen: 3_000 })).toEqual([
      { type: 'RenewalRefunded', data: { refundId: 4, amountFen: 3_000 } },
    ]);
  });

  it('says why: paid already, the wrong payment, not paid, no reason, not declined, too much, not reserved', () => {
    const confirmed = given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.confirm' });
    const pay = { type: 'renewal.pay', method: 'wallet' } as const;
    expect(refusal(start(), { type: 'renewal.pay', method: 'cash' as never })).toBe('wrongAmount');
    expect(refusal(paid(), pay)).toBe('alreadyPaid');
    expect(refusal(confirmed, pay)).toBe('alreadyPaid');
    expect(refusal(declined(), pay)).toBe('notAllowed');
    expect(refusal(confirmed, { type: 'renewal.confirm' })).toBe('notAllowed');
    expect(refusal(declined(), { type: 'renewal.confirm' })).toBe('notAllowed');
    expect(refusal(start(), { type: 'renewal.decline', reason: ' ' })).toBe('reasonRequired');
    expect(refusal(start(), { type: 'renewal.decline' } as RenewalCommand)).toBe('reasonRequired');
    expect(refusal(confirmed, { type: 'renewal.decline', reason: 'Busy' })).toBe('notAllowed');
    expect(refusal(declined(), { type: 'renewal.decline', reason: 'Busy' })).toBe('notAllowed');
    const reserve = { type: 'renewal.reserveRefund', refundId: 1, amountFen: 1 } as const;
    expect(refusal(start(), reserve)).toBe('notDeclined');
    expect(refusal(paid(), reserve)).toBe('notDeclined');
    expect(refusal(declined(), { type: 'renewal.releaseRefund', refundId: 1, amountFen: 1 })).toBe(
      'notReserved',
    );
    expect(refusal(declined(), { type: 'renewal.refund', refundId: 1, amountFen: 1 })).toBe('notReserved');
  });

  it('a refusal to refund too much says how much is still refundable', () => {
    const reserved = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 4_550 },
    );
    expect(
      decide(renewalLifecycle, reserved, { type: 'renewal.reserveRefund', refundId: 2, amountFen: 7_451 }),
    ).toMatchObject({
      accepted: false,
      reasonKey: 'renewal.reason.notRefundable',
      values: { refundable: '74.50' },
    });
  });

  it('asks "is it possible now?" with a command the rules would take', () => {
    const ok = (s: RenewalSnapshot, type: RenewalCommand['type']) => allowed(renewalLifecycle, s, type);
    expect(ok(start(), 'renewal.pay')).toEqual({ ok: true });
    expect(ok(start(), 'renewal.decline')).toEqual({ ok: true });
    expect(ok(paid(), 'renewal.confirm')).toEqual({ ok: true });
    expect(ok(declined(), 'renewal.reserveRefund')).toEqual({ ok: true });
    const reserved = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 1 },
    );
    expect(ok(reserved, 'renewal.releaseRefund')).toEqual({ ok: true });
    expect(ok(reserved, 'renewal.refund')).toEqual({ ok: true });
    expect(ok(declined(), 'renewal.refund')).toMatchObject({
      ok: false,
      reasonKey: 'renewal.reason.notReserved',
    });
  });

  it('the projection row gives back the renewal: a declined one is refunded once everything paid was given back', () => {
    const row = (
      state: RenewalState,
      money: Partial<RenewalRequest & { paidFen: number; refundedFen: number }>,
    ) => renewalSnapshot(state, { ...creation, ...money });
    expect(row('declined', { paidFen: 12_000, refundedFen: 12_000 }).value).toEqual({ declined: 'refunded' });
    expect(row('declined', { paidFen: 12_000, refundedFen: 11_999 }).value).toEqual({
      declined: 'refundable',
    });
    expect(row('declined', { paidFen: 0, refundedFen: 0 }).value).toEqual({ declined: 'refundable' });
    for (const state of RENEWAL_STATES) expect(renewalStateOf(row(state, { paidFen: 12_000 }))).toBe(state);
    expect(row('confirmed', { paidFen: 12_000 }).value).toEqual({ confirmed: 'unsettled' });
    const confirmed = given({ type: 'renewal.pay', method: 'wallet' }, { type: 'renewal.confirm' });
    expect(confirmed.value).toEqual({ confirmed: 'settled' });
    const stored = renewalSnapshot('confirmed', confirmed.context);
    expect({ value: stored.value, context: stored.context }).toEqual({
      value: confirmed.value,
      context: confirmed.context,
    });
    const refunded = given(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Busy' },
      { type: 'renewal.reserveRefund', refundId: 1, amountFen: 12_000 },
      { type: 'renewal.refund', refundId: 1, amountFen: 12_000 },
    );
    const back = renewalSnapshot(renewalStateOf(refunded), refunded.context);
    expect({ value: back.value, context: back.context }).toEqual({
      value: refunded.value,
      context: refunded.context,
    });
  });
});

describeLifecycleProperties({
  lifecycle: renewalLifecycle,
  creation,
  commands,
  invariants: (snapshot) => {
    const c = (snapshot as RenewalSnapshot).context;
    expect(c.amountFen).toBe(c.units * c.unitPriceFen);
    expect([0, c.amountFen]).toContain(c.paidFen);
    expect(c.refundedFen).toBeGreaterThanOrEqual(0);
    expect(c.reservedFen).toBeGreaterThanOrEqual(0);
    expect(c.refundedFen + c.reservedFen).toBeLessThanOrEqual(c.paidFen);
    if (c.refundedFen + c.reservedFen > 0)
      expect(renewalStateOf(snapshot as RenewalSnapshot)).toBe('declined');
    // Confirmed with a rate fed is settled: commission + payout = what was paid, and nothing else holds one.
    const confirmed = renewalStateOf(snapshot as RenewalSnapshot) === 'confirmed';
    expect(c.settlement !== null).toBe(confirmed);
    if (c.settlement) {
      expect(c.settlement.amountFen).toBe(c.paidFen);
      expect(c.settlement.commissionFen + c.settlement.payoutFen).toBe(c.paidFen);
      expect(c.settlement.rateBp).toBe(1_234);
    }
  },
  seen: {
    refunded: (s) => JSON.stringify(s.value) === JSON.stringify({ declined: 'refunded' }),
    partlyRefunded: (s) => s.context.refundedFen > 0 && s.context.refundedFen < s.context.paidFen,
    confirmed: (s) => JSON.stringify(s.value) === JSON.stringify({ confirmed: 'settled' }),
  },
});
