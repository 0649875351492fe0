import { and, assign, not, or, setup, stateIn } from 'xstate';
import { MAX_RATE_BP, cityKey, commissionOf } from './commissionRules';
import type { RenewalUnit } from './projectDetails';
export { refundableFen } from './refundMoney';
import {
  refund,
  refundsAll,
  release,
  reserve,
  withinRefundable,
  withinReserved,
  type RefundMove,
  type RefundMoveFact,
} from './refundMoney';
import { hasVisibleText, textLength } from './visibleText';

/**
 * The service order lifecycle: the single copy of its rules, used by the console to enable actions and by the
 * server to decide every command. Its events are the facts the log stores; its guards are the rules, which
 * `evolve` switches off on replay (lifecycle.ts). Three parallel regions:
 *
 * - fulfilment: awaiting assignment → assigned (to a supplier) → accepted → in service → completed; a supplier may
 *   refuse an assigned or accepted order (→ refused, awaiting reassignment or cancellation); staff may cancel any
 *   order before its service starts, with a reason;
 * - payment: unpaid → paid → partly refunded → refunded, in fen;
 * - settlement: unsettled → settled, when the service finishes: the commission is snapshotted with the rate that
 *   applied then (project override > city override > default) and the supplier's payout recorded.
 *
 * Invariants (tested):
 * - money: 0 ≤ refunded + reserved ≤ paid ≤ amount; an order is paid once, in full; a refund is reserved
 *   before it is sent (the refund lifecycle asks), never more than is still refundable, and released when
 *   rejected;
 * - assignment only to a supplier who is audited (pass), enabled, taking orders and in the order's city (the
 *   `candidate`, fed by the server), and only of a paid order (a part of it may have been refunded, not all);
 *   service starts only on such an order;
 * - settlement happens once, at completion: commission + payout = the amount the platform holds (paid −
 *   refunded), commission = round(amount × rate), and nothing changes it afterwards;
 * - a refusal and a cancellation need a reason (1 to MAX_ORDER_REASON_LENGTH characters); a cancelled order takes
 *   no payment, assignment or service.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export const MAX_ORDER_REASON_LENGTH = 200;
/** 1,000,000 yuan: well beyond any home service. */
export const MAX_ORDER_AMOUNT_FEN = 100_000_000;

export type PaymentMethod = 'wallet' | 'external';
export const PAYMENT_METHODS: readonly PaymentMethod[] = ['wallet', 'external'];
export { RENEWAL_UNITS, type RenewalUnit } from './projectDetails';

export interface OrderParty {
  id: number;
  name: string;
}

export interface OrderCustomer extends OrderParty {
  mobile: string;
}

export interface OrderProject extends OrderParty {
  renewable: boolean;
  renewalUnit: RenewalUnit | null;
  renewalUnitPriceFen: number | null;
}

export interface Settlement {
  /** What the platform held when it settled (paid − refunded), split between commission and payout. */
  amountFen: number;
  rateBp: number;
  source: 'project' | 'city' | 'default';
  commissionFen: number;
  payoutFen: number;
}

const SETTLEMENT_SOURCES: readonly string[] = ['project', 'city', 'default'] satisfies Settlement['source'][];

/** A supplier as the assignment rule needs to see it: fed by the server, never stored with the order. */
export interface SupplierCandidate extends OrderParty {
  auditPassed: boolean;
  enabled: boolean;
  takingOrders: boolean;
  city: string;
}

export interface OrderPlacement {
  orderNo: string;
  customer: OrderCustomer;
  project: OrderProject;
  city: string;
  address: string;
  /** ISO date-time the customer asked for. */
  scheduledAt: string;
  amountFen: number;
}

export interface OrderContext extends OrderPlacement {
  supplier: OrderParty | null;
  paidFen: number;
  paymentMethod: PaymentMethod | null;
  refundedFen: number;
  /** Refunds requested or granted, not sent yet. */
  reservedFen: number;
  /** A supplier refused it at least once (the refused list keeps it after a reassignment). */
  wasRefused: boolean;
  /** The reason of the refusal it is in now (null once reassigned or cancelled). */
  refuseReason: string | null;
  cancelReason: string | null;
  settlement: Settlement | null;
  /** Fed for an assignment: the supplier named by the command. */
  candidate: SupplierCandidate | null;
  /** Fed for completion: the commission rate that applies now. */
  rate: { rateBp: number; source: Settlement['source'] } | null;
}

export type OrderInput = OrderPlacement & Partial<OrderContext>;

/** The facts the log stores for a service order, which are the machine's events. */
export type OrderFact =
  | { type: 'OrderPaid'; data: { amountFen: number; method: PaymentMethod } }
  | { type: 'OrderAssigned'; data: { supplier: OrderParty } }
  | { type: 'OrderAccepted'; data: Record<string, never> }
  | { type: 'OrderRefused'; data: { supplier: OrderParty }; reason?: string | null }
  | { type: 'OrderServiceStarted'; data: { supplier: OrderParty } }
  | { type: 'OrderServiceFinished'; data: { supplier: OrderParty } }
  | { type: 'OrderSettled'; data: Settlement }
  | { type: 'OrderCancelled'; data: Record<string, never>; reason?: string | null }
  | RefundMoveFact
  | { type: 'OrderRefunded'; data: RefundMove };

export function isValidOrderReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' &&
    hasVisibleText(reason) &&
    textLength(reason.trim()) <= MAX_ORDER_REASON_LENGTH
  );
}

/** Why a supplier cannot take this order, or null when it can. */
export function candidateProblem(
  candidate: SupplierCandidate | null,
  city: string,
): 'notAudited' | 'notEnabled' | 'notTakingOrders' | 'otherCity' | 'unknownSupplier' | null {
  if (!candidate) return 'unknownSupplier';
  if (!candidate.auditPassed) return 'notAudited';
  if (!candidate.enabled) return 'notEnabled';
  if (!candidate.takingOrders) return 'notTakingOrders';
  if (cityKey(candidate.city) !== cityKey(city)) return 'otherCity';
  return null;
}

/**
 * What was refunded after the order was settled: the settlement shares out what the platform held at completion
 * (paid − refunded then) and never changes, so a later refund is not in it.
 */
export function refundedAfterSettlementFen(money: {
  paidFen: number;
  refundedFen: number;
  settlement: { amountFen: number } | null;
}): number {
  if (!money.settlement) return 0;
  return Math.max(0, money.refundedFen - (money.paidFen - money.settlement.amountFen));
}

/** The settlement of `amountFen` at `rate`: the commission rounded half up, the rest the supplier's. */
export function settle(
  amountFen: number,
  rate: { rateBp: number; source: Settlement['source'] },
): Settlement {
  const commissionFen = commissionOf(amountFen, rate.rateBp);
  return {
    amountFen,
    rateBp: rate.rateBp,
    source: rate.source,
    commissionFen,
    payoutFen: amountFen - commissionFen,
  };
}

/**
 * Whether `s` shares out exactly `heldFen`, what the platform holds: a known source, a whole rate within bounds, the
 * commission by the rule (half up) and the rest paid out. An order's settlement and a renewal's are judged by it.
 */
export function settlesHeld(s: Settlement, heldFen: number): boolean {
  return (
    s.amountFen === heldFen &&
    SETTLEMENT_SOURCES.includes(s.source) &&
    Number.isInteger(s.rateBp) &&
    s.rateBp >= 0 &&
    s.rateBp <= MAX_RATE_BP &&
    s.commissionFen === commissionOf(s.amountFen, s.rateBp) &&
    s.commissionFen + s.payoutFen === s.amountFen
  );
}

/** An order's context from its placement (and, for a stored order, the rest of what it holds). */
export function orderContext(input: OrderInput): OrderContext {
  return {
    supplier: null,
    paidFen: 0,
    paymentMethod: null,
    refundedFen: 0,
    reservedFen: 0,
    wasRefused: false,
    refuseReason: null,
    cancelReason: null,
    settlement: null,
    candidate: null,
    rate: null,
    ...input,
  };
}

const refundMoves = {
  RefundReserved: { guard: 'withinRefundable', actions: 'reserve' },
  RefundReleased: { guard: 'withinReserved', actions: 'release' },
  OrderRefunded: [
    { guard: and(['withinReserved', 'refundsAll']), target: 'refunded', actions: 'refund' },
    { guard: 'withinReserved', target: 'partlyRefunded', actions: 'refund' },
  ],
} as const;

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderFact,
    input: {} as OrderInput,
  },
  guards: {
    paysInFull: ({ context, event }) =>
      event.type === 'OrderPaid' &&
      event.data.amountFen === context.amountFen &&
      PAYMENT_METHODS.includes(event.data.method),
    notCancelled: not(stateIn({ fulfilment: 'cancelled' })),
    // The platform holds the customer's money: paid, and not all of it refunded (a part refunded, the rest is served).
    holdsPayment: or([stateIn({ payment: 'paid' }), stateIn({ payment: 'partlyRefunded' })]),
    // A refused order goes to another supplier than the one who refused it.
    notItsRefuser: ({ context, event }) =>
      event.type === 'OrderAssigned' && event.data.supplier.id !== context.supplier?.id,
    candidateServes: ({ context, event }) =>
      event.type === 'OrderAssigned' &&
      context.candidate?.id === event.data.supplier.id &&
      candidateProblem(context.candidate, context.city) === null,
    hasReason: ({ event }) => isValidOrderReason((event as { reason?: unknown }).reason),
    settlesExactly: ({ context, event }) =>
      event.type === 'OrderSettled' && settlesHeld(event.data, context.paidFen - context.refundedFen),
    completed: stateIn({ fulfilment: 'completed' }),
    withinRefundable,
    withinReserved,
    // Routing: which payment state a refund leaves (kept on replay).
    refundsAll,
  },
  actions: {
    pay: assign(({ event }) =>
      event.type === 'OrderPaid' ? { paidFen: event.data.amountFen, paymentMethod: event.data.method } : {},
    ),
    assignSupplier: assign(({ event }) =>
      event.type === 'OrderAssigned' ? { supplier: event.data.supplier, refuseReason: null } : {},
    ),
    noteRefusal: assign(({ event }) =>
      event.type === 'OrderRefused' ? { wasRefused: true, refuseReason: event.reason?.trim() ?? null } : {},
    ),
    noteCancellation: assign(({ event }) =>
      event.type === 'OrderCancelled'
        ? { cancelReason: event.reason?.trim() ?? null, refuseReason: null }
        : {},
    ),
    recordSettlement: assign(({ event }) =>
      event.type === 'OrderSettled' ? { settlement: event.data } : {},
    ),
    reserve: assign(({ context, event }) => reserve(context, event)),
    release: assign(({ context, event }) => release(context, event)),
    refund: assign(({ context, event }) => refund(context, event)),
  },
}).createMachine({
  id: 'order',
  context: ({ input }) => orderContext(input),
  type: 'parallel',
  states: {
    fulfilment: {
      initial: 'awaitingAssignment',
      states: {
        awaitingAssignment: {
          on: {
            OrderAssigned: {
              guard: and(['holdsPayment', 'candidateServes']),
              target: 'assigned',
              actions: 'assignSupplier',
            },
            OrderCancelled: { guard: 'hasReason', target: 'cancelled', actions: 'noteCancellation' },
          },
        },
        assigned: {
          on: {
            OrderAccepted: 'accepted',
            OrderRefused: { guard: 'hasReason', target: 'refused', actions: 'noteRefusal' },
            OrderCancelled: { guard: 'hasReason', target: 'cancelled', actions: 'noteCancellation' },
          },
        },
        accepted: {
          on: {
            OrderServiceStarted: { guard: 'holdsPayment', target: 'inService' },
            OrderRefused: { guard: 'hasReason', target: 'refused', actions: 'noteRefusal' },
            OrderCancelled: { guard: 'hasReason', target: 'cancelled', actions: 'noteCancellation' },
          },
        },
        inService: {
          on: { OrderServiceFinished: 'completed' },
        },
        completed: {},
        refused: {
          on: {
            OrderAssigned: {
              guard: and(['holdsPayment', 'notItsRefuser', 'candidateServes']),
              target: 'assigned',
              actions: 'assignSupplier',
            },
            OrderCancelled: { guard: 'hasReason', target: 'cancelled', actions: 'noteCancellation' },
          },
        },
        cancelled: {},
      },
    },
    payment: {
      initial: 'unpaid',
      states: {
        unpaid: {
          on: { OrderPaid: { guard: and(['paysInFull', 'notCancelled']), target: 'paid', actions: 'pay' } },
        },
        paid: { on: refundMoves },
        partlyRefunded: { on: refundMoves },
        // Nothing is reserved once everything is refunded (refunded + reserved ≤ paid).
        refunded: {},
      },
    },
    settlement: {
      initial: 'unsettled',
      states: {
        unsettled: {
          on: {
            OrderSettled: {
              guard: and(['completed', 'settlesExactly']),
              target: 'settled',
              actions: 'recordSettlement',
            },
          },
        },
        settled: {},
      },
    },
  },
});
