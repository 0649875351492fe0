import { NOTICE_LIST, type NoticeDto } from '@/contract/notices';
import { noticeLifecycle, noticeSnapshot } from '@/machines/lifecycles/noticeLifecycle';
import {
  isSingleAudience,
  isValidAudience,
  isValidNoticeContent,
  isValidNoticeTitle,
  type NoticeAudience,
  type NoticeRecipient,
} from '@/machines/lifecycles/noticeMachine';
import { noticesApi, uploadNoticeImage } from '@/services/notices';
import type { DetailEntity, Form } from './detailScreenMachine';
import { isoOfLocal, localDateTimeOf, timeProblem } from './localTime';

export { isoOfLocal, localDateTimeOf };
import { formDetail, listFor } from './screenActors';

/**
 * The notice screens, declared on the screen kit: how a row is a lifecycle snapshot, the form (type, title,
 * audience with its one recipient, publish time, rich-text content) judged by the lifecycle's own rules
 * (noticeMachine.ts, the server's), what a save sends, and the calls.
 */

export interface NoticeForm {
  type: string;
  title: string;
  /** Rich text (HTML); the server sanitises it. */
  content: string;
  audience: string;
  /** The one supplier or customer (their id, as picked); '' for a broadcast. */
  recipient_id: string;
  /** When the apps show it, in the browser's time zone: `YYYY-MM-DDTHH:mm` (a datetime-local input's value). */
  notice_time: string;
}

/** The recipient a form names: a positive id for a single audience, else none. */
function recipientOf(form: NoticeForm): NoticeRecipient | null {
  if (!isSingleAudience(form.audience as NoticeAudience)) return null;
  const id = form.recipient_id.trim();
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? { id: Number(id), name: '' } : null;
}

export function emptyNoticeForm(now: Date = new Date()): NoticeForm {
  return {
    type: 'system',
    title: '',
    content: '',
    audience: 'everyone',
    recipient_id: '',
    notice_time: localDateTimeOf(now.toISOString()),
  };
}

export function formOfNotice(row: NoticeDto): NoticeForm {
  return {
    type: row.type,
    title: row.title,
    content: row.content,
    audience: row.audience,
    recipient_id: row.to_user_id === null ? '' : String(row.to_user_id),
    notice_time: localDateTimeOf(row.notice_time),
  };
}

/** field → i18n key of its problem: the lifecycle's rules for title, content and audience, and a real time. */
export function noticeProblems(form: NoticeForm): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!isValidNoticeTitle(form.title)) problems.title = 'notice.validation.title';
  if (!isValidNoticeContent(form.content)) problems.content = 'notice.validation.content';
  if (!isValidAudience(form.audience, recipientOf(form))) {
    if (isSingleAudience(form.audience as NoticeAudience))
      problems.recipient_id = `notice.form.recipientRequired.${form.audience}`;
    else problems.audience = 'notice.form.audienceInvalid';
  }
  const time = timeProblem(form.notice_time, 'notice.form.noticeTimeInvalid');
  if (time) problems.notice_time = time;
  return problems;
}

/**
 * What a save sends: a new notice's whole create body; for an edit only what changed (the title trimmed as the
 * server keeps it). A change of audience always says who the notice is for now (the one recipient, or nobody),
 * since the recipient belongs to the audience.
 */
export function noticeChanges(row: NoticeDto | null, form: NoticeForm): Record<string, unknown> {
  const single = isSingleAudience(form.audience as NoticeAudience);
  const recipient = recipientOf(form)?.id ?? null;
  const time = isoOfLocal(form.notice_time);
  if (!row) {
    return {
      type: form.type,
      title: form.title.trim(),
      content: form.content,
      audience: form.audience,
      ...(single ? { recipient_id: recipient } : {}),
      ...(time ? { notice_time: time } : {}),
    };
  }
  const before = formOfNotice(row);
  const changes: Record<string, unknown> = {};
  if (form.title.trim() !== before.title) changes.title = form.title.trim();
  if (form.content !== before.content) changes.content = form.content;
  if (form.audience !== before.audience) changes.audience = form.audience;
  if (form.audience !== before.audience || (single && form.recipient_id.trim() !== before.recipient_id))
    changes.recipient_id = single ? recipient : null;
  if (form.notice_time !== before.notice_time) changes.notice_time = time;
  return changes;
}

export const noticeScreen: DetailEntity<NoticeDto> = {
  lifecycle: noticeLifecycle,
  snapshotOf: (row) =>
    noticeSnapshot(
      { audit_state: row.audit_state, is_enabled: row.is_enabled },
      {
        type: row.type,
        title: row.title,
        content: row.content,
        audience: row.audience,
        recipient:
          isSingleAudience(row.audience) && row.to_user_id !== null
            ? { id: row.to_user_id, name: row.to_user_name ?? '' }
            : null,
        noticeTime: row.notice_time,
        ref: row.ref,
        auditFailedReason: row.audit_failed_reason,
        readCount: row.read_count,
      },
    ),
  labelOf: (row) => row.title,
  emptyForm: () => emptyNoticeForm() as unknown as Form,
  formOf: (row) => formOfNotice(row) as unknown as Form,
  problems: (form) => noticeProblems(form as unknown as NoticeForm),
  // A recipient is one of the audience: another audience drops them, and a rebase keeps them only beside theirs.
  belongsTo: { recipient_id: 'audience' },
  changes: (row, form) => noticeChanges(row, form as unknown as NoticeForm),
};

/**
 * The title of a notice the system wrote, in the reader's language, from what it is about (`ref`); null for a
 * staff notice, whose title is what staff typed.
 */
export function automaticTitle(
  row: Pick<NoticeDto, 'ref'>,
): { key: string; values: { orderNo: string } } | null {
  if (!row.ref) return null;
  return {
    key: row.ref.kind === 'order' ? 'notice.auto.newOrder' : 'notice.auto.renewOrder',
    values: { orderNo: row.ref.orderNo },
  };
}

/** Where the order or renewal an automatic notice is about is shown: the order's page, or its renewals. */
export function refLinkOf(row: Pick<NoticeDto, 'ref'>): string | null {
  if (!row.ref) return null;
  return row.ref.kind === 'order'
    ? `/order/detail?id=${row.ref.id}`
    : `/order/renew?q=${encodeURIComponent(row.ref.orderNo)}`;
}

export const NOTICE_SPEC = NOTICE_LIST;

export const noticeList = listFor(noticesApi);

export const noticeDetail = formDetail(noticesApi);

/** The rich-text editor's image upload (the editor calls it itself; no form state involved). */
export const uploadRichTextImage = uploadNoticeImage;
