import type { Kysely } from 'kysely';
import {
  PROJECT_CREATED,
  PROJECT_STREAM,
  decide,
  fromStoredEvent,
  initialProjectSnapshot,
  type ProjectSnapshot,
} from '../../../src/machines/lifecycles/projectLifecycle';
import type { ProjectDetails } from '../../../src/machines/lifecycles/projectDetails';
import type { Database } from '../../db/schema';
import { readAll, type StoredEvent } from '../../events/store';
import { insertRow, rowFromSnapshot } from './projection';

/**
 * Replays every project stream through the lifecycle machine and rewrites the projection from scratch, in one
 * transaction, with the same `rowFromSnapshot` as the live commands. Returns the number of projects rebuilt.
 */
export async function rebuildProjectProjection(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await readAll(trx, PROJECT_STREAM);
    const streams = new Map<string, StoredEvent[]>();
    for (const e of events) streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    await trx.deleteFrom('projects').execute();
    for (const [streamId, stream] of streams) {
      const snapshot = replayStream(streamId, stream);
      const first = stream[0];
      const last = stream[stream.length - 1];
      await insertRow(
        trx,
        rowFromSnapshot(snapshot, {
          id: Number(streamId),
          version: last.version,
          createdBy: first.actor.id,
          createdAt: first.occurredAt,
          updatedAt: last.occurredAt,
        }),
      );
    }
    return streams.size;
  });
}

export function replayStream(streamId: string, stream: StoredEvent[]): ProjectSnapshot {
  const [first, ...rest] = stream;
  if (first?.type !== PROJECT_CREATED) {
    throw new Error(`Project stream ${streamId} does not start with ${PROJECT_CREATED}`);
  }
  const data = first.data as { details: ProjectDetails; ranking?: number };
  let snapshot = initialProjectSnapshot({ details: data.details, ranking: data.ranking });
  for (const stored of rest) {
    const decision = decide(snapshot, fromStoredEvent(stored));
    if (!decision.accepted) {
      throw new Error(
        `Project ${streamId} v${stored.version} ${stored.type} does not replay: ${decision.message}`,
      );
    }
    snapshot = decision.snapshot;
  }
  return snapshot;
}
