/**
 * The error contract of the API (SPEC §7–8): every failure is the envelope `{ err_code, err_msg, data }` with a
 * meaningful HTTP status, and `data.reason_key` names an i18n text the console shows in the person's language
 * (with `data.values` to fill it in); `err_msg` is the same text in English for API clients and logs.
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
  unknownField: 'errors.validation.unknownField',
  type: 'errors.validation.type',
  oneOf: 'errors.validation.oneOf',
  empty: 'errors.validation.empty',
  maxLength: 'errors.validation.maxLength',
  minLength: 'errors.validation.minLength',
  range: 'errors.validation.range',
  invalid: 'errors.validation.invalid',
  invalidJson: 'errors.validation.invalidJson',
  notFound: 'errors.notFound',
  endpointNotFound: 'errors.notFound.endpoint',
  adminOnly: 'policy.adminOnly',
  idempotencyMismatch: 'errors.idempotencyMismatch',
} as const;
