import type { ServiceCityDto, ServiceCityListItem } from '@/contract/serviceCities';
import { entityApi, listAll } from './entityApi';

/** The service cities API: the kit's routes (entityApi.ts), and every city name across pages. */
export const serviceCitiesApi = entityApi<ServiceCityDto, ServiceCityListItem>('/api/service-cities', 'city');

/** Every city name matching a filter, in the list's order. */
export async function listAllServiceCityNames(filter: Record<string, string>): Promise<string[]> {
  return (await listAll(serviceCitiesApi, filter)).map((c) => c.name);
}

/** The names of every open (enabled) service city, by ranking: what a supplier's city may be. */
export const listOpenServiceCityNames = () =>
  listAllServiceCityNames({ is_enabled: 'true', sort: 'ranking' });
