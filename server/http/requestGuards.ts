import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ValidationError } from '../errors';
import { failure } from './envelope';

/**
 * Request-wide checks that no single route should have to repeat, and the envelope for errors Fastify raises
 * before a route (or even a request) exists.
 */

const NUL = '\u0000';

/** Where the first NUL character is in `value` (a dotted/bracketed field path), or null when there is none. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findNul(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return childPath;
    const found = findNul(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * preValidation hook: a NUL character (`\u0000` in JSON, `%00` in a URL) is never valid text here, and
 * PostgreSQL cannot store it. Refused with a 400 naming the field, before any schema, route or database sees it.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const field = findNul(value, '');
    if (field === null) continue;
    const name = field || `the request ${part}`;
    throw new ValidationError(
      `${name} contains a NUL character (\\u0000 or %00), which is not allowed in text.`,
      field || null,
    );
  }
}

/** Errors Fastify raises while routing (before any hook runs), e.g. a malformed percent-encoding in the URL. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The URL is malformed: it contains an invalid percent-encoding (a % not followed by two hex digits).'
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? 'The URL is too long.'
        : 'The request could not be routed.';
  void reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(failure(400, message));
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'The URL is too long.'],
};

/**
 * Errors in the HTTP exchange itself (bad syntax, oversized headers) found by Node before Fastify sees a request.
 * Answers in the envelope, then closes the connection (the request stream can no longer be trusted).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    CLIENT_ERRORS[error.code ?? ''] ??
    (error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : [400, 'The request is malformed.']);
  const body = JSON.stringify(failure(status, message));
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
