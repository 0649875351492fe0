import { sql, type Kysely } from 'kysely';
import {
  AUDIT_STATES,
  SERVICE_STATES,
  SUPPLIER_STREAM,
  type AuditState,
  type ServiceState,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import type { Database } from '../../db/schema';
import { NotFound, ValidationError } from '../../errors';
import type { SupplierRow } from './projection';
import { streamHistory, type HistoryEntry } from '../../events/history';

/** Read side: list with search, filters, sort, pagination and per-tab counts; detail; history. */

export const SUPPLIER_TABS = ['all', ...SERVICE_STATES] as const;
export type SupplierTab = (typeof SUPPLIER_TABS)[number];
export const SORT_FIELDS = ['ranking', 'created_at', 'order_num'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface ListParams {
  q?: string;
  audit_state?: AuditState;
  tab?: SupplierTab;
  city?: string;
  is_enabled?: boolean;
  sort?: SortField;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface ListResult {
  items: SupplierRow[];
  total: number;
  page: number;
  page_size: number;
  counts: Record<SupplierTab, number>;
}

export const MAX_PAGE_SIZE = 100;

/** Reads and checks query-string parameters (all strings); a bad value is a 400 naming the parameter. */
export function parseListParams(query: Record<string, unknown>): ListParams {
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
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new ValidationError(`${k} must be a whole number from ${min} to ${max}.`, k);
    }
    return n;
  };
  const enabled = oneOf('is_enabled', ['true', 'false'] as const);
  const q = str('q')?.trim();
  if (q && q.length > 100) throw new ValidationError('q must be at most 100 characters.', 'q');
  return {
    q: q || undefined,
    audit_state: oneOf('audit_state', AUDIT_STATES),
    tab: oneOf('tab', SUPPLIER_TABS),
    city: str('city'),
    is_enabled: enabled === undefined ? undefined : enabled === 'true',
    sort: oneOf('sort', SORT_FIELDS),
    order: oneOf('order', ['asc', 'desc'] as const),
    page: int('page', 1, 1_000_000),
    page_size: int('page_size', 1, MAX_PAGE_SIZE),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listSuppliers(db: Kysely<Database>, params: ListParams): Promise<ListResult> {
  const page = params.page ?? 1;
  const pageSize = params.page_size ?? 20;
  // Filters every tab shares; the tab itself narrows the items, and the counts show each tab under the rest.
  let base = db.selectFrom('suppliers');
  if (params.q) {
    const like = `%${escapeLike(params.q)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('name', 'ilike', like),
        eb('mobile', 'like', like),
        eb('real_name', 'ilike', like),
        eb('id_card_no', 'ilike', like),
      ]),
    );
  }
  if (params.audit_state) base = base.where('audit_state', '=', params.audit_state);
  if (params.city) base = base.where('city', '=', params.city);
  if (params.is_enabled !== undefined) base = base.where('is_enabled', '=', params.is_enabled);

  const countsRow = await base
    .select([
      sql<number>`count(*)::int`.as('all'),
      sql<number>`(count(*) filter (where state = 'taking_orders'))::int`.as('taking_orders'),
      sql<number>`(count(*) filter (where state = 'servicing'))::int`.as('servicing'),
      sql<number>`(count(*) filter (where state = 'resting'))::int`.as('resting'),
    ])
    .executeTakeFirstOrThrow();
  const counts = {
    all: Number(countsRow.all),
    taking_orders: Number(countsRow.taking_orders),
    servicing: Number(countsRow.servicing),
    resting: Number(countsRow.resting),
  };

  let filtered = base;
  if (params.tab && params.tab !== 'all') filtered = filtered.where('state', '=', params.tab as ServiceState);
  const sort = params.sort ?? 'ranking';
  const order = params.order ?? (sort === 'ranking' ? 'asc' : 'desc');
  const items = await filtered
    .selectAll()
    .orderBy(sort, order)
    .orderBy('id', order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items, total: counts[params.tab ?? 'all'], page, page_size: pageSize, counts };
}

export async function getSupplier(db: Kysely<Database>, id: number): Promise<SupplierRow> {
  const row = await db.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(`Supplier ${id} does not exist.`);
  return row;
}

export async function supplierCities(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('suppliers').select('city').distinct().orderBy('city').execute();
  return rows.map((r) => r.city);
}

/** The supplier's events, newest first, with who did them. */
export async function supplierHistory(db: Kysely<Database>, id: number): Promise<HistoryEntry[]> {
  await getSupplier(db, id);
  return streamHistory(db, SUPPLIER_STREAM, String(id));
}
