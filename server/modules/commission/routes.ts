import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { expectedVersionOf, refuseUnknownFields } from '../../http/params';
import { parseCommissionEvent, readRate, sendCommissionEvent } from './commands';
import { loadCommission } from './projection';
import { commissionHistory, commissionToApi } from './queries';

const objectBody = { type: 'object' } as const;

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireAuth);

  app.get('/api/commission', async () => ok(await commissionToApi(app.db, await loadCommission(app.db))));

  // Change the default rate: `{ default_rate: "12.5", expectedVersion }`.
  app.put<{ Body: Record<string, unknown> }>(
    '/api/commission',
    { schema: { body: objectBody } },
    async (request) => {
      const { default_rate, expectedVersion, ...rest } = request.body;
      refuseUnknownFields(rest, []);
      const version = expectedVersionOf(expectedVersion, { min: 0 });
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
      const version = expectedVersionOf(request.body.expectedVersion, { min: 0 });
      const event = parseCommissionEvent(request.body);
      const result = await sendCommissionEvent(app.db, actorOf(request), event, version);
      return ok({ ...(await commissionToApi(app.db, result)), event: result.event });
    },
  );

  app.get('/api/commission/events', async () => ok(await commissionHistory(app.db)));
};

export default routes;
