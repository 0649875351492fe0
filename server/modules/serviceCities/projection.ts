import type { Selectable } from 'kysely';
import type { Timestamp } from '../../db/schema';

/** The service cities read model: one row per city that is not deleted (deleted cities keep their history). */
export interface ServiceCitiesTable {
  id: number;
  version: number;
  name: string;
  /** Lower-cased normalised name; unique. */
  name_key: string;
  is_enabled: boolean;
  ranking: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    service_cities: ServiceCitiesTable;
  }
}

export type ServiceCityRow = Selectable<ServiceCitiesTable>;

/** The API shape of a city (without the internal key), with ISO timestamps and the number of suppliers in it. */
export function cityToApi(row: ServiceCityRow, supplierCount?: number) {
  const { name_key: _k, ...rest } = row;
  return {
    ...rest,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    ...(supplierCount === undefined ? {} : { supplier_count: supplierCount }),
  };
}
