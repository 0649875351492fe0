import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import {
  decide,
  start,
  type AnyLifecycle,
  type Command,
  type Fact,
} from '../../../src/machines/lifecycles/lifecycle';
import {
  FLOW_FACTS,
  candidateOf,
  followUps,
  orderNoOf,
  placementOf,
  refundRequestOf,
  renewalRequestOf,
  type FollowUp,
  type RefundAsk,
} from '../../../src/machines/lifecycles/marketplaceFlows';
import {
  orderLifecycle,
  orderStatusOf,
  type OrderCommand,
  type OrderSnapshot,
} from '../../../src/machines/lifecycles/orderLifecycle';
import {
  orderMachine,
  type OrderInput,
  type OrderProject,
} from '../../../src/machines/lifecycles/orderMachine';
import {
  refundLifecycle,
  type RefundCommand,
  type RefundSnapshot,
} from '../../../src/machines/lifecycles/refundLifecycle';
import type { RefundContext, RefundRequest } from '../../../src/machines/lifecycles/refundMachine';
import {
  renewalLifecycle,
  type RenewalCommand,
  type RenewalSnapshot,
} from '../../../src/machines/lifecycles/renewalLifecycle';
import {
  statusOf,
  supplierLifecycle,
  type SupplierCommand,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import { given } from '../../support/lifecycleHarness';
import { supplierInput } from './supplierFixtures';

// ---------------------------------------------------------------------------------------------------------------
// Records made the way the server makes them: an order placed from its placement, a renewal and a refund from the
// records they name, each then moved by its own lifecycle's commands.

const ORDER_ID = 42;
const customer = { id: 3, name: 'Li Na', mobile: '13800000001' };
const elderCare: OrderProject = {
  id: 5,
  name: 'Elder care',
  renewable: true,
  renewalUnit: 'hour',
  renewalUnitPriceFen: 6_000,
};
const wangCare = {
  id: 7,
  name: 'Wang Care',
  auditPassed: true,
  enabled: true,
  takingOrders: true,
  city: 'beijing',
};

const placement = (project: OrderProject = elderCare) =>
  placementOf({
    id: ORDER_ID,
    placedAt: new Date('2026-11-23T08:30:00.000Z'),
    customer,
    project,
    city: 'Beijing',
    address: '1 Chang An Avenue',
    scheduledAt: '2026-11-24T09:00:00.000Z',
    amountFen: 19_900,
  });

/** The pipeline feeds the supplier named by an assignment and the rate at completion. */
const orderCreation = (project?: OrderProject): OrderInput => ({
  ...placement(project),
  candidate: wangCare,
  rate: { rateBp: 1_000, source: 'default' },
});
const orderGiven = (...cs: OrderCommand[]) => given(orderLifecycle, orderCreation(), ...cs) as OrderSnapshot;

const payWallet = { type: 'order.pay', method: 'wallet' } as const;
const payExternal = { type: 'order.pay', method: 'external' } as const;
const assign = { type: 'order.assign', supplierId: 7 } as const;
const accept = { type: 'order.accept' } as const;
const begin = { type: 'order.start' } as const;
const accepted = () => orderGiven(payWallet, assign, accept);
const inService = () => orderGiven(payWallet, assign, accept, begin);

/** The one fact `command` stores on `snapshot`, and the record after it: what the server hands `followUps`. */
function act(lifecycle: AnyLifecycle, snapshot: AnyMachineSnapshot, command: Command) {
  const decision = decide(lifecycle, snapshot, command);
  if (!decision.accepted) throw new Error(`${command.type} refused: ${decision.message}`);
  const [fact] = decision.facts;
  return { fact, after: decision.snapshot };
}
const flowsOf = (stream: string, id: number, lifecycle: AnyLifecycle, s: AnyMachineSnapshot, c: Command) => {
  const { fact, after } = act(lifecycle, s, c);
  return followUps(stream, id, fact, after);
};

const RENEWAL_ID = 11;
const renewalOf = (units = 2) => {
  const made = renewalRequestOf(ORDER_ID, inService(), units);
  if (!made.ok) throw new Error(made.problem);
  return made.request;
};
/** The pipeline feeds the rate a confirmation settles at. */
const renewalGiven = (...cs: RenewalCommand[]) =>
  given(
    renewalLifecycle,
    { ...renewalOf(), rate: { rateBp: 1_000, source: 'default' } },
    ...cs,
  ) as RenewalSnapshot;

const REFUND_ID = 77;
const refundOf = (ask: RefundAsk, order: OrderSnapshot, renewal?: RenewalSnapshot): RefundRequest => {
  const made = refundRequestOf(ask, order, renewal);
  if (!made.ok) throw new Error(made.problem);
  return made.request;
};
const orderAsk: RefundAsk = {
  kind: 'order',
  id: ORDER_ID,
  amountFen: 5_000,
  requestedBy: 'customer',
  reason: 'Came late',
};
/** A refund moved by admin 1 (who grants it); then staff 2 acts (four eyes kept when sending). */
const refundGiven = (request: RefundRequest & Partial<RefundContext>, ...cs: RefundCommand[]) => {
  const s = given(refundLifecycle, { ...request, actorId: 1 }, ...cs) as RefundSnapshot;
  return refundLifecycle.machine.resolveState({
    value: s.value,
    context: { ...s.context, actorId: 2 },
  }) as RefundSnapshot;
};
const grant = { type: 'refund.grant' } as const;

// ---------------------------------------------------------------------------------------------------------------

describe('what an order fact sets in motion', () => {
  it('an order paid from the wallet charges the customer the amount paid, naming the order', () => {
    expect(flowsOf('order', ORDER_ID, orderLifecycle, orderGiven(), payWallet)).toEqual([
      {
        kind: 'command',
        lifecycle: 'customer',
        id: 3,
        command: {
          type: 'customer.charge',
          amountFen: 19_900,
          ref: { kind: 'order', id: ORDER_ID, orderNo: 'SO20261123-00000042' },
        },
      },
    ]);
  });

  it('an order paid outside the wallet charges nothing', () => {
    expect(flowsOf('order', ORDER_ID, orderLifecycle, orderGiven(), payExternal)).toEqual([]);
  });

  it("a service started or finished moves the order's supplier into and out of service", () => {
    expect(flowsOf('order', ORDER_ID, orderLifecycle, accepted(), begin)).toEqual([
      { kind: 'command', lifecycle: 'supplier', id: 7, command: { type: 'supplier.startService' } },
    ]);
    expect(flowsOf('order', ORDER_ID, orderLifecycle, inService(), { type: 'order.finish' })).toEqual([
      { kind: 'command', lifecycle: 'supplier', id: 7, command: { type: 'supplier.finishService' } },
    ]);
  });

  it('a paid order cancelled asks staff to refund what is still refundable, with the cancellation reason', () => {
    const cancel = { type: 'order.cancel', reason: '  Customer moved ' } as const;
    expect(flowsOf('order', ORDER_ID, orderLifecycle, orderGiven(payExternal), cancel)).toEqual([
      {
        kind: 'create',
        lifecycle: 'refund',
        ask: {
          kind: 'order',
          id: ORDER_ID,
          amountFen: 19_900,
          requestedBy: 'staff',
          reason: 'Customer moved',
          cause: 'order_cancelled',
        },
      },
    ]);
    // A refund already under way is not asked for twice: only the rest is.
    const partly = orderGiven(payExternal, { type: 'order.reserveRefund', refundId: 1, amountFen: 4_900 });
    const [flow] = flowsOf('order', ORDER_ID, orderLifecycle, partly, cancel);
    expect(flow).toMatchObject({ kind: 'create', ask: { amountFen: 15_000 } });
  });

  it('an unpaid order cancelled, or one with everything reserved for refunds, asks for no refund', () => {
    const cancel = { type: 'order.cancel', reason: 'Duplicate' } as const;
    expect(flowsOf('order', ORDER_ID, orderLifecycle, orderGiven(), cancel)).toEqual([]);
    const allReserved = orderGiven(payExternal, {
      type: 'order.reserveRefund',
      refundId: 1,
      amountFen: 19_900,
    });
    expect(flowsOf('order', ORDER_ID, orderLifecycle, allReserved, cancel)).toEqual([]);
    // One fen left is still a refund.
    const oneLeft = orderGiven(payExternal, { type: 'order.reserveRefund', refundId: 1, amountFen: 19_899 });
    expect(flowsOf('order', ORDER_ID, orderLifecycle, oneLeft, cancel)).toMatchObject([
      { ask: { amountFen: 1 } },
    ]);
  });

  it('the refund a cancellation asks for is one the refund rules take', () => {
    const cancelled = act(orderLifecycle, orderGiven(payWallet), {
      type: 'order.cancel',
      reason: 'Duplicate',
    });
    const [flow] = followUps('order', ORDER_ID, cancelled.fact, cancelled.after);
    if (flow.kind !== 'create') throw new Error('expected a refund');
    const made = refundRequestOf(flow.ask, cancelled.after as OrderSnapshot);
    expect(made).toMatchObject({
      ok: true,
      request: {
        requestedBy: 'staff',
        amountFen: 19_900,
        requestReason: 'Duplicate',
        cause: 'order_cancelled',
      },
    });
  });

  it('a cancellation stored without a reason still asks for its refund, naming the cause', () => {
    const paid = orderGiven(payExternal);
    const fact: Fact = { type: 'OrderCancelled', data: {} };
    const after = act(orderLifecycle, paid, { type: 'order.cancel', reason: 'x' }).after;
    const [flow] = followUps('order', ORDER_ID, fact, after);
    expect(flow).toMatchObject({ ask: { reason: '', cause: 'order_cancelled' } });
    if (flow.kind !== 'create') throw new Error('expected a refund');
    // The refund rules take it: the cause stands for the reason staff would have typed.
    expect(refundRequestOf(flow.ask, after as OrderSnapshot)).toMatchObject({
      ok: true,
      request: { requestReason: '', cause: 'order_cancelled' },
    });
    // Staff asking themselves still give one.
    expect(refundRequestOf({ ...flow.ask, cause: undefined }, after as OrderSnapshot)).toEqual({
      ok: false,
      problem: 'reasonRequired',
    });
  });

  it('the other order facts set nothing in motion', () => {
    const s = orderGiven(payWallet, assign);
    expect(flowsOf('order', ORDER_ID, orderLifecycle, orderGiven(payWallet), assign)).toEqual([]);
    expect(flowsOf('order', ORDER_ID, orderLifecycle, s, accept)).toEqual([]);
    expect(
      flowsOf('order', ORDER_ID, orderLifecycle, s, { type: 'order.refuse', reason: 'Too far' }),
    ).toEqual([]);
    expect(
      flowsOf('order', ORDER_ID, orderLifecycle, s, {
        type: 'order.reserveRefund',
        refundId: 1,
        amountFen: 100,
      }),
    ).toEqual([]);
  });
});

describe('what a renewal fact sets in motion', () => {
  it("a renewal paid from the wallet charges the customer, naming the renewal and its order's number", () => {
    expect(
      flowsOf('renewal', RENEWAL_ID, renewalLifecycle, renewalGiven(), {
        type: 'renewal.pay',
        method: 'wallet',
      }),
    ).toEqual([
      {
        kind: 'command',
        lifecycle: 'customer',
        id: 3,
        command: {
          type: 'customer.charge',
          amountFen: 12_000,
          ref: { kind: 'renewal', id: RENEWAL_ID, orderNo: 'SO20261123-00000042' },
        },
      },
    ]);
  });

  it('a renewal paid outside the wallet, or confirmed, sets nothing in motion; an unpaid one declined neither', () => {
    expect(
      flowsOf('renewal', RENEWAL_ID, renewalLifecycle, renewalGiven(), {
        type: 'renewal.pay',
        method: 'external',
      }),
    ).toEqual([]);
    const paid = renewalGiven({ type: 'renewal.pay', method: 'wallet' });
    // A confirmation stores two facts, settling the renewal: neither sets anything in motion.
    const confirmed = decide(renewalLifecycle, paid, { type: 'renewal.confirm' });
    expect(confirmed.accepted && confirmed.facts.map((f) => f.type)).toEqual([
      'RenewalConfirmed',
      'RenewalSettled',
    ]);
    for (const fact of confirmed.accepted ? confirmed.facts : [])
      expect(followUps('renewal', RENEWAL_ID, fact, confirmed.accepted ? confirmed.snapshot : paid)).toEqual(
        [],
      );
    expect(
      flowsOf('renewal', RENEWAL_ID, renewalLifecycle, renewalGiven(), {
        type: 'renewal.decline',
        reason: 'Booked',
      }),
    ).toEqual([]);
  });

  it("a paid renewal declined asks for the refund of what was paid, for the decline's reason, as a refund the rules take", () => {
    const paid = renewalGiven({ type: 'renewal.pay', method: 'external' });
    const declined = act(renewalLifecycle, paid, { type: 'renewal.decline', reason: ' Fully booked ' });
    const flows = followUps('renewal', RENEWAL_ID, declined.fact, declined.after);
    expect(flows).toEqual([
      {
        kind: 'create',
        lifecycle: 'refund',
        ask: {
          kind: 'renewal',
          id: RENEWAL_ID,
          amountFen: paid.context.paidFen,
          requestedBy: 'staff',
          reason: 'Fully booked',
          cause: 'renewal_declined',
        },
      },
    ]);
    // A decline stored with its reason untrimmed asks with it trimmed.
    const stored: Fact = { type: 'RenewalDeclined', data: {}, reason: '  Fully booked  ' };
    expect(followUps('renewal', RENEWAL_ID, stored, declined.after)).toEqual(flows);
    const [flow] = flows;
    if (flow?.kind !== 'create') throw new Error('expected a refund');
    expect(refundRequestOf(flow.ask, inService(), declined.after as RenewalSnapshot)).toMatchObject({
      ok: true,
      request: {
        kind: 'renewal',
        renewalId: RENEWAL_ID,
        cause: 'renewal_declined',
        requestReason: 'Fully booked',
      },
    });
  });
});

describe('money a rejected refund held, once free', () => {
  it('on a cancelled order, is asked back for the cancellation; on an order still going, it stays the order’s', () => {
    const paid = orderGiven(payExternal);
    const all = paid.context.paidFen;
    const hold = { type: 'order.reserveRefund', refundId: REFUND_ID, amountFen: all } as const;
    const release = { type: 'order.releaseRefund', refundId: REFUND_ID, amountFen: all } as const;
    const held = act(orderLifecycle, paid, hold).after;
    // Everything was held when it was cancelled: the cancellation asks for nothing more.
    const cancelled = act(orderLifecycle, held, { type: 'order.cancel', reason: ' Customer moved ' });
    expect(followUps('order', ORDER_ID, cancelled.fact, cancelled.after)).toEqual([]);
    expect(flowsOf('order', ORDER_ID, orderLifecycle, cancelled.after, release)).toEqual([
      {
        kind: 'create',
        lifecycle: 'refund',
        ask: {
          kind: 'order',
          id: ORDER_ID,
          amountFen: all,
          requestedBy: 'staff',
          reason: 'Customer moved',
          cause: 'order_cancelled',
        },
      },
    ]);
    expect(flowsOf('order', ORDER_ID, orderLifecycle, held, release)).toEqual([]);
  });

  it('a refund asked back for a cancellation or a decline is not rejected: the money is owed back', () => {
    const cancelled = act(orderLifecycle, orderGiven(payExternal), { type: 'order.cancel', reason: 'Moved' });
    const [flow] = followUps('order', ORDER_ID, cancelled.fact, cancelled.after);
    if (flow?.kind !== 'create') throw new Error('expected a refund');
    const owed = refundGiven(refundOf(flow.ask, cancelled.after as OrderSnapshot));
    const refused = decide(refundLifecycle, owed, { type: 'refund.reject', reason: 'No' });
    expect(refused).toMatchObject({ accepted: false, reasonKey: 'refund.reason.owedBack' });
    expect(decide(refundLifecycle, owed, grant).accepted).toBe(true);
    // One a customer asked for is rejected as before.
    const asked = refundGiven(refundOf(orderAsk, orderGiven(payWallet)));
    expect(decide(refundLifecycle, asked, { type: 'refund.reject', reason: 'No' }).accepted).toBe(true);
  });
});

describe('what a refund fact sets in motion', () => {
  const orderRefund = () => refundOf(orderAsk, orderGiven(payWallet));
  const move = (type: string, lifecycle = 'order', id = ORDER_ID): FollowUp => ({
    kind: 'command',
    lifecycle: lifecycle as 'order',
    id,
    command: { type: `${lifecycle}.${type}`, refundId: REFUND_ID, amountFen: 5_000 },
  });

  it('a refund requested reserves its amount on the order', () => {
    const request = orderRefund();
    const fact: Fact = { type: 'RefundRequested', data: request as unknown as Record<string, unknown> };
    const after = start(refundLifecycle, request);
    expect(followUps('refund', REFUND_ID, fact, after)).toEqual([move('reserveRefund')]);
  });

  it('a refund rejected releases its amount on the order; a grant moves no money', () => {
    const requested = refundGiven(orderRefund());
    expect(
      flowsOf('refund', REFUND_ID, refundLifecycle, requested, {
        type: 'refund.reject',
        reason: 'Came on time',
      }),
    ).toEqual([move('releaseRefund')]);
    expect(flowsOf('refund', REFUND_ID, refundLifecycle, requested, grant)).toEqual([]);
  });

  it('a refund sent to the wallet refunds the order and credits the customer, naming the refund', () => {
    const granted = refundGiven(orderRefund(), grant);
    expect(
      flowsOf('refund', REFUND_ID, refundLifecycle, granted, { type: 'refund.send', destination: 'wallet' }),
    ).toEqual([
      move('refund'),
      {
        kind: 'command',
        lifecycle: 'customer',
        id: 3,
        command: {
          type: 'customer.credit',
          amountFen: 5_000,
          ref: { kind: 'refund', id: REFUND_ID, orderNo: 'SO20261123-00000042' },
        },
      },
    ]);
  });

  it('a refund sent back the way it was paid credits the wallet only for a wallet payment', () => {
    const original = { type: 'refund.send', destination: 'original' } as const;
    const toWallet = flowsOf('refund', REFUND_ID, refundLifecycle, refundGiven(orderRefund(), grant), {
      type: 'refund.send',
      destination: 'wallet',
    });
    expect(
      flowsOf('refund', REFUND_ID, refundLifecycle, refundGiven(orderRefund(), grant), original),
    ).toEqual(toWallet);
    const paidOutside = refundOf(orderAsk, orderGiven(payExternal));
    expect(paidOutside.paidWith).toBe('external');
    expect(flowsOf('refund', REFUND_ID, refundLifecycle, refundGiven(paidOutside, grant), original)).toEqual([
      move('refund'),
    ]);
    // A refund asked for before it kept how the money was paid: the server feeds its order's payment when it is
    // sent (and the fact keeps it); not known at all, no wallet is credited.
    const { paidWith: _, ...before } = orderRefund();
    expect(flowsOf('refund', REFUND_ID, refundLifecycle, refundGiven(before, grant), original)).toEqual([
      move('refund'),
    ]);
    const fed = refundGiven({ ...before, targetPaidWith: 'wallet' }, grant);
    expect(flowsOf('refund', REFUND_ID, refundLifecycle, fed, original)).toEqual(toWallet);
  });

  it("a renewal's refund moves the renewal's money, not its order's", () => {
    const declined = renewalGiven(
      { type: 'renewal.pay', method: 'wallet' },
      { type: 'renewal.decline', reason: 'Booked' },
    );
    const request = refundOf(
      { kind: 'renewal', id: RENEWAL_ID, amountFen: 5_000, requestedBy: 'customer', reason: '' },
      inService(),
      declined,
    );
    const requested = refundGiven(request);
    expect(
      flowsOf('refund', REFUND_ID, refundLifecycle, requested, { type: 'refund.reject', reason: 'No' }),
    ).toEqual([move('releaseRefund', 'renewal', RENEWAL_ID)]);
    const granted = refundGiven(request, grant);
    expect(
      flowsOf('refund', REFUND_ID, refundLifecycle, granted, { type: 'refund.send', destination: 'wallet' }),
    ).toEqual([
      move('refund', 'renewal', RENEWAL_ID),
      {
        kind: 'command',
        lifecycle: 'customer',
        id: 3,
        command: {
          type: 'customer.credit',
          amountFen: 5_000,
          ref: { kind: 'refund', id: REFUND_ID, orderNo: 'SO20261123-00000042' },
        },
      },
    ]);
  });

  it('a fact of another stream sets nothing in motion', () => {
    const { fact, after } = act(supplierLifecycle, start(supplierLifecycle, supplierInput), {
      type: 'supplier.approve',
    });
    expect(followUps('supplier', 7, fact, after)).toEqual([]);
  });

  it('the server listens for exactly the facts that set something in motion', () => {
    expect([...FLOW_FACTS].sort()).toEqual(
      [
        'OrderPaid',
        'OrderServiceStarted',
        'OrderServiceFinished',
        'OrderCancelled',
        'RenewalPaid',
        'RenewalDeclined',
        'RefundRequested',
        'RefundRejected',
        'RefundSent',
        'RefundReleased',
      ].sort(),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('making a new order', () => {
  it('numbers an order SO, the UTC day it was placed and its id in eight digits', () => {
    expect(orderNoOf(42, new Date('2026-11-23T08:30:00.000Z'))).toBe('SO20261123-00000042');
    // Morning and evening in Beijing (UTC+8) on 1 January and just after its midnight: all 1 January in UTC.
    expect(orderNoOf(123_456_789, new Date('2026-01-01T23:59:59.999+08:00'))).toBe('SO20260101-123456789');
    expect(orderNoOf(7, new Date('2026-01-02T00:30:00.000+08:00'))).toBe('SO20260101-00000007');
  });

  it('places an order with its number and what the customer asked for, and no id or clock of its own', () => {
    expect(placement()).toEqual({
      orderNo: 'SO20261123-00000042',
      customer,
      project: elderCare,
      city: 'Beijing',
      address: '1 Chang An Avenue',
      scheduledAt: '2026-11-24T09:00:00.000Z',
      amountFen: 19_900,
    });
  });
});

describe('how the assignment rule sees a supplier', () => {
  const candidate = (...cs: SupplierCommand[]) =>
    candidateOf(9, given(supplierLifecycle, supplierInput, ...cs) as SupplierSnapshot);
  const approve = { type: 'supplier.approve' } as const;
  const takeOrders = { type: 'supplier.takeOrders' } as const;

  it('an audited, enabled supplier taking orders can serve, with its name and city', () => {
    expect(candidate(approve, takeOrders)).toEqual({
      id: 9,
      name: 'Clean Home Services',
      auditPassed: true,
      enabled: true,
      takingOrders: true,
      city: 'Beijing',
    });
  });

  it('says which of the three a supplier lacks', () => {
    expect(candidate()).toMatchObject({ auditPassed: false, enabled: true, takingOrders: false });
    expect(candidate(approve)).toMatchObject({ auditPassed: true, enabled: true, takingOrders: false });
    expect(candidate(approve, { type: 'supplier.close' })).toMatchObject({
      auditPassed: true,
      enabled: false,
      takingOrders: false,
    });
    expect(candidate({ type: 'supplier.reject', reason: 'Blurred' })).toMatchObject({ auditPassed: false });
    // Serving another order is not taking orders.
    const serving = given(supplierLifecycle, supplierInput, approve, takeOrders, {
      type: 'supplier.startService',
    });
    expect(statusOf(serving as SupplierSnapshot).state).toBe('servicing');
    expect(candidateOf(9, serving as SupplierSnapshot).takingOrders).toBe(false);
  });

  it('is what the order assignment rule takes', () => {
    const serving = candidate(approve, takeOrders);
    const paid = orderGiven(payWallet);
    const fed = orderMachine.resolveState({
      value: paid.value,
      context: { ...paid.context, candidate: serving },
    });
    expect(decide(orderLifecycle, fed, { type: 'order.assign', supplierId: 9 }).accepted).toBe(true);
    const resting = candidate(approve);
    const notFed = orderMachine.resolveState({
      value: paid.value,
      context: { ...paid.context, candidate: resting },
    });
    expect(decide(orderLifecycle, notFed, { type: 'order.assign', supplierId: 9 })).toMatchObject({
      accepted: false,
      reason: 'notTakingOrders',
    });
  });
});

describe('making a renewal of an order', () => {
  it('renews an accepted or served order of a renewable project at its renewal price', () => {
    const expected = {
      order: { id: ORDER_ID, orderNo: 'SO20261123-00000042' },
      customer,
      supplier: { id: 7, name: 'Wang Care' },
      project: { id: 5, name: 'Elder care' },
      city: 'Beijing',
      units: 3,
      unit: 'hour',
      unitPriceFen: 6_000,
      amountFen: 18_000,
    };
    expect(renewalRequestOf(ORDER_ID, inService(), 3)).toEqual({ ok: true, request: expected });
    expect(renewalRequestOf(ORDER_ID, accepted(), 3)).toEqual({ ok: true, request: expected });
  });

  it('only a renewable project with a renewal unit and price is renewed', () => {
    for (const project of [
      { ...elderCare, renewable: false },
      { ...elderCare, renewalUnit: null },
      { ...elderCare, renewalUnitPriceFen: null },
    ]) {
      const order = given(
        orderLifecycle,
        orderCreation(project),
        payWallet,
        assign,
        accept,
        begin,
      ) as OrderSnapshot;
      expect(renewalRequestOf(ORDER_ID, order, 2), JSON.stringify(project)).toEqual({
        ok: false,
        problem: 'notRenewable',
      });
    }
  });

  it('only an order accepted or in service is renewed', () => {
    const notServed: Array<[string, OrderSnapshot]> = [
      ['awaiting assignment', orderGiven(payWallet)],
      ['assigned', orderGiven(payWallet, assign)],
      ['refused', orderGiven(payWallet, assign, { type: 'order.refuse', reason: 'Too far' })],
      ['completed', orderGiven(payWallet, assign, accept, begin, { type: 'order.finish' })],
      ['cancelled', orderGiven(payWallet, { type: 'order.cancel', reason: 'Duplicate' })],
    ];
    for (const [name, order] of notServed) {
      expect(renewalRequestOf(ORDER_ID, order, 2), name).toEqual({ ok: false, problem: 'orderNotInService' });
    }
    // A served order whose record names no supplier (a broken projection row) has nobody to renew with.
    const s = inService();
    const nobody = orderMachine.resolveState({ value: s.value, context: { ...s.context, supplier: null } });
    expect(orderStatusOf(nobody).fulfilment).toBe('in_service');
    expect(renewalRequestOf(ORDER_ID, nobody, 2)).toEqual({ ok: false, problem: 'orderNotInService' });
  });

  it('renews by a whole number of units from 1 to 100', () => {
    for (const units of [0, -1, 101, 1.5, Number.NaN]) {
      expect(renewalRequestOf(ORDER_ID, inService(), units), String(units)).toEqual({
        ok: false,
        problem: 'invalidUnits',
      });
    }
    expect(renewalRequestOf(ORDER_ID, inService(), 1)).toMatchObject({
      ok: true,
      request: { amountFen: 6_000 },
    });
    expect(renewalRequestOf(ORDER_ID, inService(), 100)).toMatchObject({
      ok: true,
      request: { amountFen: 600_000 },
    });
  });
});

describe('making a refund request', () => {
  it('asks to refund an order: the order, its customer, supplier, project and city, with the trimmed reason', () => {
    expect(refundRequestOf({ ...orderAsk, reason: '  Came late  ' }, orderGiven(payWallet, assign))).toEqual({
      ok: true,
      request: {
        kind: 'order',
        order: { id: ORDER_ID, orderNo: 'SO20261123-00000042' },
        renewalId: null,
        customer,
        supplierName: 'Wang Care',
        projectName: 'Elder care',
        city: 'Beijing',
        amountFen: 5_000,
        requestedBy: 'customer',
        requestReason: 'Came late',
        paidWith: 'wallet',
      },
    });
  });

  it('an order without a supplier yet is refunded with no supplier named', () => {
    expect(refundRequestOf(orderAsk, orderGiven(payWallet))).toMatchObject({
      ok: true,
      request: { supplierName: '' },
    });
  });

  it("asks to refund a renewal: the renewal, and its order's id and number", () => {
    // Paid otherwise than its order (from the wallet): how the renewal was paid is what a refund gives back.
    const declined = renewalGiven(
      { type: 'renewal.pay', method: 'external' },
      { type: 'renewal.decline', reason: 'Booked' },
    );
    const made = refundRequestOf(
      { kind: 'renewal', id: RENEWAL_ID, amountFen: 12_000, requestedBy: 'staff', reason: 'Declined' },
      inService(),
      declined,
    );
    expect(made).toMatchObject({
      ok: true,
      request: {
        kind: 'renewal',
        order: { id: ORDER_ID, orderNo: 'SO20261123-00000042' },
        renewalId: RENEWAL_ID,
        amountFen: 12_000,
        requestedBy: 'staff',
        requestReason: 'Declined',
        paidWith: 'external',
      },
    });
  });

  it('asks for a whole number of fen, at least one', () => {
    for (const amountFen of [0, -100, 0.5, 100.5, Number.NaN]) {
      expect(refundRequestOf({ ...orderAsk, amountFen }, orderGiven(payWallet)), String(amountFen)).toEqual({
        ok: false,
        problem: 'invalidAmount',
      });
    }
    expect(refundRequestOf({ ...orderAsk, amountFen: 1 }, orderGiven(payWallet))).toMatchObject({
      ok: true,
      request: { amountFen: 1 },
    });
  });

  it('staff give a reason of 1 to 200 characters; a customer may give none, and at most 200', () => {
    const ask = (requestedBy: 'staff' | 'customer', reason: string) =>
      refundRequestOf({ ...orderAsk, requestedBy, reason }, orderGiven(payWallet));
    const refused = { ok: false, problem: 'reasonRequired' };
    expect(ask('staff', '')).toEqual(refused);
    expect(ask('staff', '   ')).toEqual(refused);
    expect(ask('staff', 'x'.repeat(201))).toEqual(refused);
    expect(ask('staff', ` ${'x'.repeat(200)} `)).toMatchObject({
      ok: true,
      request: { requestReason: 'x'.repeat(200) },
    });
    expect(ask('customer', '  ')).toMatchObject({ ok: true, request: { requestReason: '' } });
    expect(ask('customer', 'x'.repeat(201))).toEqual(refused);
    expect(ask('customer', ` ${'x'.repeat(200)} `)).toMatchObject({
      ok: true,
      request: { requestReason: 'x'.repeat(200) },
    });
  });
});
