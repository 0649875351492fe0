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
import { rebuildEntityProjection, type EntityReplay } from '../../events/replay';
import { insertRow, rowFromSnapshot } from './projection';

const replay: EntityReplay<ProjectSnapshot> = {
  entity: 'Project',
  createdType: PROJECT_CREATED,
  start: (creation) => {
    const data = creation.data as { details: ProjectDetails; ranking?: number };
    return initialProjectSnapshot({ details: data.details, ranking: data.ranking });
  },
  decide: (snapshot, stored) => decide(snapshot, fromStoredEvent(stored)),
};

/**
 * Replays every project stream through the lifecycle machine and rewrites the projection from scratch, in one
 * transaction, with the same `rowFromSnapshot` as the live commands. Returns the number of projects rebuilt.
 */
export function rebuildProjectProjection(db: Kysely<Database>): Promise<number> {
  return rebuildEntityProjection(db, {
    ...replay,
    streamType: PROJECT_STREAM,
    table: 'projects',
    write: (trx, snapshot, meta) => insertRow(trx, rowFromSnapshot(snapshot, meta)),
  });
}
