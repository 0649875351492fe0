import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { prepareDatabase } from '../../server/db/prepare';

/**
 * Ready-made data directories (DATA_DIR: the PGlite database in `pglite/`, uploads in `uploads/`) for test
 * databases and test servers. A new PGlite directory runs initdb in WebAssembly (6–7 s on a 2-core machine);
 * copying a closed one and opening the copy takes about 1.5 s. So the first test database of a run builds two
 * templates, `migrated` (every migration and the lists' indexes) and `seeded` (the demo data and its images too),
 * and every one after it starts as a copy. They are built by the code under test, once per run: a template never
 * outlives the code that made it.
 *
 * The directory they live in comes from the global setup (tests/support/globalSetup.ts). Workers share it: the
 * first one to need a template builds both while the others wait for its `ready` mark.
 */

export type TemplateKind = 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: string;
  }
}

const READY = 'ready';
const FAILED = 'failed';
const BUILDING = 'building';
const WAIT_MS = 180_000;

/** Fills the (empty) data directory `dataDir` with a copy of the template `kind`. */
export async function fillFromTemplate(kind: TemplateKind, dataDir: string): Promise<void> {
  const root = inject('pgliteTemplates');
  await templatesReady(root);
  fs.cpSync(path.join(root, kind), dataDir, { recursive: true });
}

async function templatesReady(root: string): Promise<void> {
  if (fs.existsSync(path.join(root, READY))) return;
  let builder = true;
  try {
    fs.mkdirSync(path.join(root, BUILDING));
  } catch {
    builder = false;
  }
  if (builder) {
    try {
      await buildTemplates(root);
      fs.writeFileSync(path.join(root, READY), '');
    } catch (error) {
      fs.writeFileSync(path.join(root, FAILED), String((error as Error).stack ?? error));
      throw error;
    }
    return;
  }
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(path.join(root, READY))) {
    const failed = path.join(root, FAILED);
    if (fs.existsSync(failed))
      throw new Error(`building the PGlite templates failed:\n${fs.readFileSync(failed)}`);
    if (Date.now() > deadline) throw new Error(`the PGlite templates in ${root} were not ready within 180 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function buildTemplates(root: string): Promise<void> {
  const [migrated, seeded] = [path.join(root, 'migrated'), path.join(root, 'seeded')];
  await prepared(migrated, false);
  fs.cpSync(migrated, seeded, { recursive: true });
  await prepared(seeded, true);
}

async function prepared(dataDir: string, seed: boolean): Promise<void> {
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    await prepareDatabase(handle.db, { dataDir, seed });
  } finally {
    await handle.close();
  }
}
