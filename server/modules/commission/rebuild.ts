import type { Kysely } from 'kysely';
import {
  COMMISSION_STREAM,
  commissionSnapshot,
  decideCommission,
  fromStoredCommissionEvent,
  settingsOf,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import type { Database } from '../../db/schema';
import { replayEvents } from '../../events/replay';
import { readAll } from '../../events/store';
import { writeCommission } from './projection';

/** Replays the commission stream and rewrites its projection (settings row and overrides). Returns 1, or 0 when empty. */
export async function rebuildCommissionProjection(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const events = await readAll(trx, COMMISSION_STREAM);
    await trx.deleteFrom('commission_overrides').execute();
    await trx.deleteFrom('commission_settings').execute();
    if (events.length === 0) return 0;
    const snapshot = replayEvents(
      'Commission',
      commissionSnapshot({ defaultRateBp: 0, overrides: [] }),
      events,
      (current, stored) => decideCommission(current, fromStoredCommissionEvent(stored)),
    );
    const last = events[events.length - 1];
    await writeCommission(trx, settingsOf(snapshot), {
      version: last.version,
      updatedAt: last.occurredAt,
      updatedBy: last.actor.id,
    });
    return 1;
  });
}
