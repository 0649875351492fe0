import type { HistoryEntry, ListResult } from '@/contract/api';
import type { SupplierDto } from '@/contract/suppliers';
import { ApiError } from '@/services/http';
import { validProfile } from '../lifecycles/supplierFixtures';

export function supplierRow(overrides: Partial<SupplierDto> = {}): SupplierDto {
  return {
    ...validProfile(),
    id: 1,
    version: 1,
    order_num: 0,
    state: null,
    is_enabled: true,
    is_display: false,
    audit_state: 'waiting_audit',
    audit_failed_reason: null,
    ranking: 0,
    created_by: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const listResult: ListResult<SupplierDto> = {
  items: [
    supplierRow(),
    supplierRow({
      id: 2,
      name: 'Second',
      audit_state: 'pass',
      state: 'resting',
      is_enabled: false,
      version: 3,
    }),
  ],
  total: 2,
  page: 1,
  page_size: 20,
  counts: { all: 2, taking_orders: 0, servicing: 0, resting: 1 },
};

export const history: HistoryEntry[] = [
  {
    version: 1,
    type: 'SupplierRegistered',
    data: {},
    reason: null,
    occurred_at: '2026-01-01T00:00:00.000Z',
    actor: { id: 1, role: 'user', name: 'Staff', email: 'staff@example.com' },
  },
];

export const conflictError = new ApiError('changed by someone else', 40901, 409);
export const refusedError = new ApiError('Cannot approve this supplier while it is rejected', 40902, 409);
export const networkError = new ApiError('Request Error', undefined, 0);
export const notFoundError = new ApiError('Supplier 1 not found.', 404, 404);
