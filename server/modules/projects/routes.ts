import type { FastifyPluginAsync } from 'fastify';
import { actorOf, requireAuth } from '../../auth/guard';
import { ok } from '../../http/envelope';
import { expectedVersionOf, idParam } from '../../http/params';
import { createProject, parseProjectEvent, readFormFields, sendProjectCommand } from './commands';
import { toApi } from './projection';
import { getProject, listProjects, parseListParams, projectHistory } from './queries';

/** Thin routes: read the request, call a command or query, wrap the answer in the envelope. */

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string' } },
} as const;

const objectBody = { type: 'object' } as const;

const projectId = (raw: unknown) => idParam(raw, 'Project');

const routes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireAuth);

  app.get('/api/projects', async (request) => {
    const result = await listProjects(app.db, parseListParams(request.query as Record<string, unknown>));
    return ok({ ...result, items: result.items.map(toApi) });
  });

  app.post<{ Body: Record<string, unknown> }>(
    '/api/projects',
    { schema: { body: objectBody } },
    async (request) => ok(toApi(await createProject(app.db, actorOf(request), request.body))),
  );

  app.get<{ Params: { id: string } }>(
    '/api/projects/:id',
    { schema: { params: idParams } },
    async (request) => ok(toApi(await getProject(app.db, projectId(request.params.id)))),
  );

  // Edit: the body holds the changed fields and expectedVersion; stored as one ProjectEdited event.
  app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/projects/:id',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const expectedVersion = expectedVersionOf(request.body.expectedVersion);
      const fields = readFormFields(request.body, ['expectedVersion']);
      const result = await sendProjectCommand(
        app.db,
        actorOf(request),
        projectId(request.params.id),
        { type: 'project.editForm', fields },
        expectedVersion,
      );
      return ok({ project: toApi(result.project), event: result.event });
    },
  );

  app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
    '/api/projects/:id/events',
    { schema: { params: idParams, body: objectBody } },
    async (request) => {
      const expectedVersion = expectedVersionOf(request.body.expectedVersion);
      const event = parseProjectEvent(request.body);
      const result = await sendProjectCommand(
        app.db,
        actorOf(request),
        projectId(request.params.id),
        event,
        expectedVersion,
      );
      return ok({ project: toApi(result.project), event: result.event });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/projects/:id/events',
    { schema: { params: idParams } },
    async (request) => ok(await projectHistory(app.db, projectId(request.params.id))),
  );
};

export default routes;
