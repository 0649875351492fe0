import type { ListSpec } from './list';

/** Notices (/notice/list): the list as both sides query it (src/contract/list.ts). SPEC §4's tabs are the types. */
export const NOTICE_LIST = {
  filters: {
    audit_state: { kind: 'enum', values: ['waiting_audit', 'pass', 'reject'] },
    is_enabled: { kind: 'boolean' },
    audience: { kind: 'enum', values: ['everyone', 'suppliers', 'customers', 'supplier', 'customer'] },
    to_user_id: { kind: 'id' },
    /** Who wrote it (the staff member; the system's order notices have none). */
    from_user_id: { kind: 'id', column: 'created_by' },
    notice_time: { kind: 'range', type: 'date' },
  },
  search: { columns: ['title'], maxLength: 100 },
  tabs: { column: 'type', values: ['system', 'help', 'new_order', 'renew_order'] },
  sorts: {
    notice_time: { order: 'desc' },
    created_at: { order: 'desc' },
    read_count: { order: 'desc' },
  },
  defaultSort: 'notice_time',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { NoticeDto } from './notices.schema';
