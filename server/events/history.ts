import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One stored event as the history endpoints answer it. */
export interface HistoryEntry {
  version: number;
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
}

/** A stream's events, newest first, with who did them: what every entity's `GET …/events` answers. */
export async function streamHistory(
  db: Kysely<Database>,
  streamType: string,
  streamId: string,
  limit?: number,
): Promise<HistoryEntry[]> {
  let query = db
    .selectFrom('events')
    .leftJoin('users', 'users.id', 'events.actor_id')
    .select([
      'events.version',
      'events.type',
      'events.data',
      'events.reason',
      'events.occurred_at',
      'events.actor_id',
      'events.actor_role',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .where('events.stream_type', '=', streamType)
    .where('events.stream_id', '=', streamId)
    .orderBy('events.version', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((r) => ({
    version: r.version,
    type: r.type,
    data: r.data,
    reason: r.reason,
    occurred_at: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, role: r.actor_role, name: r.actor_name, email: r.actor_email },
  }));
}
