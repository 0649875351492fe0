import type { SnapshotFrom } from 'xstate';
import { formatYuan } from './money';
import { defineLifecycle } from './lifecycle';
import {
  MAX_REFUND_REASON_LENGTH,
  REFUND_DESTINATIONS,
  isValidRefundReason,
  keepsFourEyes,
  refundContext,
  refundMachine,
  type RefundDestination,
  type RefundInput,
  type RefundRequest,
} from './refundMachine';

/**
 * The refund lifecycle declared for the entity kit (lifecycle.ts): what each command stores (who granted, who
 * sent), the flat status the projection keeps, and the words for a refusal. The rules are the machine's guards
 * (refundMachine.ts); the refunded order or renewal keeps its own money rules.
 */

export type RefundSnapshot = SnapshotFrom<typeof refundMachine>;

export const REFUND_STREAM = 'refund';
export const REFUND_REQUESTED = 'RefundRequested';

export type RefundCommand =
  | { type: 'refund.grant' }
  | { type: 'refund.reject'; reason: string }
  | { type: 'refund.send'; destination: RefundDestination };

export type RefundCommandType = RefundCommand['type'];

export type RefundState = 'requested' | 'granted' | 'sent' | 'rejected';
export const REFUND_STATES: readonly RefundState[] = ['requested', 'granted', 'sent', 'rejected'];

export function refundStateOf(snapshot: RefundSnapshot): RefundState {
  return snapshot.value as RefundState;
}

export function refundSnapshot(state: RefundState, context: RefundInput): RefundSnapshot {
  return refundMachine.resolveState({ value: state, context: refundContext(context) });
}

export const REFUND_ACTION_LABEL: Record<RefundCommandType, string> = {
  'refund.grant': 'grant this refund',
  'refund.reject': 'reject this refund',
  'refund.send': 'send this refund',
};

export const REFUND_REASON_TEXT = {
  notRequested: 'it is no longer waiting for a decision',
  notGranted: 'it has not been granted',
  sameGranter: 'you granted it, so another staff member must send it (four-eyes rule)',
  unknownDestination: "the money goes to the customer's wallet or back to the original payment",
  reasonRequired: `a reason of 1 to ${MAX_REFUND_REASON_LENGTH} characters is required`,
  finished: 'it was already sent or rejected',
  owedBack: 'the money is owed back: its order was cancelled, or its renewal declined',
  notAllowed: 'the action is not possible in this state',
} as const;

export type RefundRefusal = keyof typeof REFUND_REASON_TEXT;

function explain(snapshot: RefundSnapshot, command: RefundCommand): RefundRefusal {
  const state = refundStateOf(snapshot);
  if (state === 'sent' || state === 'rejected') return 'finished';
  switch (command.type) {
    case 'refund.grant':
      return 'notRequested';
    case 'refund.reject':
      if (snapshot.context.cause) return 'owedBack';
      return isValidRefundReason(command.reason) ? 'notAllowed' : 'reasonRequired';
    case 'refund.send':
      if (state !== 'granted') return 'notGranted';
      if (!keepsFourEyes(snapshot.context, snapshot.context.actorId)) return 'sameGranter';
      return REFUND_DESTINATIONS.includes(command.destination) ? 'notAllowed' : 'unknownDestination';
  }
}

export const refundLifecycle = defineLifecycle<typeof refundMachine, RefundCommand, RefundRequest>({
  name: 'refund',
  stream: REFUND_STREAM,
  machine: refundMachine,
  createdFact: REFUND_REQUESTED,
  start: (data) => refundSnapshot('requested', data),
  facts: {
    'refund.grant': (_, s) => [
      { type: 'RefundGranted', data: { by: s.context.actorId, fourEyes: s.context.fourEyes } },
    ],
    'refund.reject': (c, s) => [
      {
        type: 'RefundRejected',
        data: { by: s.context.actorId },
        reason: typeof c.reason === 'string' ? c.reason.trim() : c.reason,
      },
    ],
    'refund.send': (c, s) => [
      {
        type: 'RefundSent',
        data: {
          by: s.context.actorId,
          destination: c.destination,
          paidWith: s.context.paidWith ?? s.context.targetPaidWith ?? null,
        },
      },
    ],
  },
  reasonPrefix: 'refund.reason',
  reasons: REFUND_REASON_TEXT,
  inputReasons: { reasonRequired: 'reason', unknownDestination: 'destination' },
  actionLabels: REFUND_ACTION_LABEL,
  describe: (snapshot) => refundStateOf(snapshot),
  explain,
  refusalValues: (snapshot) => ({ amount: formatYuan(snapshot.context.amountFen) }),
  sample: (type) => {
    switch (type) {
      case 'refund.reject':
        return { type, reason: 'sample' };
      case 'refund.send':
        return { type, destination: 'wallet' };
      default:
        return { type } as RefundCommand;
    }
  },
});
