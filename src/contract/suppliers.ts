import type { ListSpec } from './list';

/** Suppliers: the list as both sides query it (src/contract/list.ts). */
export const SUPPLIER_LIST = {
  filters: {
    audit_state: { kind: 'enum', values: ['waiting_audit', 'pass', 'reject'] },
    city: { kind: 'text', maxLength: 100 },
    is_enabled: { kind: 'boolean' },
  },
  search: { words: ['name', 'real_name'], prefix: ['mobile', 'id_card_no'], maxLength: 100 },
  tabs: { column: 'state', values: ['taking_orders', 'servicing', 'resting'] },
  sorts: {
    ranking: { order: 'asc' },
    created_at: { order: 'desc' },
    order_num: { order: 'desc' },
  },
  defaultSort: 'ranking',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { SupplierDto, SupplierProfileDto } from './suppliers.schema';
