import { transition, type SnapshotFrom } from 'xstate';
import {
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_RANKING,
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
  serviceCityMachine,
  type ServiceCityContext,
  type ServiceCityEvent,
  type ServiceCityEventType,
} from './serviceCityMachine';

/**
 * Everything the server and the console need around `serviceCityMachine`: stored event names, the flat status
 * of the projection ⇄ snapshot, `decide` (accept, or refuse with an i18n key and an English message naming the
 * state and the action), availability for the console, and roles (service cities are platform settings:
 * admins change them, everyone signed in reads them).
 */

export type ServiceCitySnapshot = SnapshotFrom<typeof serviceCityMachine>;

export const SERVICE_CITY_STREAM = 'service_city';
export const SERVICE_CITY_CREATED = 'ServiceCityCreated';

export const CITY_STORED_EVENT_TYPE = {
  'serviceCity.enable': 'ServiceCityEnabled',
  'serviceCity.close': 'ServiceCityClosed',
  'serviceCity.rank': 'ServiceCityRanked',
  'serviceCity.rename': 'ServiceCityRenamed',
  'serviceCity.delete': 'ServiceCityDeleted',
} as const satisfies Record<ServiceCityEventType, string>;

export const SERVICE_CITY_EVENT_TYPES = Object.keys(CITY_STORED_EVENT_TYPE) as ServiceCityEventType[];

export function isServiceCityEventType(type: unknown): type is ServiceCityEventType {
  return typeof type === 'string' && type in CITY_STORED_EVENT_TYPE;
}

export interface StoredCityEvent {
  type: string;
  data: Record<string, unknown>;
}

/** What goes into the event store for an accepted event (with the previous value, so history reads from → to). */
export function toStoredCityEvent(event: ServiceCityEvent, context: ServiceCityContext): StoredCityEvent {
  const type = CITY_STORED_EVENT_TYPE[event.type];
  switch (event.type) {
    case 'serviceCity.rank':
      return { type, data: { ranking: event.ranking, previous: context.ranking } };
    case 'serviceCity.rename':
      return { type, data: { name: normalizeCityName(event.name), previous: context.name } };
    default:
      return { type, data: { name: context.name } };
  }
}

const MACHINE_EVENT_TYPE = Object.fromEntries(
  Object.entries(CITY_STORED_EVENT_TYPE).map(([machine, stored]) => [stored, machine]),
) as Record<string, ServiceCityEventType>;

/** The machine event a stored event replays as (`ServiceCityCreated` is the machine's input). */
export function fromStoredCityEvent(stored: {
  type: string;
  data: Record<string, unknown>;
}): ServiceCityEvent {
  const type = MACHINE_EVENT_TYPE[stored.type];
  if (!type) throw new Error(`Unknown service city event type ${stored.type}`);
  if (type === 'serviceCity.rank') return { type, ranking: Number(stored.data.ranking) };
  if (type === 'serviceCity.rename') return { type, name: String(stored.data.name) };
  return { type } as ServiceCityEvent;
}

export interface ServiceCityStatus {
  is_enabled: boolean;
}

export function cityStatusOf(snapshot: ServiceCitySnapshot): ServiceCityStatus {
  return { is_enabled: snapshot.matches({ active: 'enabled' }) };
}

export function isDeleted(snapshot: ServiceCitySnapshot): boolean {
  return snapshot.matches('deleted');
}

/** The snapshot of a city as the projection stores it. */
export function citySnapshot(status: ServiceCityStatus, context: ServiceCityContext): ServiceCitySnapshot {
  return serviceCityMachine.resolveState({
    value: { active: status.is_enabled ? 'enabled' : 'closed' },
    context: { name: normalizeCityName(context.name), ranking: context.ranking },
  });
}

export type CityDecision =
  { accepted: true; snapshot: ServiceCitySnapshot } | { accepted: false; reasonKey: string; message: string };

export const CITY_ACTION_LABEL: Record<ServiceCityEventType, string> = {
  'serviceCity.enable': 'enable this city',
  'serviceCity.close': 'close this city',
  'serviceCity.rank': "change this city's ranking",
  'serviceCity.rename': 'rename this city',
  'serviceCity.delete': 'delete this city',
};

export const CITY_REASON_TEXT = {
  alreadyEnabled: 'it is already enabled',
  alreadyClosed: 'it is already closed',
  deleted: 'it has been deleted',
  invalidRanking: `the ranking must be a whole number from 0 to ${MAX_CITY_RANKING}`,
  rankingUnchanged: 'the ranking is unchanged',
  invalidName: `the name must have 1 to ${MAX_CITY_NAME_LENGTH} characters`,
  nameUnchanged: 'the name is unchanged',
  notAllowed: 'the action is not possible in this state',
} as const;

export type CityRefusalReason = keyof typeof CITY_REASON_TEXT;

export function cityRefusalReason(snapshot: ServiceCitySnapshot, event: ServiceCityEvent): CityRefusalReason {
  if (isDeleted(snapshot)) return 'deleted';
  const { is_enabled } = cityStatusOf(snapshot);
  switch (event.type) {
    case 'serviceCity.enable':
      return is_enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'serviceCity.close':
      return is_enabled ? 'notAllowed' : 'alreadyClosed';
    case 'serviceCity.rank':
      return isValidCityRanking(event.ranking) ? 'rankingUnchanged' : 'invalidRanking';
    case 'serviceCity.rename':
      return isValidCityName(event.name) ? 'nameUnchanged' : 'invalidName';
    default:
      return 'notAllowed';
  }
}

export function describeCityState(snapshot: ServiceCitySnapshot): string {
  if (isDeleted(snapshot)) return 'deleted';
  return cityStatusOf(snapshot).is_enabled ? 'enabled' : 'closed';
}

export function decideCity(snapshot: ServiceCitySnapshot, event: ServiceCityEvent): CityDecision {
  if (snapshot.can(event)) {
    return { accepted: true, snapshot: transition(serviceCityMachine, snapshot, event)[0] };
  }
  const reason = cityRefusalReason(snapshot, event);
  return {
    accepted: false,
    reasonKey: `system.city.reason.${reason}`,
    message: `Cannot ${CITY_ACTION_LABEL[event.type]} while it is ${describeCityState(snapshot)}: ${CITY_REASON_TEXT[reason]}.`,
  };
}

export function cityRoleMay(role: string | null | undefined): boolean {
  return role === 'admin';
}

export interface CityActionAvailability {
  allowed: boolean;
  /** i18n key (`system.city.reason.*`) when not allowed. */
  reasonKey: string | null;
}

/** Whether the console should offer enable / close / delete for a row, and why not. */
export function cityAvailability(
  status: ServiceCityStatus,
  type: 'serviceCity.enable' | 'serviceCity.close' | 'serviceCity.delete',
  role: string | null | undefined,
): CityActionAvailability {
  if (!cityRoleMay(role)) return { allowed: false, reasonKey: 'system.city.reason.adminOnly' };
  const snapshot = citySnapshot(status, { name: 'x', ranking: 0 });
  const event = { type } as ServiceCityEvent;
  if (snapshot.can(event)) return { allowed: true, reasonKey: null };
  return { allowed: false, reasonKey: `system.city.reason.${cityRefusalReason(snapshot, event)}` };
}
