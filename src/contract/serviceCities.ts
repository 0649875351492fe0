import type { ListSpec } from './list';
import type { ServiceCityDto } from './serviceCities.schema';

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
  // The list's columns (src/views/system/ServiceCityPage.tsx) and what its actions decide on (a city in use by
  // suppliers is neither deleted nor renamed beyond its case): the supplier count is worked out by the statement.
  items: ['id', 'version', 'name', 'is_enabled', 'ranking', 'supplier_count', 'created_at'],
} as const satisfies ListSpec;

export type { ServiceCityDto } from './serviceCities.schema';

/** A service city as the list gives it (`SERVICE_CITY_LIST.items`). */
export type ServiceCityListItem = Pick<ServiceCityDto, (typeof SERVICE_CITY_LIST.items)[number]>;
