import type { NoticeDto } from '@/contract/notices';
import { entityApi, uploadFile } from './entityApi';

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
