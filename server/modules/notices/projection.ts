import type { Selectable } from 'kysely';
import type { NoticeDto } from '../../../src/contract/notices.schema';
import {
  noticeSnapshot,
  noticeStatusOf,
  type NoticeAuditState,
  type NoticeSnapshot,
} from '../../../src/machines/lifecycles/noticeLifecycle';
import {
  isSingleAudience,
  type NoticeAudience,
  type NoticeRef,
  type NoticeType,
} from '../../../src/machines/lifecycles/noticeMachine';
import { fromJsonb, toJsonb, type Jsonb, type Timestamp } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/** The notices read model: one row per notice, SPEC §3's fields, with its audience and read count. */

export interface NoticesTable extends RecordColumns {
  type: NoticeType;
  audience: NoticeAudience;
  to_user_id: number | null;
  to_user_name: string | null;
  title: string;
  content: string;
  notice_time: Timestamp;
  is_read: boolean;
  read_count: number;
  audit_state: NoticeAuditState;
  audit_failed_reason: string | null;
  is_enabled: boolean;
  ref: Jsonb<NoticeRef> | null;
}

declare module '../../db/schema' {
  interface Database {
    notices: NoticesTable;
  }
}

export type NoticeRow = Selectable<NoticesTable>;

/** A jsonb column as the driver reads it (parsed), or as `row()` hands it on (the JSON text it writes). */
function refOf(value: unknown): NoticeRef | null {
  if (value === null || value === undefined) return null;
  return fromJsonb<NoticeRef>(value);
}

export const noticeProjection = tableProjection<NoticeSnapshot>({
  table: 'notices',
  toRow: (s) => {
    const c = s.context;
    return {
      type: c.type,
      audience: c.audience,
      to_user_id: c.recipient?.id ?? null,
      to_user_name: c.recipient?.name ?? null,
      title: c.title,
      content: c.content,
      notice_time: new Date(c.noticeTime),
      is_read: c.readCount > 0,
      read_count: c.readCount,
      audit_failed_reason: c.auditFailedReason,
      ref: c.ref ? toJsonb(c.ref) : null,
      ...noticeStatusOf(s),
    };
  },
  fromRow: (row: NoticeRow) =>
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
        noticeTime: new Date(row.notice_time).toISOString(),
        ref: refOf(row.ref),
        auditFailedReason: row.audit_failed_reason,
        readCount: row.read_count,
      },
    ),
});

export function noticeToApi(row: Record<string, unknown>): NoticeDto {
  const r = row as unknown as NoticeRow & { audience_size?: number };
  return {
    id: r.id,
    version: r.version,
    type: r.type,
    from_user_id: r.created_by,
    audience: r.audience,
    to_user_id: r.to_user_id,
    to_user_name: r.to_user_name,
    title: r.title,
    content: r.content,
    notice_time: new Date(r.notice_time).toISOString(),
    is_read: r.is_read,
    read_count: r.read_count,
    ...(r.audience_size !== undefined ? { audience_size: Number(r.audience_size) } : {}),
    audit_state: r.audit_state,
    audit_failed_reason: r.audit_failed_reason,
    is_enabled: r.is_enabled,
    ref: refOf(r.ref),
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
