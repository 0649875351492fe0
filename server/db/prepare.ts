import type { Kysely, Migration } from 'kysely';
import { modules as registeredModules } from '../modules/index';
import type { ServerModule } from '../modules/types';
import { prepareLists, type ListTable } from '../kit/listSupport';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';
import { seed } from './seed';

export interface PrepareOptions {
  dataDir: string;
  /** Fill in the demo data (idempotent). */
  seed?: boolean;
  modules?: ServerModule[];
}

/** The migrations the modules contribute, by name (the core ones are in migrate.ts). */
export function moduleMigrations(modules: ServerModule[] = registeredModules): Record<string, Migration> {
  const extra: Record<string, Migration> = {};
  for (const module of modules) {
    for (const [name, migration] of Object.entries(module.migrations ?? {})) {
      if (name in extra) throw new Error(`Duplicate migration name: ${name}`);
      extra[name] = migration;
    }
  }
  return extra;
}

/** Every entity list and the table it reads. */
export function listTables(modules: readonly ServerModule[] = registeredModules): ListTable[] {
  return modules.flatMap((module) =>
    (module.entities ?? []).flatMap((entity) =>
      entity.list && entity.projection.table ? [{ table: entity.projection.table, spec: entity.list }] : [],
    ),
  );
}

/** Start-up: run every migration (core and modules'), bring the lists' indexes and counts up to date, then seed. */
export async function prepareDatabase(db: Kysely<Database>, options: PrepareOptions): Promise<void> {
  const modules = options.modules ?? registeredModules;
  await migrateToLatest(db, moduleMigrations(modules));
  await prepareLists(db, listTables(modules));
  if (options.seed !== false) await seed(db, { dataDir: options.dataDir }, modules);
}
