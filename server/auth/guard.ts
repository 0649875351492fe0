import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../db/schema';
import { Forbidden, Unauthenticated } from '../errors';
import type { Actor } from '../events/store';
import { authenticate, type AuthUser } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireAuth` / `requireRole`; null on routes that do not require sign-in. */
    user: AuthUser | null;
  }
}

/** preHandler: requires a valid bearer token and sets `request.user`. */
export async function requireAuth(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  request.user = await authenticate(request.server.db, request.headers.authorization);
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
