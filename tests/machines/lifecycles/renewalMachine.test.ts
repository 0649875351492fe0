import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { allowed, decide, start as startOf, type Command } from '../../../src/machines/lifecycles/lifecycle';
import { refundableFen } from '../../../src/machines/lifecycles/refundMoney';
import {
  renewalLifecycle,
  renewalStateOf,
  type RenewalCommand,
  type RenewalSnapshot,
} from '../../../src/machines/lifecycles/renewalLifecycle';
import {
  MAX_RENEWAL_UNITS,
  isValidRenewalReason,
  isValidRenewalUnits,
  renewalMachine,
  type RenewalRequest,
} from '../../../src/machines/lifecycles/renewalMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const creation: RenewalRequest = {
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

  it('the apps ask and pay; staff or the supplier confirm or decline', () => {
    expect(allowed(renewalLifecycle, start(), 'renewal.pay', 'user')).toEqual({
      ok: false,
      reasonKey: 'policy.appsOnly',
    });
    expect(allowed(renewalLifecycle, start(), 'renewal.decline', 'user')).toEqual({ ok: true });
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
  },
  seen: {
    refunded: (s) => JSON.stringify(s.value) === JSON.stringify({ declined: 'refunded' }),
    partlyRefunded: (s) => s.context.refundedFen > 0 && s.context.refundedFen < s.context.paidFen,
    confirmed: (s) => s.value === 'confirmed',
  },
});
