import type { ListSpec } from './list';

/** Customer accounts: the list as both sides query it (src/contract/list.ts). */
export const CUSTOMER_LIST = {
  filters: {
    city: { kind: 'text', maxLength: 100 },
    is_enabled: { kind: 'boolean' },
    balance: { kind: 'range', type: 'money', column: 'balance_fen' },
    registered: { kind: 'range', type: 'date', column: 'created_at' },
  },
  search: { words: ['name'], prefix: ['mobile'], maxLength: 100 },
  sorts: {
    created_at: { order: 'desc' },
    balance: { column: 'balance_fen', order: 'desc' },
    name: { order: 'asc' },
  },
  defaultSort: 'created_at',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { CustomerDto, LedgerEntryDto } from './customers.schema';
