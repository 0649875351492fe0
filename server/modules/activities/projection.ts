import type { Selectable } from 'kysely';
import type { ActivityDto } from '../../../src/contract/activities.schema';
import {
  activitySnapshot,
  activityStatusOf,
  type ActivitySnapshot,
} from '../../../src/machines/lifecycles/activityLifecycle';
import type { ActivityPhase, ActivityProject } from '../../../src/machines/lifecycles/activityMachine';
import { fromJsonb, toJsonb, type Jsonb, type Timestamp } from '../../db/schema';
import { tableProjection, type RecordColumns } from '../../kit/projection';

/**
 * The activities read model: one row per activity, with whether it was published and is enabled. Its state by the
 * clock is not a column: the list reads the view `activity_rows`, which adds it (migration 2026_11_26_1000).
 */

export interface ActivitiesTable extends RecordColumns {
  title: string;
  cover: string;
  content: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  cities: Jsonb<string[]>;
  projects: Jsonb<ActivityProject[]>;
  is_published: boolean;
  is_enabled: boolean;
}

/** The list's view: the table's columns and `state`, where the clock is in the window when it is read. */
export interface ActivityRowsView extends ActivitiesTable {
  state: ActivityPhase;
}

declare module '../../db/schema' {
  interface Database {
    activities: ActivitiesTable;
    activity_rows: ActivityRowsView;
  }
}

export type ActivityRow = Selectable<ActivitiesTable>;

export const activityProjection = tableProjection<ActivitySnapshot>({
  table: 'activities',
  toRow: (s) => {
    const c = s.context;
    return {
      title: c.title,
      cover: c.cover,
      content: c.content,
      starts_at: new Date(c.startsAt),
      ends_at: new Date(c.endsAt),
      cities: toJsonb(c.cities),
      projects: toJsonb(c.projects),
      ...activityStatusOf(s),
    };
  },
  // Loaded for a command, the record is judged at the time it is loaded: the server's clock.
  fromRow: (row: ActivityRow) =>
    activitySnapshot(
      { is_published: row.is_published, is_enabled: row.is_enabled },
      {
        title: row.title,
        cover: row.cover,
        content: row.content,
        startsAt: new Date(row.starts_at).toISOString(),
        endsAt: new Date(row.ends_at).toISOString(),
        cities: fromJsonb<string[]>(row.cities),
        projects: fromJsonb<ActivityProject[]>(row.projects),
        now: new Date().toISOString(),
      },
    ),
});

/** The API shape; `state` comes from the list view (or, for one record, from the detail's read of it). */
export function activityToApi(row: Record<string, unknown>): ActivityDto {
  const r = row as unknown as ActivityRow & { state?: ActivityPhase };
  return {
    id: r.id,
    version: r.version,
    title: r.title,
    cover: r.cover,
    content: r.content,
    starts_at: new Date(r.starts_at).toISOString(),
    ends_at: new Date(r.ends_at).toISOString(),
    cities: fromJsonb<string[]>(r.cities),
    projects: fromJsonb<ActivityProject[]>(r.projects),
    state: r.state ?? 'draft',
    is_published: r.is_published,
    is_enabled: r.is_enabled,
    created_by: r.created_by,
    // Named by the list's item column or the detail (activities/module.ts); a row read alone has no name.
    created_by_name: (row.created_by_name as string | null | undefined) ?? null,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
