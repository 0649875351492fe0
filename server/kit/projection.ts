import { sql, type Kysely, type RawBuilder } from 'kysely';
import { executePrepared } from '../db/prepared';
import type { Database, Timestamp } from '../db/schema';

/**
 * A read model: where an entity's current state lives between commands. The pipeline loads a record's snapshot
 * from it (locked for the command), and saves what `evolve` made of the facts; the rebuild clears it and saves
 * every replayed stream. A row is a pure function of the snapshot and the stream's metadata (its `derived` columns,
 * of read models the rebuild makes before it), which is why live commands and the rebuild cannot drift apart.
 */

/** The columns every entity's read-model table has besides its own: what `tableProjection` writes from the meta. */
export interface RecordColumns {
  id: number;
  version: number;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** What the log knows about a stream besides its state. */
export interface StreamMeta {
  id: number;
  version: number;
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** Who stored the last fact. */
  updatedBy?: number | null;
}

export interface Loaded<S> {
  snapshot: S;
  meta: StreamMeta;
}

export interface Projection<S> {
  /**
   * The record's state, or undefined when there is none; `lock` holds its row for update until the transaction
   * ends, `'share'` only against changes (another command relying on the record).
   */
  load(
    db: Kysely<Database>,
    id: number,
    options: { lock: boolean | 'share' },
  ): Promise<Loaded<S> | undefined>;
  /** Writes the state the facts left: a new record, an update, or its removal (a final state). */
  save(db: Kysely<Database>, snapshot: S, meta: StreamMeta, isNew: boolean): Promise<void>;
  /** Writes new records in few statements (bulk work); a projection without it saves them one by one. */
  saveNew?(db: Kysely<Database>, records: Array<{ snapshot: S; meta: StreamMeta }>): Promise<void>;
  /**
   * Empties the read model, before a rebuild, in the rebuild's transaction. `TRUNCATE`: the table starts over in new
   * files, where deleted rows would stay in the old ones beside the rows written anew (a table rebuilt over itself
   * doubled). It locks the table until the rebuild ends. It runs no row trigger: what one keeps from the rows (a side
   * table) needs an `after truncate` trigger too (the search starts, page blocks, supplier figures have theirs); and
   * a foreign key from another table to a read model would make it refuse (none has one).
   */
  clear(db: Kysely<Database>): Promise<void>;
  /** The record as its row holds it (meta included), or null when the state leaves none: what `toApi` reads. */
  row(snapshot: S, meta: StreamMeta): Record<string, unknown> | null;
}

type TableName = keyof Database & string;
type Row = Record<string, unknown>;

export interface TableProjectionSpec<S> {
  table: TableName;
  /** The row for a snapshot: every column but the meta ones (`id`, `version`, timestamps, `created_by`). */
  toRow: (snapshot: S) => Row;
  /** The snapshot a row stands for. */
  fromRow: (row: never) => S;
  /** A state that leaves no row (a deleted service city keeps only its history). */
  removed?: (snapshot: S) => boolean;
  /**
   * Columns the database fills when the row is first written, from a read model of an earlier module (the rebuild
   * goes in module order), for lists to filter by: a refund's project is its order's, which never changes. Not in
   * the snapshot, nor in `row` (the API's record; so not for a read scope, which reads it). Not for singletons.
   */
  derived?: (snapshot: S) => Record<string, RawBuilder<unknown>>;
}

/** The usual read model: one row per record in one table, with `id, version, created_by, created_at, updated_at`. */
export function tableProjection<S>(spec: TableProjectionSpec<S>): Projection<S> & { table: TableName } {
  const db = (k: Kysely<Database>) => k as unknown as Kysely<Record<string, Row>>;
  const newRow = (snapshot: S, meta: StreamMeta): Row => ({
    id: meta.id,
    ...spec.toRow(snapshot),
    ...spec.derived?.(snapshot),
    version: meta.version,
    updated_at: meta.updatedAt,
    created_by: meta.createdBy,
    created_at: meta.createdAt,
  });
  return {
    table: spec.table,
    async load(k, id, { lock }) {
      let query = db(k).selectFrom(spec.table).selectAll().where('id', '=', id);
      if (lock === 'share') query = query.forShare();
      else if (lock) query = query.forUpdate();
      // A read (a detail) by its key, prepared: parsed once per connection (server/db/prepared.ts).
      const row = (lock ? await query.executeTakeFirst() : (await executePrepared(k as never, query))[0]) as
        Row | undefined;
      if (!row) return undefined;
      return {
        snapshot: spec.fromRow(row as never),
        meta: {
          id,
          version: Number(row.version),
          createdBy: (row.created_by as number | null) ?? null,
          createdAt: row.created_at as Date,
          updatedAt: row.updated_at as Date,
        },
      };
    },
    async save(k, snapshot, meta, isNew) {
      if (spec.removed?.(snapshot)) {
        await db(k).deleteFrom(spec.table).where('id', '=', meta.id).execute();
        return;
      }
      const values = { ...spec.toRow(snapshot), version: meta.version, updated_at: meta.updatedAt };
      if (isNew) {
        await db(k).insertInto(spec.table).values(newRow(snapshot, meta)).execute();
      } else {
        await db(k).updateTable(spec.table).set(values).where('id', '=', meta.id).execute();
      }
    },
    async saveNew(k, records) {
      const rows = records.filter((r) => !spec.removed?.(r.snapshot)).map((r) => newRow(r.snapshot, r.meta));
      // Statements of up to 60,000 parameters (PostgreSQL takes 65,535).
      const chunk = rows.length ? Math.max(1, Math.floor(60_000 / Object.keys(rows[0]).length)) : 1;
      for (let i = 0; i < rows.length; i += chunk) {
        await db(k)
          .insertInto(spec.table)
          .values(rows.slice(i, i + chunk))
          .execute();
      }
    },
    async clear(k) {
      await sql`truncate table ${sql.table(spec.table)}`.execute(k);
    },
    row(snapshot, meta) {
      if (spec.removed?.(snapshot)) return null;
      return {
        id: meta.id,
        version: meta.version,
        ...spec.toRow(snapshot),
        created_by: meta.createdBy,
        created_at: meta.createdAt,
        updated_at: meta.updatedAt,
      };
    },
  };
}

/**
 * A singleton's read model (one settings record): its one row, id 0, in its table. Before the stream's first fact
 * there is no row: the record is `start()` at version 0, and the first save writes the row.
 */
export function singletonProjection<S>(
  spec: TableProjectionSpec<S> & { start: () => S },
): Projection<S> & { table: TableName } {
  if (spec.derived) throw new Error(`${spec.table}: a singleton's row has no derived columns`);
  const table = tableProjection(spec);
  const db = (k: Kysely<Database>) => k as unknown as Kysely<Record<string, Row>>;
  return {
    ...table,
    async load(k, _id, options) {
      const epoch = new Date(0);
      return (
        (await table.load(k, 0, options)) ?? {
          snapshot: spec.start(),
          meta: { id: 0, version: 0, createdBy: null, createdAt: epoch, updatedAt: epoch },
        }
      );
    },
    async save(k, snapshot, meta) {
      const row = table.row(snapshot, { ...meta, id: 0 })!;
      const { id: _id, created_by: _by, created_at: _at, ...changed } = row;
      await db(k)
        .insertInto(spec.table)
        .values({ ...row, created_by: meta.updatedBy ?? meta.createdBy, created_at: meta.updatedAt })
        .onConflict((oc) => oc.column('id').doUpdateSet(changed))
        .execute();
    },
  };
}
