import type { Kysely } from 'kysely';
import {
  SUPPLIER_REGISTERED,
  SUPPLIER_STREAM,
  decide,
  fromStoredEvent,
  initialSupplierSnapshot,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import type { SupplierProfile } from '../../../src/machines/lifecycles/supplierProfile';
import type { Database } from '../../db/schema';
import { readAll, type StoredEvent } from '../../events/store';
import { insertRow, rowFromSnapshot } from './projection';

/**
 * Replays every supplier stream through the lifecycle machine and rewrites the projection from scratch, in one
 * transaction. Uses the same `rowFromSnapshot` as the live commands, so a rebuild reproduces the live rows.
 * Returns the number of suppliers rebuilt.
 */
export async function rebuildSupplierProjection(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await readAll(trx, SUPPLIER_STREAM);
    const streams = new Map<string, StoredEvent[]>();
    for (const e of events) streams.set(e.streamId, [...(streams.get(e.streamId) ?? []), e]);
    await trx.deleteFrom('suppliers').execute();
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

export function replayStream(streamId: string, stream: StoredEvent[]): SupplierSnapshot {
  const [first, ...rest] = stream;
  if (first?.type !== SUPPLIER_REGISTERED) {
    throw new Error(`Supplier stream ${streamId} does not start with ${SUPPLIER_REGISTERED}`);
  }
  const data = first.data as { profile: SupplierProfile; ranking?: number };
  let snapshot = initialSupplierSnapshot({ profile: data.profile, ranking: data.ranking });
  for (const stored of rest) {
    const decision = decide(snapshot, fromStoredEvent(stored));
    if (!decision.accepted) {
      throw new Error(
        `Supplier ${streamId} v${stored.version} ${stored.type} does not replay: ${decision.message}`,
      );
    }
    snapshot = decision.snapshot;
  }
  return snapshot;
}
