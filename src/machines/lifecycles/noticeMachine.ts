import { and, assign, setup, stateIn } from 'xstate';
import { hasVisibleContent, hasVisibleText, textLength } from './visibleText';

/**
 * The notice lifecycle: the single copy of its rules, used by the console to enable actions and by the server to
 * decide every command. Its events are the facts the log stores; its guards are the rules, which `evolve` switches
 * off on replay (lifecycle.ts). Two parallel regions:
 *
 * - audit: waitingAudit → passed | rejected (with a reason); editing a rejected notice resubmits it
 *   (→ waitingAudit). Notices the system writes (new order, renew order) start passed: there is nothing to audit;
 * - enablement: enabled ↔ closed, at any audit state (a closed notice is not shown in the apps).
 *
 * Invariants (tested):
 * - only staff notices (system, help) are edited, and only while waiting for audit or rejected; an edit changes only
 *   the body (title, content, audience and recipient, publish time) and must change something; it keeps a title of 1
 *   to MAX_NOTICE_TITLE_LENGTH characters, a content that is not empty, a recipient exactly when the audience is one
 *   supplier or one customer, and a publish time;
 * - a rejection needs a reason (1 to MAX_NOTICE_REASON_LENGTH characters); an approval clears the last reason;
 * - a notice is read only while it is passed and enabled, by a reader in its audience (the one recipient, or
 *   anyone of the audience's kind), once per reader: `readerHasRead`, fed by the server from the log, decides for a
 *   broadcast; a single recipient's notice is read once;
 * - the read count is the number of `NoticeRead` facts, never more than once per reader.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context, event and the current configuration;
 * actions only assign.
 */

export const NOTICE_TYPES = ['system', 'help', 'new_order', 'renew_order'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
/** What staff write; the other two the system writes when an order is assigned or a renewal requested. */
export const STAFF_NOTICE_TYPES = ['system', 'help'] as const satisfies readonly NoticeType[];

/** Everyone, every supplier, every customer, or one supplier or one customer (the `recipient`). */
export const NOTICE_AUDIENCES = ['everyone', 'suppliers', 'customers', 'supplier', 'customer'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
export const SINGLE_AUDIENCES = ['supplier', 'customer'] as const satisfies readonly NoticeAudience[];

export type ReaderKind = 'supplier' | 'customer';
export interface NoticeReader {
  kind: ReaderKind;
  id: number;
}

export interface NoticeRecipient {
  id: number;
  name: string;
}

/** The order or renewal an automatic notice is about. */
export interface NoticeRef {
  kind: 'order' | 'renewal';
  id: number;
  orderNo: string;
}

export const MAX_NOTICE_TITLE_LENGTH = 100;
export const MAX_NOTICE_CONTENT_LENGTH = 50_000;
export const MAX_NOTICE_REASON_LENGTH = 200;

export interface NoticeBody {
  title: string;
  /** Sanitised HTML (src/contract/sanitizeHtml.ts). */
  content: string;
  audience: NoticeAudience;
  /** The one supplier or customer, for a single audience; null for a broadcast. */
  recipient: NoticeRecipient | null;
  /** When the apps show it: ISO time. */
  noticeTime: string;
}

export interface NoticeContext extends NoticeBody {
  type: NoticeType;
  ref: NoticeRef | null;
  /** The reason of the latest rejection, cleared by an approval. */
  auditFailedReason: string | null;
  readCount: number;
  /**
   * Whether the reader of the `NoticeRead` being decided has read this notice before: a fact about the log, fed by
   * the server before deciding (one reader of a broadcast among many), never stored with the notice.
   */
  readerHasRead: boolean;
}

/** What an edit changes: any of the body's fields. */
export type NoticeChanges = Partial<NoticeBody>;

/** The facts the log stores for a notice, which are the machine's events. */
export type NoticeFact =
  | { type: 'NoticeEdited'; data: { changes: NoticeChanges } }
  | { type: 'NoticeApproved'; data: Record<string, never> }
  | { type: 'NoticeRejected'; data: Record<string, never>; reason: string }
  | { type: 'NoticeEnabled'; data: Record<string, never> }
  | { type: 'NoticeClosed'; data: Record<string, never> }
  | { type: 'NoticeRead'; data: { reader: NoticeReader } };

export function isStaffNoticeType(type: unknown): type is (typeof STAFF_NOTICE_TYPES)[number] {
  return (STAFF_NOTICE_TYPES as readonly unknown[]).includes(type);
}

export function isSingleAudience(audience: NoticeAudience): boolean {
  return (SINGLE_AUDIENCES as readonly string[]).includes(audience);
}

export function isValidNoticeReason(reason: unknown): reason is string {
  return (
    typeof reason === 'string' &&
    hasVisibleText(reason) &&
    textLength(reason.trim()) <= MAX_NOTICE_REASON_LENGTH
  );
}

export function isValidNoticeTitle(title: unknown): title is string {
  return (
    typeof title === 'string' && hasVisibleText(title) && textLength(title.trim()) <= MAX_NOTICE_TITLE_LENGTH
  );
}

/** Content with something a person reads: text, or an image or a video. */
export function isValidNoticeContent(content: unknown): content is string {
  if (typeof content !== 'string' || textLength(content) > MAX_NOTICE_CONTENT_LENGTH) return false;
  return hasVisibleContent(content);
}

/** A recipient exactly when the audience is one supplier or one customer. */
export function isValidAudience(audience: unknown, recipient: NoticeRecipient | null | undefined): boolean {
  if (!(NOTICE_AUDIENCES as readonly unknown[]).includes(audience)) return false;
  return isSingleAudience(audience as NoticeAudience) === (recipient != null);
}

/** Whether a reader of this kind and id is in the notice's audience. */
export function isInAudience(
  notice: Pick<NoticeBody, 'audience' | 'recipient'>,
  reader: NoticeReader,
): boolean {
  switch (notice.audience) {
    case 'everyone':
      return true;
    case 'suppliers':
      return reader.kind === 'supplier';
    case 'customers':
      return reader.kind === 'customer';
    case 'supplier':
    case 'customer':
      return reader.kind === notice.audience && reader.id === notice.recipient?.id;
  }
}

/** What an edit may change: the body, never the type, reference, audit reason or read count. */
const NOTICE_BODY_FIELDS: readonly (keyof NoticeBody)[] = [
  'title',
  'content',
  'audience',
  'recipient',
  'noticeTime',
];

/** The body fields of `changes` given (not undefined) whose value differs from the notice's. */
export function changedNoticeFields(context: NoticeBody, changes: NoticeChanges): (keyof NoticeBody)[] {
  return (Object.keys(changes) as (keyof NoticeBody)[]).filter(
    (field) =>
      NOTICE_BODY_FIELDS.includes(field) &&
      changes[field] !== undefined &&
      JSON.stringify(changes[field]) !== JSON.stringify(context[field]),
  );
}

function edited(context: NoticeBody, changes: NoticeChanges): NoticeBody {
  const next = { ...context };
  for (const field of changedNoticeFields(context, changes))
    (next as Record<string, unknown>)[field] = changes[field];
  return next;
}

/** Whether the notice an edit leaves is still a valid one. */
export function isValidNoticeBody(body: NoticeBody): boolean {
  return (
    isValidNoticeTitle(body.title) &&
    isValidNoticeContent(body.content) &&
    isValidAudience(body.audience, body.recipient) &&
    !Number.isNaN(Date.parse(body.noticeTime))
  );
}

export const noticeMachine = setup({
  types: {
    context: {} as NoticeContext,
    events: {} as NoticeFact,
  },
  guards: {
    isStaffNotice: ({ context }) => isStaffNoticeType(context.type),
    hasChanges: ({ context, event }) =>
      event.type === 'NoticeEdited' && changedNoticeFields(context, event.data.changes).length > 0,
    leavesValidNotice: ({ context, event }) =>
      event.type === 'NoticeEdited' && isValidNoticeBody(edited(context, event.data.changes)),
    hasReason: ({ event }) => event.type === 'NoticeRejected' && isValidNoticeReason(event.reason),
    isPublished: and([stateIn('#notice.audit.passed'), stateIn('#notice.enablement.enabled')]),
    readerInAudience: ({ context, event }) =>
      event.type === 'NoticeRead' && isInAudience(context, event.data.reader),
    notReadYet: ({ context }) =>
      isSingleAudience(context.audience) ? context.readCount === 0 : !context.readerHasRead,
  },
  actions: {
    applyEdit: assign(({ context, event }) =>
      event.type === 'NoticeEdited' ? edited(context, event.data.changes) : {},
    ),
    recordRejection: assign({
      auditFailedReason: ({ event }) => (event.type === 'NoticeRejected' ? event.reason.trim() : null),
    }),
    clearRejection: assign({ auditFailedReason: null }),
    countRead: assign({ readCount: ({ context }) => context.readCount + 1 }),
  },
}).createMachine({
  id: 'notice',
  type: 'parallel',
  context: {
    type: 'system',
    title: '',
    content: '',
    audience: 'everyone',
    recipient: null,
    noticeTime: new Date(0).toISOString(),
    ref: null,
    auditFailedReason: null,
    readCount: 0,
    readerHasRead: false,
  },
  on: {
    NoticeRead: { guard: and(['isPublished', 'readerInAudience', 'notReadYet']), actions: 'countRead' },
  },
  states: {
    audit: {
      initial: 'waitingAudit',
      states: {
        waitingAudit: {
          on: {
            NoticeApproved: { target: 'passed', actions: 'clearRejection' },
            NoticeRejected: { guard: 'hasReason', target: 'rejected', actions: 'recordRejection' },
            NoticeEdited: {
              guard: and(['isStaffNotice', 'hasChanges', 'leavesValidNotice']),
              actions: 'applyEdit',
            },
          },
        },
        passed: {},
        rejected: {
          on: {
            NoticeEdited: {
              guard: and(['isStaffNotice', 'hasChanges', 'leavesValidNotice']),
              target: 'waitingAudit',
              actions: 'applyEdit',
            },
          },
        },
      },
    },
    enablement: {
      initial: 'enabled',
      states: {
        enabled: { on: { NoticeClosed: 'closed' } },
        closed: { on: { NoticeEnabled: 'enabled' } },
      },
    },
  },
});
