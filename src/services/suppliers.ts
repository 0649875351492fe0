import type { SupplierDto, SupplierListItem } from '@/contract/suppliers';
import { entityApi } from './entityApi';
import { request } from './http';

/** The suppliers API: the kit's routes (entityApi.ts) plus the cities suppliers are in, for the list filter. */
export const suppliersApi = entityApi<SupplierDto, SupplierListItem>('/api/suppliers', 'supplier');

export function listSupplierCities(): Promise<string[]> {
  return request({ method: 'GET', url: '/api/suppliers/cities' }); // the filter just lacks cities: say so globally
}
