import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { openDatabase, type DatabaseHandle, type DatabaseKind } from '../../../server/db/connect';
import { prepareDatabase } from '../../../server/db/prepare';
import type { Database } from '../../../server/db/schema';
import { fillFromTemplate } from '../../support/pgliteTemplates';

/**
 * Throwaway databases and apps for server tests. PGlite in a temporary directory by default; with
 * TEST_DATABASE_URL set, a fresh PostgreSQL schema per database (dropped on close), so test files running in
 * parallel never see each other's data. A PGlite database is a copy of a ready-made one (pgliteTemplates.ts);
 * opening it still costs a second: create one per test file (beforeAll).
 */

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' } as const;
export const STAFF = { email: 'staff@example.com', password: 'Staff@123456' } as const;

export interface TestDatabase {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** A temporary DATA_DIR (uploads); removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Run migrations (default true). */
  migrate?: boolean;
  /** Fill in the demo seed (default true; implies migrate). */
  seed?: boolean;
  /** PostgreSQL only: connections in the pool (default 5); 1 lets a test read what its connection holds. */
  poolSize?: number;
}

export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-test-'));
  const url = process.env.TEST_DATABASE_URL || undefined;
  const prepare = options.migrate !== false || options.seed !== false;
  let handle: DatabaseHandle | undefined;
  try {
    // On PGlite a database starts as a copy of a template (pgliteTemplates.ts): initdb costs seconds.
    if (!url)
      await fillFromTemplate(options.seed !== false ? 'seeded' : prepare ? 'migrated' : 'empty', dataDir);
    handle = await openDatabase(
      url
        ? {
            databaseUrl: url,
            schema: `test_${process.pid}_${randomBytes(4).toString('hex')}`,
            dropSchemaOnClose: true,
            poolSize: options.poolSize ?? 5,
          }
        : { pgliteDir: path.join(dataDir, 'pglite') },
    );
    if (url && prepare) await prepareDatabase(handle.db, { dataDir, seed: options.seed !== false });
  } catch (error) {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const opened = handle;
  return {
    db: opened.db,
    kind: opened.kind,
    dataDir,
    async close() {
      try {
        await opened.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

export interface TestApp extends TestDatabase {
  app: FastifyInstance;
  /** Logs in through the API and returns the bearer token (throws with the envelope when it fails). */
  login(email: string, password: string): Promise<string>;
}

export type TestAppOptions = Partial<Omit<BuildAppOptions, 'db' | 'dataDir'>> & TestDatabaseOptions;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { migrate, seed, poolSize, ...appOptions } = options;
  const database = await createTestDatabase({ migrate, seed, poolSize });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: database.db,
      dataDir: database.dataDir,
      // No console build unless a test asks for one: API tests must not depend on `rsbuild build`.
      distDir: path.join(database.dataDir, 'no-dist'),
      ...appOptions,
    });
    await app.ready();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    ...database,
    app,
    async login(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sanctum-auth/login',
        payload: { email, password },
      });
      const body = response.json() as { err_code: number; data: { token?: string } | null };
      if (response.statusCode !== 200 || !body.data?.token) {
        throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
      }
      return body.data.token;
    },
    async close() {
      try {
        await app.close();
      } finally {
        await database.close();
      }
    },
  };
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
