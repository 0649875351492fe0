/**
 * npm run rebuild-projections — replays the event log and rewrites every projection from it.
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR (default ./data). Stop the server first
 * when it runs on PGlite: the embedded database takes one process at a time.
 */
import path from 'node:path';
import { openDatabase } from '../db/connect';
import { rebuildCommissionProjection } from '../modules/commission/rebuild';
import { rebuildProjectProjection } from '../modules/projects/rebuild';
import { rebuildServiceCityProjection } from '../modules/serviceCities/rebuild';
import { rebuildSupplierProjection } from '../modules/suppliers/rebuild';

/** Every projection that can be rebuilt from the log, by name. Other modules add theirs here. */
const projections: Record<string, typeof rebuildSupplierProjection> = {
  suppliers: rebuildSupplierProjection,
  projects: rebuildProjectProjection,
  serviceCities: rebuildServiceCityProjection,
  commission: rebuildCommissionProjection,
};

async function main() {
  const dataDir = process.env.DATA_DIR ?? './data';
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  try {
    for (const [name, rebuild] of Object.entries(projections)) {
      const count = await rebuild(handle.db);
      console.log(`${name}: rebuilt ${count} rows from the event log`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
