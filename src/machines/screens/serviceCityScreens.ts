import { fromPromise } from 'xstate';
import { readWholeNumber } from '@/machines/lifecycles/money';
import { SERVICE_CITY_LIST, type ServiceCityDto } from '@/contract/serviceCities';
import { citySnapshot, serviceCityLifecycle } from '@/machines/lifecycles/serviceCityLifecycle';
import {
  isValidCityName,
  isValidCityRanking,
  normalizeCityName,
} from '@/machines/lifecycles/serviceCityMachine';
import { serviceCitiesApi } from '@/services/serviceCities';
import type { DetailEntity } from './detailScreenMachine';
import { listScreenMachine } from './listScreenMachine';
import { formDetail } from './screenActors';

/**
 * The service city screens, declared on the screen kit: how a row is a lifecycle snapshot, and the form (name,
 * ranking, enabled) with the lifecycle's own rules for a name and a ranking.
 */

export const serviceCityScreen: DetailEntity<ServiceCityDto> = {
  lifecycle: serviceCityLifecycle,
  snapshotOf: (row) =>
    citySnapshot(
      { is_enabled: row.is_enabled },
      { name: row.name, ranking: row.ranking, supplierCount: row.supplier_count ?? 0 },
    ),
  labelOf: (row) => row.name,
  emptyForm: () => ({ name: '', ranking: '0', is_enabled: true }),
  formOf: (row) => ({ name: row.name, ranking: String(row.ranking), is_enabled: row.is_enabled }),
  problems: (form) => {
    const problems: Record<string, string> = {};
    if (!isValidCityName(form.name)) problems.name = 'system.city.error.name';
    if (!isValidCityRanking(readWholeNumber(form.ranking))) problems.ranking = 'system.city.error.ranking';
    return problems;
  },
  changes: (row, form) => {
    const next = {
      name: normalizeCityName(String(form.name)),
      ranking: readWholeNumber(form.ranking),
      is_enabled: form.is_enabled,
    };
    if (!row) return next;
    const changed: Record<string, unknown> = {};
    if (next.name !== row.name) changed.name = next.name;
    if (next.ranking !== row.ranking) changed.ranking = next.ranking;
    if (next.is_enabled !== row.is_enabled) changed.is_enabled = next.is_enabled;
    return changed;
  },
  // Turned off and saved, the city closes: asked first, as the list's switch asks.
  confirmSave: (_row, changes) => (changes.is_enabled === false ? 'serviceCity.close' : null),
};

export const SERVICE_CITY_SPEC = SERVICE_CITY_LIST;

export const serviceCityList = listScreenMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input, signal }) => serviceCitiesApi.list(input, signal)),
    sendCommand: fromPromise(({ input }) =>
      serviceCitiesApi.command(input.id, input.command, input.expectedVersion),
    ),
    sendBulk: fromPromise(({ input }) => serviceCitiesApi.bulk(input.command, input.items)),
    exportLink: fromPromise(({ input }) => serviceCitiesApi.exportLink(input)),
  },
});

export const serviceCityDetail = formDetail(serviceCitiesApi);
