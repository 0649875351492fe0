/**
 * npm run rebuild-projections — replays the event log and rewrites every projection from it.
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR (default ./data). Stop the server first
 * when it runs on PGlite: the embedded database takes one process at a time.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/connect';
import { rebuildAll } from '../kit/rebuildAll';

async function main() {
  const dataDir = process.env.DATA_DIR ?? './data';
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  try {
    for (const { name, count, ms } of await rebuildAll(handle.db)) {
      console.log(`${name}: rebuilt ${count} rows from the event log in ${ms} ms`);
    }
    // Every row was rewritten: fresh statistics for the planner, and a visibility map for index-only scans (PGlite
    // never vacuums by itself).
    const started = performance.now();
    await sql`vacuum analyze`.execute(handle.db);
    console.log(`vacuum analyze in ${Math.round(performance.now() - started)} ms`);
    console.log(`peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
