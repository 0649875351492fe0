import type { ActivityDto } from '@/contract/activities';
import { entityApi, uploadFile } from './entityApi';

/** Activities: the kit's routes (entityApi.ts). */
export const activitiesApi = entityApi<ActivityDto>('/api/activities', 'activity');

/** An image of an activity: its cover, or one its content shows. */
export function uploadActivityImage(
  file: Blob,
  usage: 'activity_cover' | 'activity_rich_text',
): Promise<string> {
  return uploadFile(file, usage);
}
