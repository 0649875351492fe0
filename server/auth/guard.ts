import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../db/schema';
import { Forbidden, Unauthenticated } from '../errors';
import type { Actor } from '../events/store';
import { ticketAuth } from '../kit/downloads';
import { authenticate, type AuthUser } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth` / `requireRole`; null on routes that do not require sign-in. */
    user: AuthUser | null;
  }
}

/**
 * API routes anyone may call, as `METHOD /route` (and the API reference under /api/docs); every other `/api/`
 * route needs a valid bearer token, or, for a CSV export, a one-time download ticket (server/kit/downloads.ts).
 */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/sanctum-auth/login',
  'GET /api/health',
]);

/**
 * onRequest hook for the whole app: every API route not in PUBLIC_API_ROUTES requires a valid bearer token
 * before anything else happens to the request. Body parsing and schema validation come later, so an anonymous
 * caller learns nothing about a route's schema ("Unknown field …") and cannot make the server parse a large body.
 * Routes may still declare `preHandler: requireAuth`/`requireRole`: they reuse the user found here.
 * An unknown endpoint is left to the not-found handler (404, as documented).
 */
export async function authenticateApiRequest(request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url;
  if (request.is404 || !route || !(route === '/api' || route.startsWith('/api/'))) return;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (PUBLIC_API_ROUTES.has(`${method} ${route}`) || route === '/api/docs' || route.startsWith('/api/docs/'))
    return;
  if (route.endsWith('/export.csv') && (await ticketAuth(request))) return;
  request.user = await authenticate(request.server.db, request.headers.authorization);
}

/** preHandler: requires a valid bearer token and sets `request.user` (unless authenticateApiRequest did). */
export async function requireAuth(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  request.user ??= await authenticate(request.server.db, request.headers.authorization);
}

const ROLE_NAMES: Record<Role, string> = { admin: 'administrators', user: 'users' };

/** preHandler: requires sign-in and one of `roles` (checked on the server; the console's role switch is a preview). */
export function requireRole(
  ...roles: Role[]
): (request: FastifyRequest, reply?: FastifyReply) => Promise<void> {
  return async function requireRoleHandler(request: FastifyRequest): Promise<void> {
    await requireAuth(request);
    const user = request.user!;
    if (!roles.includes(user.role)) {
      throw new Forbidden(
        `Only ${roles.map((r) => ROLE_NAMES[r]).join(' or ')} may do this; you are signed in as a ${user.role}.`,
      );
    }
  };
}

/** The signed-in user of a request that passed `requireAuth`/`requireRole`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Unauthenticated();
  return request.user;
}

/** The event-store actor for the signed-in user. */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, role: user.role };
}
