import type { OrderDto, RefundDto, RenewalDto } from '@/contract/orders';
import { entityApi } from './entityApi';
import { request } from './http';

/** Orders, renewals and refunds: the kit's routes (entityApi.ts), the suppliers an order can go to, a staff refund. */
export const ordersApi = entityApi<OrderDto>('/api/orders', 'order');
export const renewalsApi = entityApi<RenewalDto>('/api/renewals', 'renewal');
export const refundsApi = entityApi<RefundDto>('/api/refunds', 'refund');

export interface CandidateDto {
  id: number;
  name: string;
  mobile: string;
  order_num: number;
}

/** The suppliers who could take order `id` now (audited, enabled, taking orders, in its city), by name or mobile. */
export function listCandidates(id: number, q = ''): Promise<CandidateDto[]> {
  return request({
    quietErrors: true,
    method: 'GET',
    url: `/api/orders/${id}/candidates`,
    params: q ? { q } : {},
  });
}

/** Staff ask for a refund of an order or a renewal (a reason is required of staff). */
export function requestRefund(body: {
  kind: 'order' | 'renewal';
  target_id: number;
  amount_fen: number;
  reason: string;
}): Promise<RefundDto> {
  return refundsApi.create(body);
}
