import type { ListSpec } from './list';
import type { ProjectDto } from './projects.schema';

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
  // The list's columns (src/views/project/ProjectListPage.tsx) and what its switches decide on; not the carousel nor
  // the three rich texts (up to 100,000 characters each), which the edit page reads with the record. The prices are
  // yuan text, as in the record.
  items: [
    'id',
    'version',
    'project_name',
    'cover',
    'summary',
    'min_price',
    'max_price',
    'duration',
    'kind',
    'renewal_unit',
    'renewal_unit_price',
    'ranking',
    'is_display',
    'is_enabled',
    'created_at',
  ],
} as const satisfies ListSpec;

export type { ProjectDto } from './projects.schema';

/** A project as the list gives it: the fields its screen shows (`PROJECT_LIST.items`). */
export type ProjectListItem = Pick<ProjectDto, (typeof PROJECT_LIST.items)[number]>;
