/**
 * The details of a failure: an object (the envelope's `data`, to which the reason key is added), or null. Never an
 * array or a scalar: a list or a single value goes under a property that names it.
 */
export type ErrorData = Record<string, unknown> | null;

/**
 * One error type per meaning. Each carries the HTTP status and the envelope's err_code; the error handler
 * (server/http/errorHandler.ts) turns any of them into `{ err_code, err_msg, data }`, with `data.reason_key` the
 * error's own or its code's (REASON_OF_CODE), and hides the internals of everything else.
 *
 * err_code table (also in docs/api.md):
 *   400   ValidationError       a field is missing or invalid (data.field names it)
 *   40101 InvalidCredentials    wrong email or password (one message for both)
 *   50008 Unauthenticated       missing, unknown or revoked token (HTTP 401)
 *   50014 TokenExpired          expired token (HTTP 401)
 *   403   Forbidden             the role may not do this
 *   40301 XsrfMismatch          a browser write without the matching X-XSRF-TOKEN header
 *   404   NotFound
 *   40901 VersionConflict       the record was changed by someone else since it was loaded
 *   40902 IllegalTransition     the lifecycle refuses the command in the current state
 *   40903 Conflict              any other conflict (e.g. a duplicate name)
 *   413   PayloadTooLarge
 *   415   UnsupportedMediaType
 *   429   TooManyRequests       throttled (data.retry_after_seconds)
 *   500   internal error (message never shows internals)
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly errCode: number;
  readonly data: ErrorData;

  constructor(statusCode: number, errCode: number, message: string, data: ErrorData = null) {
    super(message);
    this.name = new.target.name;
    this.statusCode = statusCode;
    this.errCode = errCode;
    this.data = data;
  }
}

export { ERR_CODE as ErrCode } from '../src/contract/errors';
import {
  ERR_CODE as ErrCode,
  REASON,
  REASON_CLIENT_ERROR,
  REASON_OF_CODE,
  REASON_TOO_MANY_REQUESTS_LATER,
} from '../src/contract/errors';

/** What the console needs to say a failure in the person's language: `data.reason_key` and `data.values`. */
export function reasonData(
  reasonKey: string,
  values?: Record<string, string | number>,
  extra?: Record<string, unknown>,
): Record<string, unknown> {
  return { reason_key: reasonKey, ...(values ? { values } : {}), ...extra };
}

/**
 * A field is missing or invalid. The message names the field; `data.field` carries it for the console, with the
 * reason key (default `errors.validation.invalid`, whose text names the field; without a field
 * `errors.validation.invalidRequest`, whose text needs none) and its values.
 */
export class ValidationError extends AppError {
  readonly field: string | null;
  constructor(
    message: string,
    field: string | null = null,
    reason: { key: string; values?: Record<string, string | number>; extra?: Record<string, unknown> } = {
      key: field ? REASON.invalid : REASON.invalidRequest,
    },
  ) {
    super(
      400,
      ErrCode.validation,
      message,
      reasonData(
        reason.key,
        { ...(field ? { field } : {}), ...reason.values },
        {
          ...(field ? { field } : {}),
          ...reason.extra,
        },
      ),
    );
    this.field = field;
  }
}

export class InvalidCredentials extends AppError {
  constructor() {
    super(401, ErrCode.invalidCredentials, 'Incorrect email or password.');
  }
}

export class Unauthenticated extends AppError {
  constructor(
    message = 'You are not signed in, or your session has ended. Please log in again.',
    reasonKey?: string,
  ) {
    super(401, ErrCode.unauthenticated, message, reasonKey ? reasonData(reasonKey) : null);
  }
}

export class TokenExpired extends AppError {
  constructor() {
    super(401, ErrCode.tokenExpired, 'Your session has expired. Please log in again.');
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this.', reasonKey?: string) {
    super(403, ErrCode.forbidden, message, reasonKey ? reasonData(reasonKey) : null);
  }
}

export class XsrfMismatch extends AppError {
  constructor() {
    super(
      403,
      ErrCode.xsrfMismatch,
      'The request was refused: its X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie. Reload the page and try again.',
    );
  }
}

export class NotFound extends AppError {
  constructor(
    message = 'Not found.',
    reasonKey: string = REASON.notFound,
    values?: Record<string, string | number>,
  ) {
    super(404, ErrCode.notFound, message, reasonData(reasonKey, values));
  }
}

/** Optimistic concurrency: the stream (or record) moved on since the client loaded it. */
export class VersionConflict extends AppError {
  constructor(
    message = 'This record was changed by someone else since you loaded it. Reload to see the latest version, then try again.',
    data: ErrorData = null,
  ) {
    super(409, ErrCode.versionConflict, message, data);
  }
}

/** The lifecycle machine refuses the command in the current state; the message names both. */
export class IllegalTransition extends AppError {
  constructor(message: string, data: ErrorData = null) {
    super(409, ErrCode.illegalTransition, message, data);
  }
}

export class Conflict extends AppError {
  constructor(message: string, data: ErrorData = null) {
    super(409, ErrCode.conflict, message, data);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(
    message = 'The request is too large.',
    reason?: { key: string; values: Record<string, string> },
  ) {
    super(413, ErrCode.payloadTooLarge, message, reason ? reasonData(reason.key, reason.values) : null);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message = 'Unsupported content type.', reasonKey?: string) {
    super(415, ErrCode.unsupportedMediaType, message, reasonKey ? reasonData(reasonKey) : null);
  }
}

export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, ErrCode.tooManyRequests, message, { retry_after_seconds: retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * The envelope's data with a reason key, so every failure has a text in both languages: the error's own, else its
 * code's (REASON_OF_CODE), else a refusal named by its HTTP status (`errors.clientError`, `values.status`).
 *
 * A 429 from a TooManyRequests gives the minutes to wait as `values.count` (merged into any values it has); any
 * other 429 (no retry time known) says "try again later" (`errors.tooManyRequests.later`), which needs no count.
 *
 * `error.data` is kept whole. It is typed an object or null (ErrorData); a value that is neither (an array or a
 * scalar, from code that got around the type) is kept under `data.detail` rather than dropped.
 */
export function withReasonKey(error: AppError): Record<string, unknown> {
  const given: unknown = error.data;
  const data: Record<string, unknown> =
    given === null || given === undefined
      ? {}
      : typeof given === 'object' && !Array.isArray(given)
        ? (given as Record<string, unknown>)
        : { detail: given };
  if (typeof data.reason_key === 'string') return data;
  const values =
    data.values && typeof data.values === 'object' && !Array.isArray(data.values)
      ? (data.values as Record<string, unknown>)
      : {};
  if (error.statusCode === 429 || error.errCode === ErrCode.tooManyRequests) {
    return error instanceof TooManyRequests
      ? {
          ...data,
          reason_key: REASON_OF_CODE[ErrCode.tooManyRequests]!,
          values: { ...values, count: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) },
        }
      : { ...data, reason_key: REASON_TOO_MANY_REQUESTS_LATER };
  }
  const key =
    REASON_OF_CODE[error.errCode] ?? (error.statusCode >= 500 ? REASON_OF_CODE[ErrCode.internal]! : null);
  if (key === null)
    return { ...data, reason_key: REASON_CLIENT_ERROR, values: { ...values, status: error.statusCode } };
  return { ...data, reason_key: key };
}
