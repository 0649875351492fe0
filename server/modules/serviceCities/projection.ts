import type { RecordColumns } from '../../kit/projection';
import type { Selectable } from 'kysely';
import type { ServiceCityDto } from '../../../src/contract/serviceCities.schema';

export { ServiceCityApi } from '../../../src/contract/serviceCities.schema';

/** The service cities read model: one row per city that is not deleted (deleted cities keep their history). */
export interface ServiceCitiesTable extends RecordColumns {
  name: string;
  /** Lower-cased normalised name; unique. */
  name_key: string;
  is_enabled: boolean;
  ranking: number;
}

declare module '../../db/schema' {
  interface Database {
    service_cities: ServiceCitiesTable;
  }
}

export type ServiceCityRow = Selectable<ServiceCitiesTable> & { supplier_count?: number };

/**
 * The API shape of a city (without the internal key), with ISO timestamps. Field by field: a rest-and-spread copy of
 * the row is a slow path in V8 (see the projects' toApi).
 */
export function cityToApi(row: ServiceCityRow): ServiceCityDto {
  const city: ServiceCityDto = {
    id: row.id,
    version: row.version,
    name: row.name,
    is_enabled: row.is_enabled,
    ranking: row.ranking,
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
  if (row.supplier_count !== undefined) city.supplier_count = Number(row.supplier_count);
  return city;
}
