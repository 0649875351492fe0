import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../auth/guard';
import { hashToken } from '../auth/tokens';
import { Unauthenticated, ValidationError } from '../errors';
import { ok } from '../http/envelope';
import { Envelope } from './schemas';

/**
 * One-time download tickets. The console keeps its token in localStorage (SPEC §9), so a plain link cannot carry
 * it; to let the browser's own download manager fetch a large export, the console first asks for a ticket for
 * that export path (signed in as usual), then opens `<path>?…&ticket=…`. A ticket is random, stored hashed, good
 * once, for one path, for one minute.
 */

const TICKET_TTL_MS = 60_000;
const EXPORT_PATH = /^\/api\/[a-z-]+\/export\.csv$/;

export const downloadRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/download-tickets',
    {
      schema: {
        tags: ['Exports'],
        summary: 'A one-time ticket to download an export without the Authorization header',
        body: Type.Object(
          {
            path: Type.String({
              maxLength: 200,
              description: 'an export path such as /api/suppliers/export.csv',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: Envelope(Type.Object({ ticket: Type.String(), expires_at: Type.String() })) },
      },
    },
    async (request) => {
      const { path } = request.body as { path: string };
      if (!EXPORT_PATH.test(path)) {
        throw new ValidationError('path must be an export path such as /api/suppliers/export.csv.', 'path');
      }
      const ticket = randomBytes(24).toString('base64url');
      const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
      await app.db
        .insertInto('download_tickets')
        .values({
          token_hash: hashToken(ticket),
          user_id: currentUser(request).id,
          path,
          expires_at: expiresAt,
        })
        .execute();
      return ok({ ticket, expires_at: expiresAt.toISOString() });
    },
  );
};

/**
 * Signs in an export request by its `ticket` (and uses the ticket up): true when it did, false when the request
 * has no ticket (the bearer token then decides). A bad, used or expired ticket is a 401.
 */
export async function ticketAuth(request: FastifyRequest): Promise<boolean> {
  const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
  if (typeof ticket !== 'string' || ticket === '') return false;
  const path = request.url.split('?')[0];
  const db = request.server.db;
  const row = await db
    .updateTable('download_tickets')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hashToken(ticket))
    .where('path', '=', path)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_id')
    .executeTakeFirst();
  if (!row)
    throw new Unauthenticated(
      'This download link has expired or was used already. Start the export again.',
      'errors.downloadExpired',
    );
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'name'])
    .where('id', '=', row.user_id)
    .executeTakeFirstOrThrow();
  request.user = { ...user, tokenId: 0 };
  return true;
}
