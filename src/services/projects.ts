import type { ProjectDto, ProjectListItem } from '@/contract/projects';
import { entityApi, listAll } from './entityApi';

/** The projects API: the kit's routes (entityApi.ts). Prices travel as yuan text with two decimals. */
export const projectsApi = entityApi<ProjectDto, ProjectListItem>('/api/projects', 'project');

/** The projects matching `filter`, id and name, in ranking order. */
async function listProjectNames(
  filter: Record<string, string>,
): Promise<Array<{ id: number; name: string }>> {
  const projects = await listAll(projectsApi, { ...filter, sort: 'ranking' });
  return projects.map((p) => ({ id: p.id, name: p.project_name }));
}

/** Every open project: what an activity may apply to. */
export const listOpenProjects = () => listProjectNames({ is_enabled: 'true' });

/** Every project, open or closed: what an order's project filter offers. */
export const listAllProjects = () => listProjectNames({});
