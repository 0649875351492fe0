import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  COMMISSION_STREAM,
  COMMISSION_STREAM_ID,
  commissionLifecycle,
  type CommissionCommand,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import {
  MAX_TARGET_LENGTH,
  findOverride,
  isValidTarget,
} from '../../../src/machines/lifecycles/commissionMachine';
import {
  formatPercent,
  parsePercent,
  type OverrideScope,
} from '../../../src/machines/lifecycles/commissionRules';
import { requireAuth } from '../../auth/guard';
import * as commissionMigration from '../../db/migrations/2026_11_21_1300_commission';
import type { Database } from '../../db/schema';
import { ValidationError } from '../../errors';
import { streamHistory } from '../../events/history';
import { ok } from '../../http/envelope';
import { defineEntity, type CrossGuard, type Reaction } from '../../kit/entity';
import { assertPolicy, runCommand, type CommandResult } from '../../kit/pipeline';
import { pipelineContext } from '../../kit/routes';
import { commandTypeOf, policyFirst } from '../../kit/policyFirst';
import { Envelope, ExpectedVersion, HistoryEntry, commandBody } from '../../kit/schemas';
import { projectNames } from '../projects/port';
import { findCity } from '../serviceCities/port';
import type { ServerModule } from '../types';
import { commissionProjection, loadCommission, type LoadedCommission } from './projection';
import { seedCommission } from './seed';

/**
 * The commission settings, declared for the entity kit as a singleton: the lifecycle (commissionLifecycle.ts)
 * decides; an override must name a real service city (locked for share, so it cannot vanish under the override)
 * or project; a renamed city takes its override along, in the rename's own transaction (a reaction).
 */

const Rate = Type.Union([Type.Number(), Type.String({ maxLength: 20 })], {
  description: 'a percentage from 0 to 100 with at most two decimals (e.g. 12.5)',
});
const Scope = Type.Union([Type.Literal('project'), Type.Literal('city')], {
  description: 'one of project, city',
});
const Target = Type.Union([Type.String({ maxLength: 200 }), Type.Integer()], {
  description: `a project id or a city name (at most ${MAX_TARGET_LENGTH} characters)`,
});

export function readRate(value: unknown, field = 'rate'): number {
  const bp = parsePercent(value);
  if (bp === null) {
    throw new ValidationError(
      `${field} must be a percentage from 0 to 100 with at most two decimals (e.g. 12.5).`,
      field,
      { key: 'system.commission.validation.rate' },
    );
  }
  return bp;
}

function readTarget(scope: OverrideScope, value: unknown): string {
  // The lifecycle's rule, as the console asks it.
  const text = String(value).trim();
  if (!isValidTarget(scope, text)) {
    throw new ValidationError(
      scope === 'project'
        ? 'target must be a project id (a whole number from 1).'
        : 'target must be a city name.',
      'target',
      { key: 'system.commission.validation.target' },
    );
  }
  return text;
}

/**
 * A set override must point at something real: a service city (its stored spelling is used), or a project. The
 * city is locked for share before the commission is (lockFirst): a rename locks the city, then the commission, so
 * both lock in that order and never deadlock.
 */
const targetExists: CrossGuard<never, never> = {
  name: 'targetExists',
  lockFirst: async ({ trx, command }) => {
    const c = command as CommissionCommand;
    if (c.type === 'commission.setOverride' && !c.cause && c.scope === 'city') {
      await findCity(trx, c.target, { lock: 'share' });
    }
  },
  check: async ({ trx, command }) => {
    const c = command as CommissionCommand;
    if (c.type !== 'commission.setOverride' || c.cause) return;
    if (c.scope === 'city') {
      const city = await findCity(trx, c.target, { lock: 'share' });
      if (!city) {
        throw new ValidationError(`There is no service city named "${c.target}".`, 'target', {
          key: 'system.commission.validation.noCity',
          values: { city: c.target },
        });
      }
      return { ...c, target: city.name } as never;
    }
    if (!(await projectNames(trx, [c.target])).has(c.target)) {
      throw new ValidationError(`There is no project with id ${c.target}.`, 'target', {
        key: 'system.commission.validation.noProject',
        values: { id: c.target },
      });
    }
  },
};

export const commissionEntity = defineEntity({
  lifecycle: commissionLifecycle,
  label: 'Commission',
  path: '/api/commission',
  responseKey: 'commission',
  singleton: { streamId: COMMISSION_STREAM_ID },
  projection: commissionProjection,
  toApi: (row) => row,
  apiSchema: Type.Unknown(),
  commands: {
    fields: {
      'commission.setDefault': { rate: Rate },
      'commission.setOverride': { scope: Scope, target: Target, rate: Rate },
      'commission.removeOverride': { scope: Scope, target: Target },
    },
    toCommand: (body) => {
      const type = body.type as CommissionCommand['type'];
      if (type === 'commission.setDefault') return { type, rateBp: readRate(body.rate) };
      const scope = body.scope as OverrideScope;
      const target = readTarget(scope, body.target);
      if (type === 'commission.setOverride') return { type, scope, target, rateBp: readRate(body.rate) };
      return { type, scope, target };
    },
  },
  guards: { 'commission.setOverride': [targetExists as CrossGuard<never, never> as never] },
});

export const PRECEDENCE = ['project', 'city', 'default'] as const;

/** The API shape of the settings: rates as basis points and as "12.50" percent text, project overrides named. */
export async function commissionToApi(db: Kysely<Database>, loaded: LoadedCommission) {
  const projectIds = loaded.settings.overrides.filter((o) => o.scope === 'project').map((o) => o.target);
  const names = await projectNames(db, projectIds);
  return {
    version: loaded.version,
    default_rate_bp: loaded.settings.defaultRateBp,
    default_rate: formatPercent(loaded.settings.defaultRateBp),
    overrides: loaded.settings.overrides.map((o) => ({
      scope: o.scope,
      target: o.target,
      label: o.scope === 'project' ? (names.get(o.target) ?? null) : o.target,
      rate_bp: o.rateBp,
      rate: formatPercent(o.rateBp),
    })),
    precedence: PRECEDENCE,
    projects_validated: true,
    updated_at: loaded.updatedAt ? loaded.updatedAt.toISOString() : null,
  };
}

/** The city override naming `city` (case-insensitive), if any: the port other modules ask. */
export async function cityOverride(
  db: Kysely<Database>,
  city: string,
): Promise<{ target: string; rateBp: number } | undefined> {
  const { settings } = await loadCommission(db);
  return findOverride(settings.overrides, 'city', city);
}

/**
 * A service city was renamed (in the rename's transaction): its override, if any, follows it, as two commission
 * facts — `CommissionOverrideRemoved` for the old name and `CommissionOverrideSet` for the new one, same rate —
 * each with a `cause` naming the rename.
 */
export const followCityRename: Reaction = async ({ trx, actor, fact, streamId }) => {
  const { name: to, previous: from } = fact.data as { name: string; previous: string };
  const current = await loadCommission(trx, true);
  const existing = findOverride(current.settings.overrides, 'city', from);
  if (!existing || existing.target === to) return;
  const cause = { type: fact.type, service_city_id: Number(streamId), from, to };
  await runCommand(
    { db: trx, actor },
    commissionEntity,
    0,
    [
      { type: 'commission.removeOverride', scope: 'city', target: existing.target, cause },
      { type: 'commission.setOverride', scope: 'city', target: to, rateBp: existing.rateBp, cause },
    ],
    current.version,
    { skipPolicy: true },
  );
};

async function answer(db: Kysely<Database>, result: CommandResult) {
  const loaded = await loadCommission(db);
  return ok({ ...(await commissionToApi(db, loaded)), event: result.events[result.events.length - 1] });
}

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireAuth);
  const tags = ['Commission'];
  const Settings = Type.Unknown({ description: 'the commission settings (see GET /api/commission)' });

  app.get('/api/commission', { schema: { tags, summary: 'The commission settings' } }, async (request) => {
    assertPolicy(commissionEntity, pipelineContext(app, request).actor, 'commission.read');
    return ok(await commissionToApi(app.db, await loadCommission(app.db)));
  });

  app.put(
    '/api/commission',
    {
      preValidation: policyFirst(commissionEntity, () => 'commission.setDefault'),
      schema: {
        tags,
        summary: 'Change the default rate',
        body: Type.Object(
          { default_rate: Rate, expectedVersion: ExpectedVersion(0) },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Settings) },
      },
    },
    async (request) => {
      const body = request.body as { default_rate: unknown; expectedVersion: number };
      const command = {
        type: 'commission.setDefault',
        rateBp: readRate(body.default_rate, 'default_rate'),
      } as const;
      const result = await runCommand(
        pipelineContext(app, request),
        commissionEntity,
        0,
        command,
        body.expectedVersion,
      );
      return answer(app.db, result);
    },
  );

  app.post(
    '/api/commission/events',
    {
      preValidation: policyFirst(commissionEntity, commandTypeOf(commissionEntity)),
      schema: {
        tags,
        summary:
          'A commission command: setDefault { rate }, setOverride { scope, target, rate }, removeOverride',
        body: commandBody(commissionEntity.commands.fields, 0),
        response: { 200: Envelope(Settings) },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const command = commissionEntity.commands.toCommand!(body);
      const result = await runCommand(
        pipelineContext(app, request),
        commissionEntity,
        0,
        command,
        body.expectedVersion as number,
      );
      return answer(app.db, result);
    },
  );

  app.get(
    '/api/commission/events',
    {
      schema: {
        tags,
        summary: 'Every commission change, newest first',
        response: { 200: Envelope(Type.Array(HistoryEntry)) },
      },
    },
    async (request) => {
      assertPolicy(commissionEntity, pipelineContext(app, request).actor, 'commission.read');
      return ok(await streamHistory(app.db, COMMISSION_STREAM, COMMISSION_STREAM_ID, 200));
    },
  );
};

export const commissionModule: ServerModule = {
  name: 'commission',
  routes,
  entities: [commissionEntity],
  reactions: { ServiceCityRenamed: [followCityRename] },
  migrations: { '2026_11_21_1300_commission': commissionMigration },
  seed: seedCommission,
};
