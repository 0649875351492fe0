import { sql, type Kysely } from 'kysely';
import {
  CITY_ACTION_LABEL,
  SERVICE_CITY_CREATED,
  SERVICE_CITY_EVENT_TYPES,
  SERVICE_CITY_STREAM,
  citySnapshot,
  cityStatusOf,
  cityRoleMay,
  decideCity,
  describeCityState,
  isServiceCityEventType,
  toStoredCityEvent,
  type ServiceCitySnapshot,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import {
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_RANKING,
  cityNameKey,
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
  type ServiceCityEvent,
} from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import {
  Conflict,
  Forbidden,
  IllegalTransition,
  NotFound,
  ValidationError,
  VersionConflict,
} from '../../errors';
import { appendEvent, isUniqueViolation, type Actor } from '../../events/store';
import { refuseUnknownFields } from '../../http/params';
import { cityOverride, followCityRename } from '../commission/commands';
import type { ServiceCityRow } from './projection';

/**
 * Service city commands: validate, decide with the shared lifecycle machine, append the event(s) with the expected
 * stream version and update the projection, all in one transaction.
 */

export function readName(value: unknown): string {
  if (typeof value !== 'string') throw new ValidationError('name must be a string.', 'name');
  if (!isValidCityName(value)) {
    throw new ValidationError(
      `The city name is required (at most ${MAX_CITY_NAME_LENGTH} characters).`,
      'name',
    );
  }
  return normalizeCityName(value);
}

export function readRanking(value: unknown): number {
  if (!isValidCityRanking(value)) {
    throw new ValidationError(`ranking must be a whole number from 0 to ${MAX_CITY_RANKING}.`, 'ranking');
  }
  return value;
}

function readEnabled(value: unknown): boolean {
  if (typeof value !== 'boolean')
    throw new ValidationError('is_enabled must be true or false.', 'is_enabled');
  return value;
}

function assertAdmin(actor: Actor, what: string) {
  if (!cityRoleMay(actor.role)) {
    throw new Forbidden(`Only administrators may ${what}; you are signed in as a ${actor.role ?? 'guest'}.`);
  }
}

async function assertNameFree(trx: Kysely<Database>, name: string, exceptId: number | null) {
  let q = trx.selectFrom('service_cities').select(['id', 'name']).where('name_key', '=', cityNameKey(name));
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  const clash = await q.executeTakeFirst();
  if (clash) {
    throw new Conflict(`A service city named "${clash.name}" already exists (names are case-insensitive).`, {
      field: 'name',
      id: clash.id,
    });
  }
}

function duplicateName(name: string) {
  return new Conflict(`A service city named "${name}" already exists (names are case-insensitive).`, {
    field: 'name',
  });
}

export async function createServiceCity(
  db: Kysely<Database>,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<ServiceCityRow> {
  assertAdmin(actor, 'add service cities');
  refuseUnknownFields(body, ['name', 'ranking', 'is_enabled']);
  const name = readName(body.name);
  const ranking = body.ranking === undefined ? 0 : readRanking(body.ranking);
  const isEnabled = body.is_enabled === undefined ? true : readEnabled(body.is_enabled);
  try {
    return await db.transaction().execute(async (trx) => {
      await assertNameFree(trx, name, null);
      const { id } = await sql<{ id: number }>`select nextval('service_city_id_seq')::int as id`
        .execute(trx)
        .then((r) => r.rows[0]);
      const stored = await appendEvent(trx, {
        streamType: SERVICE_CITY_STREAM,
        streamId: String(id),
        expectedVersion: 0,
        type: SERVICE_CITY_CREATED,
        data: { name, ranking, is_enabled: isEnabled },
        actor,
      });
      return trx
        .insertInto('service_cities')
        .values({
          id,
          version: stored.version,
          name,
          name_key: cityNameKey(name),
          is_enabled: isEnabled,
          ranking,
          created_by: actor.id,
          created_at: stored.occurredAt,
          updated_at: stored.occurredAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(name);
    throw error;
  }
}

export function parseCityEvent(body: Record<string, unknown>): ServiceCityEvent {
  const { type } = body;
  if (!isServiceCityEventType(type)) {
    throw new ValidationError(`type must be one of ${SERVICE_CITY_EVENT_TYPES.join(', ')}.`, 'type');
  }
  const fields = type === 'serviceCity.rank' ? ['ranking'] : type === 'serviceCity.rename' ? ['name'] : [];
  refuseUnknownFields(body, ['type', 'expectedVersion', ...fields], type);
  if (type === 'serviceCity.rank') return { type, ranking: readRanking(body.ranking) };
  if (type === 'serviceCity.rename') return { type, name: readName(body.name) };
  return { type } as ServiceCityEvent;
}

/** How many suppliers name this city (suppliers store the city as text). */
export async function suppliersInCity(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .selectFrom('suppliers')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql<boolean>`lower(trim(city)) = ${cityNameKey(name)}`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface CityCommandResult {
  city: ServiceCityRow | null;
  events: Array<{ type: string; version: number }>;
}

/**
 * Decides `events` (in order) against the city as it is now, with one expected version for the whole command.
 * Order of checks: role (403), existence (404), version (409 / 40901), lifecycle (409 / 40902), unique name and
 * suppliers in the city (409 / 40903: no delete, and no rename beyond case or spacing, while suppliers are in it). Each accepted event is stored on its own, versions consecutive.
 */
export async function sendCityEvents(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  events: ServiceCityEvent[],
  expectedVersion: number,
): Promise<CityCommandResult> {
  const first = events[0];
  assertAdmin(
    actor,
    first ? CITY_ACTION_LABEL[first.type].replace('this city', 'service cities') : 'edit service cities',
  );
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('service_cities')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw new NotFound(`Service city ${id} does not exist.`);
      if (row.version !== expectedVersion) {
        throw new VersionConflict(undefined, {
          expected_version: expectedVersion,
          current_version: row.version,
        });
      }
      let snapshot: ServiceCitySnapshot = citySnapshot(
        { is_enabled: row.is_enabled },
        { name: row.name, ranking: row.ranking },
      );
      let version = row.version;
      const appended: Array<{ type: string; version: number }> = [];
      let at: Date = new Date(row.updated_at);
      for (const event of events) {
        const decision = decideCity(snapshot, event);
        if (!decision.accepted) {
          throw new IllegalTransition(decision.message, {
            action: event.type,
            reason_key: decision.reasonKey,
            state: describeCityState(snapshot),
          });
        }
        if (event.type === 'serviceCity.rename') {
          await assertNameFree(trx, event.name, id);
          // Suppliers name their city by its name: a rename that is more than a change of case or spacing
          // would leave them behind, so it is refused while any supplier is in the city.
          if (cityNameKey(event.name) !== cityNameKey(snapshot.context.name)) {
            const n = await suppliersInCity(trx, snapshot.context.name);
            if (n > 0) {
              throw new Conflict(
                `Cannot rename the service city "${snapshot.context.name}": ${n} supplier${n === 1 ? ' is' : 's are'} in it. Move those suppliers to another city first, or add the new city and close this one.`,
                { reason_key: 'system.city.reason.inUseRename', supplier_count: n },
              );
            }
          }
        }
        if (event.type === 'serviceCity.delete') {
          const n = await suppliersInCity(trx, row.name);
          if (n > 0) {
            throw new Conflict(
              `Cannot delete the service city "${row.name}": ${n} supplier${n === 1 ? ' is' : 's are'} in it. Close the city instead, or move those suppliers first.`,
              { reason_key: 'system.city.reason.inUse', supplier_count: n },
            );
          }
          const override = await cityOverride(trx, row.name);
          if (override) {
            throw new Conflict(
              `Cannot delete the service city "${row.name}": it has a commission override (${(override.rateBp / 100).toFixed(2)}%). Remove the override on the commission page first, or close the city instead.`,
              { reason_key: 'system.city.reason.hasCommission', rate_bp: override.rateBp },
            );
          }
        }
        const stored = toStoredCityEvent(event, snapshot.context);
        const result = await appendEvent(trx, {
          streamType: SERVICE_CITY_STREAM,
          streamId: String(id),
          expectedVersion: version,
          type: stored.type,
          data: stored.data,
          actor,
        });
        version = result.version;
        at = result.occurredAt;
        appended.push({ type: result.type, version: result.version });
        snapshot = decision.snapshot;
      }
      // A commission override names the city: it follows the new name, in this transaction.
      if (!snapshot.matches('deleted') && snapshot.context.name !== row.name) {
        await followCityRename(trx, actor, { cityId: id, from: row.name, to: snapshot.context.name });
      }
      if (snapshot.matches('deleted')) {
        await trx.deleteFrom('service_cities').where('id', '=', id).execute();
        return { city: null, events: appended };
      }
      const city = await trx
        .updateTable('service_cities')
        .set({
          version,
          name: snapshot.context.name,
          name_key: cityNameKey(snapshot.context.name),
          ranking: snapshot.context.ranking,
          is_enabled: cityStatusOf(snapshot).is_enabled,
          updated_at: at,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { city, events: appended };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw duplicateName(events.find((e) => e.type === 'serviceCity.rename')?.name ?? '');
    throw error;
  }
}

/**
 * The edit form's save: the changed fields become events (rename, rank, enable/close) decided in that order
 * against one expected version. Fields equal to the current value are skipped; if nothing changes, the first
 * unchanged field is refused by the lifecycle (409 / 40902); a body with no field at all is a 400.
 */
export async function editServiceCity(
  db: Kysely<Database>,
  actor: Actor,
  id: number,
  body: Record<string, unknown>,
  expectedVersion: number,
): Promise<CityCommandResult> {
  refuseUnknownFields(body, ['name', 'ranking', 'is_enabled']);
  assertAdmin(actor, 'edit service cities');
  const current = await db.selectFrom('service_cities').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw new NotFound(`Service city ${id} does not exist.`);
  const events: ServiceCityEvent[] = [];
  // Fields sent with their current value: if nothing else changes, the lifecycle refuses the first of them
  // (409 / 40902 "the name is unchanged"), as every other entity answers a no-op.
  const unchanged: ServiceCityEvent[] = [];
  if (body.name !== undefined) {
    const name = readName(body.name);
    (name !== current.name ? events : unchanged).push({ type: 'serviceCity.rename', name });
  }
  if (body.ranking !== undefined) {
    const ranking = readRanking(body.ranking);
    (ranking !== current.ranking ? events : unchanged).push({ type: 'serviceCity.rank', ranking });
  }
  if (body.is_enabled !== undefined) {
    const enabled = readEnabled(body.is_enabled);
    (enabled !== current.is_enabled ? events : unchanged).push({
      type: enabled ? 'serviceCity.enable' : 'serviceCity.close',
    });
  }
  if (events.length === 0) {
    if (unchanged.length === 0) {
      throw new ValidationError('Nothing to change: send name, ranking or is_enabled.', null);
    }
    return sendCityEvents(db, actor, id, unchanged.slice(0, 1), expectedVersion);
  }
  return sendCityEvents(db, actor, id, events, expectedVersion);
}
