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
  /**
   * For a follower that only keeps a read model (never one that tells someone something): the same model computed
   * at once from every event of its types written by transactions below `horizon` (set-based SQL, what the
   * rebuild and the generator use instead of handling millions of events one by one). See `rebuildFollower`.
   */
  rebuild?: (trx: Kysely<Database>, horizon: string) => Promise<number>;
}

/**
 * Events a batch reads. Small: on PGlite (one connection) a batch holds every request back while it runs, so a
 * follower catching up on a few hundred facts must leave room between its batches.
 */
export const FOLLOWER_BATCH = 50;

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
  await ensurePosition(db, follower);
  // A look first, without a lock or a write: an idle follower costs one index probe per round.
  if (!(await nextEvents(db, follower, await position(db, follower), await horizon(db), 1)).length) {
    return { handled: 0, caughtUp: true };
  }
  return db.transaction().execute(async (trx) => {
    const cursor = await position(trx, follower, { lock: true });
    if (!cursor) return { handled: 0, caughtUp: false, busy: true as const };
    const xmin = await horizon(trx);
    const rows = await nextEvents(trx, follower, cursor, xmin, batch);
    for (const row of rows) await follower.handle(trx, toStoredEvent(row));
    const caughtUp = rows.length < batch;
    const last = rows[rows.length - 1];
    // Caught up: every event below the horizon is read, so the next one is at the horizon or above.
    const next = caughtUp
      ? { tx: xmin, position: 0 }
      : { tx: last!.tx, position: Number(last!.global_position) };
    await trx
      .updateTable('log_followers')
      .set({ tx: sql<string>`${next.tx}::xid8`, global_position: next.position, updated_at: new Date() })
      .where('name', '=', follower.name)
      .execute();
    return { handled: rows.length, caughtUp };
  });
}

interface Position {
  tx: string;
  global_position: number | string;
}

/** The follower's position; with `lock`, undefined while another process holds it. */
async function position(
  db: Kysely<Database>,
  follower: Follower,
  options: { lock?: boolean } = {},
): Promise<Position | undefined> {
  let query = db
    .selectFrom('log_followers')
    .select([sql<string>`tx::text`.as('tx'), 'global_position'])
    .where('name', '=', follower.name);
  if (options.lock) query = query.forUpdate().skipLocked();
  return query.executeTakeFirst();
}

/** The follower's next events after `cursor`, of transactions below the horizon, in (tx, global_position) order. */
function nextEvents(
  db: Kysely<Database>,
  follower: Follower,
  cursor: Position | undefined,
  xmin: string,
  limit: number,
) {
  const at = cursor ?? { tx: '0', global_position: 0 };
  return db
    .selectFrom('events')
    .selectAll()
    .where('type', 'in', [...follower.types])
    .where(sql<boolean>`(tx, global_position) > (${at.tx}::xid8, ${Number(at.global_position)}::bigint)`)
    .where(sql<boolean>`tx < ${xmin}::xid8`)
    .orderBy('tx')
    .orderBy('global_position')
    .limit(limit)
    .execute();
}

/** The follower's position row exists (once per database handle and follower: it is never removed). */
const ensured = new WeakMap<Kysely<Database>, Set<string>>();
async function ensurePosition(db: Kysely<Database>, follower: Follower): Promise<void> {
  let names = ensured.get(db);
  if (!names) ensured.set(db, (names = new Set()));
  if (names.has(follower.name)) return;
  await db
    .insertInto('log_followers')
    .values({ name: follower.name, tx: '0', global_position: 0, updated_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  names.add(follower.name);
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

/**
 * Moves `follower` past everything final now without handling it: for generated benchmark data, whose facts are
 * not the kind anyone is to be told about (and writing a notice per generated order would take as long again).
 */
export async function skipToEnd(db: Kysely<Database>, follower: Follower): Promise<void> {
  const xmin = await horizon(db);
  await db
    .insertInto('log_followers')
    .values({
      name: follower.name,
      tx: sql<string>`${xmin}::xid8`,
      global_position: 0,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ tx: sql<string>`${xmin}::xid8`, global_position: 0, updated_at: new Date() }),
    )
    .execute();
}

/**
 * Recomputes a read-model follower's model from the whole log and moves its position to where that leaves off, in
 * one transaction holding its position row (a running follower waits, then goes on from there: nothing twice,
 * nothing missed).
 */
export async function rebuildFollower(db: Kysely<Database>, follower: Follower): Promise<number> {
  if (!follower.rebuild) throw new Error(`log follower ${follower.name} keeps no read model to rebuild`);
  await ensurePosition(db, follower);
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('log_followers')
      .select('name')
      .where('name', '=', follower.name)
      .forUpdate()
      .execute();
    const xmin = await horizon(trx);
    const rows = await follower.rebuild!(trx, xmin);
    await trx
      .updateTable('log_followers')
      .set({ tx: sql<string>`${xmin}::xid8`, global_position: 0, updated_at: new Date() })
      .where('name', '=', follower.name)
      .execute();
    return rows;
  });
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
