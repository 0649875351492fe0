import { sql, type Kysely } from 'kysely';
import { PROJECT_STREAM } from '../../../src/machines/lifecycles/projectLifecycle';
import type { Database } from '../../db/schema';
import { NotFound, ValidationError } from '../../errors';
import type { ProjectRow } from './projection';
import { streamHistory, type HistoryEntry } from '../../events/history';

/** Read side: list with search, filters, sort, pagination and total; detail; history. */

export const SORT_FIELDS = ['ranking', 'created_at', 'min_price'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

export interface ListParams {
  q?: string;
  is_display?: boolean;
  is_enabled?: boolean;
  sort?: SortField;
  order?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface ListResult {
  items: ProjectRow[];
  total: number;
  page: number;
  page_size: number;
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
  const bool = (k: string) => {
    const v = oneOf(k, ['true', 'false'] as const);
    return v === undefined ? undefined : v === 'true';
  };
  const q = str('q')?.trim();
  if (q && q.length > 100) throw new ValidationError('q must be at most 100 characters.', 'q');
  return {
    q: q || undefined,
    is_display: bool('is_display'),
    is_enabled: bool('is_enabled'),
    sort: oneOf('sort', SORT_FIELDS),
    order: oneOf('order', ['asc', 'desc'] as const),
    page: int('page', 1, 1_000_000),
    page_size: int('page_size', 1, MAX_PAGE_SIZE),
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listProjects(db: Kysely<Database>, params: ListParams): Promise<ListResult> {
  const page = params.page ?? 1;
  const pageSize = params.page_size ?? 20;
  let base = db.selectFrom('projects');
  if (params.q) {
    const like = `%${escapeLike(params.q)}%`;
    base = base.where((eb) => eb.or([eb('project_name', 'ilike', like), eb('summary', 'ilike', like)]));
  }
  if (params.is_display !== undefined) base = base.where('is_display', '=', params.is_display);
  if (params.is_enabled !== undefined) base = base.where('is_enabled', '=', params.is_enabled);

  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const sort = params.sort ?? 'ranking';
  const column = sort === 'min_price' ? 'min_price_fen' : sort;
  const order = params.order ?? (sort === 'ranking' ? 'asc' : 'desc');
  const items = await base
    .selectAll()
    .orderBy(column, order)
    .orderBy('id', order)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items, total: Number(total), page, page_size: pageSize };
}

export async function getProject(db: Kysely<Database>, id: number): Promise<ProjectRow> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound(`Project ${id} does not exist.`);
  return row;
}

/** The project's events, newest first, with who did them. Prices in event data are integer fen. */
export async function projectHistory(db: Kysely<Database>, id: number): Promise<HistoryEntry[]> {
  await getProject(db, id);
  return streamHistory(db, PROJECT_STREAM, String(id));
}
