import { sql, type Kysely } from 'kysely';
import { SERVICE_CITY_STREAM } from '../../../src/machines/lifecycles/serviceCityLifecycle';
import type { Database } from '../../db/schema';
import { NotFound, ValidationError } from '../../errors';
import type { ServiceCityRow } from './projection';
import { streamHistory, type HistoryEntry } from '../../events/history';

/** Read side: list with search, filter, sort, pagination and total; detail; history. */

export const CITY_SORT_FIELDS = ['ranking', 'name', 'created_at'] as const;
export type CitySortField = (typeof CITY_SORT_FIELDS)[number];
export const MAX_CITY_PAGE_SIZE = 100;

export interface CityListParams {
  q?: string;
  is_enabled?: boolean;
  sort?: CitySortField;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export function parseCityListParams(query: Record<string, unknown>): CityListParams {
  const str = (k: string) =>
    typeof query[k] === 'string' && query[k] !== '' ? (query[k] as string) : undefined;
  const oneOf = <T extends string>(k: string, values: readonly T[]): T | undefined => {
    const v = str(k);
    if (v === undefined) return undefined;
    if (!values.includes(v as T)) throw new ValidationError(`${k} must be one of ${values.join(', ')}.`, k);
    return v as T;
  };
  const int = (k: string, min: number, max: number): number | undefined => {
    const v = str(k);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!/^\d+$/.test(v) || !Number.isInteger(n) || n < min || n > max) {
      throw new ValidationError(`${k} must be a whole number from ${min} to ${max}.`, k);
    }
    return n;
  };
  const q = str('q')?.trim();
  if (q && q.length > 100) throw new ValidationError('q must be at most 100 characters.', 'q');
  const enabled = oneOf('is_enabled', ['true', 'false'] as const);
  return {
    q: q || undefined,
    is_enabled: enabled === undefined ? undefined : enabled === 'true',
    sort: oneOf('sort', CITY_SORT_FIELDS),
    order: oneOf('order', ['asc', 'desc'] as const),
    page: int('page', 1, 1_000_000),
    page_size: int('page_size', 1, MAX_CITY_PAGE_SIZE),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface CityListItem extends ServiceCityRow {
  supplier_count: number;
}

export async function listServiceCities(
  db: Kysely<Database>,
  params: CityListParams,
): Promise<{ items: CityListItem[]; total: number; page: number; page_size: number }> {
  const page = params.page ?? 1;
  const pageSize = params.page_size ?? 20;
  let base = db.selectFrom('service_cities');
  if (params.q) base = base.where('name', 'ilike', `%${escapeLike(params.q)}%`);
  if (params.is_enabled !== undefined) base = base.where('is_enabled', '=', params.is_enabled);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const sort = params.sort ?? 'ranking';
  const order = params.order ?? (sort === 'created_at' ? 'desc' : 'asc');
  const items = await base
    .selectAll('service_cities')
    .select(
      sql<number>`(select count(*)::int from suppliers s where lower(trim(s.city)) = service_cities.name_key)`.as(
        'supplier_count',
      ),
    )
    .orderBy(sort === 'name' ? 'name_key' : sort, order)
    .orderBy('id', order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    items: items.map((i) => ({ ...i, supplier_count: Number(i.supplier_count) })),
    total: Number(total),
    page,
    page_size: pageSize,
  };
}

export async function getServiceCity(db: Kysely<Database>, id: number): Promise<ServiceCityRow> {
  const row = await db.selectFrom('service_cities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(`Service city ${id} does not exist.`);
  return row;
}

/** The city's events, newest first, with who did them (also for a deleted city: the log keeps them). */
export async function serviceCityHistory(db: Kysely<Database>, id: number): Promise<HistoryEntry[]> {
  const entries = await streamHistory(db, SERVICE_CITY_STREAM, String(id));
  if (entries.length === 0) throw new NotFound(`Service city ${id} does not exist.`);
  return entries;
}
