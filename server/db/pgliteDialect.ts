import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isStalePlan, ONE_PLAN, ONE_PLAN_MARK, PLANNED_FOR_VALUES, preparedSession } from './prepared';
import { sqlLiterals } from './sqlLiterals';

/**
 * A Kysely dialect over one PGlite instance (kysely 0.28 ships none).
 *
 * PGlite is a single Postgres session, so there is exactly one connection. Acquisition is queued: whoever holds
 * the connection (a single query, or a whole transaction) owns the instance until it releases it, so queries of
 * concurrent requests never interleave inside someone else's transaction.
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly options: { closeWaitMs?: number } = {},
  ) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.options.closeWaitMs ?? CLOSE_WAIT_MS);
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #prepared = preparedSession();
  /** The session's plan_cache_mode as last set (`#planning`); null before the first statement, or if setting failed. */
  #mode: string | null = null;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const name = this.#prepared.nameOf(compiled.sql);
    const literals = name === null ? null : sqlLiterals(compiled.parameters);
    // How the session plans bears on a statement prepared or sent with values, not on one without (a `begin`, a
    // `rollback`), which may end a transaction and with it a `set` made there: the mode is set anew after it.
    if (literals || compiled.parameters.length > 0) {
      await this.#planning(
        literals && compiled.sql.startsWith(ONE_PLAN_MARK) ? ONE_PLAN : PLANNED_FOR_VALUES,
      );
    } else this.#mode = null;
    const result = literals
      ? await this.#executePrepared<R>(name!, compiled, literals)
      : await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const kind = compiled.query?.kind;
    const writes =
      kind === 'InsertQueryNode' ||
      kind === 'UpdateQueryNode' ||
      kind === 'DeleteQueryNode' ||
      kind === 'MergeQueryNode';
    return {
      rows: result.rows,
      ...(writes && result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {}),
    };
  }

  /**
   * A marked statement (server/db/prepared.ts) through SQL's PREPARE, once, and EXECUTE with its values written as
   * literals: PGlite's `query` has no named statements, and EXECUTE takes no parameters of its own.
   */
  async #executePrepared<R>(name: string, compiled: CompiledQuery, literals: string[]) {
    try {
      if (!this.#prepared.has(name)) await this.pglite.query(`prepare ${name} as ${compiled.sql}`);
      const displaced = this.#prepared.runs(name);
      if (displaced) await this.pglite.query(`deallocate ${displaced}`).catch(() => undefined);
      return await this.pglite.query<R>(
        `execute ${name}${literals.length ? `(${literals.join(', ')})` : ''}`,
      );
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      this.#prepared.refused(name);
      await this.#planning(PLANNED_FOR_VALUES);
      return this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    }
  }

  /**
   * The one session plans as PostgreSQL's sessions do (server/db/connect.ts): each statement for its values on every
   * run (PLANNED_FOR_VALUES, as SESSION_SETTINGS say), but one prepared to keep one plan for every value
   * (`ONE_PLAN_MARK`), on the one plan kept (ONE_PLAN, as the one-plan sessions say): PGlite planning a search's reads
   * of its starts on every run was about a quarter of a search's server time (docs/lists.md, stop 68). Set only when
   * the statement to run needs the other mode. Never before a statement without values: a `set` in a transaction that
   * failed would fail too, and the `rollback` waiting on it would never run.
   */
  async #planning(mode: string): Promise<void> {
    if (this.#mode === mode) return;
    this.#mode = null;
    await this.pglite.query(`set plan_cache_mode = ${mode}`);
    this.#mode = mode;
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }
}

/** How long closing waits, in all, for the queries already queued or running (see `destroy`). */
const CLOSE_WAIT_MS = 5_000;

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(
    private readonly pglite: PGlite,
    private readonly closeWaitMs: number,
  ) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdent(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  /**
   * Waits for the queries already queued (or running) to finish, so that none meets a closed instance (Kysely takes
   * no new one once destroying). After `closeWaitMs` in all it stops waiting: whatever still holds or awaits the
   * connection (a stuck transaction and the queries behind it) then meets the closed instance. The owner of the
   * PGlite instance closes it afterwards (see connect.ts).
   */
  async destroy(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.closeWaitMs)));
    await Promise.race([this.#tail, givenUp]);
    clearTimeout(timer);
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
