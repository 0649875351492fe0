import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { textProblem, type TextProblem } from '../../src/contract/apiText';
import { REASON } from '../../src/contract/errors';
import { AppError, ValidationError, withReasonKey } from '../errors';
import { failure, type Envelope } from './envelope';
import { messageInLanguage } from './language';

/**
 * Request-wide checks that no single route should have to repeat, and the envelope for errors Fastify raises
 * before a route (or even a request) exists.
 */

/** Deeper than any request of this API; beyond it a body is refused rather than left partly unchecked. */
const MAX_DEPTH = 32;

export interface BadText {
  /** The dotted/bracketed path of the field ('' for the value itself). */
  field: string;
  problem: TextProblem | 'badEncoding' | 'tooDeep';
}

/** The first string (value or key) in `value` that is not valid text, with its path; or null when all are. */
export function findBadText(value: unknown, path: string, depth = 0): BadText | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { field: path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field: path, problem: 'tooDeep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findBadText(value[i], `${path}[${i}]`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    const problem = textProblem(key);
    if (problem) return { field: childPath, problem };
    const found = findBadText(child, childPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The 400 for bad text at `found.field` (a path; '' means a whole part of the request, named by `where`, e.g.
 * "the query"). `name` words the field in the message when its path alone would not say what it is.
 */
export function badTextError(found: BadText, where = 'the request', name?: string): ValidationError {
  const field = found.field || null;
  // The message starts with the field's own name (`q`), or else with the part of the request, as a sentence does.
  name ??= found.field || where.charAt(0).toUpperCase() + where.slice(1);
  switch (found.problem) {
    case 'nul':
      return new ValidationError(
        `${name} contains a NUL character (\\u0000 or %00), which is not allowed in text.`,
        field,
        { key: REASON.nul },
      );
    case 'loneSurrogate':
      return new ValidationError(
        `${name} contains a lone UTF-16 surrogate (a \\uD800-\\uDFFF escape without its pair), which is not valid text.`,
        field,
        { key: REASON.loneSurrogate },
      );
    case 'tooDeep':
      return new ValidationError(`${name} is nested more than ${MAX_DEPTH} levels deep.`, field, {
        key: REASON.tooDeep,
        values: { limit: MAX_DEPTH },
      });
    case 'badEncoding':
      // The reason's text needs no field: a badly encoded name has none to show.
      return new ValidationError(
        `${name} is not valid URL encoding: its %XX sequences must spell valid UTF-8 (e.g. %E5%8C%97 for 北, %25 for a percent sign itself).`,
        field,
        { key: REASON.encoding },
      );
  }
}

/** Refuses text that cannot be stored, for values that do not pass through the request hook (multipart parts). */
export function assertValidText(value: string, field: string, name = field): void {
  const problem = textProblem(value);
  if (problem) throw badTextError({ field, problem }, undefined, name);
}

/**
 * preValidation hook: a NUL character (`\u0000` in JSON, `%00` in a URL) or a lone UTF-16 surrogate (`\ud800` in
 * JSON) is never valid text here: PostgreSQL cannot store a NUL, a jsonb column refuses a lone surrogate, and a
 * text column silently turns it into U+FFFD. Refused with a 400 naming the field, before any schema, route or
 * database sees it. An API query that is not percent-encoded UTF-8 is refused too. A console page's address
 * (`/orders?q=50%`, `/notice/list?q=%00`, `/notice/%00`, served as index.html) is the console's to read, not the
 * server's: the console drops from a link what the API would refuse, and shows "not found" for a path it lacks.
 */
export async function rejectInvalidText(request: FastifyRequest): Promise<void> {
  const url = request.raw.url ?? request.url;
  const api = isApiRequest(request);
  const badlyEncoded = api ? badlyEncodedQueryField(url) : null;
  if (badlyEncoded !== null) throw badTextError({ field: badlyEncoded, problem: 'badEncoding' }, 'the query');
  const page = !api && isConsolePageUrl(url);
  for (const [part, value] of [
    ['params', page ? undefined : request.params],
    ['query', api ? request.query : undefined],
    ['body', request.body],
  ] as const) {
    const found = findBadText(value, '');
    if (found !== null) throw badTextError(found, `the request ${part}`);
  }
}

/**
 * The query field whose raw value is not valid percent-encoded UTF-8 (`q=%FF`, `q=%E4%B8`, `q=%ZZ`), or null.
 * Fastify keeps such a value as its raw text, so a search would look for "%FF" instead of refusing it.
 */
export function badlyEncodedQueryField(url: string): string | null {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return null;
  for (const pair of url.slice(start + 1).split('&')) {
    if (!pair.includes('%')) continue;
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    const decodedName = decoded(name);
    if (decodedName === null) return '';
    if (decoded(value) === null) return decodedName;
  }
  return null;
}

/**
 * A request an API route answers, decided by the route the router matched: its path is decoded first, so
 * `/%61pi/suppliers` is the API's `/api/suppliers`, whatever its raw spelling. A request no route matched (the
 * not-found handler's) by its address.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.is404 ? undefined : request.routeOptions.url;
  return isApiUrl(route ?? request.raw.url ?? request.url);
}

/** An endpoint of the API (`/api`, `/api/…`), as opposed to a console page or an uploaded file. */
export function isApiUrl(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return path === '/api' || path.startsWith('/api/');
}

/** A console page (`/supply/list`, `/notice/12`): neither the API, nor an uploaded file, nor a file of the build. */
export function isConsolePageUrl(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  return !isApiUrl(path) && !path.startsWith('/uploads/') && !isFileUrl(path);
}

/**
 * A file's address, not a console route: a build's asset (`/static/…`) or any name with an extension
 * (`/favicon.png`). One that is missing (a script of an earlier build, after a deploy) is a 404, never the
 * console's page in its place, which a browser would try to run as a script.
 */
export function isFileUrl(path: string): boolean {
  return path.startsWith('/static/') || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Errors Fastify raises while routing (before any hook runs), e.g. a malformed percent-encoding in the URL. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = request.headers['accept-language'];
  if (error.code === 'FST_ERR_BAD_URL') {
    const message =
      'The URL is malformed: it contains an invalid percent-encoding (a % not followed by two hex digits).';
    const data = withReasonKey(new ValidationError(message, null, { key: REASON.encoding }));
    void reply
      .status(400)
      .header('content-type', 'application/json; charset=utf-8')
      .send(failure(400, messageInLanguage(message, data, language), data));
    return;
  }
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The URL is too long.' : 'The request could not be routed.';
  void reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(refusal(400, message, language));
}

/**
 * The envelope of a bare HTTP refusal (no route, no error type of its own): its err_code is its status, and its
 * reason the status's (`errors.clientError` with `values.status`, or the status's own where it has one).
 */
export function refusal(
  status: number,
  message: string,
  acceptLanguage?: string | string[],
): Envelope<unknown> {
  const data = withReasonKey(new AppError(status, status, message));
  return failure(status, messageInLanguage(message, data, acceptLanguage), data);
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'The URL is too long.'],
};

/**
 * Errors in the HTTP exchange itself (bad syntax, oversized headers, a request too slow to arrive) found by Node
 * before or while Fastify reads a request. Answers in the envelope, then closes the connection (the request stream
 * can no longer be trusted).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    CLIENT_ERRORS[error.code ?? ''] ??
    (error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : [400, 'The request is malformed.']);
  const body = JSON.stringify(refusal(status, message));
  const reason = STATUS_CODES[status] ?? 'Bad Request';
  // A response already under way (headers sent) cannot be replaced: then the connection is just closed.
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
