import type { Kysely, Selectable } from 'kysely';
import {
  snapshotFromStatus,
  statusOf,
  type ProjectSnapshot,
} from '../../../src/machines/lifecycles/projectLifecycle';
import { formatYuan, type ProjectDetails } from '../../../src/machines/lifecycles/projectDetails';
import { toJsonb, type Database, type Jsonb, type Timestamp } from '../../db/schema';
import type { StreamMeta } from '../../events/replay';

/**
 * The projects read model. A row is a pure function of the machine snapshot plus the stream's metadata
 * (`rowFromSnapshot`), used by live commands and by the rebuild alike. Prices are integer fen here; `toApi`
 * speaks yuan.
 */

export interface ProjectsTable {
  id: number;
  version: number;
  project_name: string;
  cover: string;
  carouse_covers: Jsonb<string[]>;
  summary: string;
  min_price_fen: number;
  max_price_fen: number | null;
  duration: number | null;
  intro: string;
  avoid: string;
  order_instruction: string;
  ranking: number;
  is_display: boolean;
  is_enabled: boolean;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Database {
    projects: ProjectsTable;
  }
}

export type ProjectRow = Selectable<ProjectsTable>;

export function rowFromSnapshot(snapshot: ProjectSnapshot, meta: StreamMeta) {
  const { details, ranking } = snapshot.context;
  const { min_price, max_price, carouse_covers, ...rest } = details;
  return {
    id: meta.id,
    version: meta.version,
    ...rest,
    carouse_covers: toJsonb(carouse_covers),
    min_price_fen: min_price,
    max_price_fen: max_price,
    ranking,
    ...statusOf(snapshot),
    created_by: meta.createdBy,
    created_at: meta.createdAt,
    updated_at: meta.updatedAt,
  };
}

export function detailsOf(row: ProjectRow): ProjectDetails {
  return {
    project_name: row.project_name,
    cover: row.cover,
    carouse_covers: row.carouse_covers,
    summary: row.summary,
    min_price: row.min_price_fen,
    max_price: row.max_price_fen,
    duration: row.duration,
    intro: row.intro,
    avoid: row.avoid,
    order_instruction: row.order_instruction,
  };
}

export function snapshotFromRow(row: ProjectRow): ProjectSnapshot {
  return snapshotFromStatus(
    { is_enabled: row.is_enabled, is_display: row.is_display },
    { details: detailsOf(row), ranking: row.ranking },
  );
}

/**
 * The API shape of a project: prices in yuan as strings with two decimals (`"199.00"`, exact, never a float),
 * `max_price` null when there is a single price; ISO timestamps.
 */
export function toApi(row: ProjectRow) {
  const { min_price_fen, max_price_fen, ...rest } = row;
  return {
    ...rest,
    min_price: formatYuan(min_price_fen),
    max_price: max_price_fen === null ? null : formatYuan(max_price_fen),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
export type ProjectDto = ReturnType<typeof toApi>;

export async function insertRow(
  db: Kysely<Database>,
  row: ReturnType<typeof rowFromSnapshot>,
): Promise<void> {
  await db.insertInto('projects').values(row).execute();
}

export async function updateRow(
  db: Kysely<Database>,
  row: ReturnType<typeof rowFromSnapshot>,
): Promise<void> {
  const { id, created_at: _c, created_by: _b, ...changes } = row;
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}
