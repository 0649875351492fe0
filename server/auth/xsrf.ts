import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XsrfMismatch } from '../errors';

/**
 * Double-submit XSRF protection. Every response to a request without the `XSRF-TOKEN` cookie sets one (readable by
 * the console's JavaScript, SameSite=Lax). A write that carries the cookie must echo it in `X-XSRF-TOKEN`:
 * a cross-site page can make the browser send the cookie but cannot read it to set the header.
 * Clients that never got the cookie (curl, mobile apps with a bearer token) are not affected. A request that
 * carries an `Authorization` header is not given one: a cross-site page cannot set that header, and such a client
 * (the marketplace apps' system actor, a script) would be sent a new cookie with every answer. The console has its
 * cookie from the page itself, which it loads without one.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function xsrfHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookie = request.cookies[XSRF_COOKIE];
  if (!cookie) {
    if (request.headers.authorization !== undefined) return;
    reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
    });
    return;
  }
  if (!WRITE_METHODS.has(request.method)) return;
  const header = request.headers[XSRF_HEADER];
  if (typeof header !== 'string' || !sameToken(header, cookie)) throw new XsrfMismatch();
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
