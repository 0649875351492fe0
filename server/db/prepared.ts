import { createHash } from 'node:crypto';
import type { Compilable, Kysely } from 'kysely';
import type pg from 'pg';

/**
 * Prepared statements for the hottest reads (docs/lists.md). PostgreSQL spends most of a list's first page parsing
 * and planning it (on 1,000,000 suppliers, ~0.5 ms of ~0.7): a statement prepared on a connection is parsed once,
 * and after five runs PostgreSQL may keep one generic plan for it. That is only safe where every value a statement
 * takes leads to the same plan, so preparing is asked for statement by statement (`executePrepared`), never for
 * all: a list's first page under exact-match filters (an index serves each whatever its value), not a search, a
 * range or a page by its number, whose plans turn on the values. Such a statement's text begins with `MARK`; the
 * PostgreSQL pool's connections send it as a named statement (`prepareMarked`). On PGlite the mark is a comment.
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

type Query = (...args: unknown[]) => unknown;

/** Makes a pooled connection send marked statements prepared (by name), up to MAX_PREPARED_PER_CONNECTION. */
export function prepareMarked(client: pg.PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as Query;
  const preparing: Query = (text, values, callback) => {
    if (typeof text === 'string' && text.startsWith(MARK) && Array.isArray(values)) {
      const name = statementName(text);
      if (named.has(name) || named.size < MAX_PREPARED_PER_CONNECTION) {
        named.add(name);
        return query({ name, text, values }, callback);
      }
    }
    return query(text, values, callback);
  };
  (client as unknown as { query: Query }).query = preparing;
}

/** Runs `query` as a prepared statement (on PostgreSQL; see MARK). */
export async function executePrepared<R>(db: Kysely<never>, query: Compilable<R>): Promise<R[]> {
  const compiled = query.compile();
  const { rows } = await db.executeQuery<R>({ ...compiled, sql: MARK + compiled.sql });
  return rows;
}
