/**
 * What to say about a failed call, as i18n keys (SPEC §8; trial item 4). The server's err_msg is in the language
 * the console asks for (src/services/http.ts: English, or Chinese for zh-CN); the
 * console maps the err_code to the `errors` area and prefers a refusal's own `data.reason_key` (a 40902 refused
 * transition, a 40903 conflict such as a city still in use, ...) when the server sends one; the server text is
 * only the last resort (400 validation messages name the field; any code without a text of its own). The
 * numbers in `data` become interpolation values (`supplier_count` also as `count`, which picks the plural form).
 *
 * Pure and serialisable, so machines can keep an ErrorText in their context; views translate it with
 * `errorMessage` (src/views/common/errorText.ts). Nothing here calls t().
 */
import { ERR_CODE, REASON_OF_CODE, REASON_TOO_MANY_REQUESTS_LATER } from '@/contract/errors';
import type { ApiError } from '@/services/http';

export interface ErrorText {
  /** i18n keys, first existing one wins (i18next takes a list); empty: show `message` as is. */
  keys: string[];
  /** Interpolation values (`count` picks the plural form). */
  values?: Record<string, string | number>;
  /** The server's (or transport's) own text: shown when no key applies. */
  message: string;
}

/** The keys of failures the server's code table (REASON_OF_CODE) has no code for: they happen in the console. */
export const ERROR_KEYS = {
  /** A 429 that does not say how long to wait (the server's own key for one). */
  tooManyRequestsLater: REASON_TOO_MANY_REQUESTS_LATER,
  /** No answer at all (offline, the server down). */
  request: 'errors.request',
  unknown: 'errors.unknown',
} as const;

/** The key of a version conflict (a list says it in its own words). */
export const VERSION_CONFLICT_KEY = REASON_OF_CODE[ERR_CODE.versionConflict]!;

/** The server's own table (it names these keys wherever a failure has no reason of its own), and SPEC's 50012. */
const BY_CODE: Record<number, string> = {
  ...REASON_OF_CODE,
  50012: REASON_OF_CODE[ERR_CODE.unauthenticated]!,
};

export const TOO_MANY_REQUESTS = ERR_CODE.tooManyRequests;

function dataField(error: Partial<ApiError>, field: string): unknown {
  const data = error.data;
  return data && typeof data === 'object' ? (data as Record<string, unknown>)[field] : undefined;
}

/**
 * The values a refusal's text is filled in with: `data.values` (the server's own, e.g. `{ field, id }`) and the
 * numeric fields of `data` (e.g. supplier_count); undefined when there are none.
 */
function numbersOf(error: Partial<ApiError>): Record<string, string | number> | undefined {
  const data = error.data;
  if (!data || typeof data !== 'object') return undefined;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>))
    if (typeof value === 'number' && Number.isFinite(value)) values[key] = value;
  const given = (data as { values?: unknown }).values;
  if (given && typeof given === 'object') {
    for (const [key, value] of Object.entries(given as Record<string, unknown>))
      if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
        values[key] = value;
  }
  if (values.count === undefined && values.supplier_count !== undefined) values.count = values.supplier_count;
  return Object.keys(values).length > 0 ? values : undefined;
}

/** Whole minutes to wait (at least 1), from `data.retry_after_seconds`; undefined when the server gave none. */
export function retryAfterMinutes(error: unknown): number | undefined {
  const seconds = dataField((error ?? {}) as Partial<ApiError>, 'retry_after_seconds');
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The ErrorText of anything a call rejected with (an ApiError, or any Error/unknown value). */
export function errorTextOf(error: unknown): ErrorText {
  const e = (error && typeof error === 'object' ? error : {}) as Partial<ApiError>;
  const message = typeof e.message === 'string' && e.message ? e.message : 'Error';
  const code = typeof e.code === 'number' ? e.code : undefined;
  if (code === TOO_MANY_REQUESTS) {
    const minutes = retryAfterMinutes(error);
    return minutes === undefined
      ? { keys: [ERROR_KEYS.tooManyRequestsLater], message }
      : { keys: [REASON_OF_CODE[ERR_CODE.tooManyRequests]!], values: { count: minutes, minutes }, message };
  }
  const reason = dataField(e, 'reason_key');
  const reasonKeys = typeof reason === 'string' && reason ? [reason] : [];
  const values = numbersOf(e);
  const withValues = (keys: string[]): ErrorText => (values ? { keys, values, message } : { keys, message });
  if (reasonKeys.length > 0)
    return withValues(code !== undefined && BY_CODE[code] ? [...reasonKeys, BY_CODE[code]] : reasonKeys);
  if (code !== undefined && BY_CODE[code]) return { keys: [BY_CODE[code]], message };
  if (code === undefined && e.httpStatus === 0 && message === 'Request Error')
    return { keys: [ERROR_KEYS.request], message };
  if (message === 'Error') return { keys: [ERROR_KEYS.unknown], message };
  return { keys: [], message };
}

/** A 409: refused for the record's state or version (someone changed it first); reading it again helps. */
export const isConflict = (error: unknown): boolean =>
  (error as Partial<ApiError> | null)?.httpStatus === 409;

/** A 429: the login form titles it differently (no "refresh and try again"). */
export const isThrottled = (error: unknown): boolean =>
  (error as Partial<ApiError> | null)?.code === TOO_MANY_REQUESTS;
