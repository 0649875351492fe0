import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { serviceCitiesModule } from '../../server/modules/serviceCities/module';
import { seedServiceCities } from '../../server/modules/serviceCities/seed';
import { suppliersModule } from '../../server/modules/suppliers/module';

/**
 * A migrated throwaway database (with the demo service cities) for the supplier command/rebuild tests that need no HTTP: PostgreSQL (a fresh
 * schema, dropped afterwards) when TEST_DATABASE_URL is set, else PGlite in a temporary directory.
 */
export async function openSupplierTestDb(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const dir = url ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'suppliers-test-'));
  const handle = await openDatabase(
    url
      ? {
          databaseUrl: url,
          schema: `t_suppliers_${process.pid}_${Math.floor(Math.random() * 1e9)}`,
          dropSchemaOnClose: true,
          poolSize: 4,
        }
      : { pgliteDir: path.join(dir!, 'pglite') },
  );
  // Suppliers live in service cities: the demo cities are there, as on a real start.
  await migrateToLatest(handle.db, { ...serviceCitiesModule.migrations, ...suppliersModule.migrations });
  await seedServiceCities(handle.db);
  return Object.assign(handle, {
    async dispose() {
      await handle.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}

/** A small deterministic PRNG (mulberry32), so a failing random sequence can be replayed from its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
