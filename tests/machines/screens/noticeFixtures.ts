import type { NoticeDto } from '@/contract/notices';

/** A help notice to every customer, written by staff, waiting for audit. */
export const noticeRow = (o: Partial<NoticeDto> = {}): NoticeDto => ({
  id: 11,
  version: 1,
  type: 'help',
  from_user_id: 2,
  audience: 'customers',
  to_user_id: null,
  to_user_name: null,
  title: 'How refunds work',
  content: '<p>A refund goes to your wallet.</p>',
  notice_time: '2026-11-20T09:30:00.000Z',
  is_read: false,
  read_count: 0,
  audit_state: 'waiting_audit',
  audit_failed_reason: null,
  is_enabled: true,
  ref: null,
  created_by: 2,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...o,
});
