import { fromPromise } from 'xstate';
import type { HistoryEntry } from '@/contract/api';
import { FEEDBACK_LIST, type FeedbackDto } from '@/contract/feedback';
import {
  FEEDBACK_SUBMITTED,
  feedbackLifecycle,
  feedbackSnapshot,
} from '@/machines/lifecycles/feedbackLifecycle';
import { isValidFeedbackMessage } from '@/machines/lifecycles/feedbackMachine';
import { cutText, textLength } from '@/machines/lifecycles/visibleText';
import { feedbackApi } from '@/services/feedback';
import { detailScreenMachine, type DetailEntity } from './detailScreenMachine';
import { listFor, loadWithHistory } from './screenActors';

/**
 * The feedback screens, declared on the screen kit: how a row is a lifecycle snapshot, the conversation read from
 * the feedback's history, and the calls.
 *
 * Feedback has no edit form (staff never change what the sender wrote): the detail's form is the reply box. A save
 * of it sends `feedback.reply` with the version the page loaded, judged first by the lifecycle's own rule for a
 * message (feedbackMachine.ts, the server's); once the reply is stored the kit reloads the record and its history
 * and empties the box, and a stale version is the kit's conflict, with the typed reply kept. The resolution (with
 * its optional note) is a lifecycle command asked in the kit's dialog.
 */

export interface FeedbackReplyForm {
  message: string;
}

export const feedbackScreen: DetailEntity<FeedbackDto> = {
  lifecycle: feedbackLifecycle,
  snapshotOf: (row) =>
    feedbackSnapshot(row.state, {
      kind: row.kind,
      content: row.content,
      images: row.images,
      contact: row.contact,
      from: { kind: row.from_kind, id: row.from_id, name: row.from_name },
      order: row.order,
      supplier: row.supplier,
      messageCount: row.message_count,
      resolutionNote: row.resolution_note,
    }),
  labelOf: (row) => `#${row.id} ${excerpt(row.content, 40)}`,
  emptyForm: () => ({ message: '' }),
  formOf: () => ({ message: '' }),
  savedToast: 'feedback.toast.replied',
  // Its form is a reply: once resolved, a reply kept through a conflict has nowhere to go.
  editCommand: 'feedback.reply',
  problems: (form): Record<string, string> =>
    isValidFeedbackMessage((form as unknown as FeedbackReplyForm).message)
      ? {}
      : { message: 'feedback.reason.messageRequired' },
  // Always the message, so an empty box says what it needs rather than "nothing to save".
  changes: (_row, form) => ({ message: String((form as unknown as FeedbackReplyForm).message ?? '') }),
};

/** A text on one line, cut at `max` characters with an ellipsis: the list's and the dialogs' short content. */
export function excerpt(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return textLength(line) > max ? `${cutText(line, max - 1).trimEnd()}…` : line;
}

/** One thing said or done in a conversation, oldest first. */
export type ConversationItem =
  | {
      kind: 'message';
      /** The sender (a customer or supplier, through the apps) or staff. */
      side: 'sender' | 'staff';
      version: number;
      at: string;
      /** Who wrote it: the staff member's name, or null for the sender (the page names them). */
      author: string | null;
      text: string;
      images: string[];
      /** The first message: the feedback itself. */
      first: boolean;
      /** The sender wrote after a resolution: this message reopened the feedback. */
      reopens: boolean;
    }
  | { kind: 'resolved'; version: number; at: string; author: string | null; note: string | null };

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const staffName = (e: HistoryEntry) => e.actor.name || e.actor.email || null;

/** The conversation a feedback's history tells (the history comes newest first; facts it does not know are left out). */
export function conversationOf(history: readonly HistoryEntry[]): ConversationItem[] {
  const items: ConversationItem[] = [];
  const oldestFirst = [...history].sort((a, b) => a.version - b.version);
  for (const e of oldestFirst) {
    const at = e.occurred_at;
    const previous = items.at(-1);
    if (e.type === FEEDBACK_SUBMITTED) {
      const images = Array.isArray(e.data.images) ? e.data.images.filter((i) => typeof i === 'string') : [];
      items.push({
        kind: 'message',
        side: 'sender',
        version: e.version,
        at,
        author: null,
        text: text(e.data.content),
        images: images as string[],
        first: true,
        reopens: false,
      });
    } else if (e.type === 'FeedbackMessageAdded' || e.type === 'FeedbackReplied') {
      const sender = e.type === 'FeedbackMessageAdded';
      items.push({
        kind: 'message',
        side: sender ? 'sender' : 'staff',
        version: e.version,
        at,
        author: sender ? null : staffName(e),
        text: text(e.data.message),
        images: [],
        first: false,
        reopens: sender && previous?.kind === 'resolved',
      });
    } else if (e.type === 'FeedbackResolved') {
      const note = text(e.data.note).trim();
      items.push({ kind: 'resolved', version: e.version, at, author: staffName(e), note: note || null });
    }
  }
  return items;
}

/** Where a sender's page is: a customer's account, or a supplier. */
export function senderLinkOf(row: Pick<FeedbackDto, 'from_kind' | 'from_id'>): string {
  return row.from_kind === 'customer'
    ? `/account/detail?id=${row.from_id}`
    : `/supply/detail?id=${row.from_id}`;
}

export const orderLinkOf = (order: { id: number }) => `/order/detail?id=${order.id}`;
export const supplierLinkOf = (supplier: { id: number }) => `/supply/detail?id=${supplier.id}`;
/** The list narrowed to the feedback about one order or one supplier. */
export const feedbackAboutLink = (field: 'order_id' | 'supplier_id', id: number) =>
  `/feedback/feedbacklist?${field}=${id}`;

export const FEEDBACK_SPEC = FEEDBACK_LIST;

export const feedbackList = listFor(feedbackApi);

export const feedbackDetail = detailScreenMachine.provide({
  actors: {
    load: fromPromise(({ input }) => loadWithHistory(feedbackApi, input.id)),
    // The reply box's save: the reply, with the version the page loaded.
    save: fromPromise(async ({ input }) => {
      if (input.id === null) throw new Error('Staff do not write feedback: the apps send it.');
      const record = await feedbackApi.command(
        input.id,
        { type: 'feedback.reply', message: String(input.body.message ?? '') },
        input.version,
      );
      return loadWithHistory(feedbackApi, input.id, record ?? undefined);
    }),
    command: fromPromise(async ({ input }) => {
      const record = await feedbackApi.command(input.id, input.command, input.version);
      return record && loadWithHistory(feedbackApi, record.id, record);
    }),
  },
});
