/**
 * The error contract of the API (SPEC §7–8): every failure is the envelope `{ err_code, err_msg, data }` with a
 * meaningful HTTP status, and `data.reason_key` names an i18n text the console shows in the person's language
 * (with `data.values` to fill it in); `err_msg` is a text for API clients and logs, in English unless the request's
 * Accept-Language prefers Chinese (server/http/language.ts).
 */

export const ERR_CODE = {
  ok: 200,
  /** A field is missing or invalid (data.field names it). */
  validation: 400,
  /** Wrong email or password (one message for both). */
  invalidCredentials: 40101,
  /** Missing, unknown or revoked token (HTTP 401). */
  unauthenticated: 50008,
  /** Expired token (HTTP 401). */
  tokenExpired: 50014,
  /** The role may not do this. */
  forbidden: 403,
  /** A browser write without the matching X-XSRF-TOKEN header. */
  xsrfMismatch: 40301,
  notFound: 404,
  /** The record was changed by someone else since it was loaded. */
  versionConflict: 40901,
  /** The lifecycle refuses the command in the current state. */
  illegalTransition: 40902,
  /** Any other conflict (a duplicate name, a city still in use). */
  conflict: 40903,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  /** The same Idempotency-Key was sent with a different request. */
  idempotencyMismatch: 42201,
  /** Throttled (data.retry_after_seconds). */
  tooManyRequests: 429,
  internal: 500,
} as const;

export type ErrCode = (typeof ERR_CODE)[keyof typeof ERR_CODE];

/** Reason keys of the failures every endpoint can give (entity-specific ones live with their lifecycle). */
export const REASON = {
  required: 'errors.validation.required',
  /** A query-string parameter that is required (a delete's expectedVersion). */
  requiredInQuery: 'errors.validation.requiredInQuery',
  unknownField: 'errors.validation.unknownField',
  type: 'errors.validation.type',
  oneOf: 'errors.validation.oneOf',
  empty: 'errors.validation.empty',
  maxLength: 'errors.validation.maxLength',
  minLength: 'errors.validation.minLength',
  range: 'errors.validation.range',
  /** A list of too few or too many items. */
  items: 'errors.validation.items',
  invalid: 'errors.validation.invalid',
  /** A time out of the years a plan falls in (src/contract/moments.ts). */
  moment: 'errors.validation.moment',
  date: 'errors.validation.date',
  rangeMoney: 'errors.validation.rangeMoney',
  /** A position in a paged list that is not one the list gave. */
  cursor: 'errors.validation.cursor',
  /** A refusal of the request as a whole (no field to name). */
  invalidRequest: 'errors.validation.invalidRequest',
  invalidJson: 'errors.validation.invalidJson',
  /** A body that is JSON but not the object the endpoint takes (an array, a string, null). */
  bodyType: 'errors.validation.bodyType',
  /** Text no column can keep: a NUL character, a lone UTF-16 surrogate (texts that need no field: it may be none). */
  nul: 'errors.validation.nul',
  loneSurrogate: 'errors.validation.loneSurrogate',
  /** A body nested deeper than the server reads. */
  tooDeep: 'errors.validation.tooDeep',
  /** A query whose percent-encoding is not UTF-8 (`q=%FF`, `%FF=1`). */
  encoding: 'errors.validation.encoding',
  notFound: 'errors.notFound',
  endpointNotFound: 'errors.notFound.endpoint',
  adminOnly: 'policy.adminOnly',
  idempotencyMismatch: 'errors.idempotencyMismatch',
  /** An upload with more than one file. */
  oneFile: 'errors.upload.oneFile',
  /** A file over the upload's size limit (`{{limit}}`: "5 MiB"). */
  fileTooLarge: 'errors.upload.tooLarge',
} as const;

/**
 * The reason key of a failure that brings none of its own: what its err_code means. The server adds it to every
 * envelope without one (server/http/errorHandler.ts), so each failure has a text in both languages; the console
 * falls back on the same keys (src/machines/app/apiErrors.ts).
 */
export const REASON_OF_CODE: Readonly<Record<number, string>> = {
  [ERR_CODE.invalidCredentials]: 'errors.invalidCredentials',
  [ERR_CODE.unauthenticated]: 'errors.loggedOut',
  [ERR_CODE.tokenExpired]: 'errors.sessionExpired',
  [ERR_CODE.forbidden]: 'errors.forbidden',
  [ERR_CODE.xsrfMismatch]: 'errors.xsrfMismatch',
  [ERR_CODE.notFound]: REASON.notFound,
  [ERR_CODE.versionConflict]: 'errors.versionConflict',
  [ERR_CODE.illegalTransition]: 'errors.illegalTransition',
  [ERR_CODE.conflict]: 'errors.conflict',
  [ERR_CODE.payloadTooLarge]: 'errors.payloadTooLarge',
  [ERR_CODE.unsupportedMediaType]: 'errors.unsupportedMediaType',
  [ERR_CODE.idempotencyMismatch]: REASON.idempotencyMismatch,
  [ERR_CODE.tooManyRequests]: 'errors.tooManyRequests',
  [ERR_CODE.internal]: 'errors.internal',
};

/** Any other refusal of the request (`values.status` is its HTTP status). */
export const REASON_CLIENT_ERROR = 'errors.clientError';

/** A 429 with no retry time known: "try again later" (REASON_OF_CODE's `errors.tooManyRequests` needs a count). */
export const REASON_TOO_MANY_REQUESTS_LATER = 'errors.tooManyRequests.later';
