import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toStoredEvent, type StoredEvent } from './store';

/**
 * A process that follows the event log (automatic notices, and whatever else reacts to facts after they are
 * stored): it reads new events in batches and handles each, storing its position in the same transaction as what
 * it did, so after a crash or a restart it goes on where the last committed batch ended: no event twice, none
 * missed.
 *
 * Why not by `global_position` alone: positions are taken when a transaction inserts, not when it commits, so a
 * slow transaction can commit position 41 after 42 was read, and a cursor at 42 would never see it. Every event
 * records the transaction that wrote it (`events.tx`); a follower reads only events of transactions that ended
 * before any transaction still running began (`tx < xmin` of a snapshot), in (tx, global_position) order. Every
 * event it has not read yet has a higher (tx, global_position): a transaction still running, or one that begins
 * later, has a higher xid than any that ended before it. A long transaction holds followers back until it ends;
 * it never makes them skip.
 *
 * Several API processes may run the same follower: its position row is locked for each batch (`skip locked`), so
 * one of them handles a batch and the others wait for the next round.
 */

export interface Follower {
  /** Its position's key in `log_followers`. */
  name: string;
  /** The fact types it handles (others are passed over, and its position moves past them). */
  types: readonly string[];
  /** Handles one event inside the batch's transaction; a throw undoes the whole batch, which is tried again. */
  handle: (trx: Kysely<Database>, event: StoredEvent) => Promise<void>;
}

export const FOLLOWER_BATCH = 500;

/** The transaction id every transaction still running has, or above: events below it are final. */
async function horizon(trx: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    xmin: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(trx);
  return rows[0]!.xmin;
}

/**
 * Handles the next batch of `follower`'s events. Answers how many events it handled, and whether it reached the
 * end of what is final now (`caughtUp`); `busy` when another process holds the follower.
 */
export async function followOnce(
  db: Kysely<Database>,
  follower: Follower,
  batch = FOLLOWER_BATCH,
): Promise<{ handled: number; caughtUp: boolean; busy?: true }> {
  await db
    .insertInto('log_followers')
    .values({ name: follower.name, tx: '0', global_position: 0, updated_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return db.transaction().execute(async (trx) => {
    const cursor = await trx
      .selectFrom('log_followers')
      .select([sql<string>`tx::text`.as('tx'), 'global_position'])
      .where('name', '=', follower.name)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!cursor) return { handled: 0, caughtUp: false, busy: true as const };
    const xmin = await horizon(trx);
    const rows = await trx
      .selectFrom('events')
      .selectAll()
      .where(
        sql<boolean>`(tx, global_position) > (${cursor.tx}::xid8, ${Number(cursor.global_position)}::bigint)`,
      )
      .where(sql<boolean>`tx < ${xmin}::xid8`)
      .where('type', 'in', [...follower.types])
      .orderBy('tx')
      .orderBy('global_position')
      .limit(batch)
      .execute();
    for (const row of rows) await follower.handle(trx, toStoredEvent(row));
    const caughtUp = rows.length < batch;
    const last = rows[rows.length - 1];
    // Caught up: every event below the horizon is read, so the next one is at the horizon or above.
    const next = caughtUp
      ? { tx: xmin, position: 0 }
      : { tx: last!.tx, position: Number(last!.global_position) };
    await trx
      .updateTable('log_followers')
      .set({
        tx: sql<string>`${next.tx}::xid8`,
        global_position: next.position,
        updated_at: new Date(),
      })
      .where('name', '=', follower.name)
      .execute();
    return { handled: rows.length, caughtUp };
  });
}

/** Handles batches until `follower` has read everything final now (tests, and a server catching up at start). */
export async function catchUp(db: Kysely<Database>, follower: Follower): Promise<number> {
  let handled = 0;
  for (;;) {
    const result = await followOnce(db, follower);
    handled += result.handled;
    if (result.caughtUp || result.busy) return handled;
  }
}

export interface RunningFollowers {
  stop(): Promise<void>;
}

/**
 * Runs followers in the background until stopped: a batch after another while there is work, then a look every
 * `idleMs`. A failing batch is logged and tried again after a pause (its events stay unread, never skipped).
 */
export function runFollowers(
  db: Kysely<Database>,
  followers: readonly Follower[],
  options: { idleMs?: number; log?: (message: string, error: unknown) => void } = {},
): RunningFollowers {
  const idleMs = options.idleMs ?? 500;
  let stopped = false;
  const sleepers = new Set<() => void>();
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      }
      sleepers.add(done);
    });
  const loops = followers.map(async (follower) => {
    while (!stopped) {
      try {
        const result = await followOnce(db, follower);
        if (result.caughtUp || result.busy) await pause(idleMs);
      } catch (error) {
        if (stopped) return;
        options.log?.(`log follower ${follower.name}: a batch failed; trying again shortly`, error);
        await pause(idleMs * 10);
      }
    }
  });
  return {
    async stop() {
      stopped = true;
      for (const wake of [...sleepers]) wake();
      await Promise.allSettled(loops);
    },
  };
}
