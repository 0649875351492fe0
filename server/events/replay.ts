import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { readAll, type StoredEvent } from './store';

/**
 * Replaying the log through a lifecycle machine, shared by every projection rebuild: the event log is the
 * source of truth, and a stored event the machine refuses on replay means a corrupt log, so it throws.
 */

export type ReplayDecision<S> = { accepted: true; snapshot: S } | { accepted: false; message: string };

/** Decides each stored event in turn, from `snapshot`; `label` names the stream in the error. */
export function replayEvents<S>(
  label: string,
  snapshot: S,
  events: StoredEvent[],
  decide: (snapshot: S, stored: StoredEvent) => ReplayDecision<S>,
): S {
  let current = snapshot;
  for (const stored of events) {
    const decision = decide(current, stored);
    if (!decision.accepted) {
      throw new Error(`${label} v${stored.version} ${stored.type} does not replay: ${decision.message}`);
    }
    current = decision.snapshot;
  }
  return current;
}

/** How one entity's streams replay: the creation event starts the snapshot, the rest are decided. */
export interface EntityReplay<S> {
  /** For messages: 'Supplier'. */
  entity: string;
  createdType: string;
  start: (creation: StoredEvent) => S;
  decide: (snapshot: S, stored: StoredEvent) => ReplayDecision<S>;
}

export function replayEntityStream<S>(replay: EntityReplay<S>, streamId: string, stream: StoredEvent[]): S {
  const [first, ...rest] = stream;
  if (first?.type !== replay.createdType) {
    throw new Error(`${replay.entity} stream ${streamId} does not start with ${replay.createdType}`);
  }
  return replayEvents(`${replay.entity} ${streamId}`, replay.start(first), rest, replay.decide);
}

/** What a rebuild knows about a stream besides its final snapshot. */
export interface StreamMeta {
  id: number;
  version: number;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Rewrites one entity's projection table from the log in one transaction: every stream of `streamType` is
 * replayed and handed to `write` (which may skip it, e.g. a deleted city, by returning false). Returns the rows.
 */
export async function rebuildEntityProjection<S>(
  db: Kysely<Database>,
  options: EntityReplay<S> & {
    streamType: string;
    table: keyof Database;
    write: (trx: Transaction<Database>, snapshot: S, meta: StreamMeta) => Promise<boolean | void>;
  },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const streams = new Map<string, StoredEvent[]>();
    for (const e of await readAll(trx, options.streamType)) {
      streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    }
    await trx.deleteFrom(options.table).execute();
    let count = 0;
    for (const [streamId, stream] of streams) {
      const snapshot = replayEntityStream(options, streamId, stream);
      const first = stream[0];
      const last = stream[stream.length - 1];
      const meta = {
        id: Number(streamId),
        version: last.version,
        createdBy: first.actor.id,
        createdAt: first.occurredAt,
        updatedAt: last.occurredAt,
      };
      if ((await options.write(trx, snapshot, meta)) !== false) count++;
    }
    return count;
  });
}
