import { sql, type Kysely } from 'kysely';
import { replay } from '../../src/machines/lifecycles/lifecycle';
import type { Database } from '../db/schema';
import { toStoredEvent, type StoredEvent } from '../events/store';
import type { AnyEntity } from './entity';
import { withoutCounting } from './listSupport';
import type { StreamMeta } from './projection';

/**
 * Rebuilding a read model from the log: every stream of the entity, replayed through `evolve` alone (stored facts
 * are facts: a rule tightened since never makes history unreplayable), saved with the same projection live
 * commands use, in one transaction. Streams are read in batches in (stream, version) order, so memory holds one
 * batch and one stream's state at a time, whatever the log's size.
 */

const BATCH = 5000;
const SAVE_BATCH = 500;

async function* streamsOf(
  db: Kysely<Database>,
  streamType: string,
): AsyncGenerator<{ streamId: string; events: StoredEvent[] }> {
  let after: { streamId: string; version: number } | null = null;
  let current: { streamId: string; events: StoredEvent[] } | null = null;
  for (;;) {
    let query = db.selectFrom('events').selectAll().where('stream_type', '=', streamType);
    if (after) {
      const { streamId, version } = after;
      // A row comparison, which the (stream_type, stream_id, version) index seeks to: spelled as an OR, the scan
      // starts at the first stream every time and the rebuild grows with the square of the log.
      query = query.where(sql<boolean>`(stream_id, version) > (${streamId}, ${version})`);
    }
    const rows = await query.orderBy('stream_id').orderBy('version').limit(BATCH).execute();
    for (const row of rows) {
      const event = toStoredEvent<Record<string, unknown>>(row);
      if (current && current.streamId !== event.streamId) {
        yield current;
        current = null;
      }
      current ??= { streamId: event.streamId, events: [] };
      current.events.push(event);
    }
    if (rows.length < BATCH) break;
    const last = rows[rows.length - 1];
    after = { streamId: last.stream_id, version: last.version };
  }
  if (current) yield current;
}

/**
 * Rewrites the entity's read model from its streams; returns how many records it holds afterwards. A list's counts
 * are not kept row by row meanwhile but counted once at the end.
 */
export function rebuildEntity(db: Kysely<Database>, entity: AnyEntity): Promise<number> {
  const table = entity.projection.table;
  return db.transaction().execute(async (trx) => {
    const replayed = () =>
      table ? withIndexesMadeAfter(trx, table, () => replayAll(trx, entity)) : replayAll(trx, entity);
    return entity.list && table ? withoutCounting(trx, [{ table, spec: entity.list }], replayed) : replayed();
  });
}

/**
 * `work` (the read model rewritten) with the table's indexes that no constraint owns dropped first and made again
 * after, from their own definitions: each is then built once over the rows (sorted, its pages packed), not entry by
 * entry as each row is written, which is slower and leaves its pages partly filled (docs/lists.md, "A rebuild makes
 * its indexes once"). The primary key and unique constraints stay, and keep checking each row (a unique index made
 * without a constraint would check the rows only when made again: the read models have none). The table is locked
 * meanwhile: what reads or writes it waits for the rebuild's end (README.md).
 */
async function withIndexesMadeAfter<T>(
  trx: Kysely<Database>,
  table: string,
  work: () => Promise<T>,
): Promise<T> {
  const { rows: indexes } = await sql<{ schema: string; name: string; def: string }>`
    select i.schemaname as schema, i.indexname as name, i.indexdef as def
    from pg_indexes i
    where i.schemaname = current_schema() and i.tablename = ${table}
      and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
    order by i.indexname`.execute(trx);
  for (const { schema, name } of indexes) await sql`drop index ${sql.id(schema, name)}`.execute(trx);
  const result = await work();
  for (const { def } of indexes) await sql.raw(def).execute(trx);
  return result;
}

async function replayAll(trx: Kysely<Database>, entity: AnyEntity): Promise<number> {
  const lifecycle = entity.lifecycle;
  await entity.projection.clear(trx);
  let count = 0;
  // Rows are written SAVE_BATCH at a time where the projection can (one statement instead of one per record).
  let batch: Array<{ snapshot: unknown; meta: StreamMeta }> = [];
  const flush = async () => {
    const { saveNew } = entity.projection;
    if (saveNew) await saveNew(trx, batch as never);
    else for (const r of batch) await entity.projection.save(trx, r.snapshot as never, r.meta, true);
    batch = [];
  };
  for await (const { streamId, events } of streamsOf(trx, lifecycle.stream)) {
    const first = events[0];
    const snapshot = replay(
      lifecycle,
      events.map((e) => ({ type: e.type, data: e.data, reason: e.reason })),
    );
    const last = events[events.length - 1];
    const meta: StreamMeta = {
      id: entity.singleton ? 0 : Number(streamId),
      version: last.version,
      createdBy: first.actor.id,
      createdAt: first.occurredAt,
      updatedAt: last.occurredAt,
      updatedBy: last.actor.id,
    };
    if (entity.projection.row(snapshot as never, meta) !== null) count += 1;
    batch.push({ snapshot, meta });
    if (batch.length === SAVE_BATCH) await flush();
  }
  await flush();
  return count;
}
