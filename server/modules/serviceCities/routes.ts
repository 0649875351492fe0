import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { expectedVersionOf, idParam } from '../../http/params';
import {
  createServiceCity,
  editServiceCity,
  parseCityEvent,
  sendCityEvents,
  suppliersInCity,
} from './commands';
import { cityToApi } from './projection';
import { getServiceCity, listServiceCities, parseCityListParams, serviceCityHistory } from './queries';

/** Thin routes: read the request, call a command or query, wrap the answer in the envelope. */

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;
const objectBody = { type: 'object' } as const;

const cityId = (raw: unknown) => idParam(raw, 'Service city');

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireAuth);

  app.get('/api/service-cities', async (request) => {
    const result = await listServiceCities(
      app.db,
      parseCityListParams(request.query as Record<string, unknown>),
    );
    return ok({ ...result, items: result.items.map((i) => cityToApi(i, i.supplier_count)) });
  });

  app.post<{ Body: Record<string, unknown> }>(
    '/api/service-cities',
    { schema: { body: objectBody } },
    async (request) => ok(cityToApi(await createServiceCity(app.db, actorOf(request), request.body), 0)),
  );

  app.get<{ Params: { id: string } }>(
    '/api/service-cities/:id',
    { schema: { params: idParams } },
    async (request) => {
      const row = await getServiceCity(app.db, cityId(request.params.id));
      return ok(cityToApi(row, await suppliersInCity(app.db, row.name)));
    },
  );

  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/service-cities/:id',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const { expectedVersion, ...fields } = request.body;
      const result = await editServiceCity(
        app.db,
        actorOf(request),
        cityId(request.params.id),
        fields,
        expectedVersionOf(expectedVersion),
      );
      return ok({ city: result.city && cityToApi(result.city), events: result.events });
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/service-cities/:id/events',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const expectedVersion = expectedVersionOf(request.body.expectedVersion);
      const event = parseCityEvent(request.body);
      const result = await sendCityEvents(
        app.db,
        actorOf(request),
        cityId(request.params.id),
        [event],
        expectedVersion,
      );
      return ok({ city: result.city && cityToApi(result.city), events: result.events });
    },
  );

  // Delete: the `serviceCity.delete` command; expectedVersion in the query string (`?expectedVersion=3`).
  app.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/service-cities/:id',
    { schema: { params: idParams } },
    async (request) => {
      const result = await sendCityEvents(
        app.db,
        actorOf(request),
        cityId(request.params.id),
        [{ type: 'serviceCity.delete' }],
        expectedVersionOf(request.query.expectedVersion, { fromQuery: true }),
      );
      return ok({ city: null, events: result.events });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/service-cities/:id/events',
    { schema: { params: idParams } },
    async (request) => ok(await serviceCityHistory(app.db, cityId(request.params.id))),
  );
};

export default routes;
