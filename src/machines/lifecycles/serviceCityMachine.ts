import { assign, setup } from 'xstate';

/**
 * The service city lifecycle: the single copy of the rules, used by the console to enable actions and by the
 * server to decide every command (an event the machine does not take is refused with HTTP 409).
 *
 * States: `enabled` ↔ `closed` (customers can pick only enabled cities), and the final `deleted`.
 *
 * Invariants (tested):
 * - enabling an enabled city or closing a closed one is refused (no empty events in the history);
 * - a rename must change the (trimmed) name and be a valid name; a new ranking must differ and be a whole number
 *   from 0 to MAX_CITY_RANKING;
 * - a deleted city takes no more events. Whether a city may be deleted also depends on the suppliers in it,
 *   which the server checks (a city in use can only be closed).
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export interface ServiceCityContext {
  name: string;
  ranking: number;
}

export interface ServiceCityInput {
  name: string;
  ranking?: number;
  isEnabled?: boolean;
}

export type ServiceCityEvent =
  | { type: 'serviceCity.enable' }
  | { type: 'serviceCity.close' }
  | { type: 'serviceCity.rank'; ranking: number }
  | { type: 'serviceCity.rename'; name: string }
  | { type: 'serviceCity.delete' };

export type ServiceCityEventType = ServiceCityEvent['type'];

export const MAX_CITY_NAME_LENGTH = 50;
export const MAX_CITY_RANKING = 999_999;

/** The stored form of a name: trimmed, inner runs of white space collapsed to one space. */
export function normalizeCityName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/** The uniqueness key of a name: case-insensitive. */
export function cityNameKey(name: string): string {
  return normalizeCityName(name).toLowerCase();
}

export function isValidCityName(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  const n = normalizeCityName(name);
  return n.length > 0 && n.length <= MAX_CITY_NAME_LENGTH;
}

export function isValidCityRanking(ranking: unknown): ranking is number {
  return (
    typeof ranking === 'number' && Number.isInteger(ranking) && ranking >= 0 && ranking <= MAX_CITY_RANKING
  );
}

export const serviceCityMachine = setup({
  types: {
    context: {} as ServiceCityContext,
    events: {} as ServiceCityEvent,
    input: {} as ServiceCityInput,
  },
  guards: {
    isNewValidRanking: ({ context, event }) =>
      event.type === 'serviceCity.rank' &&
      isValidCityRanking(event.ranking) &&
      event.ranking !== context.ranking,
    isNewValidName: ({ context, event }) =>
      event.type === 'serviceCity.rename' &&
      isValidCityName(event.name) &&
      normalizeCityName(event.name) !== context.name,
  },
  actions: {
    applyRanking: assign({
      ranking: ({ context, event }) => (event.type === 'serviceCity.rank' ? event.ranking : context.ranking),
    }),
    applyName: assign({
      name: ({ context, event }) =>
        event.type === 'serviceCity.rename' ? normalizeCityName(event.name) : context.name,
    }),
  },
}).createMachine({
  id: 'serviceCity',
  context: ({ input }) => ({ name: normalizeCityName(input.name), ranking: input.ranking ?? 0 }),
  initial: 'active',
  states: {
    active: {
      initial: 'enabled',
      on: {
        'serviceCity.rank': { guard: 'isNewValidRanking', actions: 'applyRanking' },
        'serviceCity.rename': { guard: 'isNewValidName', actions: 'applyName' },
        'serviceCity.delete': { target: 'deleted' },
      },
      states: {
        enabled: {
          on: { 'serviceCity.close': { target: 'closed' } },
        },
        closed: {
          on: { 'serviceCity.enable': { target: 'enabled' } },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
