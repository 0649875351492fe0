import type { CustomerDto, LedgerEntryDto } from '@/contract/customers';
import { entityApi } from './entityApi';
import { request } from './http';

/** Customer accounts: the kit's routes (entityApi.ts) and the wallet's ledger. */
export const customersApi = entityApi<CustomerDto>('/api/customers', 'customer');

export interface LedgerPage {
  items: LedgerEntryDto[];
  total: number;
  page: number;
  page_size: number;
}

/** One page of a wallet's ledger, newest first; each entry with the balance it left. */
export function getLedger(id: number, page = 1): Promise<LedgerPage> {
  return request({ quietErrors: true, method: 'GET', url: `/api/customers/${id}/ledger`, params: { page } });
}
