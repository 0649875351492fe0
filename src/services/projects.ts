import type { ProjectDto } from '@/contract/projects';
import { entityApi } from './entityApi';

/** The projects API: the kit's routes (entityApi.ts). Prices travel as yuan text with two decimals. */
export const projectsApi = entityApi<ProjectDto>('/api/projects', 'project');
