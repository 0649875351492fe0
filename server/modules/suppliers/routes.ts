import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth } from '../../auth/guard';
import { AppError, ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { expectedVersionOf, idParam } from '../../http/params';
import { createSupplier, parseSupplierEvent, readProfileFields, sendSupplierEvent } from './commands';
import { toApi } from './projection';
import { getSupplier, listSuppliers, parseListParams, supplierCities, supplierHistory } from './queries';

/** Thin routes: read the request, call a command or query, wrap the answer in the envelope. */

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

const objectBody = { type: 'object' } as const;

export const MAX_BULK = 100;
/** The supplier id of a URL, or a 400 a person can act on. */
export function supplierIdOf(raw: unknown): number {
  return idParam(raw, 'Supplier');
}

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireAuth);

  app.get('/api/suppliers', async (request) => {
    const result = await listSuppliers(app.db, parseListParams(request.query as Record<string, unknown>));
    return ok({ ...result, items: result.items.map(toApi) });
  });

  app.get('/api/suppliers/cities', async () => ok(await supplierCities(app.db)));

  app.post<{ Body: Record<string, unknown> }>(
    '/api/suppliers',
    { schema: { body: objectBody } },
    async (request) => {
      const row = await createSupplier(app.db, actorOf(request), request.body);
      return ok(toApi(row));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/suppliers/:id',
    { schema: { params: idParams } },
    async (request) => ok(toApi(await getSupplier(app.db, supplierIdOf(request.params.id)))),
  );

  // Edit profile: a convenience for `supplier.edit`; the body holds the changed fields and expectedVersion.
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/suppliers/:id',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const expectedVersion = expectedVersionOf(request.body.expectedVersion);
      const changes = readProfileFields(request.body, ['expectedVersion']);
      const result = await sendSupplierEvent(
        app.db,
        actorOf(request),
        supplierIdOf(request.params.id),
        { type: 'supplier.edit', changes },
        expectedVersion,
      );
      return ok({ supplier: toApi(result.supplier), event: result.event });
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/suppliers/:id/events',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const expectedVersion = expectedVersionOf(request.body.expectedVersion);
      const event = parseSupplierEvent(request.body);
      const result = await sendSupplierEvent(
        app.db,
        actorOf(request),
        supplierIdOf(request.params.id),
        event,
        expectedVersion,
      );
      return ok({ supplier: toApi(result.supplier), event: result.event });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/suppliers/:id/events',
    { schema: { params: idParams } },
    async (request) => ok(await supplierHistory(app.db, supplierIdOf(request.params.id))),
  );

  // Bulk: one event type for several suppliers, each decided (and committed or refused) on its own.
  app.post<{ Body: Record<string, unknown> }>(
    '/api/suppliers/bulk-events',
    { schema: { body: objectBody } },
    async (request) => {
      const { items, ...rest } = request.body;
      if (!Array.isArray(items) || items.length === 0 || items.length > MAX_BULK) {
        throw new ValidationError(
          `items must list 1 to ${MAX_BULK} suppliers as {id, expectedVersion}.`,
          'items',
        );
      }
      const event = parseSupplierEvent(rest);
      const actor = actorOf(request);
      const results = [];
      for (const item of items as Array<Record<string, unknown>>) {
        const id = Number(item?.id);
        try {
          supplierIdOf(item?.id);
          const result = await sendSupplierEvent(
            app.db,
            actor,
            id,
            event,
            expectedVersionOf(item?.expectedVersion),
          );
          results.push({ id, ok: true, err_code: 200, err_msg: 'ok', supplier: toApi(result.supplier) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          results.push({ id, ok: false, err_code: error.errCode, err_msg: error.message, data: error.data });
        }
      }
      return ok({ results });
    },
  );
};

export default routes;
