import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDirLock } from './dirLock';
import { PGliteDialect } from './pgliteDialect';
import { ONE_PLAN, PLANNED_FOR_VALUES, prepareMarked, useOnePlanSessions } from './prepared';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  readonly kind: DatabaseKind;
  /** Where the embedded database lives (PGlite only). */
  readonly pgliteDir?: string;
  /** The schema every connection uses (PostgreSQL only). */
  readonly schema?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, the embedded PGlite under `pgliteDir` is used. */
  databaseUrl?: string;
  /** PGlite directory (created with its parents). */
  pgliteDir?: string;
  /** PostgreSQL only: use this schema (created if missing) on every pooled connection. */
  schema?: string;
  /** PostgreSQL only: drop `schema` when closing (throwaway test databases). */
  dropSchemaOnClose?: boolean;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

const INT8_OID = 20;

/** bigint/count(*) come back as strings from `pg`; as numbers from PGlite. Make both numbers. */
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  return openPGlite(options.pgliteDir);
}

async function openPGlite(dir: string): Promise<DatabaseHandle> {
  const pgliteDir = path.resolve(dir);
  fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
  const lock = acquireDirLock(pgliteDir);
  try {
    // Only now that we hold our lock is a leftover postmaster.pid certainly stale (a crash or kill -9):
    // PGlite would otherwise hang on reopening the directory.
    fs.rmSync(path.join(pgliteDir, 'postmaster.pid'), { force: true });
    // Loaded only here: a server on PostgreSQL never pays for PGlite's code.
    const [{ PGlite }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ]);
    const pglite = await PGlite.create({ dataDir: pgliteDir, extensions: { pg_trgm } });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    let closed = false;
    return {
      db,
      kind: 'pglite',
      pgliteDir,
      async close() {
        if (closed) return;
        closed = true;
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The session settings of this server's PostgreSQL connections (and the benches' raw `pg`, to run the same SQL the
 * same way):
 *
 * - **No parallel workers.** The console's statements are short and many at once; none scans a big table on
 *   purpose. PostgreSQL still plans parallel workers for some of them on a wrong estimate (a search index's condition
 *   guessed at 20,008 matches of a million orders, one in fact), and starting two workers cost 12 ms of a 13 ms
 *   statement: with 16 clients doing so, the box starved (pgbench, the order-number search: 688 transactions/s with
 *   workers, 2,910 without).
 * - **Prepared statements planned for their values.** The list reads are prepared (server/db/prepared.ts) to be
 *   parsed once; a plan kept for every value would be wrong where the plan turns on them, so each run is planned
 *   with its values. (A statement without parameters keeps its one plan whatever this says; the statements planned
 *   once for every value run on a second pool: ONE_PLAN_SESSION_SETTINGS.)
 *
 * See docs/lists.md.
 */
export const SESSION_SETTINGS = `-c max_parallel_workers_per_gather=0 -c plan_cache_mode=${PLANNED_FOR_VALUES}`;

/**
 * The session settings of the connections that run the statements planned once for every value (`onePlan`,
 * server/db/prepared.ts): the same, but each prepared statement keeps one generic plan.
 */
export const ONE_PLAN_SESSION_SETTINGS = `-c max_parallel_workers_per_gather=0 -c plan_cache_mode=${ONE_PLAN}`;

async function openPostgres(databaseUrl: string, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { schema } = options;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
    throw new Error(`Invalid schema name: ${schema}`);
  }
  const poolOf = (settings: string, mode: string) => {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      types: pgTypes,
      // PGOPTIONS last: what the operator sets there wins (taking `options` here, pg no longer reads it itself).
      options: [schema && `-c search_path=${schema}`, settings, process.env.PGOPTIONS]
        .filter(Boolean)
        .join(' '),
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
    // The list and detail reads go as prepared statements (server/db/prepared.ts).
    pool.on('connect', (client) => prepareMarked(client, mode));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  };
  const db = poolOf(SESSION_SETTINGS, PLANNED_FOR_VALUES);
  // Connected when first asked for: the statements planned once for every value (a search's starts, a page from a
  // cursor or from the page blocks) run there. Up to twice `poolSize` connections in all.
  const onePlan = poolOf(ONE_PLAN_SESSION_SETTINGS, ONE_PLAN);
  useOnePlanSessions(db as never, onePlan as never);
  try {
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } catch (error) {
    await onePlan.destroy();
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    db,
    kind: 'postgres',
    schema,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await onePlan.destroy();
        if (schema && options.dropSchemaOnClose) {
          await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
        }
      } finally {
        await db.destroy();
      }
    },
  };
}
