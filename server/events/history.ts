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
  /** On an entry of a related record (an order's refund, in the order's history): which record it is. */
  record?: { type: string; id: number };
}

/** The events table with who did each event: what every history reads. */
const withActors = (db: Kysely<Database>) =>
  db
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
    ]);

/** A row of `withActors` as the history endpoints answer it. */
function entryOf(r: {
  version: number;
  type: string;
  data: Record<string, unknown>;
  reason: string | null;
  occurred_at: Date | string;
  actor_id: number | null;
  actor_role: string | null;
  actor_name: string | null;
  actor_email: string | null;
}): HistoryEntry {
  return {
    version: r.version,
    type: r.type,
    data: r.data,
    reason: r.reason,
    occurred_at: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, role: r.actor_role, name: r.actor_name, email: r.actor_email },
  };
}

/**
 * A stream's events, newest first, with who did them: what every entity's `GET …/events` answers; `after` keeps
 * those stored after that version (what happened since someone loaded it).
 */
export async function streamHistory(
  db: Kysely<Database>,
  streamType: string,
  streamId: string,
  limit?: number,
  after?: number,
): Promise<HistoryEntry[]> {
  let query = withActors(db)
    .where('events.stream_type', '=', streamType)
    .where('events.stream_id', '=', streamId)
    .orderBy('events.version', 'desc');
  if (after !== undefined) query = query.where('events.version', '>', after);
  if (limit !== undefined) query = query.limit(limit);
  return (await query.execute()).map(entryOf);
}

/** Records whose events belong in another's history: of one stream type, by id, and who may read them. */
export interface RelatedStreams {
  type: string;
  ids: number[];
  /** The policy action reading them (`refund.read`): a reader without it sees none of their events. */
  read: string;
}

/**
 * A stream's events with those of its related records (an order's refunds and renewals), newest first: each
 * record's own events in the order the log stored them, the records' interleaved by when they happened (the demo
 * month's facts are stored in batches, not in time order); each related entry names its record.
 */
export async function historyWith(
  db: Kysely<Database>,
  own: { type: string; id: string },
  related: RelatedStreams[],
): Promise<HistoryEntry[]> {
  const others = related.filter((r) => r.ids.length > 0);
  const rows = await withActors(db)
    .select(['events.global_position', 'events.stream_type', 'events.stream_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('events.stream_type', '=', own.type), eb('events.stream_id', '=', own.id)]),
        ...others.map((r) =>
          eb.and([eb('events.stream_type', '=', r.type), eb('events.stream_id', 'in', r.ids.map(String))]),
        ),
      ]),
    )
    .orderBy('events.global_position', 'desc')
    .execute();
  return newestFirst(rows, (r) => `${r.stream_type}:${r.stream_id}`).map((r) =>
    r.stream_type === own.type && r.stream_id === own.id
      ? entryOf(r)
      : { ...entryOf(r), record: { type: r.stream_type, id: Number(r.stream_id) } },
  );
}

/**
 * `rows` (newest stored first) as one history: each stream's rows keep their order; the next row is always the
 * latest-happened head of a stream, a tie (the facts of one transaction share its time) to the one stored later.
 */
export function newestFirst<
  R extends { occurred_at: Date | string; global_position: number | string | bigint },
>(rows: R[], streamOf: (row: R) => string): R[] {
  const streams = new Map<string, Array<{ row: R; at: number; position: number }>>();
  for (const row of rows) {
    const key = streamOf(row);
    if (!streams.has(key)) streams.set(key, []);
    streams
      .get(key)!
      .push({ row, at: new Date(row.occurred_at).getTime(), position: Number(row.global_position) });
  }
  const queues = [...streams.values()];
  const next = queues.map(() => 0);
  const out: R[] = [];
  while (out.length < rows.length) {
    let best = -1;
    for (const [i, queue] of queues.entries()) {
      const head = queue[next[i]!];
      if (!head) continue;
      const top = best < 0 ? undefined : queues[best]![next[best]!]!;
      if (!top || head.at > top.at || (head.at === top.at && head.position > top.position)) best = i;
    }
    out.push(queues[best]![next[best]!]!.row);
    next[best]! += 1;
  }
  return out;
}
