import { and, assign, setup } from 'xstate';
import { textLength } from './visibleText';

/**
 * The service city lifecycle: the single copy of the rules, used by the console to enable actions and by the
 * server to decide every command (a fact the machine does not take is refused with HTTP 409). Its events are the
 * facts the log stores; its guards are the rules, which `evolve` switches off on replay (lifecycle.ts).
 *
 * States: `enabled` ↔ `closed` (customers can pick only enabled cities), and the final `deleted`.
 *
 * Invariants (tested):
 * - enabling an enabled city or closing a closed one is refused (no empty events in the history);
 * - a rename must change the (trimmed) name and be a valid name; a new ranking must differ and be a whole number
 *   from 0 to MAX_CITY_RANKING;
 * - a deleted city takes no more events;
 * - a city with suppliers in it cannot be deleted (close it instead), nor renamed beyond case or spacing (the
 *   suppliers name their city by its name): `supplierCount`, fed by the server, decides.
 *
 * Pure: no invoke, delays, clock or randomness; guards read context and event; actions only assign.
 */

export interface ServiceCityContext {
  name: string;
  ranking: number;
  /**
   * How many suppliers are in the city: a fact about other records, not stored with the city. The server's
   * pipeline feeds it before deciding (server/modules/serviceCities/module.ts); the console takes it from the row.
   */
  supplierCount: number;
}

export interface ServiceCityInput {
  name: string;
  ranking?: number;
  isEnabled?: boolean;
  supplierCount?: number;
}

/** The facts the log stores for a service city, which are the machine's events. */
export type ServiceCityFact =
  | { type: 'ServiceCityEnabled'; data: { name: string } }
  | { type: 'ServiceCityClosed'; data: { name: string } }
  | { type: 'ServiceCityRanked'; data: { ranking: number; previous: number } }
  | { type: 'ServiceCityRenamed'; data: { name: string; previous: string } }
  | { type: 'ServiceCityDeleted'; data: { name: string } };

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

/**
 * 1 to 50 characters once normalised, none of them invisible (a control or format character: a zero-width space
 * pasted with a name would make "Walk\u200btown" a second "Walktown").
 */
export function isValidCityName(name: unknown): name is string {
  if (typeof name !== 'string') return false;
  const n = normalizeCityName(name);
  return n.length > 0 && textLength(n) <= MAX_CITY_NAME_LENGTH && !/[\p{Cc}\p{Cf}]/u.test(n);
}

export function isValidCityRanking(ranking: unknown): ranking is number {
  return (
    typeof ranking === 'number' && Number.isInteger(ranking) && ranking >= 0 && ranking <= MAX_CITY_RANKING
  );
}

export const serviceCityMachine = setup({
  types: {
    context: {} as ServiceCityContext,
    events: {} as ServiceCityFact,
    input: {} as ServiceCityInput,
  },
  guards: {
    isNewValidRanking: ({ context, event }) =>
      event.type === 'ServiceCityRanked' &&
      isValidCityRanking(event.data.ranking) &&
      event.data.ranking !== context.ranking,
    isNewValidName: ({ context, event }) =>
      event.type === 'ServiceCityRenamed' &&
      isValidCityName(event.data.name) &&
      normalizeCityName(event.data.name) !== context.name,
    keepsItsSuppliers: ({ context, event }) =>
      event.type === 'ServiceCityRenamed' &&
      (context.supplierCount === 0 || cityNameKey(event.data.name) === cityNameKey(context.name)),
    hasNoSuppliers: ({ context }) => context.supplierCount === 0,
  },
  actions: {
    applyRanking: assign({
      ranking: ({ context, event }) =>
        event.type === 'ServiceCityRanked' ? event.data.ranking : context.ranking,
    }),
    applyName: assign({
      name: ({ context, event }) =>
        event.type === 'ServiceCityRenamed' ? normalizeCityName(event.data.name) : context.name,
    }),
  },
}).createMachine({
  id: 'serviceCity',
  context: ({ input }) => ({
    name: normalizeCityName(input.name),
    ranking: input.ranking ?? 0,
    supplierCount: input.supplierCount ?? 0,
  }),
  initial: 'active',
  states: {
    active: {
      initial: 'enabled',
      on: {
        ServiceCityRanked: { guard: 'isNewValidRanking', actions: 'applyRanking' },
        ServiceCityRenamed: { guard: and(['isNewValidName', 'keepsItsSuppliers']), actions: 'applyName' },
        ServiceCityDeleted: { guard: 'hasNoSuppliers', target: 'deleted' },
      },
      states: {
        enabled: {
          on: { ServiceCityClosed: { target: 'closed' } },
        },
        closed: {
          on: { ServiceCityEnabled: { target: 'enabled' } },
        },
      },
    },
    deleted: { type: 'final' },
  },
});
