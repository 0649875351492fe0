import type { ListSpec } from './list';

/** Feedback (/feedback/feedbacklist): the list as both sides query it (src/contract/list.ts). */
export const FEEDBACK_LIST = {
  filters: {
    kind: { kind: 'enum', values: ['complaint', 'suggestion', 'bug', 'other'] },
    from_kind: { kind: 'enum', values: ['customer', 'supplier'] },
    supplier_id: { kind: 'id' },
    order_id: { kind: 'id' },
    submitted: { kind: 'range', type: 'date', column: 'created_at' },
  },
  search: { columns: ['content', 'from_name', 'supplier_name'], prefix: ['order_no'], maxLength: 100 },
  tabs: { column: 'state', values: ['pending', 'replied', 'resolved'] },
  sorts: {
    created_at: { order: 'desc' },
    updated_at: { order: 'desc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { FeedbackDto } from './feedback.schema';
