import type { AnyMachineSnapshot } from 'xstate';
import type { Command, Fact } from './lifecycle';
import { orderStatusOf, type OrderSnapshot } from './orderLifecycle';
import {
  isValidOrderReason,
  type OrderCustomer,
  type OrderPlacement,
  type OrderProject,
  type SupplierCandidate,
} from './orderMachine';
import { refundableFen } from './refundMoney';
import {
  returnsToWallet,
  type RefundCause,
  type RefundDestination,
  type RefundKind,
  type RefundRequest,
  type RequestedBy,
} from './refundMachine';
import type { RenewalSnapshot } from './renewalLifecycle';
import { isValidRenewalUnits, type RenewalRequest } from './renewalMachine';
import { statusOf, type SupplierSnapshot } from './supplierLifecycle';
import { textLength } from './visibleText';

/**
 * How the marketplace's records move together, in one place and pure: what other records a stored fact sets in
 * motion (an order paid from the wallet charges the wallet; a refund sent refunds its order and credits the
 * wallet), and how a new order, renewal or refund is made from the records it names. The server runs the
 * follow-ups in the fact's transaction (both records change, or neither: server/modules/orders/flows.ts); the data
 * generator runs the same ones in memory.
 */

export type FollowUp =
  | {
      kind: 'command';
      lifecycle: 'customer' | 'supplier' | 'order' | 'renewal';
      id: number;
      command: Command;
    }
  | { kind: 'create'; lifecycle: 'refund'; ask: RefundAsk };

/** A refund asked for: of what, how much, by whom and why. */
export interface RefundAsk {
  kind: RefundKind;
  /** The order's or the renewal's id. */
  id: number;
  amountFen: number;
  requestedBy: RequestedBy;
  reason: string;
  /** Asked for by a fact, not a person (a cancellation: `reason` is the cancellation's). */
  cause?: RefundCause;
}

/** The fact types that set other records in motion (by stream): the server registers its reactions from these. */
export const FLOW_FACTS = [
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
] as const;

/** What `fact`, just stored on record `id` of `stream` (now in state `after`), sets in motion. */
export function followUps(stream: string, id: number, fact: Fact, after: AnyMachineSnapshot): FollowUp[] {
  const data = fact.data as Record<string, unknown>;
  if (stream === 'order') {
    const order = (after as OrderSnapshot).context;
    const ref = { kind: 'order' as const, id, orderNo: order.orderNo };
    switch (fact.type) {
      case 'OrderPaid':
        return data.method === 'wallet' ? [charge(order.customer.id, data.amountFen as number, ref)] : [];
      case 'OrderServiceStarted':
        return [
          {
            kind: 'command',
            lifecycle: 'supplier',
            id: order.supplier!.id,
            command: { type: 'supplier.startService' },
          },
        ];
      case 'OrderServiceFinished':
        return [
          {
            kind: 'command',
            lifecycle: 'supplier',
            id: order.supplier!.id,
            command: { type: 'supplier.finishService' },
          },
        ];
      case 'OrderCancelled':
        // Money paid for a cancelled order goes back: a refund is asked for what is still refundable.
        return refundOfWhatIsLeft('order', id, refundableFen(order), fact.reason, 'order_cancelled');
      case 'RefundReleased':
        // Money a rejected refund held when the order was cancelled goes back the same way, once it is free. (A
        // renewal has no such case: only a declined one is refunded, and its decline asks back all it was paid.)
        return orderStatusOf(after as OrderSnapshot).fulfilment === 'cancelled'
          ? refundOfWhatIsLeft('order', id, refundableFen(order), order.cancelReason, 'order_cancelled')
          : [];
    }
  }
  if (stream === 'renewal' && fact.type === 'RenewalDeclined') {
    // Money paid for a declined renewal goes back the same way.
    const renewal = (after as RenewalSnapshot).context;
    return refundOfWhatIsLeft('renewal', id, refundableFen(renewal), fact.reason, 'renewal_declined');
  }
  if (stream === 'renewal' && fact.type === 'RenewalPaid' && data.method === 'wallet') {
    const renewal = (after as RenewalSnapshot).context;
    return [
      charge(renewal.customer.id, data.amountFen as number, {
        kind: 'renewal',
        id,
        orderNo: renewal.order.orderNo,
      }),
    ];
  }
  if (stream === 'refund') {
    const refund = (after as AnyMachineSnapshot).context as RefundRequest & {
      destination: RefundDestination | null;
    };
    const target = refund.kind === 'order' ? refund.order.id : refund.renewalId!;
    const move = (type: string): FollowUp => ({
      kind: 'command',
      lifecycle: refund.kind,
      id: target,
      command: { type: `${refund.kind}.${type}`, refundId: id, amountFen: refund.amountFen },
    });
    switch (fact.type) {
      case 'RefundRequested':
        return [move('reserveRefund')];
      case 'RefundRejected':
        return [move('releaseRefund')];
      case 'RefundSent':
        return [
          move('refund'),
          ...(returnsToWallet(refund, refund.destination)
            ? [
                {
                  kind: 'command' as const,
                  lifecycle: 'customer' as const,
                  id: refund.customer.id,
                  command: {
                    type: 'customer.credit',
                    amountFen: refund.amountFen,
                    ref: { kind: 'refund', id, orderNo: refund.order.orderNo },
                  },
                },
              ]
            : []),
        ];
    }
  }
  return [];
}

/** A refund of what is still refundable, if anything is, for `cause` (its reason the cancellation's or decline's). */
function refundOfWhatIsLeft(
  kind: RefundKind,
  id: number,
  amountFen: number,
  causeReason: string | null | undefined,
  cause: RefundCause,
): FollowUp[] {
  if (amountFen <= 0) return [];
  const reason = (causeReason ?? '').trim();
  return [
    {
      kind: 'create',
      lifecycle: 'refund',
      ask: { kind, id, amountFen, requestedBy: 'staff', reason, cause },
    },
  ];
}

function charge(
  customerId: number,
  amountFen: number,
  ref: { kind: 'order' | 'renewal'; id: number; orderNo: string },
): FollowUp {
  return {
    kind: 'command',
    lifecycle: 'customer',
    id: customerId,
    command: { type: 'customer.charge', amountFen, ref },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Making new records from the records they name

/** An order's number: SO, the day it was placed (UTC) and its id, e.g. SO20261123-00000042. */
export function orderNoOf(id: number, placedAt: Date): string {
  return `SO${placedAt.toISOString().slice(0, 10).replace(/-/g, '')}-${String(id).padStart(8, '0')}`;
}

export function placementOf(input: {
  id: number;
  placedAt: Date;
  customer: OrderCustomer;
  project: OrderProject;
  city: string;
  address: string;
  scheduledAt: string;
  amountFen: number;
}): OrderPlacement {
  const { id, placedAt, ...rest } = input;
  return { orderNo: orderNoOf(id, placedAt), ...rest };
}

/** How the assignment rule sees a supplier (its row or snapshot). */
export function candidateOf(id: number, snapshot: SupplierSnapshot): SupplierCandidate {
  const status = statusOf(snapshot);
  return {
    id,
    name: snapshot.context.profile.name,
    auditPassed: status.audit_state === 'pass',
    enabled: status.is_enabled,
    takingOrders: status.state === 'taking_orders',
    city: snapshot.context.profile.city,
  };
}

export type RenewalProblem = 'notRenewable' | 'orderNotInService' | 'invalidUnits';

/** A renewal of `order`, or why there cannot be one: a renewable project, an order being served, 1–100 units. */
export function renewalRequestOf(
  orderId: number,
  order: OrderSnapshot,
  units: number,
): { ok: true; request: RenewalRequest } | { ok: false; problem: RenewalProblem } {
  const c = order.context;
  if (!c.project.renewable || c.project.renewalUnit === null || c.project.renewalUnitPriceFen === null) {
    return { ok: false, problem: 'notRenewable' };
  }
  const { fulfilment } = orderStatusOf(order);
  if ((fulfilment !== 'accepted' && fulfilment !== 'in_service') || !c.supplier) {
    return { ok: false, problem: 'orderNotInService' };
  }
  if (!isValidRenewalUnits(units)) return { ok: false, problem: 'invalidUnits' };
  return {
    ok: true,
    request: {
      order: { id: orderId, orderNo: c.orderNo },
      customer: c.customer,
      supplier: c.supplier,
      project: { id: c.project.id, name: c.project.name },
      city: c.city,
      units,
      unit: c.project.renewalUnit,
      unitPriceFen: c.project.renewalUnitPriceFen,
      amountFen: units * c.project.renewalUnitPriceFen,
    },
  };
}

export type RefundAskProblem = 'reasonRequired' | 'invalidAmount';

/** A refund request for `ask` on its order (and renewal), or why the ask itself is malformed. */
export function refundRequestOf(
  ask: RefundAsk,
  order: OrderSnapshot,
  renewal?: RenewalSnapshot,
): { ok: true; request: RefundRequest } | { ok: false; problem: RefundAskProblem } {
  if (!Number.isInteger(ask.amountFen) || ask.amountFen < 1) return { ok: false, problem: 'invalidAmount' };
  const reason = ask.reason.trim();
  // Staff asking give a reason; a customer may not, nor a fact (a cancellation stored without one).
  const typed = ask.requestedBy === 'staff' && !ask.cause;
  if (typed ? !isValidOrderReason(reason) : textLength(reason) > 200) {
    return { ok: false, problem: 'reasonRequired' };
  }
  const c = order.context;
  return {
    ok: true,
    request: {
      kind: ask.kind,
      order: { id: ask.kind === 'order' ? ask.id : renewal!.context.order.id, orderNo: c.orderNo },
      renewalId: ask.kind === 'renewal' ? ask.id : null,
      customer: c.customer,
      supplierName: c.supplier?.name ?? '',
      projectName: c.project.name,
      city: c.city,
      amountFen: ask.amountFen,
      requestedBy: ask.requestedBy,
      requestReason: reason,
      ...(ask.cause ? { cause: ask.cause } : {}),
      paidWith: ask.kind === 'renewal' ? renewal!.context.paymentMethod : c.paymentMethod,
    },
  };
}
