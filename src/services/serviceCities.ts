import type { ServiceCityDto } from '@/contract/serviceCities';
import { entityApi } from './entityApi';

/** The service cities API: the kit's routes (entityApi.ts), and every city name across pages. */
export const serviceCitiesApi = entityApi<ServiceCityDto>('/api/service-cities', 'city');

/** Every city name matching a filter, in the list's order, reading page after page. */
export async function listAllServiceCityNames(filter: Record<string, string>): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const result = await serviceCitiesApi.list({ ...filter, page: String(page), page_size: '100' });
    names.push(...result.items.map((c) => c.name));
    if (result.items.length === 0 || names.length >= result.total) return names;
  }
}

/** The names of every open (enabled) service city, by ranking: what a supplier's city may be. */
export const listOpenServiceCityNames = () =>
  listAllServiceCityNames({ is_enabled: 'true', sort: 'ranking' });
