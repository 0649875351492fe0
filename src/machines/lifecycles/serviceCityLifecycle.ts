import type { SnapshotFrom } from 'xstate';
import { defineLifecycle } from './lifecycle';
import {
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_RANKING,
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
  serviceCityMachine,
} from './serviceCityMachine';

/**
 * The service city lifecycle declared for the entity kit (lifecycle.ts): what each command stores, the flat
 * status the projection keeps, and the words for a refusal. The rules are the machine's guards; whether a city
 * may be deleted or renamed also depends on the suppliers in it and its commission override, which the server
 * checks with cross-entity guards (server/modules/serviceCities/module.ts).
 */

export type ServiceCitySnapshot = SnapshotFrom<typeof serviceCityMachine>;

export const SERVICE_CITY_STREAM = 'service_city';
export const SERVICE_CITY_CREATED = 'ServiceCityCreated';

export type ServiceCityCommand =
  | { type: 'serviceCity.enable' }
  | { type: 'serviceCity.close' }
  | { type: 'serviceCity.rank'; ranking: number }
  | { type: 'serviceCity.rename'; name: string }
  | { type: 'serviceCity.delete' };

export type ServiceCityCommandType = ServiceCityCommand['type'];

/** The data of `ServiceCityCreated`. */
export interface ServiceCityCreation {
  name: string;
  ranking: number;
  is_enabled: boolean;
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
export function citySnapshot(
  status: ServiceCityStatus,
  context: { name: string; ranking: number; supplierCount?: number },
): ServiceCitySnapshot {
  return serviceCityMachine.resolveState({
    value: { active: status.is_enabled ? 'enabled' : 'closed' },
    context: {
      name: normalizeCityName(context.name),
      ranking: context.ranking,
      supplierCount: context.supplierCount ?? 0,
    },
  });
}

export function describeCityState(snapshot: ServiceCitySnapshot): string {
  if (isDeleted(snapshot)) return 'deleted';
  return cityStatusOf(snapshot).is_enabled ? 'enabled' : 'closed';
}

export const CITY_ACTION_LABEL: Record<ServiceCityCommandType, string> = {
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
  invalidName: `the name must have 1 to ${MAX_CITY_NAME_LENGTH} characters, none of them invisible`,
  nameUnchanged: 'the name is unchanged',
  inUse: 'suppliers are in it; close it instead, or move those suppliers first',
  inUseRename:
    'suppliers are in it; move them to another city first, or add the new city and close this one (a change of case or spacing is fine)',
  notAllowed: 'the action is not possible in this state',
} as const;

export type CityRefusalReason = keyof typeof CITY_REASON_TEXT;

export function cityRefusalReason(
  snapshot: ServiceCitySnapshot,
  command: ServiceCityCommand,
): CityRefusalReason {
  if (isDeleted(snapshot)) return 'deleted';
  const { is_enabled } = cityStatusOf(snapshot);
  switch (command.type) {
    case 'serviceCity.enable':
      return is_enabled ? 'alreadyEnabled' : 'notAllowed';
    case 'serviceCity.close':
      return is_enabled ? 'notAllowed' : 'alreadyClosed';
    case 'serviceCity.rank':
      return isValidCityRanking(command.ranking) ? 'rankingUnchanged' : 'invalidRanking';
    case 'serviceCity.rename':
      if (!isValidCityName(command.name)) return 'invalidName';
      return normalizeCityName(command.name) === snapshot.context.name ? 'nameUnchanged' : 'inUseRename';
    case 'serviceCity.delete':
      return snapshot.context.supplierCount > 0 ? 'inUse' : 'notAllowed';
    default:
      return 'notAllowed';
  }
}

export const serviceCityLifecycle = defineLifecycle<
  typeof serviceCityMachine,
  ServiceCityCommand,
  ServiceCityCreation
>({
  name: 'serviceCity',
  stream: SERVICE_CITY_STREAM,
  machine: serviceCityMachine,
  createdFact: SERVICE_CITY_CREATED,
  start: (data) => citySnapshot({ is_enabled: data.is_enabled }, { name: data.name, ranking: data.ranking }),
  facts: {
    'serviceCity.enable': (_, s) => [{ type: 'ServiceCityEnabled', data: { name: s.context.name } }],
    'serviceCity.close': (_, s) => [{ type: 'ServiceCityClosed', data: { name: s.context.name } }],
    'serviceCity.rank': (c, s) => [
      { type: 'ServiceCityRanked', data: { ranking: c.ranking, previous: s.context.ranking } },
    ],
    'serviceCity.rename': (c, s) => [
      { type: 'ServiceCityRenamed', data: { name: normalizeCityName(c.name), previous: s.context.name } },
    ],
    'serviceCity.delete': (_, s) => [{ type: 'ServiceCityDeleted', data: { name: s.context.name } }],
  },
  reasonPrefix: 'system.city.reason',
  reasons: CITY_REASON_TEXT,
  inputReasons: { invalidRanking: 'ranking', invalidName: 'name' },
  actionLabels: CITY_ACTION_LABEL,
  describe: describeCityState,
  explain: cityRefusalReason,
  refusalValues: (snapshot) => ({ count: snapshot.context.supplierCount, name: snapshot.context.name }),
  refusalMessage: (snapshot, command) => {
    const reason = cityRefusalReason(snapshot, command);
    const n = snapshot.context.supplierCount;
    const suppliers = `${n} supplier${n === 1 ? ' is' : 's are'} in it`;
    if (reason === 'inUse') {
      return `Cannot delete the service city "${snapshot.context.name}": ${suppliers}. Close the city instead, or move those suppliers first.`;
    }
    if (reason === 'inUseRename') {
      return `Cannot rename the service city "${snapshot.context.name}": ${suppliers}. Move those suppliers to another city first, or add the new city and close this one.`;
    }
    return undefined;
  },
  sample: (type, snapshot) => {
    switch (type) {
      case 'serviceCity.rank':
        return { type, ranking: snapshot.context.ranking === 0 ? 1 : snapshot.context.ranking - 1 };
      case 'serviceCity.rename':
        return { type, name: `${snapshot.context.name}x` };
      default:
        return { type } as ServiceCityCommand;
    }
  },
});
