import { createHash } from 'node:crypto';
import type { Compilable, Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements for the hottest reads (docs/lists.md). PostgreSQL spends most of a list's first page parsing
 * and planning it (on demo data, 0.5 ms of 0.7): a statement prepared on a connection is parsed once, and after five
 * runs PostgreSQL may keep one generic plan for it. That is only safe where one index serves the statement whatever
 * its values, so preparing is asked for statement by statement (`executePrepared`), never for all: a list's first
 * page with no filter but a tab (`oneIndexServes` in server/kit/listQuery.ts) and a record read by its id; not a
 * filter, a search, a range or a later page, whose plans turn on their values; nothing inside a transaction. Such a
 * statement's text begins with `MARK`; the PostgreSQL pool's connections send it as a named statement
 * (`prepareMarked`), and PGlite runs it with SQL's PREPARE and EXECUTE (server/db/pgliteDialect.ts). A connection
 * pooler in front must keep a session's prepared statements (PgBouncer in transaction mode: its
 * `max_prepared_statements`).
 */
export const MARK = '/* prepared */ ';

/** Prepared statements a connection keeps at most; a marked statement beyond them is sent unprepared. */
export const MAX_PREPARED_PER_CONNECTION = 200;

/**
 * Bumped when migrations change the schema in this process (`migrateToLatest`): a statement prepared before a
 * table's columns changed would fail ("cached plan must not change result type"), so the names change with it.
 */
let schemaGeneration = 0;
export function schemaChanged(): void {
  schemaGeneration++;
}

/** The statement's name on a connection: its text's hash, with the schema's generation. */
export function statementName(text: string): string {
  return `p${schemaGeneration}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

/** The statements one database session has prepared, and those it has stopped preparing. */
export interface PreparedSession {
  /**
   * The name to run `text` under, or null when it is to run unprepared: not marked, refused before as stale, or
   * the session's MAX_PREPARED_PER_CONNECTION slots are taken by others.
   */
  nameOf(text: string): string | null;
  /** Whether `name` has been prepared on this session. */
  has(name: string): boolean;
  prepared(name: string): void;
  /** `name` failed for being prepared (see isStalePlan): from now on its text runs unprepared on this session. */
  refused(name: string): void;
}

export function preparedSession(): PreparedSession {
  const named = new Set<string>();
  const stale = new Set<string>();
  return {
    nameOf(text) {
      if (!text.startsWith(MARK)) return null;
      const name = statementName(text);
      if (stale.has(name)) return null;
      return named.has(name) || named.size < MAX_PREPARED_PER_CONNECTION ? name : null;
    },
    has: (name) => named.has(name),
    prepared: (name) => void named.add(name),
    refused: (name) => void stale.add(name),
  };
}

type Query = (...args: unknown[]) => unknown;

/**
 * Makes a pooled connection send marked statements prepared (by name), up to MAX_PREPARED_PER_CONNECTION. A
 * statement whose table another process changed (a column added by a newer server's migration) fails once with
 * "cached plan must not change result type", and one the session lost fails once as missing: either is asked again
 * unprepared, and stays so on this connection.
 */
export function prepareMarked(client: pg.PoolClient): void {
  const session = preparedSession();
  const query = client.query.bind(client) as Query;
  const preparing: Query = (text, values, callback) => {
    const name = typeof text === 'string' && Array.isArray(values) && !callback ? session.nameOf(text) : null;
    if (!name) return query(text, values, callback);
    session.prepared(name);
    return (query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      session.refused(name);
      return query(text, values);
    });
  };
  (client as unknown as { query: Query }).query = preparing;
}

/**
 * Whether a prepared statement failed for being prepared, so that its text is to run unprepared from now on this
 * session: "cached plan must not change result type" (told by where PostgreSQL raised it: its message is
 * translated), or the statement is gone from the session (26000: someone ran DEALLOCATE or DISCARD on it, a pooler
 * resetting a connection, say).
 */
export const isStalePlan = (error: unknown) => {
  const { code, routine } = error as { code?: string; routine?: string };
  return (code === '0A000' && routine === 'RevalidateCachedQuery') || code === '26000';
};

/**
 * Runs `query` as a prepared statement (see MARK); inside a transaction as it is: there a statement
 * refused for a changed table would have aborted the transaction, and could not be asked again.
 */
export async function executePrepared<R>(db: Kysely<never>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const sent = db.isTransaction ? compiled : { ...compiled, sql: MARK + compiled.sql };
  const { rows } = await db.executeQuery<R>(sent);
  return rows;
}
