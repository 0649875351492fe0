import type { ProjectDto } from '@/contract/projects';
import { entityApi, listAll } from './entityApi';

/** The projects API: the kit's routes (entityApi.ts). Prices travel as yuan text with two decimals. */
export const projectsApi = entityApi<ProjectDto>('/api/projects', 'project');

/** Every open project, id and name, in ranking order: what an activity may apply to. */
export async function listOpenProjects(): Promise<Array<{ id: number; name: string }>> {
  const projects = await listAll(projectsApi, { is_enabled: 'true', sort: 'ranking' });
  return projects.map((p) => ({ id: p.id, name: p.project_name }));
}

/** Every project, open or closed, id and name, in ranking order: what an order's project filter offers. */
export async function listAllProjects(): Promise<Array<{ id: number; name: string }>> {
  const projects = await listAll(projectsApi, { sort: 'ranking' });
  return projects.map((p) => ({ id: p.id, name: p.project_name }));
}
