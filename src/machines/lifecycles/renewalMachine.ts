import { and, assign, setup } from 'xstate';
import type { OrderCustomer, OrderParty, PaymentMethod, Settlement } from './orderMachine';
import type { RenewalUnit } from './projectDetails';
import { PAYMENT_METHODS, settlesHeld } from './orderMachine';
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
 * The renewal lifecycle: a child of a service order of a renewable project, extending its service by some units
 * (hours, days, visits) at the project's renewal price. The single copy of its rules, used by the console and by
 * the server to decide every command.
 *
 * States: requested → paid → confirmed (the supplier extends the service) or declined (with a reason; a paid
 * renewal that is declined is refundable). A renewal may also be declined before it is paid. A confirmed renewal is
 * settled as it is confirmed, as an order is when it completes: the commission snapshotted at the rate that applies
 * then (project override > city override > default, fed by the server as `rate`) and the rest paid out to the
 * supplier. Renewals confirmed before renewals were settled stay confirmed, unsettled.
 *
 * Invariants (tested):
 * - amount = units × unit price, units a whole number from 1 to MAX_RENEWAL_UNITS; paid once, in full;
 * - money: 0 ≤ refunded + reserved ≤ paid; refunds only of a declined renewal (a confirmed one is service
 *   delivered), reserved before they are sent, never more than is still refundable;
 * - a decline needs a reason (1 to MAX_RENEWAL_REASON_LENGTH characters);
 * - settlement happens once, at confirmation: commission + payout = paid (a confirmed renewal is never refunded),
 *   commission = round(paid × rate), and nothing changes it afterwards.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export const MAX_RENEWAL_UNITS = 100;
export const MAX_RENEWAL_REASON_LENGTH = 200;

export interface RenewalRequest {
  order: { id: number; orderNo: string };
  customer: OrderCustomer;
  supplier: OrderParty;
  project: OrderParty;
  city: string;
  units: number;
  unit: RenewalUnit;
  unitPriceFen: number;
  amountFen: number;
}

export interface RenewalContext extends RenewalRequest {
  paidFen: number;
  paymentMethod: PaymentMethod | null;
  refundedFen: number;
  reservedFen: number;
  declineReason: string | null;
  settlement: Settlement | null;
  /** Fed for a confirmation: the commission rate that applies now. */
  rate: { rateBp: number; source: Settlement['source'] } | null;
}

export type RenewalInput = RenewalRequest & Partial<RenewalContext>;

export type RenewalFact =
  | { type: 'RenewalPaid'; data: { amountFen: number; method: PaymentMethod } }
  | { type: 'RenewalConfirmed'; data: Record<string, never> }
  | { type: 'RenewalSettled'; data: Settlement }
  | { type: 'RenewalDeclined'; data: Record<string, never>; reason?: string | null }
  | RefundMoveFact
  | { type: 'RenewalRefunded'; data: RefundMove };

export function isValidRenewalUnits(units: unknown): units is number {
  return typeof units === 'number' && Number.isInteger(units) && units >= 1 && units <= MAX_RENEWAL_UNITS;
}

export function isValidRenewalReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' &&
    hasVisibleText(reason) &&
    textLength(reason.trim()) <= MAX_RENEWAL_REASON_LENGTH
  );
}

export function renewalContext(input: RenewalInput): RenewalContext {
  return {
    paidFen: 0,
    paymentMethod: null,
    refundedFen: 0,
    reservedFen: 0,
    declineReason: null,
    settlement: null,
    rate: null,
    ...input,
  };
}

export const renewalMachine = setup({
  types: {
    context: {} as RenewalContext,
    events: {} as RenewalFact,
    input: {} as RenewalInput,
  },
  guards: {
    paysInFull: ({ context, event }) =>
      event.type === 'RenewalPaid' &&
      event.data.amountFen === context.amountFen &&
      PAYMENT_METHODS.includes(event.data.method),
    hasReason: ({ event }) => isValidRenewalReason((event as { reason?: unknown }).reason),
    settlesExactly: ({ context, event }) =>
      event.type === 'RenewalSettled' && settlesHeld(event.data, context.paidFen - context.refundedFen),
    withinRefundable,
    withinReserved,
    // Routing: whether the refund leaves everything refunded (kept on replay).
    refundsAll,
  },
  actions: {
    pay: assign(({ event }) =>
      event.type === 'RenewalPaid' ? { paidFen: event.data.amountFen, paymentMethod: event.data.method } : {},
    ),
    noteDecline: assign(({ event }) =>
      event.type === 'RenewalDeclined' ? { declineReason: event.reason?.trim() ?? null } : {},
    ),
    recordSettlement: assign(({ event }) =>
      event.type === 'RenewalSettled' ? { settlement: event.data } : {},
    ),
    reserve: assign(({ context, event }) => reserve(context, event)),
    release: assign(({ context, event }) => release(context, event)),
    refund: assign(({ context, event }) => refund(context, event)),
  },
}).createMachine({
  id: 'renewal',
  context: ({ input }) => renewalContext(input),
  initial: 'requested',
  states: {
    requested: {
      on: {
        RenewalPaid: { guard: 'paysInFull', target: 'paid', actions: 'pay' },
        RenewalDeclined: { guard: 'hasReason', target: 'declined', actions: 'noteDecline' },
      },
    },
    paid: {
      on: {
        RenewalConfirmed: 'confirmed',
        RenewalDeclined: { guard: 'hasReason', target: 'declined', actions: 'noteDecline' },
      },
    },
    confirmed: {
      initial: 'unsettled',
      states: {
        unsettled: {
          on: {
            RenewalSettled: { guard: 'settlesExactly', target: 'settled', actions: 'recordSettlement' },
          },
        },
        settled: {},
      },
    },
    declined: {
      initial: 'refundable',
      states: {
        refundable: {
          on: {
            RefundReserved: { guard: 'withinRefundable', actions: 'reserve' },
            RefundReleased: { guard: 'withinReserved', actions: 'release' },
            RenewalRefunded: [
              { guard: and(['withinReserved', 'refundsAll']), target: 'refunded', actions: 'refund' },
              { guard: 'withinReserved', actions: 'refund' },
            ],
          },
        },
        refunded: {},
      },
    },
  },
});
