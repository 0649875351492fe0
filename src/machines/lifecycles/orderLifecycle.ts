import type { SnapshotFrom } from 'xstate';
import { formatYuan } from './money';
import { defineLifecycle } from './lifecycle';
import {
  MAX_ORDER_REASON_LENGTH,
  PAYMENT_METHODS,
  candidateProblem,
  orderContext,
  isValidOrderReason,
  orderMachine,
  refundableFen,
  settle,
  type OrderInput,
  type OrderPlacement,
  type PaymentMethod,
} from './orderMachine';

/**
 * The service order lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat
 * status the projection keeps (one column per region), and the words for a refusal. The rules are the machine's
 * guards (orderMachine.ts).
 */

export type OrderSnapshot = SnapshotFrom<typeof orderMachine>;

export const ORDER_STREAM = 'order';
export const ORDER_PLACED = 'OrderPlaced';

type RefundMoveCommand = {
  refundId: number;
  amountFen: number;
};

export type OrderCommand =
  | { type: 'order.pay'; method: PaymentMethod }
  | { type: 'order.assign'; supplierId: number }
  | { type: 'order.accept' }
  | { type: 'order.refuse'; reason: string }
  | { type: 'order.start' }
  | { type: 'order.finish' }
  | { type: 'order.cancel'; reason: string }
  | ({ type: 'order.reserveRefund' } & RefundMoveCommand)
  | ({ type: 'order.releaseRefund' } & RefundMoveCommand)
  | ({ type: 'order.refund' } & RefundMoveCommand);

export type OrderCommandType = OrderCommand['type'];

// ---------------------------------------------------------------------------------------------------------------
// Flat status (the projection's columns) ⇄ machine snapshot

export type Fulfilment =
  'awaiting_assignment' | 'assigned' | 'accepted' | 'in_service' | 'completed' | 'refused' | 'cancelled';
export type PaymentState = 'unpaid' | 'paid' | 'partly_refunded' | 'refunded';

export const FULFILMENTS: readonly Fulfilment[] = [
  'awaiting_assignment',
  'assigned',
  'accepted',
  'in_service',
  'completed',
  'refused',
  'cancelled',
];
export const PAYMENT_STATES: readonly PaymentState[] = ['unpaid', 'paid', 'partly_refunded', 'refunded'];

const FULFILMENT_OF_NODE = {
  awaitingAssignment: 'awaiting_assignment',
  assigned: 'assigned',
  accepted: 'accepted',
  inService: 'in_service',
  completed: 'completed',
  refused: 'refused',
  cancelled: 'cancelled',
} as const satisfies Record<string, Fulfilment>;
const PAYMENT_OF_NODE = {
  unpaid: 'unpaid',
  paid: 'paid',
  partlyRefunded: 'partly_refunded',
  refunded: 'refunded',
} as const satisfies Record<string, PaymentState>;
const nodeOf = <T extends string>(map: Record<string, T>, value: T) =>
  Object.keys(map).find((node) => map[node] === value)!;

export interface OrderStatus {
  fulfilment: Fulfilment;
  payment: PaymentState;
  settled: boolean;
}

export function orderStatusOf(snapshot: OrderSnapshot): OrderStatus {
  const value = snapshot.value as { fulfilment: string; payment: string; settlement: string };
  return {
    fulfilment: FULFILMENT_OF_NODE[value.fulfilment as keyof typeof FULFILMENT_OF_NODE],
    payment: PAYMENT_OF_NODE[value.payment as keyof typeof PAYMENT_OF_NODE],
    settled: value.settlement === 'settled',
  };
}

/** The snapshot of an order as the projection stores it. */
export function orderSnapshot(status: OrderStatus, context: OrderInput): OrderSnapshot {
  return orderMachine.resolveState({
    value: {
      fulfilment: nodeOf(FULFILMENT_OF_NODE, status.fulfilment),
      payment: nodeOf(PAYMENT_OF_NODE, status.payment),
      settlement: status.settled ? 'settled' : 'unsettled',
    },
    context: orderContext(context),
  });
}

export function describeOrder(snapshot: OrderSnapshot): string {
  const s = orderStatusOf(snapshot);
  return `${s.fulfilment.replace(/_/g, ' ')}, ${s.payment.replace(/_/g, ' ')}`;
}

export const ORDER_ACTION_LABEL: Record<OrderCommandType, string> = {
  'order.pay': 'pay for this order',
  'order.assign': 'assign this order',
  'order.accept': 'accept this order',
  'order.refuse': 'refuse this order',
  'order.start': 'start the service of this order',
  'order.finish': 'finish the service of this order',
  'order.cancel': 'cancel this order',
  'order.reserveRefund': 'refund this order',
  'order.releaseRefund': 'release a refund of this order',
  'order.refund': 'send a refund of this order',
};

/** The supplier who refused the order, while it waits for another (its machine's `notItsRefuser`); else null. */
export function refuserOf(snapshot: OrderSnapshot): number | null {
  return orderStatusOf(snapshot).fulfilment === 'refused' ? (snapshot.context.supplier?.id ?? null) : null;
}

export const ORDER_REASON_TEXT = {
  alreadyPaid: 'it is already paid',
  wrongAmount: 'a payment must be the order amount, by wallet or external payment',
  cancelled: 'it was cancelled',
  notPaid: 'it is not paid',
  refundedInFull: 'everything paid for it has been refunded',
  unknownSupplier: 'there is no such supplier',
  notAudited: 'the supplier has not passed the audit',
  notEnabled: 'the supplier is closed',
  notTakingOrders: 'the supplier is not taking orders now',
  otherCity: "the supplier is in another city than the order's",
  refusedBySupplier: 'this supplier refused it: it is reassigned to another one',
  hasSupplier: 'it has its supplier: only an order waiting for one, or refused by one, is assigned',
  reasonRequired: `a reason of 1 to ${MAX_ORDER_REASON_LENGTH} characters is required`,
  serviceStarted: 'its service has started',
  notRefundable: 'the amount is more than is still refundable',
  notReserved: 'the amount was not reserved for a refund',
  notAllowed: 'the action is not possible in this state',
} as const;

export type OrderRefusal = keyof typeof ORDER_REASON_TEXT;

function explain(snapshot: OrderSnapshot, command: OrderCommand): OrderRefusal {
  const { fulfilment, payment } = orderStatusOf(snapshot);
  const c = snapshot.context;
  switch (command.type) {
    case 'order.pay':
      if (payment !== 'unpaid') return 'alreadyPaid';
      if (fulfilment === 'cancelled') return 'cancelled';
      return 'wrongAmount';
    case 'order.assign':
      if (fulfilment !== 'awaiting_assignment' && fulfilment !== 'refused')
        return fulfilment === 'cancelled' ? 'cancelled' : 'hasSupplier';
      if (payment === 'unpaid') return 'notPaid';
      if (payment === 'refunded') return 'refundedInFull';
      if (command.supplierId === refuserOf(snapshot)) return 'refusedBySupplier';
      return candidateProblem(c.candidate, c.city) ?? 'notAllowed';
    case 'order.start':
      return fulfilment === 'accepted' && payment === 'refunded' ? 'refundedInFull' : 'notAllowed';
    case 'order.refuse':
    case 'order.cancel':
      if (['in_service', 'completed'].includes(fulfilment) && command.type === 'order.cancel')
        return 'serviceStarted';
      if (fulfilment === 'cancelled') return 'cancelled';
      // Only an order with a supplier who has not started is refused by them: in any other state the reason is not
      // what is wrong.
      if (command.type === 'order.refuse' && fulfilment !== 'assigned' && fulfilment !== 'accepted')
        return 'notAllowed';
      return isValidOrderReason(command.reason) ? 'notAllowed' : 'reasonRequired';
    case 'order.reserveRefund':
      return payment === 'unpaid' ? 'notPaid' : 'notRefundable';
    case 'order.releaseRefund':
    case 'order.refund':
      return 'notReserved';
    default:
      return fulfilment === 'cancelled' ? 'cancelled' : 'notAllowed';
  }
}

const reason = (text: string) => (typeof text === 'string' ? text.trim() : text);

export const orderLifecycle = defineLifecycle<typeof orderMachine, OrderCommand, OrderPlacement>({
  name: 'order',
  stream: ORDER_STREAM,
  machine: orderMachine,
  createdFact: ORDER_PLACED,
  start: (data) =>
    orderSnapshot({ fulfilment: 'awaiting_assignment', payment: 'unpaid', settled: false }, data),
  facts: {
    'order.pay': (c, s) => [
      { type: 'OrderPaid', data: { amountFen: s.context.amountFen, method: c.method } },
    ],
    'order.assign': (c, s) => [
      {
        type: 'OrderAssigned',
        data: { supplier: { id: c.supplierId, name: s.context.candidate?.name ?? '' } },
      },
    ],
    'order.accept': () => [{ type: 'OrderAccepted', data: {} }],
    'order.refuse': (c, s) => [
      { type: 'OrderRefused', data: { supplier: s.context.supplier! }, reason: reason(c.reason) },
    ],
    'order.start': (_, s) => [{ type: 'OrderServiceStarted', data: { supplier: s.context.supplier! } }],
    // Completion settles the order at the rate that applies now (fed by the server); without one, nothing.
    'order.finish': (_, s) =>
      s.context.rate
        ? [
            { type: 'OrderServiceFinished', data: { supplier: s.context.supplier! } },
            {
              type: 'OrderSettled',
              data: { ...settle(s.context.paidFen - s.context.refundedFen, s.context.rate) },
            },
          ]
        : [],
    'order.cancel': (c) => [{ type: 'OrderCancelled', data: {}, reason: reason(c.reason) }],
    'order.reserveRefund': (c) => [
      { type: 'RefundReserved', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
    'order.releaseRefund': (c) => [
      { type: 'RefundReleased', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
    'order.refund': (c) => [
      { type: 'OrderRefunded', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
  },
  routingGuards: ['refundsAll'],
  reasonPrefix: 'order.reason',
  reasons: ORDER_REASON_TEXT,
  inputReasons: { reasonRequired: 'reason', unknownSupplier: 'supplierId' },
  actionLabels: ORDER_ACTION_LABEL,
  describe: describeOrder,
  explain,
  refusalValues: (snapshot) => ({ refundable: formatYuan(refundableFen(snapshot.context)) }),
  sample: (type, snapshot) => {
    switch (type) {
      case 'order.pay':
        return { type, method: PAYMENT_METHODS[0] };
      case 'order.assign':
        // The assign dialog offers only suppliers who can serve the order: the rule left is the order's state.
        return { type, supplierId: snapshot.context.candidate?.id ?? 0 };
      case 'order.refuse':
      case 'order.cancel':
        return { type, reason: 'sample' };
      case 'order.reserveRefund':
      case 'order.releaseRefund':
      case 'order.refund':
        return { type, refundId: 0, amountFen: 1 };
      default:
        return { type } as OrderCommand;
    }
  },
});
