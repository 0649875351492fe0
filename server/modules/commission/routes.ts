import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth } from '../../auth/guard';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { parseCommissionEvent, readRate, sendCommissionEvent } from './commands';
import { loadCommission } from './projection';
import { commissionHistory, commissionToApi } from './queries';

const objectBody = { type: 'object' } as const;

function expectedVersionOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ValidationError('expectedVersion (the version you loaded) is required.', 'expectedVersion');
  }
  return value;
}

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireAuth);

  app.get('/api/commission', async () => ok(await commissionToApi(app.db, await loadCommission(app.db))));

  // Change the default rate: `{ default_rate: "12.5", expectedVersion }`.
  app.put<{ Body: Record<string, unknown> }>(
    '/api/commission',
    { schema: { body: objectBody } },
    async (request) => {
      const { default_rate, expectedVersion, ...rest } = request.body;
      const unknown = Object.keys(rest)[0];
      if (unknown) throw new ValidationError(`Unknown field "${unknown}".`, unknown);
      const version = expectedVersionOf(expectedVersion);
      const rateBp = readRate(default_rate, 'default_rate');
      const result = await sendCommissionEvent(
        app.db,
        actorOf(request),
        { type: 'commission.setDefault', rateBp },
        version,
      );
      return ok({ ...(await commissionToApi(app.db, result)), event: result.event });
    },
  );

  // Commands: `{ type: 'commission.setDefault', rate }`, `{ type: 'commission.setOverride', scope, target, rate }`,
  // `{ type: 'commission.removeOverride', scope, target }`, each with expectedVersion.
  app.post<{ Body: Record<string, unknown> }>(
    '/api/commission/events',
    { schema: { body: objectBody } },
    async (request) => {
      const version = expectedVersionOf(request.body.expectedVersion);
      const event = parseCommissionEvent(request.body);
      const result = await sendCommissionEvent(app.db, actorOf(request), event, version);
      return ok({ ...(await commissionToApi(app.db, result)), event: result.event });
    },
  );

  app.get('/api/commission/events', async () => ok(await commissionHistory(app.db)));
};

export default routes;
