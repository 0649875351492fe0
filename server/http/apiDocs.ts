import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * The API reference, generated from the routes' own schemas (the same TypeBox schemas that validate requests):
 * OpenAPI at /api/docs/json, and a page to browse it at /api/docs. docs/api.md keeps the prose and links here.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Marketplace Admin API',
        version: '1',
        description:
          'Every answer is the envelope `{ err_code, err_msg, data }` (err_code 200 = ok). A failure has a meaningful ' +
          'HTTP status, an `err_msg` (English, or Chinese when `Accept-Language` ranks Chinese first), and ' +
          '`data.reason_key` (+ `data.values`) for a translated text. ' +
          'Commands are `POST /api/<entity>/:id/events` with `type` and `expectedVersion`; a stale version is ' +
          '409 / 40901, a command the lifecycle refuses 409 / 40902. Sign in with POST /api/sanctum-auth/login and ' +
          'send `Authorization: Bearer <token>`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    staticCSP: true,
  });
}
