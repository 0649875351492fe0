import type { NoticeDto } from '@/contract/notices';
import { entityApi, uploadFile } from './entityApi';
import { customersApi } from './customers';
import { suppliersApi } from './suppliers';

/** Notices: the kit's routes (entityApi.ts); the navbar bell's count is the total of one filtered page. */
export const noticesApi = entityApi<NoticeDto>('/api/notices', 'notice');

/** How many notices are in `auditState` (one row asked for: only the total is read). */
export async function countNotices(query: Record<string, string>): Promise<number> {
  const page = await noticesApi.list({ ...query, page_size: '1' });
  return page.total;
}

/** An image the notice editor inserts (the editor calls it itself). */
export function uploadNoticeImage(file: Blob): Promise<string> {
  return uploadFile(file, 'notice_rich_text');
}

/** Whom a notice to one reader is for. */
export type RecipientKind = 'supplier' | 'customer';

/** A supplier or customer a notice may be written to, as the recipient picker lists them. */
export interface RecipientOption {
  id: number;
  name: string;
  /** Unknown ('') for the recipient a stored notice names: the notice keeps the name only. */
  mobile: string;
  city: string;
}

/**
 * The first `limit` suppliers or customers matching `q` (a word of the name, the start of the mobile; the lists'
 * own search), in their lists' order.
 */
export async function searchRecipients(
  kind: RecipientKind,
  q: string,
  limit: number,
  signal?: AbortSignal,
): Promise<RecipientOption[]> {
  const api = kind === 'supplier' ? suppliersApi : customersApi;
  const page = await api.list({ q, page_size: String(limit) }, signal);
  return page.items.map(({ id, name, mobile, city }) => ({ id, name, mobile, city }));
}
