import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * PGlite runs no autovacuum: left alone, the planner keeps the statistics of the last ANALYZE (a list grown from
 * 40 rows to 100,000 would still be planned as 40 rows) and every update leaves a dead row version behind until a
 * VACUUM. A server on PGlite therefore does it itself: every UPKEEP_CHECK_MS it looks at how far the event log
 * has grown since the last upkeep (every write appends to it) and, from UPKEEP_AFTER_EVENTS new events on, runs
 * `vacuum analyze`. PGlite serves one query at a time, so the upkeep is rare and follows the writes; PostgreSQL
 * has its own autovacuum and needs none of this.
 */
export const UPKEEP_CHECK_MS = 5 * 60 * 1000;
export const UPKEEP_AFTER_EVENTS = 1000;

/** The newest event's id: how far the log has grown. */
async function logPosition(db: Kysely<Database>): Promise<number> {
  const row = await sql<{ n: number | string | null }>`select max(global_position) as n from events`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/**
 * The upkeep as a function of where the log stood at the last one: runs `vacuum analyze` when it has grown by
 * UPKEEP_AFTER_EVENTS or more, and answers where the log stands now (or the old position, when it did nothing).
 */
export async function upkeepIfGrown(db: Kysely<Database>, lastPosition: number): Promise<number> {
  const now = await logPosition(db);
  if (now - lastPosition < UPKEEP_AFTER_EVENTS) return lastPosition;
  await sql`vacuum analyze`.execute(db);
  return now;
}

/** Starts the upkeep of a PGlite database; the answer stops it. Failures are logged and tried again next time. */
export async function startUpkeep(db: Kysely<Database>, log: (error: unknown) => void): Promise<() => void> {
  let position = await logPosition(db);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    upkeepIfGrown(db, position)
      .then((next) => (position = next))
      .catch(log)
      .finally(() => (running = false));
  }, UPKEEP_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
