import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { schemaChanged } from './prepared';
import * as init from './migrations/2026_11_21_0001_init';
import * as kit from './migrations/2026_11_23_0001_kit';
import * as listSupport from './migrations/2026_11_24_0001_list_support';
import * as logFollowers from './migrations/2026_11_25_0001_log_followers';
import * as wordSearch from './migrations/2026_11_28_0200_word_search';
import * as idFilterIndexes from './migrations/2026_11_28_0400_id_filter_indexes';
import * as identifierStarts from './migrations/2026_11_29_0100_identifier_starts';
import * as searchStarts from './migrations/2026_11_30_0500_search_starts';
import * as searchStartsOnce from './migrations/2026_12_05_2200_search_starts_once';

/** The server's own migrations, by timestamp name. Modules contribute theirs through `server/modules/index.ts`. */
export const coreMigrations: Record<string, Migration> = {
  '2026_11_21_0001_init': init,
  '2026_11_23_0001_kit': kit,
  '2026_11_24_0001_list_support': listSupport,
  '2026_11_25_0001_log_followers': logFollowers,
  '2026_11_28_0200_word_search': wordSearch,
  '2026_11_28_0400_id_filter_indexes': idFilterIndexes,
  '2026_11_29_0100_identifier_starts': identifierStarts,
  '2026_11_30_0500_search_starts': searchStarts,
  '2026_12_05_2200_search_starts_once': searchStartsOnce,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly migrations: Record<string, Migration>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return this.migrations;
  }
}

/** Brings the schema up to date; throws with the failing migration's name and cause. */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  extra: Record<string, Migration> = {},
): Promise<string[]> {
  for (const name of Object.keys(extra)) {
    if (name in coreMigrations) throw new Error(`Duplicate migration name: ${name}`);
  }
  const all = { ...coreMigrations, ...extra };
  if (await allApplied(db, Object.keys(all))) return [];
  // Name the schema: left unset, the Migrator accepts a kysely_migration table found in *any* schema, so on a
  // PostgreSQL server shared by several schemas (one per test app) it can skip creating its own tables.
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(all),
    migrationTableSchema: current.rows[0]!.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  const applied = (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  if (applied.length > 0) schemaChanged();
  return applied;
}

/**
 * The warm-start fast path: when every migration is already recorded, skip the Migrator (its table introspection
 * and lock cost a few hundred ms on PGlite). Anything unexpected falls through to the Migrator, which decides.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allApplied(db: Kysely<any>, names: string[]): Promise<boolean> {
  const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(
    db,
  );
  if (!table.rows[0]?.t) return false;
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(applied.rows.map((row) => row.name));
  return names.every((name) => done.has(name)) && done.size === names.length;
}
