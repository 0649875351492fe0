import { sql, type Kysely } from 'kysely';
import {
  COMMISSION_EVENT_TYPES,
  COMMISSION_STREAM,
  COMMISSION_STREAM_ID,
  commissionRoleMay,
  commissionSnapshot,
  decideCommission,
  settingsOf,
  toStoredCommissionEvent,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import {
  findOverride,
  isValidTarget,
  type CommissionEvent,
} from '../../../src/machines/lifecycles/commissionMachine';
import {
  OVERRIDE_SCOPES,
  parsePercent,
  type OverrideScope,
} from '../../../src/machines/lifecycles/commissionRules';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import type { Database } from '../../db/schema';
import { Forbidden, IllegalTransition, ValidationError, VersionConflict } from '../../errors';
import { appendEvent, type Actor } from '../../events/store';
import { refuseUnknownFields } from '../../http/params';
import { loadCommission, writeCommission, type LoadedCommission } from './projection';

/**
 * Commission commands: one event stream (`commission/platform`) for the default rate and every override, so one
 * expected version guards the whole settings page. Validate → decide with the shared machine → append → rewrite
 * the projection, in one transaction. Admins only.
 */

export function readRate(value: unknown, field = 'rate'): number {
  const bp = parsePercent(value);
  if (bp === null)
    throw new ValidationError(
      `${field} must be a percentage from 0 to 100 with at most two decimals (e.g. 12.5).`,
      field,
    );
  return bp;
}

function readScope(value: unknown): OverrideScope {
  if (!OVERRIDE_SCOPES.includes(value as OverrideScope)) {
    throw new ValidationError(`scope must be one of ${OVERRIDE_SCOPES.join(', ')}.`, 'scope');
  }
  return value as OverrideScope;
}

function readTarget(scope: OverrideScope, value: unknown): string {
  const text = typeof value === 'number' ? String(value) : value;
  if (!isValidTarget(scope, text)) {
    throw new ValidationError(
      scope === 'project'
        ? 'target must be a project id (a whole number from 1).'
        : 'target must be a city name.',
      'target',
    );
  }
  return text.trim();
}

export function parseCommissionEvent(body: Record<string, unknown>): CommissionEvent {
  const { type } = body;
  if (!COMMISSION_EVENT_TYPES.includes(type as CommissionEvent['type'])) {
    throw new ValidationError(`type must be one of ${COMMISSION_EVENT_TYPES.join(', ')}.`, 'type');
  }
  const fields =
    type === 'commission.setDefault'
      ? ['rate']
      : type === 'commission.setOverride'
        ? ['scope', 'target', 'rate']
        : ['scope', 'target'];
  refuseUnknownFields(body, ['type', 'expectedVersion', ...fields], type as string);
  if (type === 'commission.setDefault') return { type, rateBp: readRate(body.rate) };
  const scope = readScope(body.scope);
  const target = readTarget(scope, body.target);
  if (type === 'commission.setOverride') return { type, scope, target, rateBp: readRate(body.rate) };
  return { type: 'commission.removeOverride', scope, target };
}

/** Whether the projects table exists (it is built by the projects module; until then project ids are accepted). */
export async function projectsTableExists(db: Kysely<Database>): Promise<boolean> {
  const row = await sql<{ exists: boolean }>`select to_regclass('projects') is not null as exists`
    .execute(db)
    .then((r) => r.rows[0]);
  return Boolean(row?.exists);
}

export async function projectNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0 || !(await projectsTableExists(db))) return names;
  const rows = await sql<{
    id: number;
    project_name: string;
  }>`select id, project_name from projects where id = any(${ids.map(Number)}::int[])`
    .execute(db)
    .then((r) => r.rows);
  for (const r of rows) names.set(String(r.id), r.project_name);
  return names;
}

/** A set override must point at something real: a service city (its stored spelling is used), or a project. */
async function resolveTarget(trx: Kysely<Database>, event: CommissionEvent): Promise<CommissionEvent> {
  if (event.type !== 'commission.setOverride') return event;
  if (event.scope === 'city') {
    const city = await trx
      .selectFrom('service_cities')
      .select('name')
      .where('name_key', '=', cityNameKey(event.target))
      .executeTakeFirst();
    if (!city) throw new ValidationError(`There is no service city named "${event.target}".`, 'target');
    return { ...event, target: city.name };
  }
  if (await projectsTableExists(trx)) {
    const found = await projectNames(trx, [event.target]);
    if (!found.has(event.target))
      throw new ValidationError(`There is no project with id ${event.target}.`, 'target');
  }
  return event;
}

export async function sendCommissionEvent(
  db: Kysely<Database>,
  actor: Actor,
  event: CommissionEvent,
  expectedVersion: number,
): Promise<LoadedCommission & { event: { type: string; version: number } }> {
  if (!commissionRoleMay(actor.role)) {
    throw new Forbidden(
      `Only administrators may change commission rates; you are signed in as a ${actor.role ?? 'guest'}.`,
    );
  }
  return db.transaction().execute(async (trx) => {
    const current = await loadCommission(trx, true);
    if (current.version !== expectedVersion) {
      throw new VersionConflict(undefined, {
        expected_version: expectedVersion,
        current_version: current.version,
      });
    }
    const resolved = await resolveTarget(trx, event);
    const snapshot = commissionSnapshot(current.settings);
    const decision = decideCommission(snapshot, resolved);
    if (!decision.accepted) {
      throw new IllegalTransition(decision.message, {
        action: resolved.type,
        reason_key: decision.reasonKey,
      });
    }
    const stored = toStoredCommissionEvent(resolved, current.settings);
    const appended = await appendEvent(trx, {
      streamType: COMMISSION_STREAM,
      streamId: COMMISSION_STREAM_ID,
      expectedVersion,
      type: stored.type,
      data: stored.data,
      actor,
    });
    const settings = settingsOf(decision.snapshot);
    await writeCommission(trx, settings, {
      version: appended.version,
      updatedAt: appended.occurredAt,
      updatedBy: actor.id,
    });
    return {
      version: appended.version,
      settings,
      updatedAt: appended.occurredAt,
      updatedBy: actor.id,
      event: { type: appended.type, version: appended.version },
    };
  });
}

/** The city override naming `city` (case-insensitive), if any. */
export async function cityOverride(
  db: Kysely<Database>,
  city: string,
): Promise<{ target: string; rateBp: number } | undefined> {
  const { settings } = await loadCommission(db);
  return findOverride(settings.overrides, 'city', city);
}

/**
 * A service city was renamed (inside the rename's transaction): its commission override, if any, follows it. Two
 * commission events are appended, `CommissionOverrideRemoved` for the old name and `CommissionOverrideSet` for
 * the new one with the same rate, each with `cause` naming the rename; the override moves to the end of the list.
 * Returns the commission events appended (none when no override names the city).
 */
export async function followCityRename(
  trx: Kysely<Database>,
  actor: Actor,
  rename: { cityId: number; from: string; to: string },
): Promise<Array<{ type: string; version: number }>> {
  const current = await loadCommission(trx, true);
  const existing = findOverride(current.settings.overrides, 'city', rename.from);
  if (!existing || existing.target === rename.to) return [];
  const cause = {
    type: 'ServiceCityRenamed',
    service_city_id: rename.cityId,
    from: rename.from,
    to: rename.to,
  };
  const events: CommissionEvent[] = [
    { type: 'commission.removeOverride', scope: 'city', target: existing.target },
    { type: 'commission.setOverride', scope: 'city', target: rename.to, rateBp: existing.rateBp },
  ];
  let snapshot = commissionSnapshot(current.settings);
  let version = current.version;
  let at = new Date();
  const appended: Array<{ type: string; version: number }> = [];
  for (const event of events) {
    const before = settingsOf(snapshot);
    const decision = decideCommission(snapshot, event);
    if (!decision.accepted)
      throw new Error(`The commission override could not follow the rename: ${decision.message}`);
    const stored = toStoredCommissionEvent(event, before);
    const result = await appendEvent(trx, {
      streamType: COMMISSION_STREAM,
      streamId: COMMISSION_STREAM_ID,
      expectedVersion: version,
      type: stored.type,
      data: { ...stored.data, cause },
      actor,
    });
    version = result.version;
    at = result.occurredAt;
    appended.push({ type: result.type, version: result.version });
    snapshot = decision.snapshot;
  }
  await writeCommission(trx, settingsOf(snapshot), { version, updatedAt: at, updatedBy: actor.id });
  return appended;
}
