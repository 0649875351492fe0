import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorTextOf, isConflict, type ErrorText } from '@/machines/app/apiErrors';
import type { OrderDto, RenewalDto } from '@/contract/orders';
import { fenToJudge, formatFen, parseYuan } from '@/machines/lifecycles/money';
import { isValidRefundReason } from '@/machines/lifecycles/refundMachine';
import { requestRefund } from '@/services/orders';
import { orderScreen, renewalScreen } from './orderScreens';
import { dialogProblem } from './screenEntity';

/**
 * Staff asking for a refund of an order or a renewal: an amount (at first all that is still refundable) and a
 * reason, then the request.
 *
 * Invariants:
 * - nothing is sent while the amount or the reason has a problem: the amount is judged by the order's (or the
 *   renewal's) lifecycle as a refund reservation (more than is still refundable, an unpaid order), the reason by
 *   the refund's rule — the rules the server applies;
 * - problems show once a send was tried; the server's refusal keeps the dialog open with the typed values;
 * - a refusal for the record's state (409: someone refunded or cancelled it since the page loaded it) says that the
 *   figures shown are old and offers to reload them (`refund.reload`: closes and tells the page to read it again);
 * - a request that went through tells the page (`refund.requested`) and closes.
 */

export type RefundTarget = { kind: 'order'; row: OrderDto } | { kind: 'renewal'; row: RenewalDto };

export interface RefundRequestContext {
  target: RefundTarget | null;
  amount: string;
  reason: string;
  tried: boolean;
  error: ErrorText | null;
  /** The server refused for the record's state: what the dialog shows of it (what is refundable) may be old. */
  stale: boolean;
}

export type RefundRequestEvent =
  | { type: 'refund.open'; target: RefundTarget }
  | { type: 'refund.change'; field: 'amount' | 'reason'; value: string }
  | { type: 'refund.submit' }
  | { type: 'refund.reload' }
  | { type: 'refund.close' };

/** The request went through, or the person asked to read the record again after a refusal: either way, reload. */
export type RefundRequestEmitted = { type: 'refund.requested' } | { type: 'refund.reload' };

/** field → i18n key of its problem (empty: the request may be sent). */
export function refundRequestProblems(
  context: RefundRequestContext,
): Partial<Record<'amount' | 'reason', string>> {
  const problems: Partial<Record<'amount' | 'reason', string>> = {};
  const fen = fenToJudge(context.amount);
  const target = context.target;
  if (fen === null || fen <= 0) problems.amount = 'order.refund.amountInvalid';
  else if (target) {
    const objection =
      target.kind === 'order'
        ? dialogProblem(orderScreen, target.row, { type: 'order.reserveRefund', refundId: 0, amountFen: fen })
        : dialogProblem(renewalScreen, target.row, {
            type: 'renewal.reserveRefund',
            refundId: 0,
            amountFen: fen,
          });
    if (objection) problems.amount = objection;
  }
  if (!isValidRefundReason(context.reason)) problems.reason = 'refund.reason.reasonRequired';
  return problems;
}

export const refundRequestMachine = setup({
  types: {
    context: {} as RefundRequestContext,
    events: {} as RefundRequestEvent,
    emitted: {} as RefundRequestEmitted,
  },
  actors: {
    request: fromPromise<
      unknown,
      { kind: 'order' | 'renewal'; target_id: number; amount_fen: number; reason: string }
    >(({ input }) => requestRefund(input)),
  },
  guards: {
    isValid: ({ context }) => Object.keys(refundRequestProblems(context)).length === 0,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'refundRequest',
  context: { target: null, amount: '', reason: '', tried: false, error: null, stale: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'refund.open': {
          target: 'editing',
          actions: assign(({ event }) => ({
            target: event.target,
            amount: formatFen(event.target.row.refundable_fen),
            reason: '',
            tried: false,
            error: null,
            stale: false,
          })),
        },
      },
    },
    editing: {
      on: {
        'refund.change': {
          actions: assign(({ context, event }) => ({ ...context, [event.field]: event.value })),
        },
        'refund.submit': [
          { guard: 'isValid', target: 'sending', actions: assign({ tried: true, error: null }) },
          { actions: assign({ tried: true }) },
        ],
        'refund.reload': {
          guard: 'isStale',
          target: 'closed',
          actions: emit({ type: 'refund.reload' as const }),
        },
        'refund.close': 'closed',
      },
    },
    sending: {
      invoke: {
        id: 'request',
        src: 'request',
        input: ({ context }) => ({
          kind: context.target!.kind,
          target_id: context.target!.row.id,
          amount_fen: parseYuan(context.amount)!,
          reason: context.reason.trim(),
        }),
        onDone: { target: 'closed', actions: emit({ type: 'refund.requested' as const }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => ({
            error: errorTextOf(event.error),
            stale: isConflict(event.error),
          })),
        },
      },
    },
  },
});

export type RefundRequestSnapshot = SnapshotFrom<typeof refundRequestMachine>;
