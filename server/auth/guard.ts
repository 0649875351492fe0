import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../db/schema';
import { Forbidden, Unauthenticated } from '../errors';
import type { Actor } from '../events/store';
import { ticketAuth } from '../kit/downloads';
import { signedInAs } from '../kit/signedInAs';
import { authenticate, bearerToken, type AuthUser } from './tokens';

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
 * Routes may still declare `preHandler: requireAuth` or `preValidation: requireRole`: they reuse the user found here.
 * An unknown endpoint is left to the not-found handler (404, as documented).
 */
export async function authenticateApiRequest(request: FastifyRequest): Promise<void> {
  const route = request.routeOptions.url;
  if (request.is404 || !route || !(route === '/api' || route.startsWith('/api/'))) return;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (PUBLIC_API_ROUTES.has(`${method} ${route}`) || route === '/api/docs' || route.startsWith('/api/docs/'))
    return;
  if (route.endsWith('/export.csv') && (await ticketAuth(request))) return;
  request.user = await signedIn(request);
}

/** preHandler: requires a valid bearer token and sets `request.user` (unless authenticateApiRequest did). */
export async function requireAuth(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  request.user ??= await signedIn(request);
}

/**
 * The marketplace apps (customers placing and paying orders, suppliers accepting and serving them) call the API
 * as the `system` actor with the service token the server is started with: `SYSTEM_API_TOKEN`, at least 32
 * characters, sent as `Authorization: Bearer <token>`. Unset, no request is the system actor. What the system
 * actor may do is the policy table's `system` role (src/contract/policy.ts); its events are recorded with it.
 */
export const SYSTEM_USER: AuthUser = {
  id: 0,
  email: '',
  role: 'system',
  name: 'Marketplace apps',
  tokenId: 0,
};
const MIN_SYSTEM_TOKEN_LENGTH = 32;
const digest = (text: string) => createHash('sha256').update(text).digest();

function isSystemToken(authorization: string | undefined): boolean {
  const configured = process.env.SYSTEM_API_TOKEN ?? '';
  const sent = bearerToken(authorization);
  if (configured.length < MIN_SYSTEM_TOKEN_LENGTH || !sent) return false;
  return timingSafeEqual(digest(configured), digest(sent));
}

async function signedIn(request: FastifyRequest): Promise<AuthUser> {
  const { authorization } = request.headers;
  return isSystemToken(authorization) ? SYSTEM_USER : authenticate(request.server.db, authorization);
}

const ROLE_NAMES: Record<Role, string> = { admin: 'administrators', user: 'users' };

/**
 * preValidation: requires sign-in and one of `roles` (checked on the server; the console's role switch is a preview),
 * before the input is: a member who may not do this is told so, not what the input lacks.
 */
export function requireRole(
  ...roles: Role[]
): (request: FastifyRequest, reply?: FastifyReply) => Promise<void> {
  return async function requireRoleHandler(request: FastifyRequest): Promise<void> {
    await requireAuth(request);
    const user = request.user!;
    if (!(roles as readonly string[]).includes(user.role)) {
      throw new Forbidden(
        `Only ${roles.map((r) => ROLE_NAMES[r]).join(' or ')} may do this; you are signed in as ${signedInAs(user.role)}.`,
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
  return { id: user.role === 'system' ? null : user.id, role: user.role };
}
