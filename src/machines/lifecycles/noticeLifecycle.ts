import type { SnapshotFrom } from 'xstate';
import { defineLifecycle } from './lifecycle';
import {
  MAX_NOTICE_CONTENT_LENGTH,
  MAX_NOTICE_REASON_LENGTH,
  MAX_NOTICE_TITLE_LENGTH,
  changedNoticeFields,
  isInAudience,
  isSingleAudience,
  isStaffNoticeType,
  noticeMachine,
  type NoticeBody,
  type NoticeChanges,
  type NoticeReader,
  type NoticeRef,
  type NoticeType,
} from './noticeMachine';

/**
 * The notice lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat status the
 * projection keeps, and the words for a refusal. The rules are the machine's guards (noticeMachine.ts).
 */

export type NoticeSnapshot = SnapshotFrom<typeof noticeMachine>;

export const NOTICE_STREAM = 'notice';
export const NOTICE_WRITTEN = 'NoticeWritten';

export type NoticeCommand =
  | { type: 'notice.approve' }
  | { type: 'notice.reject'; reason: string }
  | { type: 'notice.edit'; changes: NoticeChanges }
  | { type: 'notice.enable' }
  | { type: 'notice.close' }
  | { type: 'notice.markRead'; reader: NoticeReader };

export type NoticeCommandType = NoticeCommand['type'];

/**
 * The data of `NoticeWritten`: a staff notice waits for audit; one the system writes starts passed. (`noticeType`,
 * not `type`: a command's `type` is its name.)
 */
export interface NoticeCreation extends NoticeBody {
  noticeType: NoticeType;
  ref?: NoticeRef | null;
}

export type NoticeAuditState = 'waiting_audit' | 'pass' | 'reject';
export const NOTICE_AUDIT_STATES: readonly NoticeAuditState[] = ['waiting_audit', 'pass', 'reject'];

/** The flat status the projection keeps (SPEC §3's audit_state and is_enabled). */
export interface NoticeStatus {
  audit_state: NoticeAuditState;
  is_enabled: boolean;
}

export function noticeStatusOf(snapshot: NoticeSnapshot): NoticeStatus {
  const audit_state = snapshot.matches({ audit: 'passed' })
    ? 'pass'
    : snapshot.matches({ audit: 'rejected' })
      ? 'reject'
      : 'waiting_audit';
  return { audit_state, is_enabled: snapshot.matches({ enablement: 'enabled' }) };
}

const AUDIT_VALUE = { waiting_audit: 'waitingAudit', pass: 'passed', reject: 'rejected' } as const;

/** The snapshot of a notice as the projection stores it. */
export function noticeSnapshot(
  status: NoticeStatus,
  context: Omit<NoticeSnapshot['context'], 'readerHasRead'> & { readerHasRead?: boolean },
): NoticeSnapshot {
  return noticeMachine.resolveState({
    value: {
      audit: AUDIT_VALUE[status.audit_state],
      enablement: status.is_enabled ? 'enabled' : 'closed',
    },
    context: { ...context, readerHasRead: context.readerHasRead ?? false },
  });
}

function describe(snapshot: NoticeSnapshot): string {
  const { audit_state, is_enabled } = noticeStatusOf(snapshot);
  const audit = { waiting_audit: 'waiting for audit', pass: 'passed', reject: 'rejected' }[audit_state];
  return `${audit}, ${is_enabled ? 'enabled' : 'closed'}`;
}

export const NOTICE_ACTION_LABEL: Record<NoticeCommandType, string> = {
  'notice.approve': 'approve this notice',
  'notice.reject': 'reject this notice',
  'notice.edit': 'edit this notice',
  'notice.enable': 'enable this notice',
  'notice.close': 'close this notice',
  'notice.markRead': 'mark this notice read',
};

export const NOTICE_REASON_TEXT = {
  notWaiting: 'only a notice waiting for audit is approved or rejected',
  reasonRequired: `a reason of 1 to ${MAX_NOTICE_REASON_LENGTH} characters is required`,
  automatic: 'the system writes order notices; they are not edited',
  passedNoEdit: 'a passed notice is not edited; close it and write a new one',
  noChanges: 'nothing changed',
  invalidEdit: `a notice keeps a title of 1 to ${MAX_NOTICE_TITLE_LENGTH} characters, a content that is not empty, of at most ${MAX_NOTICE_CONTENT_LENGTH} characters with its formatting, a valid audience and a publish time`,
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  notPublished: 'only a passed, enabled notice is read',
  notInAudience: 'the reader is not in its audience',
  alreadyRead: 'this reader has read it already',
  notAllowed: 'the action is not possible in this state',
} as const;

export type NoticeRefusal = keyof typeof NOTICE_REASON_TEXT;

export function noticeRefusalReason(snapshot: NoticeSnapshot, command: NoticeCommand): NoticeRefusal {
  const { audit_state, is_enabled } = noticeStatusOf(snapshot);
  const c = snapshot.context;
  switch (command.type) {
    case 'notice.approve':
      return 'notWaiting';
    case 'notice.reject':
      return audit_state !== 'waiting_audit' ? 'notWaiting' : 'reasonRequired';
    case 'notice.edit':
      if (!isStaffNoticeType(c.type)) return 'automatic';
      if (audit_state === 'pass') return 'passedNoEdit';
      return changedNoticeFields(c, command.changes ?? {}).length === 0 ? 'noChanges' : 'invalidEdit';
    case 'notice.enable':
      return is_enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'notice.close':
      return is_enabled ? 'notAllowed' : 'alreadyClosed';
    case 'notice.markRead':
      if (audit_state !== 'pass' || !is_enabled) return 'notPublished';
      return isInAudience(c, command.reader) ? 'alreadyRead' : 'notInAudience';
  }
}

export const noticeLifecycle = defineLifecycle<typeof noticeMachine, NoticeCommand, NoticeCreation>({
  name: 'notice',
  stream: NOTICE_STREAM,
  machine: noticeMachine,
  createdFact: NOTICE_WRITTEN,
  start: (data) =>
    noticeSnapshot(
      { audit_state: isStaffNoticeType(data.noticeType) ? 'waiting_audit' : 'pass', is_enabled: true },
      {
        type: data.noticeType,
        title: data.title,
        content: data.content,
        audience: data.audience,
        recipient: data.recipient ?? null,
        noticeTime: data.noticeTime,
        ref: data.ref ?? null,
        auditFailedReason: null,
        readCount: 0,
      },
    ),
  facts: {
    'notice.approve': () => [{ type: 'NoticeApproved', data: {} }],
    'notice.reject': (command) => [
      { type: 'NoticeRejected', data: {}, reason: String(command.reason ?? '').trim() },
    ],
    // Only what really changes, with the previous values, so history reads "from → to".
    'notice.edit': (command, snapshot) => {
      const changes: Record<string, unknown> = {};
      const previous: Record<string, unknown> = {};
      for (const field of changedNoticeFields(snapshot.context, command.changes ?? {})) {
        changes[field] = command.changes[field];
        previous[field] = snapshot.context[field];
      }
      return [{ type: 'NoticeEdited', data: { changes, previous } }];
    },
    'notice.enable': () => [{ type: 'NoticeEnabled', data: {} }],
    'notice.close': () => [{ type: 'NoticeClosed', data: {} }],
    'notice.markRead': (command) => [
      { type: 'NoticeRead', data: { reader: { kind: command.reader.kind, id: command.reader.id } } },
    ],
  },
  reasonPrefix: 'notice.reason',
  reasons: NOTICE_REASON_TEXT,
  inputReasons: { reasonRequired: 'reason' },
  actionLabels: NOTICE_ACTION_LABEL,
  describe,
  explain: noticeRefusalReason,
  sample: (type, snapshot) => {
    const c = snapshot.context;
    switch (type) {
      case 'notice.reject':
        return { type, reason: 'reason' };
      case 'notice.edit':
        return { type, changes: { title: c.title.length > 1 ? c.title.slice(0, -1) : `${c.title}.` } };
      case 'notice.markRead':
        return {
          type,
          reader:
            isSingleAudience(c.audience) && c.recipient
              ? { kind: c.audience as 'supplier' | 'customer', id: c.recipient.id }
              : { kind: c.audience === 'customers' ? 'customer' : 'supplier', id: 0 },
        };
      default:
        return { type } as NoticeCommand;
    }
  },
});
