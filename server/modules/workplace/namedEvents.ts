import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import type { WorkplaceEvent } from '../../../src/contract/workplace';
import type { Database } from '../../db/schema';
import type { ServerModule } from '../types';

/**
 * Events as the console tells them (the workplace's feed, a member's own activity): who did what to which record,
 * each record named by its entity's title column (a supplier's name, an order's number), looked up once per kind.
 */

/** An event as the API answers it (WorkplaceEvent of the contract). */
export const NamedEvent = Type.Object({
  position: Type.Integer(),
  stream_type: Type.String(),
  stream_id: Type.String(),
  type: Type.String(),
  occurred_at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
  }),
  title: Type.Union([Type.String(), Type.Null()]),
});

/** An event row with its actor's name and email (a left join on users). */
export interface EventRow {
  global_position: string | number;
  stream_type: string;
  stream_id: string;
  type: string;
  occurred_at: Date | string;
  actor_id: number | null;
  name: string | null;
  email: string | null;
}

/** Where each kind of record keeps its name: the table and column of its entity's list. */
export type TitleColumns = ReadonlyMap<string, { table: string; column: string }>;

export function titleColumns(modules: readonly ServerModule[]): TitleColumns {
  return new Map(
    modules.flatMap((m) =>
      (m.entities ?? []).flatMap((e) =>
        e.title && e.projection.table
          ? [[e.lifecycle.stream, { table: e.projection.table, column: e.title }] as const]
          : [],
      ),
    ),
  );
}

/**
 * The names of the records `refs` point at (`<stream type>:<id>` → its title), one query per kind; a kind without a
 * title column, or a record gone, is left out.
 */
export async function recordTitles(
  db: Kysely<Database>,
  titles: TitleColumns,
  refs: ReadonlyArray<{ stream_type: string; stream_id: string }>,
): Promise<Map<string, string>> {
  const named = new Map<string, string>();
  for (const [stream, { table, column }] of titles) {
    const ids = [
      ...new Set(refs.filter((r) => r.stream_type === stream).map((r) => Number(r.stream_id))),
    ].filter((id) => Number.isSafeInteger(id));
    if (!ids.length) continue;
    const found = await sql<{ id: number; title: string }>`
      select id, ${sql.ref(column)}::text as title from ${sql.table(table)} where id in (${sql.join(ids)})`.execute(
      db,
    );
    for (const f of found.rows) named.set(`${stream}:${f.id}`, f.title);
  }
  return named;
}

export async function namedEvents(
  db: Kysely<Database>,
  titles: TitleColumns,
  rows: readonly EventRow[],
): Promise<WorkplaceEvent[]> {
  const named = await recordTitles(db, titles, rows);
  return rows.map((r) => ({
    position: Number(r.global_position),
    stream_type: r.stream_type,
    stream_id: r.stream_id,
    type: r.type,
    occurred_at: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, name: r.name, email: r.email },
    title: named.get(`${r.stream_type}:${r.stream_id}`) ?? null,
  }));
}
