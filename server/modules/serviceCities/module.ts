import { Type } from 'typebox';
import {
  cityStatusOf,
  citySnapshot,
  isDeleted,
  serviceCityLifecycle,
  type ServiceCityCommand,
  type ServiceCitySnapshot,
} from '../../../src/machines/lifecycles/serviceCityLifecycle';
import {
  MAX_CITY_NAME_LENGTH,
  MAX_CITY_RANKING,
  cityNameKey,
  isValidCityName,
  normalizeCityName,
} from '../../../src/machines/lifecycles/serviceCityMachine';
import { sql, type Kysely } from 'kysely';
import { SERVICE_CITY_LIST } from '../../../src/contract/serviceCities';
import * as serviceCitiesMigration from '../../db/migrations/2026_11_21_1200_service_cities';
import type { Database } from '../../db/schema';
import { Conflict, ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { defineEntity, type CrossGuard } from '../../kit/entity';
import { runCommand } from '../../kit/pipeline';
import { tableProjection } from '../../kit/projection';
import { entityRoutes } from '../../kit/routes';
import { policyFirst } from '../../kit/policyFirst';
import {
  AppendedEvent,
  Envelope,
  ExpectedVersion,
  ExpectedVersionText,
  IdParams,
  withinBounds,
} from '../../kit/schemas';
import { cityOverride } from '../commission/port';
import { suppliersInCity, suppliersInCityColumn } from '../suppliers/port';
import type { ServerModule } from '../types';
import { ServiceCityApi, cityToApi, type ServiceCityRow } from './projection';
import { seedServiceCities } from './seed';

/**
 * Service cities, declared for the entity kit: the lifecycle (serviceCityLifecycle.ts) decides, its rules on a city
 * in use fed with the supplier count (asked through the suppliers' port); the guards below add a unique name and
 * no commission override on a deleted city. The pipeline has locked the city row before anything runs, and commands
 * of other entities that rely on a city lock it for share (serviceCities/port.ts), so the checks cannot race.
 */

const Name = Type.String({
  maxLength: 200,
  description: `a city name of 1 to ${MAX_CITY_NAME_LENGTH} characters`,
});
const Ranking = Type.Integer({
  minimum: 0,
  maximum: MAX_CITY_RANKING,
  ...withinBounds(0, MAX_CITY_RANKING),
});

export function readName(value: unknown): string {
  if (typeof value !== 'string' || !isValidCityName(value)) {
    throw new ValidationError(
      `The city name must have 1 to ${MAX_CITY_NAME_LENGTH} characters, none of them invisible (such as a zero-width space).`,
      'name',
      {
        key: 'system.city.validation.name',
      },
    );
  }
  return normalizeCityName(value);
}

async function assertNameFree(trx: Kysely<Database>, name: string, exceptId: number | null): Promise<void> {
  let query = trx
    .selectFrom('service_cities')
    .select(['id', 'name'])
    .where('name_key', '=', cityNameKey(name));
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  const clash = await query.executeTakeFirst();
  if (clash) {
    throw new Conflict(`A service city named "${clash.name}" already exists (names are case-insensitive).`, {
      reason_key: 'system.city.reason.nameTaken',
      values: { name: clash.name },
      field: 'name',
      id: clash.id,
    });
  }
}

type Guard = CrossGuard<ServiceCitySnapshot, never>;

const nameIsFree: Guard = {
  name: 'nameIsFree',
  check: async ({ trx, id, command }) => {
    const c = command as { type: string; name?: string };
    if (c.name !== undefined) await assertNameFree(trx, c.name, c.type.endsWith('.create') ? null : id);
  },
};

const noCommissionOverride: Guard = {
  name: 'noCommissionOverride',
  check: async ({ trx, snapshot }) => {
    const name = snapshot!.context.name;
    const override = await cityOverride(trx, name);
    if (override) {
      throw new Conflict(
        `Cannot delete the service city "${name}": it has a commission override (${(override.rateBp / 100).toFixed(2)}%). Remove the override on the commission page first, or close the city instead.`,
        { reason_key: 'system.city.reason.hasCommission', rate_bp: override.rateBp },
      );
    }
  },
};

export const serviceCityEntity = defineEntity({
  lifecycle: serviceCityLifecycle,
  title: 'name',
  label: 'Service city',
  path: '/api/service-cities',
  responseKey: 'city',
  idSequence: 'service_city_id_seq',
  projection: tableProjection<ServiceCitySnapshot>({
    table: 'service_cities',
    toRow: (s) => ({
      name: s.context.name,
      name_key: cityNameKey(s.context.name),
      is_enabled: cityStatusOf(s).is_enabled,
      ranking: s.context.ranking,
    }),
    fromRow: (row: ServiceCityRow) =>
      citySnapshot({ is_enabled: row.is_enabled }, { name: row.name, ranking: row.ranking }),
    removed: isDeleted,
  }),
  toApi: (row) => cityToApi(row as unknown as ServiceCityRow),
  apiSchema: ServiceCityApi,
  create: {
    body: Type.Object(
      {
        name: Type.Unknown({ description: `a city name of 1 to ${MAX_CITY_NAME_LENGTH} characters` }),
        ranking: Type.Optional(Ranking),
        is_enabled: Type.Optional(Type.Boolean({ description: 'true or false' })),
      },
      { additionalProperties: false },
    ),
    data: (body) => ({
      name: readName(body.name),
      ranking: (body.ranking as number | undefined) ?? 0,
      is_enabled: (body.is_enabled as boolean | undefined) ?? true,
    }),
  },
  commands: {
    fields: {
      'serviceCity.enable': {},
      'serviceCity.close': {},
      'serviceCity.rank': { ranking: Ranking },
      'serviceCity.rename': { name: Name },
      'serviceCity.delete': {},
    },
    toCommand: (body) => {
      const { expectedVersion: _v, ...command } = body;
      if (command.type === 'serviceCity.rename') command.name = readName(command.name);
      return command as ServiceCityCommand;
    },
  },
  edit: {
    body: Type.Object(
      {
        expectedVersion: ExpectedVersion(),
        name: Type.Optional(Name),
        ranking: Type.Optional(Ranking),
        is_enabled: Type.Optional(Type.Boolean({ description: 'true or false' })),
      },
      { additionalProperties: false },
    ),
    actions: ['serviceCity.rename', 'serviceCity.rank', 'serviceCity.enable', 'serviceCity.close'],
    // The changed fields become commands (rename, rank, enable/close), decided in that order against one
    // expected version. Fields sent with their current value are skipped; if nothing changes, the first of them
    // is decided anyway, so the lifecycle refuses it as every other no-op is refused (409 / 40902).
    toCommand: (body, snapshot) => {
      const changed: ServiceCityCommand[] = [];
      const unchanged: ServiceCityCommand[] = [];
      if (body.name !== undefined) {
        const name = readName(body.name);
        (name !== snapshot.context.name ? changed : unchanged).push({ type: 'serviceCity.rename', name });
      }
      if (body.ranking !== undefined) {
        const ranking = body.ranking as number;
        (ranking !== snapshot.context.ranking ? changed : unchanged).push({
          type: 'serviceCity.rank',
          ranking,
        });
      }
      if (body.is_enabled !== undefined) {
        const enabled = body.is_enabled as boolean;
        (enabled !== cityStatusOf(snapshot).is_enabled ? changed : unchanged).push({
          type: enabled ? 'serviceCity.enable' : 'serviceCity.close',
        });
      }
      if (changed.length) return changed;
      if (unchanged.length) return unchanged.slice(0, 1);
      throw new ValidationError('Nothing to change: send name, ranking or is_enabled.', null, {
        key: 'errors.validation.nothingToChange',
      });
    },
  },
  // The lifecycle's own rules on a city in use (no delete, no rename beyond case) read the supplier count.
  feed: async ({ trx, snapshot }) => ({ supplierCount: await suppliersInCity(trx, snapshot!.context.name) }),
  guards: {
    create: [nameIsFree],
    'serviceCity.rename': [nameIsFree],
    'serviceCity.delete': [noCommissionOverride],
  },
  list: SERVICE_CITY_LIST,
  listItemColumns: {
    supplier_count: (table) => suppliersInCityColumn(sql.ref<string>(`${table}.name_key`)),
  },
});

const routes = entityRoutes(serviceCityEntity, {
  detail: async (db, row) => ({ supplier_count: await suppliersInCity(db, String(row.name)) }),
  csv: [
    { header: 'id', value: (c) => c.id },
    { header: 'name', value: (c) => c.name },
    { header: 'is_enabled', value: (c) => c.is_enabled },
    { header: 'ranking', value: (c) => c.ranking },
    { header: 'supplier_count', value: (c) => c.supplier_count },
    { header: 'created_at', value: (c) => c.created_at },
  ],
  more: (app, context) => {
    // Delete: the `serviceCity.delete` command, with expectedVersion in the query string (`?expectedVersion=3`).
    app.delete(
      '/api/service-cities/:id',
      {
        preValidation: policyFirst(serviceCityEntity, () => 'serviceCity.delete'),
        schema: {
          tags: ['Service city'],
          summary: 'Delete a service city (no suppliers and no commission override in it)',
          params: IdParams('Service city'),
          querystring: Type.Object(
            {
              expectedVersion: ExpectedVersionText(),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Envelope(
              Type.Object({ city: Type.Null(), event: AppendedEvent, events: Type.Array(AppendedEvent) }),
            ),
          },
        },
      },
      async (request) => {
        const id = Number((request.params as { id: string }).id);
        const version = Number((request.query as { expectedVersion: string }).expectedVersion);
        const result = await runCommand(
          context(request),
          serviceCityEntity,
          id,
          { type: 'serviceCity.delete' },
          version,
        );
        return ok({ city: null, event: result.events[result.events.length - 1], events: result.events });
      },
    );
  },
});

export const serviceCitiesModule: ServerModule = {
  name: 'serviceCities',
  routes,
  entities: [serviceCityEntity],
  migrations: { '2026_11_21_1200_service_cities': serviceCitiesMigration },
  seed: (db) => seedServiceCities(db),
};
