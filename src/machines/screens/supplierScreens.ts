import { fromPromise } from 'xstate';
import { SUPPLIER_LIST, type SupplierDto } from '@/contract/suppliers';
import { snapshotFromStatus, supplierLifecycle } from '@/machines/lifecycles/supplierLifecycle';
import {
  MAX_COVERS,
  PROFILE_FIELDS,
  changedFields,
  emptyProfile,
  validateSupplierProfile,
  type SupplierProfile,
} from '@/machines/lifecycles/supplierProfile';
import { listOpenServiceCityNames } from '@/services/serviceCities';
import { listSupplierCities, suppliersApi } from '@/services/suppliers';
import { uploadFile } from '@/services/entityApi';
import type { DetailEntity } from './detailScreenMachine';
import { listScreenMachine, type Lookups } from './listScreenMachine';
import { formDetail } from './screenActors';

/**
 * The supplier screens, declared on the screen kit: how a row is a lifecycle snapshot, the profile form and its
 * rules (supplierProfile.ts, the server's own), and the calls. Everything else is the list and detail machines'.
 */

export function profileOfRow(row: SupplierDto): SupplierProfile {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, row[f]])) as unknown as SupplierProfile;
}

/** A new supplier's form has no gender until the user picks one (required). */
const emptyForm = () => ({ ...emptyProfile(), gender: '' }) as Record<string, unknown>;

/**
 * A list row is a `SupplierListItem` (`SUPPLIER_LIST.items`): its snapshot's profile has the fields it lacks unset,
 * and every command is judged on it as on the record (tests/machines/screens/listItems.test.ts).
 */
export const supplierScreen: DetailEntity<SupplierDto> = {
  lifecycle: supplierLifecycle,
  snapshotOf: (row) =>
    snapshotFromStatus(
      {
        audit_state: row.audit_state,
        state: row.state,
        is_enabled: row.is_enabled,
        is_display: row.is_display,
      },
      {
        profile: profileOfRow(row),
        ranking: row.ranking,
        orderNum: row.order_num,
        auditFailedReason: row.audit_failed_reason,
      },
    ),
  // Two suppliers may share a name: a dialog or a bulk outcome names the one it is about by its id too.
  labelOf: (row) => `${row.name} (#${row.id})`,
  emptyForm,
  formOf: (row) => profileOfRow(row) as unknown as Record<string, unknown>,
  digitFields: ['mobile', 'id_card_no'],
  problems: (form, today) =>
    Object.fromEntries(
      validateSupplierProfile(form as unknown as SupplierProfile, today).map((e) => [
        e.field,
        e.values ? { key: e.key, values: e.values } : e.key,
      ]),
    ),
  changes: (row, form) => {
    const profile = form as unknown as SupplierProfile;
    if (!row) return { ...profile };
    return Object.fromEntries(changedFields(profileOfRow(row), profile).map((f) => [f, profile[f]]));
  },
  maxItems: { covers: MAX_COVERS },
};

export const SUPPLIER_SPEC = SUPPLIER_LIST;

export const supplierList = listScreenMachine.provide({
  actors: {
    fetchPage: fromPromise(({ input, signal }) => suppliersApi.list(input, signal)),
    fetchLookups: fromPromise<Lookups>(async () => ({ city: await listSupplierCities() })),
    sendCommand: fromPromise(({ input }) =>
      suppliersApi.command(input.id, input.command, input.expectedVersion),
    ),
    sendBulk: fromPromise(({ input }) => suppliersApi.bulk(input.command, input.items)),
    exportLink: fromPromise(({ input }) => suppliersApi.exportLink(input)),
  },
});

export const supplierDetail = formDetail(suppliersApi, {
  upload: (file, field) => uploadFile(file, `supplier_${field}`),
  lookups: async () => ({ cities: await listOpenServiceCityNames() }),
});

/** One choice of the city select; `closed` marks the supplier's own city that is no longer open. */
export interface CityOption {
  name: string;
  closed: boolean;
}

/**
 * The city select's choices: the open cities, then the supplier's saved city when it is not among them (closed
 * since) and, if different, the city the form holds (so the select never shows a value it has no option for).
 */
export function cityOptionsOf(cities: string[] | null, savedCity: string, formCity: string): CityOption[] {
  const open = cities ?? [];
  const options: CityOption[] = open.map((name) => ({ name, closed: false }));
  const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
  for (const name of [savedCity, formCity]) {
    if (name === '' || options.some((o) => o.name === name)) continue;
    // Unknown while the list has not loaded (or failed to): not marked closed then.
    options.push({ name, closed: cities !== null && !open.some((o) => key(o) === key(name)) });
  }
  return options;
}
