import { request } from './http';

/**
 * The service cities API (docs/api.md, "Service cities"). Plain data in and out.
 *
 * Calls are quiet (`quietErrors`, no global error toast): the list and form screens show every failure inline
 * (load-failed state, the action callout, the conflict dialog), once.
 */

export type CitySort = 'ranking' | 'name' | 'created_at';

export interface ServiceCityDto {
  id: number;
  version: number;
  name: string;
  is_enabled: boolean;
  ranking: number;
  supplier_count?: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CityListQuery {
  q?: string;
  is_enabled?: '' | 'true' | 'false';
  sort?: CitySort;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface CityListResult {
  items: ServiceCityDto[];
  total: number;
  page: number;
  page_size: number;
}

export interface CityHistoryEntry {
  version: number;
  type: string;
  data: Record<string, unknown>;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
}

export interface CityFields {
  name: string;
  ranking: number;
  is_enabled: boolean;
}

export function listServiceCities(query: CityListQuery): Promise<CityListResult> {
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== '') params[k] = v as string | number;
  return request({ quietErrors: true, method: 'GET', url: '/api/service-cities', params });
}

/** The names of every service city matching `filter`, reading all pages (pickers must not stop at page one). */
export async function listAllServiceCityNames(
  filter: Pick<CityListQuery, 'is_enabled' | 'sort'>,
): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const result = await listServiceCities({ ...filter, page, page_size: 100 });
    names.push(...result.items.map((c) => c.name));
    if (result.items.length === 0 || names.length >= result.total) return names;
  }
}

/** The names of every open (enabled) service city, by ranking: what a supplier's city may be. */
export const listOpenServiceCityNames = () =>
  listAllServiceCityNames({ is_enabled: 'true', sort: 'ranking' });

export function getServiceCity(id: number): Promise<ServiceCityDto> {
  return request({ quietErrors: true, method: 'GET', url: `/api/service-cities/${id}` });
}

export function getServiceCityHistory(id: number): Promise<CityHistoryEntry[]> {
  return request({ quietErrors: true, method: 'GET', url: `/api/service-cities/${id}/events` });
}

export function createServiceCity(fields: CityFields): Promise<ServiceCityDto> {
  return request({ quietErrors: true, method: 'POST', url: '/api/service-cities', data: fields });
}

export async function updateServiceCity(
  id: number,
  changes: Partial<CityFields>,
  expectedVersion: number,
): Promise<ServiceCityDto> {
  const data = await request<{ city: ServiceCityDto }>({
    quietErrors: true,
    method: 'PUT',
    url: `/api/service-cities/${id}`,
    data: { ...changes, expectedVersion },
  });
  return data.city;
}

export async function sendServiceCityCommand(
  id: number,
  type: 'serviceCity.enable' | 'serviceCity.close',
  expectedVersion: number,
): Promise<ServiceCityDto> {
  const data = await request<{ city: ServiceCityDto }>({
    quietErrors: true,
    method: 'POST',
    url: `/api/service-cities/${id}/events`,
    data: { type, expectedVersion },
  });
  return data.city;
}

export async function deleteServiceCity(id: number, expectedVersion: number): Promise<void> {
  await request({
    quietErrors: true,
    method: 'DELETE',
    url: `/api/service-cities/${id}`,
    params: { expectedVersion },
  });
}
