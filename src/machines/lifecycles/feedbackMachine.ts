import { assign, setup } from 'xstate';
import { isAssetUrl } from './assetUrl';
import { hasVisibleText, textLength } from './visibleText';

/**
 * The feedback lifecycle: the single copy of its rules, used by the console to enable actions and by the server to
 * decide every command. Its events are the facts the log stores (the conversation is those facts); its guards are
 * the rules, which `evolve` switches off on replay (lifecycle.ts).
 *
 * States: pending (the sender spoke last, or nobody answered yet) → replied (staff answered) → resolved (staff
 * closed it, with an optional note). A new message from the sender, through the apps, takes replied or resolved
 * feedback back to pending (a resolved one is reopened by it).
 *
 * Invariants (tested):
 * - a message (a reply or the sender's) has 1 to MAX_FEEDBACK_MESSAGE_LENGTH characters once trimmed; a resolution
 *   note at most MAX_FEEDBACK_NOTE_LENGTH;
 * - staff reply to and resolve feedback that is not resolved; resolved feedback takes only the sender's message;
 * - the message count is the number of messages in the conversation (the first one included);
 * - the resolution note is the last resolution's, and goes when the sender reopens the feedback.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export const FEEDBACK_KINDS = ['complaint', 'suggestion', 'bug', 'other'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

export const MAX_FEEDBACK_MESSAGE_LENGTH = 2000;
export const MAX_FEEDBACK_NOTE_LENGTH = 500;
export const MAX_FEEDBACK_IMAGES = 9;
export const MAX_FEEDBACK_CONTACT_LENGTH = 100;

export interface FeedbackParty {
  id: number;
  name: string;
}

export interface FeedbackSender extends FeedbackParty {
  kind: 'customer' | 'supplier';
}

/** What the sender wrote first: the feedback itself. */
export interface FeedbackSubmission {
  kind: FeedbackKind;
  content: string;
  images: string[];
  contact: string;
  from: FeedbackSender;
  order: { id: number; orderNo: string } | null;
  supplier: FeedbackParty | null;
}

export interface FeedbackContext extends FeedbackSubmission {
  messageCount: number;
  resolutionNote: string | null;
}

export type FeedbackFact =
  | { type: 'FeedbackReplied'; data: { message: string } }
  | { type: 'FeedbackMessageAdded'; data: { message: string } }
  | { type: 'FeedbackResolved'; data: { note: string | null } };

export function isValidFeedbackMessage(message: unknown): message is string {
  return (
    typeof message === 'string' &&
    hasVisibleText(message) &&
    textLength(message.trim()) <= MAX_FEEDBACK_MESSAGE_LENGTH
  );
}

export function isValidFeedbackNote(note: unknown): boolean {
  return (
    note === null ||
    note === undefined ||
    (typeof note === 'string' && textLength(note.trim()) <= MAX_FEEDBACK_NOTE_LENGTH)
  );
}

export function isValidFeedbackImages(images: unknown): images is string[] {
  return (
    Array.isArray(images) &&
    images.length <= MAX_FEEDBACK_IMAGES &&
    images.every((i) => typeof i === 'string' && isAssetUrl(i))
  );
}

export const feedbackMachine = setup({
  types: {
    context: {} as FeedbackContext,
    events: {} as FeedbackFact,
  },
  guards: {
    hasMessage: ({ event }) =>
      (event.type === 'FeedbackReplied' || event.type === 'FeedbackMessageAdded') &&
      isValidFeedbackMessage(event.data.message),
    validNote: ({ event }) => event.type === 'FeedbackResolved' && isValidFeedbackNote(event.data.note),
  },
  actions: {
    countMessage: assign({ messageCount: ({ context }) => context.messageCount + 1 }),
    clearNote: assign({ resolutionNote: null }),
    recordNote: assign({
      resolutionNote: ({ event }) =>
        event.type === 'FeedbackResolved' && event.data.note?.trim() ? event.data.note.trim() : null,
    }),
  },
}).createMachine({
  id: 'feedback',
  context: {
    kind: 'other',
    content: '',
    images: [],
    contact: '',
    from: { kind: 'customer', id: 0, name: '' },
    order: null,
    supplier: null,
    messageCount: 1,
    resolutionNote: null,
  },
  initial: 'pending',
  states: {
    pending: {
      on: {
        FeedbackReplied: { guard: 'hasMessage', target: 'replied', actions: 'countMessage' },
        FeedbackMessageAdded: { guard: 'hasMessage', actions: 'countMessage' },
        FeedbackResolved: { guard: 'validNote', target: 'resolved', actions: 'recordNote' },
      },
    },
    replied: {
      on: {
        FeedbackReplied: { guard: 'hasMessage', actions: 'countMessage' },
        FeedbackMessageAdded: { guard: 'hasMessage', target: 'pending', actions: 'countMessage' },
        FeedbackResolved: { guard: 'validNote', target: 'resolved', actions: 'recordNote' },
      },
    },
    resolved: {
      on: {
        // Reopened: the note belonged to the resolution the sender has just answered.
        FeedbackMessageAdded: {
          guard: 'hasMessage',
          target: 'pending',
          actions: ['countMessage', 'clearNote'],
        },
      },
    },
  },
});
