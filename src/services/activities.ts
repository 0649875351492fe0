import type { ActivityDto } from '@/contract/activities';
import { entityApi, listAll, uploadFile } from './entityApi';
import { projectsApi } from './projects';

/** Activities: the kit's routes (entityApi.ts). */
export const activitiesApi = entityApi<ActivityDto>('/api/activities', 'activity');

/** An image of an activity: its cover, or one its content shows. */
export function uploadActivityImage(
  file: Blob,
  usage: 'activity_cover' | 'activity_rich_text',
): Promise<string> {
  return uploadFile(file, usage);
}

/** Every open project, id and name, in ranking order: what an activity may apply to. */
export async function listOpenProjects(): Promise<Array<{ id: number; name: string }>> {
  const projects = await listAll(projectsApi, { is_enabled: 'true', sort: 'ranking' });
  return projects.map((p) => ({ id: p.id, name: p.project_name }));
}
