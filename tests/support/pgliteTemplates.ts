import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { pidExists } from '../../server/db/dirLock';
import { prepareDatabase } from '../../server/db/prepare';

/**
 * Ready-made data directories (DATA_DIR: the PGlite database in `pglite/`, uploads in `uploads/`) for test
 * databases and test servers. A new PGlite directory runs initdb in WebAssembly (6–7 s on a 2-core machine);
 * copying a closed one and opening the copy takes about 1.5 s. So the first test database of a run builds three
 * templates, `empty` (initdb only), `migrated` (every migration and the lists' indexes) and `seeded` (the demo data
 * and its images too), and every one after it starts as a copy. They are built by the code under test, once per
 * run: a template never outlives the code that made it.
 *
 * The directory they live in comes from the global setup (tests/support/globalSetup.ts). Workers share it: the
 * first one to need a template builds them all while the others wait for its `ready` mark.
 */

export type TemplateKind = 'empty' | 'migrated' | 'seeded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: string;
  }
}

const READY = 'ready';
const FAILED = 'failed';
const BUILDING = 'building';
/** Below the 60 s hook timeout, so that a waiter says why it gave up. */
const WAIT_MS = 50_000;

/**
 * Fills the (empty) data directory `dataDir` with a copy of the template `kind`. Outside a vitest run (the console
 * benchmark starts its server through the end-to-end harness) it leaves the directory empty: the server then
 * prepares it itself.
 */
export async function fillFromTemplate(kind: TemplateKind, dataDir: string): Promise<void> {
  if (!process.env.VITEST) return;
  const root = inject('pgliteTemplates');
  if (!root)
    throw new Error('no PGlite template directory: add tests/support/globalSetup.ts to the vitest config');
  await templatesReady(root);
  fs.cpSync(path.join(root, kind), dataDir, { recursive: true });
}

async function templatesReady(root: string): Promise<void> {
  if (fs.existsSync(path.join(root, READY))) return;
  const building = path.join(root, BUILDING);
  try {
    fs.mkdirSync(building);
  } catch {
    return waitForBuilder(root);
  }
  fs.writeFileSync(path.join(building, 'pid'), String(process.pid));
  try {
    await buildTemplates(root);
    fs.writeFileSync(path.join(root, READY), '');
  } catch (error) {
    fs.writeFileSync(path.join(root, FAILED), String((error as Error).stack ?? error));
    throw error;
  }
}

/** Waits for another worker's build: its `ready` mark, its `failed` mark, or its end without either. */
async function waitForBuilder(root: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!fs.existsSync(path.join(root, READY))) {
    const failed = path.join(root, FAILED);
    if (fs.existsSync(failed)) {
      throw new Error(`building the PGlite templates failed:\n${fs.readFileSync(failed)}`);
    }
    const builder = builderPid(root);
    if (builder !== null && !pidExists(builder)) {
      throw new Error(
        `the worker building the PGlite templates (pid ${builder}) ended before they were ready`,
      );
    }
    if (Date.now() > deadline) {
      throw new Error(`the PGlite templates in ${root} were not ready within ${WAIT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function builderPid(root: string): number | null {
  try {
    return Number(fs.readFileSync(path.join(root, BUILDING, 'pid'), 'utf8')) || null;
  } catch {
    return null; // not written yet
  }
}

async function buildTemplates(root: string): Promise<void> {
  const [empty, migrated, seeded] = ['empty', 'migrated', 'seeded'].map((kind) => path.join(root, kind));
  await (await openDatabase({ pgliteDir: path.join(empty, 'pglite') })).close();
  fs.cpSync(empty, migrated, { recursive: true });
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
