import type { ListSpec } from './list';

/** Projects: the list as both sides query it (src/contract/list.ts). */
export const PROJECT_LIST = {
  filters: {
    is_display: { kind: 'boolean' },
    is_enabled: { kind: 'boolean' },
    kind: { kind: 'enum', values: ['normal', 'renewable'] },
  },
  search: { columns: ['project_name', 'summary'], maxLength: 100 },
  sorts: {
    ranking: { order: 'asc' },
    created_at: { order: 'desc' },
    min_price: { column: 'min_price_fen', order: 'desc' },
  },
  defaultSort: 'ranking',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { ProjectDto } from './projects.schema';
