import { sql, type Kysely } from 'kysely';
import {
  ACTION_LABEL,
  SUPPLIER_EVENT_TYPES,
  SUPPLIER_REGISTERED,
  SUPPLIER_STREAM,
  decide,
  initialSupplierSnapshot,
  isSupplierEventType,
  roleMay,
  statusOf,
  toStoredEvent,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import {
  MAX_RANKING,
  MAX_REASON_LENGTH,
  isValidRanking,
  type SupplierEvent,
} from '../../../src/machines/lifecycles/supplierMachine';
import {
  PROFILE_FIELDS,
  validateSupplierProfile,
  type SupplierProfile,
} from '../../../src/machines/lifecycles/supplierProfile';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import { Forbidden, IllegalTransition, NotFound, ValidationError, VersionConflict } from '../../errors';
import { appendEvent, type Actor } from '../../events/store';
import { refuseUnknownFields } from '../../http/params';
import { insertRow, rowFromSnapshot, snapshotFromRow, updateRow, type SupplierRow } from './projection';

/**
 * Supplier commands: validate, decide with the shared lifecycle machine, append the event with the expected
 * stream version and update the projection, all in one transaction.
 */

export const todayUtc = () => new Date().toISOString().slice(0, 10);

const STRING_FIELDS = PROFILE_FIELDS.filter((f) => f !== 'covers');

/** Picks the profile fields from a body, checking their JSON types; unknown keys are refused. */
export function readProfileFields(
  body: Record<string, unknown>,
  allowed: string[] = [],
): Partial<SupplierProfile> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (allowed.includes(key)) continue;
    if (!(PROFILE_FIELDS as readonly string[]).includes(key)) {
      throw new ValidationError(`Unknown field "${key}".`, key);
    }
    if (key === 'covers') {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
        throw new ValidationError('covers must be a list of image URLs.', 'covers');
      }
      out.covers = value.map((v: string) => v.trim());
    } else {
      if (typeof value !== 'string') throw new ValidationError(`${key} must be a string.`, key);
      out[key] = key === 'id_card_no' ? value.trim().toUpperCase() : value.trim();
    }
  }
  return out as Partial<SupplierProfile>;
}

function assertValidProfile(profile: Partial<SupplierProfile>) {
  const errors = validateSupplierProfile(profile, todayUtc());
  if (errors.length) {
    const first = errors[0];
    const error = new ValidationError(`Invalid ${first.field}: ${first.message}.`, first.field);
    (error as { data: unknown }).data = {
      field: first.field,
      errors: errors.map((e) => ({ field: e.field, key: e.key, message: e.message })),
    };
    throw error;
  }
}

export async function createSupplier(
  db: Kysely<Database>,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<SupplierRow> {
  const { ranking: rawRanking, ...rest } = body;
  const profile = { ...emptyStrings(), covers: [], ...readProfileFields(rest) } as SupplierProfile;
  assertValidProfile(profile);
  profile.city = await resolveSupplierCity(db, profile.city); // (an empty city was refused just above)
  const ranking = rawRanking === undefined ? 0 : rawRanking;
  if (!isValidRanking(ranking)) throw new ValidationError(RANKING_MESSAGE, 'ranking');

  return db.transaction().execute(async (trx) => {
    const { id } = await sql<{ id: number }>`select nextval('supplier_id_seq')::int as id`
      .execute(trx)
      .then((r) => r.rows[0]);
    const stored = await appendEvent(trx, {
      streamType: SUPPLIER_STREAM,
      streamId: String(id),
      expectedVersion: 0,
      type: SUPPLIER_REGISTERED,
      data: { profile, ranking },
      actor,
    });
    const snapshot = initialSupplierSnapshot({ profile, ranking });
    await insertRow(
      trx,
      rowFromSnapshot(snapshot, {
        id,
        version: stored.version,
        createdBy: actor.id,
        createdAt: stored.occurredAt,
        updatedAt: stored.occurredAt,
      }),
    );
    return trx.selectFrom('suppliers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** Up to this many open cities are listed in the message of a refused city. */
const LISTED_CITIES = 12;

/**
 * A supplier's city must be an open (enabled) service city; the city's own spelling is stored, so a city's
 * supplier count and its rename/delete rules see every supplier in it. A 400 naming the field otherwise.
 */
export async function resolveSupplierCity(db: Kysely<Database>, city: string): Promise<string> {
  const open = await db
    .selectFrom('service_cities')
    .select(['name', 'name_key'])
    .where('is_enabled', '=', true)
    .orderBy('ranking')
    .orderBy('id')
    .execute();
  const found = open.find((c) => c.name_key === cityNameKey(city));
  if (found) return found.name;
  const choices =
    open.length === 0
      ? 'there is no open service city yet (add one under System → Service cities)'
      : open.length <= LISTED_CITIES
        ? `choose one of ${open.map((c) => c.name).join(', ')}`
        : 'choose one from the service city list';
  throw new ValidationError(`city must be an open service city: "${city}" is not; ${choices}.`, 'city');
}

function emptyStrings(): Record<string, string> {
  return Object.fromEntries(STRING_FIELDS.map((f) => [f, '']));
}

export const RANKING_MESSAGE = `ranking must be a whole number from 0 to ${MAX_RANKING}.`;

/** The payload fields each command takes besides `type` and `expectedVersion`. */
const COMMAND_FIELDS: Partial<Record<SupplierEvent['type'], string[]>> = {
  'supplier.reject': ['reason'],
  'supplier.rank': ['ranking'],
  'supplier.edit': ['changes'],
};

/** Turns a command body into a machine event, or a 400 naming the field. Unknown fields are refused. */
export function parseSupplierEvent(body: Record<string, unknown>): SupplierEvent {
  const { type } = body;
  if (!isSupplierEventType(type)) {
    throw new ValidationError(`type must be one of ${SUPPLIER_EVENT_TYPES.join(', ')}.`, 'type');
  }
  const allowed = ['type', 'expectedVersion', ...(COMMAND_FIELDS[type] ?? [])];
  refuseUnknownFields(body, allowed, type);
  switch (type) {
    case 'supplier.reject': {
      const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
      if (!reason) throw new ValidationError('A reason is required to reject a supplier.', 'reason');
      if (reason.length > MAX_REASON_LENGTH) {
        throw new ValidationError(`The reason must be at most ${MAX_REASON_LENGTH} characters.`, 'reason');
      }
      return { type, reason };
    }
    case 'supplier.rank':
      if (!isValidRanking(body.ranking)) {
        throw new ValidationError(RANKING_MESSAGE, 'ranking');
      }
      return { type, ranking: body.ranking };
    case 'supplier.edit': {
      const changes = body.changes;
      if (typeof changes !== 'object' || changes === null || Array.isArray(changes)) {
        throw new ValidationError('changes must be an object of profile fields.', 'changes');
      }
      return { type, changes: readProfileFields(changes as Record<string, unknown>) };
    }
    default:
      return { type } as SupplierEvent;
  }
}

/** The lifecycle's explanation, except where "nothing changed" says more than the current state does. */
function refusalMessage(decision: { reasonKey: string; message: string }, event: SupplierEvent): string {
  if (decision.reasonKey === 'supply.reason.noChanges') {
    return 'Nothing changed: the values sent are the same as the current ones.';
  }
  if (decision.reasonKey === 'supply.reason.rankingUnchanged' && event.type === 'supplier.rank') {
    return `Nothing changed: the ranking is already ${event.ranking}.`;
  }
  return decision.message;
}

export interface CommandResult {
  supplier: SupplierRow;
  event: { type: string; version: number };
}

/**
 * Decides `event` against the supplier as it is now. Order of checks: role (403), existence (404), expected
 * version (409 version conflict: reload first), lifecycle (409 illegal transition naming state and action),
 * then, for edits, the resulting profile's validity (400).
 */
export async function sendSupplierEvent(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  event: SupplierEvent,
  expectedVersion: number,
): Promise<CommandResult> {
  if (!roleMay(actor.role, event.type)) {
    throw new Forbidden(`Only admins may ${ACTION_LABEL[event.type]}.`);
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('suppliers')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFound(`Supplier ${id} does not exist.`);
    if (row.version !== expectedVersion) {
      throw new VersionConflict(undefined, {
        expected_version: expectedVersion,
        current_version: row.version,
      });
    }
    // A changed city must be an open service city (a supplier may keep the city it has, even a closed one).
    if (
      event.type === 'supplier.edit' &&
      event.changes.city !== undefined &&
      event.changes.city !== '' &&
      cityNameKey(event.changes.city) !== cityNameKey(row.city)
    ) {
      const city = await resolveSupplierCity(trx, event.changes.city);
      event = { ...event, changes: { ...event.changes, city } };
    }
    const snapshot = snapshotFromRow(row);
    const decision = decide(snapshot, event);
    if (!decision.accepted) {
      throw new IllegalTransition(refusalMessage(decision, event), {
        action: event.type,
        reason_key: decision.reasonKey,
        state: statusOf(snapshot),
      });
    }
    if (event.type === 'supplier.edit') assertValidProfile(decision.snapshot.context.profile);
    const stored = toStoredEvent(event, snapshot.context);
    const appended = await appendEvent(trx, {
      streamType: SUPPLIER_STREAM,
      streamId: String(id),
      expectedVersion,
      type: stored.type,
      data: stored.data,
      reason: stored.reason,
      actor,
    });
    await updateRow(
      trx,
      rowFromSnapshot(decision.snapshot, {
        id,
        version: appended.version,
        createdBy: row.created_by,
        createdAt: row.created_at,
        updatedAt: appended.occurredAt,
      }),
    );
    const supplier = await trx
      .selectFrom('suppliers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { supplier, event: { type: appended.type, version: appended.version } };
  });
}
