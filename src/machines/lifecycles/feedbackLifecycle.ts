import type { SnapshotFrom } from 'xstate';
import {
  MAX_FEEDBACK_MESSAGE_LENGTH,
  MAX_FEEDBACK_NOTE_LENGTH,
  feedbackMachine,
  isValidFeedbackMessage,
  type FeedbackContext,
  type FeedbackSubmission,
} from './feedbackMachine';
import { defineLifecycle } from './lifecycle';

/**
 * The feedback lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status the
 * projection keeps, and the words for a refusal. The rules are the machine's guards (feedbackMachine.ts).
 */

export type FeedbackSnapshot = SnapshotFrom<typeof feedbackMachine>;

export const FEEDBACK_STREAM = 'feedback';
export const FEEDBACK_SUBMITTED = 'FeedbackSubmitted';

export type FeedbackCommand =
  | { type: 'feedback.reply'; message: string }
  | { type: 'feedback.resolve'; note?: string | null }
  | { type: 'feedback.addMessage'; message: string };

export type FeedbackCommandType = FeedbackCommand['type'];

export type FeedbackState = 'pending' | 'replied' | 'resolved';
export const FEEDBACK_STATES: readonly FeedbackState[] = ['pending', 'replied', 'resolved'];

export function feedbackStateOf(snapshot: FeedbackSnapshot): FeedbackState {
  return snapshot.value as FeedbackState;
}

/** The snapshot of feedback as the projection stores it. */
export function feedbackSnapshot(state: FeedbackState, context: FeedbackContext): FeedbackSnapshot {
  return feedbackMachine.resolveState({ value: state, context });
}

const STATE_WORDS: Record<FeedbackState, string> = {
  pending: 'waiting for an answer',
  replied: 'answered',
  resolved: 'resolved',
};

export const FEEDBACK_ACTION_LABEL: Record<FeedbackCommandType, string> = {
  'feedback.reply': 'reply to this feedback',
  'feedback.resolve': 'resolve this feedback',
  'feedback.addMessage': 'add a message to this feedback',
};

export const FEEDBACK_REASON_TEXT = {
  messageRequired: `a message of 1 to ${MAX_FEEDBACK_MESSAGE_LENGTH} characters is required`,
  noteTooLong: `a note has at most ${MAX_FEEDBACK_NOTE_LENGTH} characters`,
  resolved: 'it is resolved; the sender reopens it with a new message',
  notAllowed: 'the action is not possible in this state',
} as const;

export type FeedbackRefusal = keyof typeof FEEDBACK_REASON_TEXT;

export function feedbackRefusalReason(snapshot: FeedbackSnapshot, command: FeedbackCommand): FeedbackRefusal {
  const resolved = feedbackStateOf(snapshot) === 'resolved';
  switch (command.type) {
    case 'feedback.reply':
      if (resolved) return 'resolved';
      return isValidFeedbackMessage(command.message) ? 'notAllowed' : 'messageRequired';
    case 'feedback.resolve':
      return resolved ? 'resolved' : 'noteTooLong';
    case 'feedback.addMessage':
      return 'messageRequired';
  }
}

const trimmed = (text: unknown) => (typeof text === 'string' ? text.trim() : text);

export const feedbackLifecycle = defineLifecycle<typeof feedbackMachine, FeedbackCommand, FeedbackSubmission>(
  {
    name: 'feedback',
    stream: FEEDBACK_STREAM,
    machine: feedbackMachine,
    createdFact: FEEDBACK_SUBMITTED,
    start: (data) => feedbackSnapshot('pending', { ...data, messageCount: 1, resolutionNote: null }),
    facts: {
      'feedback.reply': (c) => [{ type: 'FeedbackReplied', data: { message: trimmed(c.message) } }],
      'feedback.resolve': (c) => [
        {
          type: 'FeedbackResolved',
          data: { note: typeof c.note === 'string' && c.note.trim() ? c.note.trim() : null },
        },
      ],
      'feedback.addMessage': (c) => [{ type: 'FeedbackMessageAdded', data: { message: trimmed(c.message) } }],
    },
    reasonPrefix: 'feedback.reason',
    reasons: FEEDBACK_REASON_TEXT,
    inputReasons: { messageRequired: 'message', noteTooLong: 'note' },
    actionLabels: FEEDBACK_ACTION_LABEL,
    describe: (snapshot) => STATE_WORDS[feedbackStateOf(snapshot)],
    explain: feedbackRefusalReason,
    sample: (type) => {
      switch (type) {
        case 'feedback.reply':
        case 'feedback.addMessage':
          return { type, message: 'sample' };
        default:
          return { type } as FeedbackCommand;
      }
    },
  },
);
