import type { WorkplaceDto } from '@/contract/workplace';
import { request } from './http';

/** The starts of the periods the workplace compares, as ISO times. */
export interface WorkplaceStarts {
  today: string;
  yesterday: string;
  last_week: string;
}

export function getWorkplace(starts: WorkplaceStarts): Promise<WorkplaceDto> {
  return request<WorkplaceDto>({ method: 'GET', url: '/api/workplace', params: starts });
}
