/**
 * The one HTTP client of the console (SPEC §7–9): no timeout, JSON, the bearer token from localStorage, the
 * XSRF cookie echoed in a header, and the response envelope turned into either the envelope (ok) or an
 * ApiError (not ok / transport failure).
 *
 * Two subscriptions let the upper layers react without this module knowing them:
 * - `onApiError`: every failed call except those made with `quietErrors` (the app shows the 5000 ms error toast
 *   of SPEC §8; a caller that shows the error itself, like the login form's callout, opts out);
 * - `onSessionExpired`: err_code 50008 / 50012 / 50014 on any call except user-info (the session machine
 *   opens the "Confirm logout" modal). The user-info call opts out with `skipSessionExpired`, because a failed
 *   user-info fetch logs out directly.
 */
import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { getToken } from './token';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not report 50008/50012/50014 to `onSessionExpired` (the user-info call). */
    skipSessionExpired?: boolean;
    /** Do not report the failure to `onApiError` (the caller shows the error itself: the login callout). */
    quietErrors?: boolean;
  }
}

export interface Envelope<T = unknown> {
  err_code?: number;
  code?: number;
  err_msg?: string;
  msg?: string;
  data: T;
}

export const SESSION_EXPIRED_CODES: readonly number[] = [50008, 50012, 50014];

/**
 * A failed call: `code` is the envelope's err_code/code when there was one, `httpStatus` 0 when no response,
 * `data` the envelope's data (e.g. `{ retry_after_seconds }` on 429, `{ reason_key }` on 40902), else null.
 */
export class ApiError extends Error {
  readonly code: number | undefined;
  readonly httpStatus: number;
  readonly data: unknown;
  constructor(message: string, code: number | undefined, httpStatus: number, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.httpStatus = httpStatus;
    this.data = data ?? null;
  }
}

type Listener<T> = (value: T) => void;
const errorListeners = new Set<Listener<ApiError>>();
const expiryListeners = new Set<Listener<ApiError>>();

export function onApiError(listener: Listener<ApiError>): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export function onSessionExpired(listener: Listener<ApiError>): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

export function isEnvelopeOk(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const e = body as Envelope;
  return e.err_code === 200 || e.code === 20000;
}

/** The error for a not-ok envelope (SPEC §8: err_msg or msg, else "Error"). */
export function envelopeError(body: unknown, httpStatus: number): ApiError {
  const e = (body && typeof body === 'object' ? body : {}) as Partial<Envelope>;
  const code = typeof e.err_code === 'number' ? e.err_code : typeof e.code === 'number' ? e.code : undefined;
  return new ApiError(e.err_msg || e.msg || 'Error', code, httpStatus, e.data);
}

function fail(error: ApiError, config: InternalAxiosRequestConfig | undefined): Promise<never> {
  if (!config?.quietErrors) for (const l of errorListeners) l(error);
  if (error.code !== undefined && SESSION_EXPIRED_CODES.includes(error.code) && !config?.skipSessionExpired) {
    for (const l of expiryListeners) l(error);
  }
  return Promise.reject(error);
}

export const http = axios.create({
  timeout: 0,
  headers: { Accept: 'application/json' },
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  // withXSRFToken left undefined: axios then sends the header for same-origin requests only, which is what
  // we want (the token must never leak to another origin).
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  // The console's language (the page's lang), not the browser's: the server says err_msg in it.
  const language = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (language) config.headers.set('Accept-Language', language);
  return config;
});

http.interceptors.response.use(
  (response: AxiosResponse) => {
    if (isEnvelopeOk(response.data)) return response;
    return fail(envelopeError(response.data, response.status), response.config);
  },
  (error: unknown) => {
    // A request its caller gave up (a list page superseded by the next: its signal aborted) is no failure to report.
    if (axios.isCancel(error)) return Promise.reject(error);
    if (error instanceof AxiosError && error.response) {
      return fail(envelopeError(error.response.data, error.response.status), error.config);
    }
    const msg = (error as { msg?: string } | null)?.msg;
    return fail(new ApiError(msg || 'Request Error', undefined, 0), (error as AxiosError)?.config);
  },
);

/** Calls an endpoint and returns the envelope's `data`. */
export async function request<T>(config: Parameters<typeof http.request>[0]): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
}
