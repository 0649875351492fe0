import { and, assign, setup } from 'xstate';
import type { OrderCustomer, PaymentMethod } from './orderMachine';
import { hasVisibleText, textLength } from './visibleText';

/**
 * The refund lifecycle: giving money back for a service order or a renewal. The single copy of its rules, used by
 * the console to enable actions and by the server to decide every command.
 *
 * States: requested (by the customer, or by staff with a reason) → granted (an admin) → sent (the money leaves:
 * credited to the customer's wallet, or returned to the original payment, which for a wallet payment is the
 * wallet); requested or granted → rejected, with a reason. Granting and sending are two commands, by default by
 * two people (four eyes).
 *
 * Invariants (tested):
 * - the amount is a whole number of fen ≥ 1; that it never exceeds what is still refundable is the refunded
 *   order's or renewal's own rule (it reserves the amount when the refund is requested);
 * - four eyes: while the rule is on (a global setting, fed by the server), or if it was on when the refund was
 *   granted (its grant keeps it: turning the rule off after a grant does not free the granter to send), the one
 *   who sends a refund is not the one who granted it; `actorId`, also fed, is who is acting now;
 * - a rejection needs a reason (1 to MAX_REFUND_REASON_LENGTH characters); a sent or rejected refund takes no
 *   more facts;
 * - a refund that follows from a cancellation or a declined renewal (`cause`) is not rejected: that money is owed
 *   back, whoever decides.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export const MAX_REFUND_REASON_LENGTH = 200;

export type RefundKind = 'order' | 'renewal';
export const REFUND_KINDS: readonly RefundKind[] = ['order', 'renewal'];
export type RefundDestination = 'wallet' | 'original';
export const REFUND_DESTINATIONS: readonly RefundDestination[] = ['wallet', 'original'];
export type RequestedBy = 'customer' | 'staff';
/** What asked for a refund when no one typed the ask: cancelling a paid order, declining a paid renewal. */
export type RefundCause = 'order_cancelled' | 'renewal_declined';
export const REFUND_CAUSES: readonly RefundCause[] = ['order_cancelled', 'renewal_declined'];
export const isRefundCause = (value: unknown): value is RefundCause =>
  REFUND_CAUSES.includes(value as RefundCause);

export interface RefundRequest {
  kind: RefundKind;
  /** The order refunded, or the order of the renewal refunded. */
  order: { id: number; orderNo: string };
  /** The renewal refunded (kind `renewal`). */
  renewalId: number | null;
  customer: OrderCustomer;
  supplierName: string;
  projectName: string;
  city: string;
  amountFen: number;
  requestedBy: RequestedBy;
  /** Why it is asked for: typed by whoever asked, or, with a `cause`, the reason given for that cause. */
  requestReason: string;
  /**
   * Set when the refund follows from another fact (the order's cancellation, whose reason `requestReason` holds):
   * the console says so in the person's language. Absent in refunds asked for directly, and in refunds stored
   * before it existed (their reason says it in English: "Order cancelled: …").
   */
  cause?: RefundCause | null;
  /**
   * How the money refunded was paid: returned the way it was paid (`original`), a wallet payment goes back to the
   * wallet. Absent in refunds stored before it existed.
   */
  paidWith?: PaymentMethod | null;
}

/** Whether a refund sent to `destination` credits the customer's wallet: sent there, or back along a wallet payment. */
export function returnsToWallet(
  refund: { paidWith?: PaymentMethod | null },
  destination: RefundDestination | null,
): boolean {
  return destination === 'wallet' || (destination === 'original' && refund.paidWith === 'wallet');
}

export interface RefundContext extends RefundRequest {
  grantedBy: number | null;
  /** Whether the four-eyes rule was on when it was granted; null before the grant, or for a grant stored before. */
  fourEyesAtGrant: boolean | null;
  sentBy: number | null;
  destination: RefundDestination | null;
  rejectReason: string | null;
  /** Fed: whether the four-eyes rule is on (global settings). */
  fourEyes: boolean;
  /** Fed: who is acting now. */
  actorId: number | null;
  /**
   * Fed, for a refund asked for before `paidWith` was kept: how its order or renewal was paid. Sending it stores
   * that in its fact; never a column of its own.
   */
  targetPaidWith?: PaymentMethod | null;
}

export type RefundInput = RefundRequest & Partial<RefundContext>;

export type RefundFact =
  /** `fourEyes`: the rule when it was granted; absent in facts stored before. */
  | { type: 'RefundGranted'; data: { by: number | null; fourEyes?: boolean } }
  | {
      type: 'RefundSent';
      /**
       * `paidWith`: how the money was paid, as the refund knew it or (asked for before it kept it) as the server
       * fed it when it was sent; absent in facts stored before.
       */
      data: { by: number | null; destination: RefundDestination; paidWith?: PaymentMethod | null };
    }
  | { type: 'RefundRejected'; data: { by: number | null }; reason?: string | null };

export function isValidRefundReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' &&
    hasVisibleText(reason) &&
    textLength(reason.trim()) <= MAX_REFUND_REASON_LENGTH
  );
}

export function refundContext(input: RefundInput): RefundContext {
  return {
    grantedBy: null,
    fourEyesAtGrant: null,
    sentBy: null,
    destination: null,
    rejectReason: null,
    fourEyes: true,
    actorId: null,
    ...input,
  };
}

/** Whether the four-eyes rule applies to sending this refund: on now, or on when it was granted. */
export function underFourEyes(context: Pick<RefundContext, 'fourEyes' | 'fourEyesAtGrant'>): boolean {
  return context.fourEyes || context.fourEyesAtGrant === true;
}

/** Whether `actorId` may send a refund granted by `grantedBy` under the four-eyes rule. */
export function keepsFourEyes(
  context: Pick<RefundContext, 'fourEyes' | 'fourEyesAtGrant' | 'grantedBy'>,
  actorId: number | null,
) {
  return !underFourEyes(context) || actorId === null || actorId !== context.grantedBy;
}

export const refundMachine = setup({
  types: {
    context: {} as RefundContext,
    events: {} as RefundFact,
    input: {} as RefundInput,
  },
  guards: {
    fourEyes: ({ context, event }) =>
      event.type === 'RefundSent' && event.data.by !== null && keepsFourEyes(context, event.data.by),
    knownDestination: ({ event }) =>
      event.type === 'RefundSent' && REFUND_DESTINATIONS.includes(event.data.destination),
    hasReason: ({ event }) => isValidRefundReason((event as { reason?: unknown }).reason),
    notOwedBack: ({ context }) => !context.cause,
  },
  actions: {
    noteGrant: assign(({ event }) =>
      event.type === 'RefundGranted'
        ? { grantedBy: event.data.by, fourEyesAtGrant: event.data.fourEyes ?? null }
        : {},
    ),
    noteSending: assign(({ event }) =>
      event.type === 'RefundSent'
        ? {
            sentBy: event.data.by,
            destination: event.data.destination,
            ...(event.data.paidWith ? { paidWith: event.data.paidWith } : {}),
          }
        : {},
    ),
    noteRejection: assign(({ event }) =>
      event.type === 'RefundRejected' ? { rejectReason: event.reason?.trim() ?? null } : {},
    ),
  },
}).createMachine({
  id: 'refund',
  context: ({ input }) => refundContext(input),
  initial: 'requested',
  states: {
    requested: {
      on: {
        RefundGranted: { target: 'granted', actions: 'noteGrant' },
        RefundRejected: {
          guard: and(['hasReason', 'notOwedBack']),
          target: 'rejected',
          actions: 'noteRejection',
        },
      },
    },
    granted: {
      on: {
        RefundSent: { guard: and(['knownDestination', 'fourEyes']), target: 'sent', actions: 'noteSending' },
        RefundRejected: {
          guard: and(['hasReason', 'notOwedBack']),
          target: 'rejected',
          actions: 'noteRejection',
        },
      },
    },
    sent: {},
    rejected: {},
  },
});
