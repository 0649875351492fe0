import type { Kysely, Selectable } from 'kysely';
import { toJsonb, type Database, type EventsTable } from '../db/schema';
import { VersionConflict } from '../errors';

/**
 * The event store: the source of truth. Each stream (one entity) is a gap-free sequence of versions 1, 2, 3…;
 * `(stream_type, stream_id, version)` is unique, which is what makes optimistic concurrency safe under any number
 * of API processes: of two appends with the same expected version, exactly one commits.
 */

export interface Actor {
  id: number | null;
  role: string | null;
}

export interface NewEvent<TData extends object = Record<string, unknown>> {
  streamType: string;
  streamId: string;
  /** The stream version the command was decided on (0 for a new stream). */
  expectedVersion: number;
  /** Past tense: `SupplierApproved`. */
  type: string;
  data: TData;
  actor: Actor;
  reason?: string | null;
}

export interface StoredEvent<TData extends object = Record<string, unknown>> {
  globalPosition: number;
  streamType: string;
  streamId: string;
  version: number;
  type: string;
  data: TData;
  actor: Actor;
  reason: string | null;
  occurredAt: Date;
}

/** Postgres' unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Appends one event at version `expectedVersion + 1`. Call it inside the command's transaction, together with
 * the projection update. Throws VersionConflict (HTTP 409, err_code 40901) when the stream is no longer at
 * `expectedVersion`.
 */
export async function appendEvent<TData extends object>(
  trx: Kysely<Database>,
  event: NewEvent<TData>,
): Promise<StoredEvent<TData>> {
  if (!Number.isInteger(event.expectedVersion) || event.expectedVersion < 0) {
    throw new TypeError(`expectedVersion must be a non-negative integer, got ${event.expectedVersion}`);
  }
  const current = await streamVersion(trx, event.streamType, event.streamId);
  if (current !== event.expectedVersion) {
    throw new VersionConflict(undefined, {
      expected_version: event.expectedVersion,
      current_version: current,
    });
  }
  try {
    const row = await trx
      .insertInto('events')
      .values({
        stream_type: event.streamType,
        stream_id: event.streamId,
        version: event.expectedVersion + 1,
        type: event.type,
        data: toJsonb(event.data),
        actor_id: event.actor.id,
        actor_role: event.actor.role,
        reason: event.reason ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toStoredEvent<TData>(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new VersionConflict(undefined, { expected_version: event.expectedVersion });
    }
    throw error;
  }
}

/** The stream's current version: 0 when it has no events. */
export async function streamVersion(
  db: Kysely<Database>,
  streamType: string,
  streamId: string,
): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max<number | null>('version').as('version'))
    .where('stream_type', '=', streamType)
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** One stream's events, oldest first. */
export async function readStream<TData extends object = Record<string, unknown>>(
  db: Kysely<Database>,
  streamType: string,
  streamId: string,
): Promise<StoredEvent<TData>[]> {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('stream_type', '=', streamType)
    .where('stream_id', '=', streamId)
    .orderBy('version', 'asc')
    .execute();
  return rows.map((row) => toStoredEvent<TData>(row));
}

/** Every event (of one stream type, when given) in the order they were appended: for rebuilding projections. */
export async function readAll<TData extends object = Record<string, unknown>>(
  db: Kysely<Database>,
  streamType?: string,
): Promise<StoredEvent<TData>[]> {
  let query = db.selectFrom('events').selectAll();
  if (streamType !== undefined) query = query.where('stream_type', '=', streamType);
  const rows = await query.orderBy('global_position', 'asc').execute();
  return rows.map((row) => toStoredEvent<TData>(row));
}

export function toStoredEvent<TData extends object>(row: Selectable<EventsTable>): StoredEvent<TData> {
  return {
    globalPosition: Number(row.global_position),
    streamType: row.stream_type,
    streamId: row.stream_id,
    version: row.version,
    type: row.type,
    data: row.data as TData,
    actor: { id: row.actor_id, role: row.actor_role },
    reason: row.reason,
    occurredAt: row.occurred_at,
  };
}

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}
