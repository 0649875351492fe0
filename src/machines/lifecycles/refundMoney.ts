/**
 * The money rules every refundable thing shares (a service order, a renewal): what was paid, what was refunded,
 * and what is reserved for refunds under way. A refund is reserved when it is requested (never more than is still
 * refundable), released when it is rejected, and turned into a refund when it is sent. Pure functions the order
 * and renewal machines use as guards and assignments, so both hold the same invariant:
 * 0 ≤ refunded + reserved ≤ paid.
 */

export interface RefundMoney {
  paidFen: number;
  refundedFen: number;
  /** Refunds requested or granted, not sent yet. */
  reservedFen: number;
}

export interface RefundMove {
  refundId: number;
  amountFen: number;
}

/** The facts a refund leaves on the thing it refunds (the refunded one is named per entity). */
export type RefundMoveFact =
  { type: 'RefundReserved'; data: RefundMove } | { type: 'RefundReleased'; data: RefundMove };

export const NO_REFUND_MONEY = { refundedFen: 0, reservedFen: 0 } as const;

/** What is still refundable: paid, less what was refunded and what is reserved for refunds under way. */
export function refundableFen(money: RefundMoney): number {
  return money.paidFen - money.refundedFen - money.reservedFen;
}

const amountOf = (event: { data: unknown }) => (event.data as Partial<RefundMove>).amountFen ?? 0;
const positive = (n: number) => Number.isInteger(n) && n >= 1;

/** Guards: a reservation within what is refundable; a release or refund within what is reserved. */
export const withinRefundable = ({ context, event }: { context: RefundMoney; event: { data: unknown } }) =>
  positive(amountOf(event)) && amountOf(event) <= refundableFen(context);

export const withinReserved = ({ context, event }: { context: RefundMoney; event: { data: unknown } }) =>
  positive(amountOf(event)) && amountOf(event) <= context.reservedFen;

/** Routing: the refund that makes the whole payment refunded. */
export const refundsAll = ({ context, event }: { context: RefundMoney; event: { data: unknown } }) =>
  context.refundedFen + amountOf(event) === context.paidFen;

/** The context after a reservation, a release or a refund. */
export const reserve = (context: RefundMoney, event: { data: unknown }) => ({
  reservedFen: context.reservedFen + amountOf(event),
});
export const release = (context: RefundMoney, event: { data: unknown }) => ({
  reservedFen: context.reservedFen - amountOf(event),
});
export const refund = (context: RefundMoney, event: { data: unknown }) => ({
  reservedFen: context.reservedFen - amountOf(event),
  refundedFen: context.refundedFen + amountOf(event),
});
