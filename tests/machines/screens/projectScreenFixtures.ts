import { ApiError } from '@/services/http';
import type { ProjectDto, ProjectHistoryEntry, ProjectListResult } from '@/services/projects';

export function projectRow(overrides: Partial<ProjectDto> = {}): ProjectDto {
  return {
    id: 1,
    version: 1,
    project_name: 'Deep home cleaning',
    cover: '/uploads/cover.png',
    carouse_covers: ['/uploads/c1.png', '/uploads/c2.png', '/uploads/c3.png'],
    summary: 'Three hours, two cleaners.',
    min_price: '199.00',
    max_price: '299.00',
    duration: 180,
    intro: '<p>intro</p>',
    avoid: '',
    order_instruction: '',
    ranking: 0,
    is_display: false,
    is_enabled: true,
    created_by: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const listResult: ProjectListResult = {
  items: [projectRow(), projectRow({ id: 2, project_name: 'Second', is_enabled: false, version: 3 })],
  total: 2,
  page: 1,
  page_size: 10,
};

export const history: ProjectHistoryEntry[] = [
  {
    version: 1,
    type: 'ProjectCreated',
    data: {},
    reason: null,
    occurred_at: '2026-01-01T00:00:00.000Z',
    actor: { id: 1, role: 'admin', name: 'Admin', email: 'admin@example.com' },
  },
];

export const conflictError = new ApiError('changed by someone else', 40901, 409);
export const refusedError = new ApiError('Cannot show this project while it is closed', 40902, 409);
export const networkError = new ApiError('Request Error', undefined, 0);
