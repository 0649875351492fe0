import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type Transaction,
} from 'kysely';
import { MARK } from './prepared';
import type { Database } from './schema';

/**
 * Runs `work` inside one transaction of `db`, handing it a Kysely instance on which everything is part of that
 * transaction, including what looks like a transaction of its own: `db.transaction()` there is a savepoint of
 * the outer transaction, and `db.connection()` is its connection. Code written for a whole database (the
 * modules' seed functions, which open their own transactions) thus becomes one all-or-nothing unit: if anything
 * fails, or the process dies before the commit, none of it happened.
 *
 * Like PGlite itself, the instance has a single connection and queues its users: code that holds it (inside
 * `connection().execute`) must use the instance it was given there, not wait for another connection.
 */
export async function withinTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>, outer: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (outer) => {
    const inner = new Kysely<Database>({ dialect: new SavepointDialect(outer) });
    return work(inner, outer);
  });
}

class SavepointDialect implements Dialect {
  constructor(private readonly outer: Transaction<Database>) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new SavepointDriver(this.outer);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class OuterConnection implements DatabaseConnection {
  /** Names of the savepoints standing for the inner transactions now open, innermost last. */
  readonly open: string[] = [];
  #next = 0;

  constructor(private readonly outer: Transaction<Database>) {}

  nextName(): string {
    this.#next += 1;
    return `inner_${this.#next}`;
  }

  /** Inside the outer transaction nothing is prepared (server/db/prepared.ts): a marked statement goes as it is. */
  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const sql = compiled.sql.startsWith(MARK) ? compiled.sql.slice(MARK.length) : compiled.sql;
    return this.outer.executeQuery<R>(sql === compiled.sql ? compiled : { ...compiled, sql });
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported inside withinTransaction');
  }
}

class SavepointDriver implements Driver {
  readonly #connection: OuterConnection;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;

  constructor(outer: Transaction<Database>) {
    this.#connection = new OuterConnection(outer);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async beginTransaction(connection: OuterConnection): Promise<void> {
    const name = connection.nextName();
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
    connection.open.push(name);
  }

  async commitTransaction(connection: OuterConnection): Promise<void> {
    const name = connection.open.pop();
    if (name) await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async rollbackTransaction(connection: OuterConnection): Promise<void> {
    const name = connection.open.pop();
    if (name) {
      await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
      await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
    }
  }

  async savepoint(connection: OuterConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: OuterConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: OuterConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async destroy(): Promise<void> {
    // The outer transaction belongs to its caller.
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
