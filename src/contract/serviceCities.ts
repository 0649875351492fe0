import type { ListSpec } from './list';

/** Service cities: the list as both sides query it (src/contract/list.ts). */
export const SERVICE_CITY_LIST = {
  filters: { is_enabled: { kind: 'boolean' } },
  search: { columns: ['name'], maxLength: 100 },
  sorts: {
    ranking: { order: 'asc' },
    name: { column: 'name_key', order: 'asc' },
    created_at: { order: 'desc' },
  },
  defaultSort: 'ranking',
  pageSize: { default: 20, max: 100 },
} as const satisfies ListSpec;

export type { ServiceCityDto } from './serviceCities.schema';
