/**
 * npm run rebuild-projections — replays the event log and rewrites every projection from it.
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR (default ./data). Stop the server first
 * when it runs on PGlite: the embedded database takes one process at a time.
 */
import path from 'node:path';
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
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
