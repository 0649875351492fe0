import { describe, expect, it } from 'vitest';
import { transition, type AnyMachineSnapshot } from 'xstate';
import {
  allowed,
  decide,
  evolve,
  start as startOf,
  type Command,
} from '../../../src/machines/lifecycles/lifecycle';
import {
  FULFILMENTS,
  PAYMENT_STATES,
  orderLifecycle,
  orderSnapshot,
  orderStatusOf,
  type OrderCommand,
  type OrderSnapshot,
} from '../../../src/machines/lifecycles/orderLifecycle';
import {
  isValidOrderReason,
  orderMachine,
  refundableFen,
  refundedAfterSettlementFen,
  type OrderInput,
  type SupplierCandidate,
} from '../../../src/machines/lifecycles/orderMachine';
import { describeLifecycleProperties, given as givenIn, walkFacts } from '../../support/lifecycleHarness';
import { describeMachinePaths } from '../../support/machinePaths';

const candidate: SupplierCandidate = {
  id: 7,
  name: 'Wang Care',
  auditPassed: true,
  enabled: true,
  takingOrders: true,
  city: 'beijing',
};
const placement: OrderInput = {
  orderNo: 'SO202611230000001',
  customer: { id: 3, name: 'Li Na', mobile: '13800000001' },
  project: { id: 5, name: 'Elder care', renewable: true, renewalUnit: 'hour', renewalUnitPriceFen: 6_000 },
  city: 'Beijing',
  address: '1 Chang An Avenue',
  scheduledAt: '2026-11-24T09:00:00.000Z',
  amountFen: 19_900,
};
// The pipeline feeds the supplier named by an assignment and the commission rate at completion.
const creation: OrderInput = { ...placement, candidate, rate: { rateBp: 1_250, source: 'city' } };

const commands = (s: AnyMachineSnapshot): Command[] => {
  const refundable = refundableFen(s.context);
  return [
    { type: 'order.pay', method: 'wallet' },
    { type: 'order.assign', supplierId: 7 },
    { type: 'order.assign', supplierId: 8 },
    { type: 'order.accept' },
    { type: 'order.refuse', reason: 'Too far' },
    { type: 'order.refuse', reason: '' },
    { type: 'order.start' },
    { type: 'order.finish' },
    { type: 'order.cancel', reason: 'Customer asked' },
    { type: 'order.reserveRefund', refundId: 1, amountFen: Math.max(1, Math.floor(refundable / 2)) },
    { type: 'order.reserveRefund', refundId: 2, amountFen: Math.max(1, refundable) },
    { type: 'order.reserveRefund', refundId: 3, amountFen: refundable + 1 },
    { type: 'order.releaseRefund', refundId: 1, amountFen: Math.max(1, s.context.reservedFen) },
    { type: 'order.refund', refundId: 1, amountFen: Math.max(1, s.context.reservedFen) },
    { type: 'order.refund', refundId: 1, amountFen: Math.max(1, Math.floor(s.context.reservedFen / 2)) },
  ];
};

/** For the graph walk, money moves of a quarter of the payment only, so the graph stays small. */
const walkCommands = (s: AnyMachineSnapshot): Command[] => [
  ...commands(s).filter(
    (c) => !['order.reserveRefund', 'order.releaseRefund', 'order.refund'].includes(c.type),
  ),
  { type: 'order.reserveRefund', refundId: 1, amountFen: s.context.paidFen / 4 },
  { type: 'order.releaseRefund', refundId: 1, amountFen: s.context.reservedFen },
  { type: 'order.refund', refundId: 1, amountFen: s.context.reservedFen },
];

describeMachinePaths(orderMachine, {
  input: { ...creation, amountFen: 20_000 },
  events: walkFacts(orderLifecycle, walkCommands),
  serializeState: (s) => JSON.stringify([s.value, s.context.reservedFen, s.context.refundedFen]),
  skip: {
    // The walk feeds one candidate, the supplier who refused: a reassignment needs another one fed.
    'order.fulfilment.refused|OrderAssigned|0':
      "tested in 'a reassignment names the new supplier…' with another candidate fed",
  },
});

const start = () => startOf(orderLifecycle, creation) as OrderSnapshot;
const given = (...cs: OrderCommand[]) => givenIn(orderLifecycle, creation, ...cs) as OrderSnapshot;
const refusal = (s: OrderSnapshot, c: OrderCommand) => {
  const d = decide(orderLifecycle, s, c);
  return d.accepted ? 'accepted' : d.reasonKey.replace('order.reason.', '');
};
const paid = () => given({ type: 'order.pay', method: 'external' });
const inService = () =>
  given(
    { type: 'order.pay', method: 'wallet' },
    { type: 'order.assign', supplierId: 7 },
    { type: 'order.accept' },
    { type: 'order.start' },
  );
const withCandidate = (s: OrderSnapshot, change: Partial<SupplierCandidate>) =>
  orderMachine.resolveState({
    value: s.value,
    context: { ...s.context, candidate: { ...candidate, ...change } },
  });
/** Another supplier who can take the order, fed as the server feeds the one a command names. */
const other = { id: 8, name: 'Zhao Help' };
/** `command` decided on `s` and its facts applied (as `given`, from a snapshot fed by a test). */
const then = (s: OrderSnapshot, command: OrderCommand) => {
  const d = decide(orderLifecycle, s, command);
  if (!d.accepted) throw new Error(`then: ${command.type} refused: ${d.message}`);
  return d.facts.reduce((x, f) => evolve(orderLifecycle, x, f), s) as OrderSnapshot;
};

describe('service order rules', () => {
  it('starts awaiting assignment, unpaid and unsettled', () => {
    expect(orderStatusOf(start())).toEqual({
      fulfilment: 'awaiting_assignment',
      payment: 'unpaid',
      settled: false,
    });
  });

  it('walks the happy path and settles at completion with the rate fed then', () => {
    const d = decide(orderLifecycle, inService(), { type: 'order.finish' });
    expect(d.accepted && d.facts).toEqual([
      { type: 'OrderServiceFinished', data: { supplier: { id: 7, name: 'Wang Care' } } },
      {
        type: 'OrderSettled',
        // 19900 × 12.5 % = 2487.5 → 2488 (half up); the supplier gets the rest.
        data: { amountFen: 19_900, rateBp: 1_250, source: 'city', commissionFen: 2_488, payoutFen: 17_412 },
      },
    ]);
    const done = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.assign', supplierId: 7 },
      { type: 'order.accept' },
      { type: 'order.start' },
      { type: 'order.finish' },
    );
    expect(orderStatusOf(done)).toEqual({ fulfilment: 'completed', payment: 'paid', settled: true });
  });

  it('refuses to finish without a rate to settle with (the server must feed one)', () => {
    const s = orderMachine.resolveState({
      value: inService().value,
      context: { ...inService().context, rate: null },
    });
    expect(refusal(s, { type: 'order.finish' })).toBe('notAllowed');
  });

  it('assigns only a paid order, and only to a supplier who is audited, enabled, taking orders and in its city', () => {
    expect(refusal(start(), { type: 'order.assign', supplierId: 7 })).toBe('notPaid');
    expect(refusal(paid(), { type: 'order.assign', supplierId: 7 })).toBe('accepted');
    expect(refusal(paid(), { type: 'order.assign', supplierId: 8 })).toBe('notAllowed');
    const cases: Array<[Partial<SupplierCandidate>, string]> = [
      [{ auditPassed: false }, 'notAudited'],
      [{ enabled: false }, 'notEnabled'],
      [{ takingOrders: false }, 'notTakingOrders'],
      [{ city: 'Shanghai' }, 'otherCity'],
    ];
    for (const [change, reason] of cases) {
      expect(refusal(withCandidate(paid(), change), { type: 'order.assign', supplierId: 7 }), reason).toBe(
        reason,
      );
    }
    const unknown = orderMachine.resolveState({
      value: paid().value,
      context: { ...paid().context, candidate: null },
    });
    expect(refusal(unknown, { type: 'order.assign', supplierId: 7 })).toBe('unknownSupplier');
  });

  it('a refused order waits for reassignment, and keeps the reason', () => {
    const refused = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.assign', supplierId: 7 },
      { type: 'order.refuse', reason: '  Too far ' },
    );
    expect(orderStatusOf(refused).fulfilment).toBe('refused');
    expect(refused.context.refuseReason).toBe('Too far');
    expect(refused.context.wasRefused).toBe(true);
    expect(given({ type: 'order.pay', method: 'wallet' }).context.wasRefused).toBe(false);
    // To another supplier, never back to the one who refused it.
    expect(refusal(withCandidate(refused, other), { type: 'order.assign', supplierId: 8 })).toBe('accepted');
    expect(refusal(refused, { type: 'order.assign', supplierId: 7 })).toBe('refusedBySupplier');
    expect(
      refusal(given({ type: 'order.pay', method: 'wallet' }, { type: 'order.assign', supplierId: 7 }), {
        type: 'order.refuse',
        reason: ' ',
      }),
    ).toBe('reasonRequired');
  });

  it('cancels before the service starts, with a reason; not after; and a cancelled order takes no payment', () => {
    expect(refusal(start(), { type: 'order.cancel', reason: '' })).toBe('reasonRequired');
    const cancelled = given({ type: 'order.cancel', reason: 'Duplicate' });
    expect(orderStatusOf(cancelled).fulfilment).toBe('cancelled');
    expect(refusal(cancelled, { type: 'order.pay', method: 'wallet' })).toBe('cancelled');
    expect(refusal(inService(), { type: 'order.cancel', reason: 'x' })).toBe('serviceStarted');
  });

  it('is paid once, in full', () => {
    expect(refusal(paid(), { type: 'order.pay', method: 'wallet' })).toBe('alreadyPaid');
    const d = decide(orderLifecycle, start(), { type: 'order.pay', method: 'cash' as never });
    expect(!d.accepted && d.reasonKey).toBe('order.reason.wrongAmount');
    // The payment fact carries its amount: the rule takes exactly the order's, not a fen less or more.
    const pays = (amountFen: number) =>
      orderStatusOf(
        transition(orderMachine, start(), {
          type: 'OrderPaid',
          data: { amountFen, method: 'wallet' },
        })[0] as OrderSnapshot,
      ).payment;
    expect(pays(19_900)).toBe('paid');
    expect(pays(19_899)).toBe('unpaid');
    expect(pays(19_901)).toBe('unpaid');
  });

  it('reserves refunds within what is refundable, then refunds or releases them', () => {
    const reserved = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.reserveRefund', refundId: 1, amountFen: 10_000 },
    );
    expect(refundableFen(reserved.context)).toBe(9_900);
    expect(refusal(reserved, { type: 'order.reserveRefund', refundId: 2, amountFen: 9_901 })).toBe(
      'notRefundable',
    );
    expect(
      decide(orderLifecycle, reserved, { type: 'order.reserveRefund', refundId: 2, amountFen: 9_901 }),
    ).toMatchObject({
      values: { refundable: '99.00' },
    });
    const part = decide(orderLifecycle, reserved, { type: 'order.refund', refundId: 1, amountFen: 10_000 });
    expect(part.accepted && orderStatusOf(part.snapshot as OrderSnapshot).payment).toBe('partly_refunded');
    const all = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.reserveRefund', refundId: 1, amountFen: 19_900 },
      { type: 'order.refund', refundId: 1, amountFen: 19_900 },
    );
    expect(orderStatusOf(all).payment).toBe('refunded');
    expect(refusal(reserved, { type: 'order.refund', refundId: 1, amountFen: 10_001 })).toBe('notReserved');
    expect(refusal(start(), { type: 'order.reserveRefund', refundId: 1, amountFen: 1 })).toBe('notPaid');
  });

  it('settles what the platform still holds when part was refunded before completion', () => {
    const s = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.assign', supplierId: 7 },
      { type: 'order.accept' },
      { type: 'order.start' },
    );
    const part = orderMachine.resolveState({
      value: { ...(s.value as object), payment: 'partlyRefunded' },
      context: { ...s.context, refundedFen: 900 },
    });
    const d = decide(orderLifecycle, part, { type: 'order.finish' });
    expect(d.accepted && d.facts[1].data).toMatchObject({
      amountFen: 19_000,
      commissionFen: 2_375,
      payoutFen: 16_625,
    });
  });

  it('records the settlement exactly as decided, and the settle rule refuses any other split', () => {
    const done = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.assign', supplierId: 7 },
      { type: 'order.accept' },
      { type: 'order.start' },
      { type: 'order.finish' },
    );
    const settlement = {
      amountFen: 19_900,
      rateBp: 1_250,
      source: 'city',
      commissionFen: 2_488,
      payoutFen: 17_412,
    };
    expect(done.context.settlement).toEqual(settlement);
    const finished = transition(orderMachine, inService(), {
      type: 'OrderServiceFinished',
      data: { supplier: { id: 7, name: 'Wang Care' } },
    } as never)[0] as OrderSnapshot;
    const settles = (data: Record<string, unknown>) =>
      orderStatusOf(
        transition(orderMachine, finished, { type: 'OrderSettled', data } as never)[0] as OrderSnapshot,
      ).settled;
    expect(settles(settlement)).toBe(true);
    expect(settles({ ...settlement, amountFen: 19_899, payoutFen: 17_411 }), 'not what is held').toBe(false);
    expect(settles({ ...settlement, commissionFen: 2_487, payoutFen: 17_413 }), 'not the rate').toBe(false);
    expect(settles({ ...settlement, payoutFen: 17_411 }), 'not the whole amount').toBe(false);
    expect(settles({ ...settlement, rateBp: -1 }), 'a negative rate').toBe(false);
    expect(settles({ ...settlement, rateBp: 10_001, commissionFen: 19_902, payoutFen: -2 })).toBe(false);
    expect(settles({ ...settlement, rateBp: 12.5 }), 'a fractional rate').toBe(false);
    // Not before completion, and never twice.
    expect(
      orderStatusOf(
        transition(orderMachine, inService(), {
          type: 'OrderSettled',
          data: settlement,
        } as never)[0] as OrderSnapshot,
      ).settled,
    ).toBe(false);
    expect(transition(orderMachine, done, { type: 'OrderSettled', data: settlement } as never)[0]).toBe(done);
  });

  it('the settle rule refuses each broken condition on its own', () => {
    const finished = transition(orderMachine, inService(), {
      type: 'OrderServiceFinished',
      data: { supplier: { id: 7, name: 'Wang Care' } },
    })[0] as OrderSnapshot;
    const settles = (data: Record<string, unknown>) =>
      orderStatusOf(
        transition(orderMachine, finished, { type: 'OrderSettled', data } as never)[0] as OrderSnapshot,
      ).settled;
    const held = { amountFen: 19_900, source: 'city' };
    // Each split below is consistent in itself (commission = round(amount × rate), commission + payout = amount):
    // only the one condition named fails.
    expect(
      settles({ ...held, amountFen: 19_901, rateBp: 1_250, commissionFen: 2_488, payoutFen: 17_413 }),
    ).toBe(false);
    expect(settles({ ...held, rateBp: -1, commissionFen: -2, payoutFen: 19_902 }), 'a negative rate').toBe(
      false,
    );
    expect(settles({ ...held, rateBp: 1_250.5, commissionFen: 2_488, payoutFen: 17_412 }), 'a fraction').toBe(
      false,
    );
    // The bounds themselves are rates: nothing for the platform, or everything.
    expect(settles({ ...held, rateBp: 0, commissionFen: 0, payoutFen: 19_900 }), 'rate 0').toBe(true);
    expect(settles({ ...held, rateBp: 10_000, commissionFen: 19_900, payoutFen: 0 }), 'rate 100 %').toBe(
      true,
    );
  });

  it('moves refund money only in whole, positive fen', () => {
    const reserved = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.reserveRefund', refundId: 1, amountFen: 100 },
    );
    for (const amountFen of [0, -5, 1.5])
      expect(
        refusal(paid(), { type: 'order.reserveRefund', refundId: 1, amountFen }),
        String(amountFen),
      ).not.toBe('accepted');
    for (const amountFen of [0, -5, 0.5]) {
      expect(refusal(reserved, { type: 'order.releaseRefund', refundId: 1, amountFen })).not.toBe('accepted');
      expect(refusal(reserved, { type: 'order.refund', refundId: 1, amountFen })).not.toBe('accepted');
    }
    expect(refusal(paid(), { type: 'order.reserveRefund', refundId: 1, amountFen: 1 })).toBe('accepted');
  });

  it('takes a reason of 1 to 200 characters (trimmed) and nothing else', () => {
    const assigned = given({ type: 'order.pay', method: 'wallet' }, { type: 'order.assign', supplierId: 7 });
    const cancel = (reason: unknown) => refusal(assigned, { type: 'order.cancel', reason: reason as string });
    expect(cancel('x'.repeat(200))).toBe('accepted');
    expect(cancel(` ${'x'.repeat(200)} `)).toBe('accepted');
    expect(cancel('x'.repeat(201))).toBe('reasonRequired');
    expect(cancel(42)).toBe('reasonRequired');
    expect(cancel(undefined)).toBe('reasonRequired');
    expect(given({ type: 'order.cancel', reason: ' Duplicate ' }).context.cancelReason).toBe('Duplicate');
    // The rule counts the trimmed length itself, whether or not its caller trimmed first.
    expect(isValidOrderReason(` ${'x'.repeat(200)} `)).toBe(true);
    expect(isValidOrderReason(` ${'x'.repeat(201)} `)).toBe(false);
  });

  it('a reassignment names the new supplier and forgets the refusal, but not that there was one', () => {
    const refused = given(
      { type: 'order.pay', method: 'wallet' },
      { type: 'order.assign', supplierId: 7 },
      { type: 'order.refuse', reason: 'Too far' },
    );
    const again = then(withCandidate(refused, other) as OrderSnapshot, {
      type: 'order.assign',
      supplierId: 8,
    });
    expect(orderStatusOf(again).fulfilment).toBe('assigned');
    expect(again.context.refuseReason).toBeNull();
    expect(again.context.wasRefused).toBe(true);
    expect(again.context.supplier).toEqual(other);
    // Refused by that one too, it goes to a third, or back to the first who refused before (only the last is left out).
    const twice = then(again, { type: 'order.refuse', reason: 'Ill' });
    expect(refusal(twice, { type: 'order.assign', supplierId: 8 })).toBe('refusedBySupplier');
    expect(refusal(withCandidate(twice, {}), { type: 'order.assign', supplierId: 7 })).toBe('accepted');
    expect(given({ type: 'order.pay', method: 'external' }).context).toMatchObject({
      paidFen: 19_900,
      paymentMethod: 'external',
    });
  });

  it('staff assign and cancel; the apps pay, accept, refuse, start and finish; refund moves follow refunds only', () => {
    expect(allowed(orderLifecycle, paid(), 'order.assign', 'user')).toEqual({ ok: true });
    expect(allowed(orderLifecycle, start(), 'order.cancel', 'user')).toEqual({ ok: true });
    expect(allowed(orderLifecycle, start(), 'order.pay', 'admin')).toEqual({
      ok: false,
      reasonKey: 'policy.appsOnly',
    });
    expect(allowed(orderLifecycle, paid(), 'order.reserveRefund', 'admin')).toEqual({
      ok: false,
      reasonKey: 'policy.never',
    });
  });
});

describe('refunded after settlement', () => {
  it('is what was refunded beyond what the settlement had already taken off, and nothing before settling', () => {
    const settled = (amountFen: number) => ({ amountFen });
    expect(refundedAfterSettlementFen({ paidFen: 113_100, refundedFen: 0, settlement: null })).toBe(0);
    expect(
      refundedAfterSettlementFen({ paidFen: 113_100, refundedFen: 0, settlement: settled(113_100) }),
    ).toBe(0);
    expect(
      refundedAfterSettlementFen({ paidFen: 113_100, refundedFen: 53_200, settlement: settled(113_100) }),
    ).toBe(53_200);
    // ¥100 refunded before completion (the settlement shared out ¥1031), ¥432 after.
    expect(
      refundedAfterSettlementFen({ paidFen: 113_100, refundedFen: 53_200, settlement: settled(103_100) }),
    ).toBe(43_200);
    expect(
      refundedAfterSettlementFen({ paidFen: 113_100, refundedFen: 10_000, settlement: settled(103_100) }),
    ).toBe(0);
  });
});

describe('the order lifecycle declaration', () => {
  const pay = { type: 'order.pay', method: 'wallet' } as const;
  const assign = { type: 'order.assign', supplierId: 7 } as const;
  const accept = { type: 'order.accept' } as const;
  const begin = { type: 'order.start' } as const;
  const finish = { type: 'order.finish' } as const;
  const cancel = { type: 'order.cancel', reason: 'Duplicate' } as const;
  const refuse = { type: 'order.refuse', reason: 'Too far' } as const;
  const assigned = () => given(pay, assign);
  const accepted = () => given(pay, assign, accept);
  const cancelled = () => given(cancel);

  it('a supplier may refuse an accepted order, and staff may cancel an accepted or a refused one', () => {
    const refused = given(pay, assign, accept, refuse);
    expect(orderStatusOf(refused).fulfilment).toBe('refused');
    expect(refused.context.refuseReason).toBe('Too far');
    const fromAccepted = given(pay, assign, accept, cancel);
    expect(orderStatusOf(fromAccepted).fulfilment).toBe('cancelled');
    expect(fromAccepted.context.cancelReason).toBe('Duplicate');
    const refusedThenCancelled = given(pay, assign, refuse, cancel);
    expect(orderStatusOf(refusedThenCancelled).fulfilment).toBe('cancelled');
    // The refusal it was in is over: its reason goes, as on a reassignment; that there was one stays.
    expect(refusedThenCancelled.context).toMatchObject({ refuseReason: null, wasRefused: true });
  });

  it('a released refund is refundable again, and a partly refunded order keeps moving refund money', () => {
    const reserve = (refundId: number, amountFen: number) =>
      ({ type: 'order.reserveRefund', refundId, amountFen }) as const;
    const released = given(pay, reserve(1, 300), {
      type: 'order.releaseRefund',
      refundId: 1,
      amountFen: 300,
    });
    expect(released.context.reservedFen).toBe(0);
    expect(refundableFen(released.context)).toBe(19_900);
    const part = given(pay, reserve(1, 900), { type: 'order.refund', refundId: 1, amountFen: 900 });
    expect(orderStatusOf(part).payment).toBe('partly_refunded');
    const again = given(
      pay,
      reserve(1, 900),
      { type: 'order.refund', refundId: 1, amountFen: 900 },
      reserve(2, 500),
      { type: 'order.releaseRefund', refundId: 2, amountFen: 500 },
      reserve(3, 19_000),
      { type: 'order.refund', refundId: 3, amountFen: 19_000 },
    );
    expect(orderStatusOf(again).payment).toBe('refunded');
    expect(again.context).toMatchObject({ refundedFen: 19_900, reservedFen: 0 });
  });

  it('names the reason of every refusal', () => {
    const partlyRefundedAccepted = given(
      pay,
      assign,
      accept,
      { type: 'order.reserveRefund', refundId: 1, amountFen: 900 },
      { type: 'order.refund', refundId: 1, amountFen: 900 },
    );
    expect(orderStatusOf(partlyRefundedAccepted).payment).toBe('partly_refunded');
    const refundAll = (from: OrderSnapshot) =>
      then(
        then(from, {
          type: 'order.reserveRefund',
          refundId: 9,
          amountFen: from.context.paidFen - from.context.refundedFen,
        }),
        { type: 'order.refund', refundId: 9, amountFen: from.context.paidFen - from.context.refundedFen },
      );
    const refundedWaiting = refundAll(paid());
    const refundedAccepted = refundAll(partlyRefundedAccepted);
    expect(orderStatusOf(refundedAccepted).payment).toBe('refunded');
    const cases: Array<[string, OrderSnapshot, OrderCommand, string]> = [
      ['pay a cancelled order', cancelled(), pay, 'cancelled'],
      ['assign an unpaid order', start(), assign, 'notPaid'],
      ['assign an order refunded in full', refundedWaiting, assign, 'refundedInFull'],
      // A part refunded, the rest of the payment is still held: the order is served.
      [
        'assign a paid order with a refund reserved',
        then(paid(), { type: 'order.reserveRefund', refundId: 1, amountFen: 900 }),
        assign,
        'accepted',
      ],
      [
        'assign an order partly refunded',
        then(then(paid(), { type: 'order.reserveRefund', refundId: 1, amountFen: 900 }), {
          type: 'order.refund',
          refundId: 1,
          amountFen: 900,
        }),
        assign,
        'accepted',
      ],
      ['start an order partly refunded', partlyRefundedAccepted, begin, 'accepted'],
      ['start an order refunded in full', refundedAccepted, begin, 'refundedInFull'],
      ['assign an assigned order', assigned(), assign, 'hasSupplier'],
      ['assign a completed order', given(pay, assign, accept, begin, finish), assign, 'hasSupplier'],
      ['assign a cancelled order', cancelled(), assign, 'cancelled'],
      ['start an assigned order', assigned(), begin, 'notAllowed'],
      ['start an unpaid order', start(), begin, 'notAllowed'],
      [
        'reassign a refused order to a supplier at rest',
        withCandidate(given(pay, assign, refuse), { ...other, takingOrders: false }),
        { type: 'order.assign', supplierId: 8 },
        'notTakingOrders',
      ],
      [
        'reassign a refused order to the supplier who refused it',
        given(pay, assign, refuse),
        assign,
        'refusedBySupplier',
      ],
      ['refuse an unassigned order', paid(), refuse, 'notAllowed'],
      ['refuse an order in service', inService(), refuse, 'notAllowed'],
      // What the state refuses is not blamed on an empty reason (which would be bad input, a 400).
      [
        'refuse an order in service, with no reason',
        inService(),
        { type: 'order.refuse', reason: ' ' },
        'notAllowed',
      ],
      [
        'refuse an unassigned order, with no reason',
        paid(),
        { type: 'order.refuse', reason: '' },
        'notAllowed',
      ],
      [
        'refuse an assigned order with no reason',
        assigned(),
        { type: 'order.refuse', reason: '' },
        'reasonRequired',
      ],
      [
        'refuse an accepted order with no reason',
        accepted(),
        { type: 'order.refuse', reason: '' },
        'reasonRequired',
      ],
      ['refuse a cancelled order', cancelled(), refuse, 'cancelled'],
      ['cancel a cancelled order', cancelled(), cancel, 'cancelled'],
      ['cancel a completed order', given(pay, assign, accept, begin, finish), cancel, 'serviceStarted'],
      [
        'reserve too much',
        paid(),
        { type: 'order.reserveRefund', refundId: 1, amountFen: 19_901 },
        'notRefundable',
      ],
      [
        'release nothing reserved',
        paid(),
        { type: 'order.releaseRefund', refundId: 1, amountFen: 1 },
        'notReserved',
      ],
      ['accept an unassigned order', paid(), accept, 'notAllowed'],
      ['accept a cancelled order', cancelled(), accept, 'cancelled'],
      ['finish a cancelled order', cancelled(), finish, 'cancelled'],
    ];
    for (const [name, snapshot, command, reason] of cases)
      expect(refusal(snapshot, command), name).toBe(reason);
  });

  it("stores the supplier named by the assignment, and the order's supplier on a refusal and a start", () => {
    const facts = (s: OrderSnapshot, c: OrderCommand) => {
      const d = decide(orderLifecycle, s, c);
      return d.accepted ? d.facts : d.reasonKey;
    };
    expect(facts(paid(), assign)).toEqual([
      { type: 'OrderAssigned', data: { supplier: { id: 7, name: 'Wang Care' } } },
    ]);
    expect(facts(assigned(), { type: 'order.refuse', reason: ' Too far ' })).toEqual([
      { type: 'OrderRefused', data: { supplier: { id: 7, name: 'Wang Care' } }, reason: 'Too far' },
    ]);
    expect(facts(accepted(), begin)).toEqual([
      { type: 'OrderServiceStarted', data: { supplier: { id: 7, name: 'Wang Care' } } },
    ]);
    expect(facts(assigned(), accept)).toEqual([{ type: 'OrderAccepted', data: {} }]);
    expect(facts(start(), { type: 'order.cancel', reason: ' Duplicate ' })).toEqual([
      { type: 'OrderCancelled', data: {}, reason: 'Duplicate' },
    ]);
    expect(facts(paid(), { type: 'order.reserveRefund', refundId: 4, amountFen: 300 })).toEqual([
      { type: 'RefundReserved', data: { refundId: 4, amountFen: 300 } },
    ]);
    const reserved = given(pay, { type: 'order.reserveRefund', refundId: 4, amountFen: 300 });
    expect(facts(reserved, { type: 'order.releaseRefund', refundId: 4, amountFen: 300 })).toEqual([
      { type: 'RefundReleased', data: { refundId: 4, amountFen: 300 } },
    ]);
    expect(facts(reserved, { type: 'order.refund', refundId: 4, amountFen: 300 })).toEqual([
      { type: 'OrderRefunded', data: { refundId: 4, amountFen: 300 } },
    ]);
  });

  it('asks "is it possible now?" with a command the rules would take', () => {
    const reserved = given(pay, { type: 'order.reserveRefund', refundId: 1, amountFen: 1 });
    const cases: Array<[OrderSnapshot, OrderCommand['type']]> = [
      [start(), 'order.pay'],
      [paid(), 'order.assign'],
      [assigned(), 'order.accept'],
      [assigned(), 'order.refuse'],
      [start(), 'order.cancel'],
      [accepted(), 'order.start'],
      [inService(), 'order.finish'],
      [paid(), 'order.reserveRefund'],
      [reserved, 'order.releaseRefund'],
      [reserved, 'order.refund'],
    ];
    for (const [snapshot, type] of cases)
      expect(allowed(orderLifecycle, snapshot, type), type).toEqual({ ok: true });
    const noCandidate = orderMachine.resolveState({
      value: paid().value,
      context: { ...paid().context, candidate: null },
    });
    expect(allowed(orderLifecycle, noCandidate, 'order.assign')).toEqual({
      ok: false,
      reasonKey: 'order.reason.unknownSupplier',
      values: { refundable: '199.00' },
    });
  });

  it('rebuilds every projection row as the order it stands for', () => {
    for (const fulfilment of FULFILMENTS) {
      for (const payment of PAYMENT_STATES) {
        for (const settled of [false, true]) {
          const status = { fulfilment, payment, settled };
          expect(orderStatusOf(orderSnapshot(status, creation)), JSON.stringify(status)).toEqual(status);
        }
      }
    }
    const done = given(pay, assign, accept, begin, finish);
    const back = orderSnapshot(orderStatusOf(done), done.context);
    expect({ value: back.value, context: back.context }).toEqual({
      value: done.value,
      context: done.context,
    });
  });
});

describeLifecycleProperties({
  lifecycle: orderLifecycle,
  creation,
  commands,
  invariants: (snapshot) => {
    const s = snapshot as OrderSnapshot;
    const c = s.context;
    const status = orderStatusOf(s);
    // Money: 0 ≤ refunded + reserved ≤ paid ∈ {0, amount}.
    expect(c.refundedFen).toBeGreaterThanOrEqual(0);
    expect(c.reservedFen).toBeGreaterThanOrEqual(0);
    expect(c.refundedFen + c.reservedFen).toBeLessThanOrEqual(c.paidFen);
    expect([0, c.amountFen]).toContain(c.paidFen);
    const expected =
      c.paidFen === 0
        ? 'unpaid'
        : c.refundedFen === 0
          ? 'paid'
          : c.refundedFen === c.paidFen
            ? 'refunded'
            : 'partly_refunded';
    expect(status.payment).toBe(expected);
    // Settlement: only at completion; commission + payout = what was held.
    expect(status.settled).toBe(status.fulfilment === 'completed');
    if (c.settlement) {
      expect(c.settlement.commissionFen + c.settlement.payoutFen).toBe(c.settlement.amountFen);
      expect(c.settlement.amountFen).toBeLessThanOrEqual(c.paidFen);
    }
    if (['assigned', 'accepted', 'in_service', 'completed', 'refused'].includes(status.fulfilment)) {
      expect(c.supplier?.id).toBe(7);
    }
    if (status.fulfilment === 'cancelled') expect(c.cancelReason).toBeTruthy();
  },
  seen: {
    settled: (s) => orderStatusOf(s as OrderSnapshot).settled,
    refused: (s) => orderStatusOf(s as OrderSnapshot).fulfilment === 'refused',
    cancelledAndRefunded: (s) =>
      orderStatusOf(s as OrderSnapshot).fulfilment === 'cancelled' &&
      orderStatusOf(s as OrderSnapshot).payment === 'refunded',
    partlyRefunded: (s) => orderStatusOf(s as OrderSnapshot).payment === 'partly_refunded',
    completedAfterPartRefund: (s) =>
      orderStatusOf(s as OrderSnapshot).settled && (s as OrderSnapshot).context.refundedFen > 0,
  },
});
