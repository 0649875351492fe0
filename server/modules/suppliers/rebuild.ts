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
import { rebuildEntityProjection, type EntityReplay } from '../../events/replay';
import { insertRow, rowFromSnapshot } from './projection';

const replay: EntityReplay<SupplierSnapshot> = {
  entity: 'Supplier',
  createdType: SUPPLIER_REGISTERED,
  start: (creation) => {
    const data = creation.data as { profile: SupplierProfile; ranking?: number };
    return initialSupplierSnapshot({ profile: data.profile, ranking: data.ranking });
  },
  decide: (snapshot, stored) => decide(snapshot, fromStoredEvent(stored)),
};

/**
 * Replays every supplier stream through the lifecycle machine and rewrites the projection from scratch, in one
 * transaction. Uses the same `rowFromSnapshot` as the live commands, so a rebuild reproduces the live rows.
 * Returns the number of suppliers rebuilt.
 */
export function rebuildSupplierProjection(db: Kysely<Database>): Promise<number> {
  return rebuildEntityProjection(db, {
    ...replay,
    streamType: SUPPLIER_STREAM,
    table: 'suppliers',
    write: (trx, snapshot, meta) => insertRow(trx, rowFromSnapshot(snapshot, meta)),
  });
}
