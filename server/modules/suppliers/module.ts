import { Type } from 'typebox';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import { SupplierApi, SupplierProfileFields } from '../../../src/contract/suppliers.schema';
import {
  supplierLifecycle,
  type SupplierCommand,
  type SupplierSnapshot,
} from '../../../src/machines/lifecycles/supplierLifecycle';
import { MAX_RANKING, MAX_REASON_LENGTH } from '../../../src/machines/lifecycles/supplierMachine';
import {
  PROFILE_FIELDS,
  emptyProfile,
  validateSupplierProfile,
  type SupplierProfile,
} from '../../../src/machines/lifecycles/supplierProfile';
import { cityNameKey } from '../../../src/machines/lifecycles/serviceCityMachine';
import * as suppliersMigration from '../../db/migrations/2026_11_21_1000_suppliers';
import * as cityCountsMigration from '../../db/migrations/2026_11_28_0100_supplier_city_counts';
import * as prefixIndexesMigration from '../../db/migrations/2026_12_05_0100_supplier_prefix_indexes';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { defineEntity, type CrossGuard, type GuardContext } from '../../kit/entity';
import { entityRoutes } from '../../kit/routes';
import { ExpectedVersion, withinBounds } from '../../kit/schemas';
import { findCity, openCityNames } from '../serviceCities/port';
import type { ServerModule } from '../types';
import { supplierCities } from './port';
import { supplierProjection, toApi } from './projection';
import { seedSuppliers } from './seed';

/**
 * Suppliers, declared for the entity kit: the lifecycle (supplierLifecycle.ts) decides; the profile rules
 * (supplierProfile.ts) judge the state a create or an edit leaves; one cross-entity guard keeps every supplier in
 * an open service city, asked through the service cities' port and locked for the transaction.
 */

const Ranking = Type.Integer({
  minimum: 0,
  maximum: MAX_RANKING,
  ...withinBounds(0, MAX_RANKING),
});
// A cap on what is read; the lifecycle judges the reason's length trimmed (spaces around it do not count).
const Reason = Type.String({
  pattern: '\\S',
  maxLength: MAX_REASON_LENGTH * 2,
  description: `a reason of 1 to ${MAX_REASON_LENGTH} characters`,
});

const ProfileChanges = Type.Partial(Type.Object(SupplierProfileFields, { additionalProperties: false }), {
  additionalProperties: false,
});

/** The profile fields of a body, trimmed (an ID number in upper case). */
export function readProfile(body: Record<string, unknown>): Partial<SupplierProfile> {
  const out: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value === undefined) continue;
    if (field === 'covers') out.covers = (value as string[]).map((c) => c.trim());
    else out[field] = field === 'id_card_no' ? String(value).trim().toUpperCase() : String(value).trim();
  }
  return out as Partial<SupplierProfile>;
}

/** Up to this many open cities are listed in the message of a refused city. */
const LISTED_CITIES = 12;

/**
 * A supplier's city must be an open (enabled) service city, stored in the city's own spelling; the city row is
 * locked for share until the command commits, so the city cannot be deleted or renamed under it. A supplier may
 * keep the city it has, even once closed. A blank city is left to the profile rules ("city is required").
 */
const inOpenCity: CrossGuard<SupplierSnapshot, never> = {
  name: 'inOpenCity',
  check: async ({ trx, command, snapshot }: GuardContext<SupplierSnapshot, never>) => {
    const c = command as {
      type: string;
      city?: string;
      changes?: Partial<SupplierProfile>;
      profile?: SupplierProfile;
    };
    const wanted = c.type === 'supplier.edit' ? c.changes?.city : c.profile?.city;
    if (wanted === undefined || wanted.trim() === '') return;
    if (snapshot && cityNameKey(wanted) === cityNameKey(snapshot.context.profile.city)) return;
    const city = await findCity(trx, wanted, { lock: 'share' });
    if (city?.is_enabled) {
      return (
        c.type === 'supplier.edit'
          ? { ...c, changes: { ...c.changes, city: city.name } }
          : { ...c, profile: { ...c.profile, city: city.name } }
      ) as never;
    }
    const open = await openCityNames(trx);
    const choices =
      open.length === 0
        ? 'there is no open service city yet (add one under System → Service cities)'
        : open.length <= LISTED_CITIES
          ? `choose one of ${open.join(', ')}`
          : 'choose one from the service city list';
    throw new ValidationError(`city must be an open service city: "${wanted}" is not; ${choices}.`, 'city', {
      key: 'supply.validation.cityNotOpen',
      values: { city: wanted },
    });
  },
};

const today = (clock: string) => clock;

export const supplierEntity = defineEntity({
  lifecycle: supplierLifecycle,
  title: 'name',
  label: 'Supplier',
  path: '/api/suppliers',
  responseKey: 'supplier',
  idSequence: 'supplier_id_seq',
  projection: supplierProjection,
  toApi,
  apiSchema: SupplierApi,
  create: {
    body: Type.Partial(Type.Object({ ...SupplierProfileFields, ranking: Ranking }), {
      additionalProperties: false,
    }),
    data: (body) => ({
      profile: { ...emptyProfile(), ...readProfile(body) },
      ranking: (body.ranking as number | undefined) ?? 0,
    }),
  },
  commands: {
    fields: {
      'supplier.approve': {},
      'supplier.reject': { reason: Reason },
      'supplier.resubmit': {},
      'supplier.enable': {},
      'supplier.close': {},
      'supplier.takeOrders': {},
      'supplier.rest': {},
      'supplier.show': {},
      'supplier.hide': {},
      'supplier.rank': { ranking: Ranking },
      'supplier.edit': { changes: ProfileChanges },
    },
    toCommand: (body) => {
      const { expectedVersion: _v, ...command } = body;
      if (command.type === 'supplier.edit')
        command.changes = readProfile(command.changes as Record<string, unknown>);
      if (command.type === 'supplier.reject') command.reason = String(command.reason).trim();
      return command as SupplierCommand;
    },
  },
  edit: {
    body: Type.Object(
      { ...Type.Partial(Type.Object(SupplierProfileFields)).properties, expectedVersion: ExpectedVersion() },
      { additionalProperties: false },
    ),
    toCommand: (body) => ({ type: 'supplier.edit', changes: readProfile(body) }),
  },
  validate: (snapshot, clock) => validateSupplierProfile(snapshot.context.profile, today(clock)),
  guards: { create: [inOpenCity], 'supplier.edit': [inOpenCity] },
  list: SUPPLIER_LIST,
});

const routes = entityRoutes(supplierEntity, {
  csv: [
    { header: 'id', value: (s) => s.id },
    { header: 'name', value: (s) => s.name },
    { header: 'mobile', value: (s) => s.mobile },
    { header: 'city', value: (s) => s.city },
    { header: 'real_name', value: (s) => s.real_name },
    { header: 'audit_state', value: (s) => s.audit_state },
    { header: 'state', value: (s) => s.state },
    { header: 'is_enabled', value: (s) => s.is_enabled },
    { header: 'is_display', value: (s) => s.is_display },
    { header: 'order_num', value: (s) => s.order_num },
    { header: 'ranking', value: (s) => s.ranking },
    { header: 'created_at', value: (s) => s.created_at },
  ],
  more: (app) => {
    app.get(
      '/api/suppliers/cities',
      {
        schema: {
          tags: ['Supplier'],
          summary: 'The cities suppliers are in (for the list filter)',
          response: {
            200: Type.Object({
              err_code: Type.Integer(),
              err_msg: Type.String(),
              data: Type.Array(Type.String()),
            }),
          },
        },
      },
      async () => {
        return ok(await supplierCities(app.db));
      },
    );
  },
});

export const suppliersModule: ServerModule = {
  name: 'suppliers',
  routes,
  entities: [supplierEntity],
  migrations: {
    '2026_11_21_1000_suppliers': suppliersMigration,
    '2026_11_28_0100_supplier_city_counts': cityCountsMigration,
    '2026_12_05_0100_supplier_prefix_indexes': prefixIndexesMigration,
  },
  seed: seedSuppliers,
};
