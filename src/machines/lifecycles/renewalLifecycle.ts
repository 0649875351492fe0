import type { SnapshotFrom } from 'xstate';
import { formatYuan } from './money';
import { defineLifecycle } from './lifecycle';
import { PAYMENT_METHODS, settle, type PaymentMethod } from './orderMachine';
import { refundableFen } from './refundMoney';
import {
  MAX_RENEWAL_REASON_LENGTH,
  renewalContext,
  renewalMachine,
  type RenewalInput,
  type RenewalRequest,
} from './renewalMachine';

/**
 * The renewal lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status the
 * projection keeps, and the words for a refusal. The rules are the machine's guards (renewalMachine.ts).
 */

export type RenewalSnapshot = SnapshotFrom<typeof renewalMachine>;

export const RENEWAL_STREAM = 'renewal';
export const RENEWAL_REQUESTED = 'RenewalRequested';

type RefundMoveCommand = { refundId: number; amountFen: number };

export type RenewalCommand =
  | { type: 'renewal.pay'; method: PaymentMethod }
  | { type: 'renewal.confirm' }
  | { type: 'renewal.decline'; reason: string }
  | ({ type: 'renewal.reserveRefund' } & RefundMoveCommand)
  | ({ type: 'renewal.releaseRefund' } & RefundMoveCommand)
  | ({ type: 'renewal.refund' } & RefundMoveCommand);

export type RenewalCommandType = RenewalCommand['type'];

export type RenewalState = 'requested' | 'paid' | 'confirmed' | 'declined';
export const RENEWAL_STATES: readonly RenewalState[] = ['requested', 'paid', 'confirmed', 'declined'];

export function renewalStateOf(snapshot: RenewalSnapshot): RenewalState {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as RenewalState;
}

/**
 * The snapshot of a renewal as the projection stores it: a declined one is refunded once all was given back, a
 * confirmed one settled once it holds its settlement.
 */
export function renewalSnapshot(state: RenewalState, context: RenewalInput): RenewalSnapshot {
  const full = renewalContext(context);
  const refunded = full.paidFen > 0 && full.refundedFen === full.paidFen;
  const value =
    state === 'declined'
      ? { declined: refunded ? 'refunded' : 'refundable' }
      : state === 'confirmed'
        ? { confirmed: full.settlement ? 'settled' : 'unsettled' }
        : state;
  return renewalMachine.resolveState({ value, context: full });
}

export function describeRenewal(snapshot: RenewalSnapshot): string {
  return renewalStateOf(snapshot);
}

export const RENEWAL_ACTION_LABEL: Record<RenewalCommandType, string> = {
  'renewal.pay': 'pay for this renewal',
  'renewal.confirm': 'confirm this renewal',
  'renewal.decline': 'decline this renewal',
  'renewal.reserveRefund': 'refund this renewal',
  'renewal.releaseRefund': 'release a refund of this renewal',
  'renewal.refund': 'send a refund of this renewal',
};

export const RENEWAL_REASON_TEXT = {
  alreadyPaid: 'it is already paid',
  wrongAmount: 'a payment must be the renewal amount, by wallet or external payment',
  notPaid: 'it is not paid',
  reasonRequired: `a reason of 1 to ${MAX_RENEWAL_REASON_LENGTH} characters is required`,
  notDeclined: 'only a declined renewal is refunded',
  notRefundable: 'the amount is more than is still refundable',
  notReserved: 'the amount was not reserved for a refund',
  notAllowed: 'the action is not possible in this state',
} as const;

export type RenewalRefusal = keyof typeof RENEWAL_REASON_TEXT;

function explain(snapshot: RenewalSnapshot, command: RenewalCommand): RenewalRefusal {
  const state = renewalStateOf(snapshot);
  switch (command.type) {
    case 'renewal.pay':
      return state === 'requested' ? 'wrongAmount' : state === 'declined' ? 'notAllowed' : 'alreadyPaid';
    case 'renewal.confirm':
      return state === 'requested' ? 'notPaid' : 'notAllowed';
    case 'renewal.decline':
      if (state === 'requested' || state === 'paid') return 'reasonRequired';
      return 'notAllowed';
    case 'renewal.reserveRefund':
      return state === 'declined' ? 'notRefundable' : 'notDeclined';
    default:
      return 'notReserved';
  }
}

const trimmed = (text: string) => (typeof text === 'string' ? text.trim() : text);

export const renewalLifecycle = defineLifecycle<typeof renewalMachine, RenewalCommand, RenewalRequest>({
  name: 'renewal',
  stream: RENEWAL_STREAM,
  machine: renewalMachine,
  createdFact: RENEWAL_REQUESTED,
  start: (data) => renewalSnapshot('requested', data),
  facts: {
    'renewal.pay': (c, s) => [
      { type: 'RenewalPaid', data: { amountFen: s.context.amountFen, method: c.method } },
    ],
    // A confirmation settles the renewal at the rate that applies now (fed by the server); without one, nothing.
    'renewal.confirm': (_, s) =>
      s.context.rate
        ? [
            { type: 'RenewalConfirmed', data: {} },
            {
              type: 'RenewalSettled',
              data: { ...settle(s.context.paidFen - s.context.refundedFen, s.context.rate) },
            },
          ]
        : [],
    'renewal.decline': (c) => [{ type: 'RenewalDeclined', data: {}, reason: trimmed(c.reason) }],
    'renewal.reserveRefund': (c) => [
      { type: 'RefundReserved', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
    'renewal.releaseRefund': (c) => [
      { type: 'RefundReleased', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
    'renewal.refund': (c) => [
      { type: 'RenewalRefunded', data: { refundId: c.refundId, amountFen: c.amountFen } },
    ],
  },
  routingGuards: ['refundsAll'],
  reasonPrefix: 'renewal.reason',
  reasons: RENEWAL_REASON_TEXT,
  inputReasons: { reasonRequired: 'reason' },
  actionLabels: RENEWAL_ACTION_LABEL,
  describe: describeRenewal,
  explain,
  refusalValues: (snapshot) => ({ refundable: formatYuan(refundableFen(snapshot.context)) }),
  sample: (type) => {
    switch (type) {
      case 'renewal.pay':
        return { type, method: PAYMENT_METHODS[0] };
      case 'renewal.decline':
        return { type, reason: 'sample' };
      case 'renewal.reserveRefund':
      case 'renewal.releaseRefund':
      case 'renewal.refund':
        return { type, refundId: 0, amountFen: 1 };
      default:
        return { type } as RenewalCommand;
    }
  },
});
