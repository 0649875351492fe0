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
    // The log first: its statistics and visibility map as the rebuild's reads need them. Rows appended in bulk just
    // before (an import, the list bench) and not yet vacuumed made the suppliers' rebuild at 100,000 on PGlite take
    // 308 s instead of 121 (docs/lists.md, "The log vacuumed before a rebuild"); a log already vacuumed takes seconds.
    const before = performance.now();
    await sql`vacuum analyze events`.execute(handle.db);
    console.log(`vacuum analyze events in ${Math.round(performance.now() - before)} ms`);
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
