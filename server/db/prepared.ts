import { createHash } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import { sqlLiterals } from './sqlLiterals';

/**
 * Prepared statements for the list and detail reads (docs/lists.md). Parsing a statement anew on every request was
 * up to half of PostgreSQL's time for it under load (a refund list's first page: 730 → 1,413 req/s through `pg`
 * alone once named): a statement prepared on a connection is parsed once. Its plan is another matter:
 *
 * - **Planned for its values, every run** (the default): the server's sessions set `plan_cache_mode =
 *   force_custom_plan` (`SESSION_SETTINGS`, server/db/connect.ts), so a prepared statement with bound values is
 *   planned with them each time, as if sent unprepared. A plan kept for all values would be wrong where the plan
 *   turns on them: a rare city read along the sort's index under a plan made for a common one.
 * - **A plan kept per value** (`keepPlan`): for a statement whose values are few (a list's first page with its tab
 *   and enum or boolean filters, and text filters with a value some row holds: `valuesFew` in
 *   server/kit/listQuery.ts; a filter's choices), the values are written into its text as literals. A statement
 *   without parameters is planned once and its plan kept, whatever plan_cache_mode says; each value is then a
 *   statement of its own, planned for it.
 * - **One plan for every value** (`onePlan`): a statement whose values never change how it is best read (a search's
 *   reads of its search starts: the term's range of one index, server/kit/searchStarts.ts, with the page's rows by
 *   their ids: server/kit/talliedPage.ts; a page from a cursor or from the page blocks where one index serves it:
 *   `oneIndexServes`), but which is asked with ever new values (every term typed, every place), runs on sessions
 *   that keep one generic plan (`ONE_PLAN`: PostgreSQL's sessions of `onePlanSessions`; PGlite's one session says
 *   ONE_PLAN while it runs: `ONE_PLAN_MARK`); planning it every run was as much of its time as running it, or
 *   more.
 *
 * Preparing is asked for statement by statement (`executePrepared`); nothing inside a transaction. Such a
 * statement's text begins with `MARK`; the connections of PostgreSQL's two pools send it as a named statement
 * (`prepareMarked`), and PGlite runs it with SQL's PREPARE and EXECUTE (server/db/pgliteDialect.ts). A connection
 * pooler in front must keep a session's prepared statements (PgBouncer in transaction mode: its
 * `max_prepared_statements`) and pass each connection's options.
 */
export const MARK = '/* prepared */ ';

/**
 * The mark of a statement to be planned once for every value (`onePlan`), MARK and more: PostgreSQL's sessions of
 * `onePlanSessions` keep one plan for all they prepare, and PGlite's one session keeps one for the statements so
 * marked (server/db/pgliteDialect.ts).
 */
export const ONE_PLAN_MARK = `${MARK}/* one plan */ `;

/**
 * Prepared statements a connection keeps at most: past them, the one run least recently is deallocated to make room
 * (a server up for days meets more statements than that: every list's tabs, filters' values, sorts and page sizes).
 */
export const MAX_PREPARED_PER_CONNECTION = 200;

/** How many statement texts `byText` keeps what it made of; past them it forgets them all and starts again. */
export const TEXTS_KEPT = 1000;

/**
 * What `of` makes of a statement's text, worked out once per text: the same statements run on every request, and
 * hashing and scanning a text each time was 2–3 % of a cheap one's CPU (docs/lists.md, stop 49).
 */
export function byText<T>(of: (text: string) => T): { get: (text: string) => T; clear: () => void } {
  const known = new Map<string, T>();
  return {
    get(text) {
      if (known.has(text)) return known.get(text)!;
      if (known.size >= TEXTS_KEPT) known.clear();
      const value = of(text);
      known.set(text, value);
      return value;
    },
    clear: () => known.clear(),
  };
}

/**
 * A value of a statement that `compiledOnce` keeps (a page's ids, a search's term, a cursor's place): the statement is
 * built with it as a value (`sql`${bound}``, `where(column, '=', bound)`), never with what it holds, and sent with
 * what it holds in its place.
 */
export class Bound<T = unknown> {
  constructor(readonly value: T) {}
}

/** `value` as a value of a kept statement (`Bound`). */
export const bound = <T>(value: T): Bound<T> => new Bound(value);

/** A statement `compiledOnce` keeps: how many values it was kept with, and which of them each parameter is (or -1). */
interface KeptStatement {
  compiled: CompiledQuery;
  values: number;
  slots: number[];
}

/** A level of `compiledOnce`'s statements: those kept under one more owner, and the statements kept at it. */
interface Kept {
  owners: WeakMap<object, Kept>;
  statements: Map<string, KeptStatement>;
}
const newLevel = (): Kept => ({ owners: new WeakMap(), statements: new Map() });
let keptStatements = newLevel();
let keptCount = 0;

/**
 * A statement built and compiled once for `owners` (objects that make it: a database, a list, its source) and `key`
 * (what else it is built from), kept while its owners are; TEXTS_KEPT statements at most in all, past which every one
 * is forgotten and built again when asked (each holds its operation tree: about 19 kB a list page). `values` are what
 * `build` writes into the statement as values (`Bound`, each once or more; every one it writes is among them): it is
 * sent with what they hold, and asked again, with what that ask's hold. A statement that does not hold each of them
 * as a value (one written into its text, or left out) is not kept; one asked with another number of values than it was
 * kept with is built again. The key names everything else: which values there are, and whatever decides the
 * statement's text.
 *
 * For a statement asked again and again (a list's first page under a tab, a sort, a few-valued filter; a page's rows
 * by their ids; a search by its term): building and compiling it was a tenth or more of such a request's server CPU
 * (docs/lists.md, stop 58).
 */
export function compiledOnce<R>(
  owners: readonly object[],
  key: string,
  build: () => Compilable<R>,
  values: readonly Bound[] = [],
): CompiledQuery<R> {
  let at = keptLevel(owners);
  const known = at.statements.get(key);
  if (known && known.values === values.length) return sentWith(known, values) as CompiledQuery<R>;
  const kept = builtWith(build, values);
  if (!values.every((_, v) => kept.slots.includes(v))) return sentWith(kept, values) as CompiledQuery<R>;
  if (!known && keptCount >= TEXTS_KEPT) {
    keptStatements = newLevel();
    keptCount = 0;
    at = keptLevel(owners);
  }
  if (!known) keptCount++;
  at.statements.set(key, kept);
  return sentWith(kept, values) as CompiledQuery<R>;
}

/** A statement built with `values` (`Bound`) and sent with what they hold, kept nowhere (`compiledOnce` keeps one). */
export const compiledWith = <R>(build: () => Compilable<R>, values: readonly Bound[]): CompiledQuery<R> =>
  sentWith(builtWith(build, values), values) as CompiledQuery<R>;

/** A statement built with `values`, and which of them each of its parameters is (or -1). */
function builtWith(build: () => Compilable<unknown>, values: readonly Bound[]): KeptStatement {
  const compiled = build().compile();
  return {
    compiled,
    values: values.length,
    slots: compiled.parameters.map((p) => values.indexOf(p as Bound)),
  };
}

/** A kept statement as it is sent with `values`: each of its parameters that is one of them, what that one holds. */
function sentWith({ compiled, slots }: KeptStatement, values: readonly Bound[]): CompiledQuery {
  if (values.length === 0) return compiled;
  const parameters = compiled.parameters.map((own, i) => (slots[i]! < 0 ? own : values[slots[i]!]!.value));
  return { ...compiled, parameters };
}

/** How many statements `compiledOnce` keeps now (for tests: a statement asked again is not kept twice). */
export const keptStatementCount = (): number => keptCount;

/** The level of `compiledOnce`'s statements kept under `owners`, made where missing. */
function keptLevel(owners: readonly object[]): Kept {
  let at = keptStatements;
  for (const owner of owners) {
    let next = at.owners.get(owner);
    if (!next) at.owners.set(owner, (next = newLevel()));
    at = next;
  }
  return at;
}

/**
 * Bumped when migrations change the schema in this process (`migrateToLatest`): a statement prepared before a
 * table's columns changed would fail ("cached plan must not change result type"), so the names change with it.
 */
let schemaGeneration = 0;
const names = byText(
  (text) => `p${schemaGeneration}_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
);
export function schemaChanged(): void {
  schemaGeneration++;
  names.clear();
}

/** Where a text's placeholders stand (`placeholders`, below), found once per text. */
const placeholdersOf = byText(placeholders);

/** The statement's name on a connection: its text's hash, with the schema's generation. */
export function statementName(text: string): string {
  return names.get(text);
}

/** The statements one database session has prepared, and those it has stopped preparing. */
export interface PreparedSession {
  /** The name to run `text` under, or null when it is to run unprepared: not marked, or refused before as stale. */
  nameOf(text: string): string | null;
  /** Whether `name` has been prepared on this session (and not displaced since). */
  has(name: string): boolean;
  /**
   * `name` runs prepared on this session now (prepared first where it was not). Past MAX_PREPARED_PER_CONNECTION,
   * the name of the statement run least recently, which it displaces: the caller deallocates it. Else null.
   */
  runs(name: string): string | null;
  /**
   * `name` failed for being prepared (see isStalePlan): from now on its text runs unprepared on this session, and it
   * is not displaced (a statement the session lost cannot be deallocated: in a transaction, that would abort it).
   */
  refused(name: string): void;
}

export function preparedSession(): PreparedSession {
  // In the order they last ran: the first ran least recently.
  const named = new Set<string>();
  const stale = new Set<string>();
  return {
    nameOf(text) {
      if (!text.startsWith(MARK)) return null;
      const name = statementName(text);
      return stale.has(name) ? null : name;
    },
    has: (name) => named.has(name),
    runs(name) {
      named.delete(name);
      named.add(name);
      if (named.size <= MAX_PREPARED_PER_CONNECTION) return null;
      const oldest = named.values().next().value!;
      named.delete(oldest);
      return oldest;
    },
    refused(name) {
      stale.add(name);
      named.delete(name);
    },
  };
}

type Query = (...args: unknown[]) => unknown;

/** What the server's sessions must say of plan_cache_mode for a statement with values to be prepared. */
export const PLANNED_FOR_VALUES = 'force_custom_plan';

/** What the sessions running `onePlan` statements say of plan_cache_mode: one generic plan, made once, kept. */
export const ONE_PLAN = 'force_generic_plan';

/**
 * The sessions a database's `onePlan` statements run on (PostgreSQL: a pool of its own, whose sessions say
 * ONE_PLAN; server/db/connect.ts). A database without them (PGlite, one session) runs those statements on its own,
 * marked (`ONE_PLAN_MARK`).
 */
const onePlanSessions = new WeakMap<Kysely<never>, Kysely<never>>();

export function useOnePlanSessions(db: Kysely<never>, sessions: Kysely<never>): void {
  onePlanSessions.set(db, sessions);
}

/** The sessions `db`'s `onePlan` statements run on: its own when it has none. */
export const onePlanSessionsOf = (db: Kysely<never>): Kysely<never> => onePlanSessions.get(db) ?? db;

/** The plan_cache_mode settings a session was found without (each warned of once). */
const warnedNotPlanned = new Set<string>();

/**
 * Makes a pooled connection send marked statements prepared (by name), up to MAX_PREPARED_PER_CONNECTION, the one
 * run least recently deallocated to make room for another once one more has run: the DEALLOCATE is queued before the
 * caller's next statement, and `pg` is told that the name is no longer parsed (its `parsedStatements`; were that
 * gone from a later `pg`, a displaced statement asked again would fail as missing once, and run unprepared from then
 * on: tests/server/prepared.test.ts would say so). A
 * statement whose table another process changed (a column added by a newer server's migration) fails once with
 * "cached plan must not change result type", and one the session lost fails once as missing: either is asked again
 * unprepared, and stays so on this connection.
 *
 * A statement with values is prepared only once the session has said that it plans them as `mode` says
 * (PLANNED_FOR_VALUES: each run with its values; ONE_PLAN on the sessions of `onePlan` statements), asked first on
 * the connection: a pooler that drops the connection's startup options, or a PGOPTIONS saying otherwise, would leave
 * PostgreSQL free to plan them otherwise. Until then, and from then on if it says otherwise, only statements without
 * values (whose one plan is meant to be kept) are prepared.
 */
export function prepareMarked(client: pg.PoolClient, mode: string = PLANNED_FOR_VALUES): void {
  const session = preparedSession();
  const query = client.query.bind(client) as Query;
  let plannedForValues = false;
  (
    query("select current_setting('plan_cache_mode') as mode") as Promise<{ rows: Array<{ mode?: string }> }>
  ).then(
    ({ rows }) => {
      plannedForValues = rows[0]?.mode === mode;
      if (!plannedForValues && !warnedNotPlanned.has(mode)) {
        warnedNotPlanned.add(mode);
        console.warn(
          `PostgreSQL sessions say plan_cache_mode = ${rows[0]?.mode}, not ${mode}: list reads with values meant for ${mode} are sent unprepared (a pooler dropping startup options, or PGOPTIONS).`,
        );
      }
    },
    () => undefined,
  );
  const preparing: Query = (text, values, callback) => {
    const preparable =
      typeof text === 'string' &&
      Array.isArray(values) &&
      !callback &&
      (plannedForValues || values.length === 0);
    const name = preparable ? session.nameOf(text) : null;
    if (!name) return query(text, values, callback);
    return (query({ name, text, values }) as Promise<unknown>).then(
      (result) => {
        makeRoom(session.runs(name));
        return result;
      },
      (error: unknown) => {
        if (!isStalePlan(error)) throw error;
        session.refused(name);
        return query(text, values);
      },
    );
  };
  // A statement counts once it has run (one that failed to parse was never prepared), and the DEALLOCATE goes before
  // anything the caller sends next: a transaction it runs in is still sound, so it cannot fail for that, nor abort it.
  const makeRoom = (displaced: string | null) => {
    const parsed = parsedStatements(client);
    if (displaced === null || (parsed && parsed[displaced] === undefined)) return;
    (query(`deallocate ${displaced}`) as Promise<unknown>).catch(() => undefined);
    if (parsed) delete parsed[displaced];
  };
  (client as unknown as { query: Query }).query = preparing;
}

/** What `pg` keeps of the statements a connection has parsed, by name (its own, not part of its API). */
const parsedStatements = (client: pg.PoolClient) =>
  (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
    ?.parsedStatements;

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
 * Runs `query` as a prepared statement (see MARK), planned for its values on every run; with `keepPlan`, its values
 * written into its text, so that its one plan is kept; with `onePlan`, marked to keep one plan for every value
 * (`ONE_PLAN_MARK`), on the database's sessions that do (`useOnePlanSessions`; without them, on its own). Inside a
 * transaction it runs as it is: there a statement refused for a changed table would have aborted the transaction, and
 * could not be asked again.
 */
export async function executePrepared<R>(
  db: Kysely<never>,
  query: Compilable<R> | CompiledQuery<R>,
  { keepPlan = false, onePlan = false }: { keepPlan?: boolean; onePlan?: boolean } = {},
): Promise<R[]> {
  const compiled = 'sql' in query ? query : query.compile();
  if (db.isTransaction) return (await db.executeQuery<R>(compiled)).rows;
  const sent = keepPlan ? withValuesWritten(compiled) : compiled;
  const on = onePlan ? onePlanSessionsOf(db) : db;
  const { rows } = await on.executeQuery<R>({ ...sent, sql: (onePlan ? ONE_PLAN_MARK : MARK) + sent.sql });
  return rows;
}

/**
 * The statement with its values written into it as literals, in place of $1, $2, …; as it was when a value has no
 * plain literal (sqlLiterals), the placeholders found are not exactly $1 to $n, one per value, or the text holds
 * what this reading does not follow (see `placeholders`).
 */
export function withValuesWritten<R>(compiled: CompiledQuery<R>): CompiledQuery<R> {
  const literals = sqlLiterals(compiled.parameters);
  const found = literals && literals.length > 0 ? placeholdersOf.get(compiled.sql) : null;
  if (!literals || !found) return compiled;
  const numbers = new Set(found.map((p) => p.n));
  if (numbers.size !== literals.length || !literals.every((_, i) => numbers.has(i + 1))) return compiled;
  let sql = '';
  let from = 0;
  for (const { at, length, n } of found) {
    sql += compiled.sql.slice(from, at) + literals[n - 1];
    from = at + length;
  }
  return { ...compiled, sql: sql + compiled.sql.slice(from), parameters: [] };
}

/**
 * Where the placeholders ($ and digits) stand in `text`, outside quoted text ('…', with '' inside), quoted names
 * ("…") and comments (-- to the end of the line, and /* … *\/); null where the text holds what this reading does
 * not follow, and no value is then written into it: an escape string (E'…', whose backslashes may escape a quote),
 * a dollar-quoted string or any other $, a comment inside a comment.
 */
function placeholders(text: string): Array<{ at: number; length: number; n: number }> | null {
  const found: Array<{ at: number; length: number; n: number }> = [];
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    return at < 0 ? text.length : at + end.length;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'") {
      if (/[eE]/.test(text[i - 1] ?? '')) return null;
      i = skipTo("'", i + 1);
      while (text[i] === "'") i = skipTo("'", i + 1);
    } else if (c === '"') {
      i = skipTo('"', i + 1);
      while (text[i] === '"') i = skipTo('"', i + 1);
    } else if (c === '-' && text[i + 1] === '-') {
      i = skipTo('\n', i + 2);
    } else if (c === '/' && text[i + 1] === '*') {
      const end = skipTo('*/', i + 2);
      if (text.slice(i + 2, end).includes('/*')) return null;
      i = end;
    } else if (c === '$') {
      const digits = /^\d+/.exec(text.slice(i + 1))?.[0];
      if (!digits) return null;
      found.push({ at: i, length: 1 + digits.length, n: Number(digits) });
      i += 1 + digits.length;
    } else {
      i++;
    }
  }
  return found;
}
