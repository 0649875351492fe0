import type { ListSpec } from './list';
import type { SupplierDto } from './suppliers.schema';

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
  // The list's columns and what its actions decide on (src/views/supply/SupplyListPage.tsx): not the profile's
  // pictures, texts and identity papers, which the edit page reads with the record.
  items: [
    'id',
    'version',
    'name',
    'real_name',
    'mobile',
    'city',
    'state',
    'audit_state',
    'is_enabled',
    'is_display',
    'ranking',
    'order_num',
    'created_at',
  ],
} as const satisfies ListSpec;

export type { SupplierDto, SupplierProfileDto } from './suppliers.schema';

/** A supplier as the list gives it: the fields its screen shows (`SUPPLIER_LIST.items`). */
export type SupplierListItem = Pick<SupplierDto, (typeof SUPPLIER_LIST.items)[number]>;
