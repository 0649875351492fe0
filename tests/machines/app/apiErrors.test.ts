import { describe, expect, it } from 'vitest';
import {
  ERROR_KEYS,
  errorTextOf,
  isConflict,
  isThrottled,
  retryAfterMinutes,
} from '@/machines/app/apiErrors';
import { ApiError } from '@/services/http';

describe('errorTextOf', () => {
  it.each([
    [40101, 'errors.invalidCredentials'],
    [50008, 'errors.loggedOut'],
    [50012, 'errors.loggedOut'],
    [50014, 'errors.sessionExpired'],
    [403, 'errors.forbidden'],
    [40301, 'errors.xsrfMismatch'],
    [404, 'errors.notFound'],
    [40903, 'errors.conflict'],
    [40901, 'errors.versionConflict'],
    [413, 'errors.payloadTooLarge'],
    [415, 'errors.unsupportedMediaType'],
    [500, 'errors.internal'],
  ])('maps err_code %i to its key and keeps the server text as fallback', (code, key) => {
    expect(errorTextOf(new ApiError('server text', code, 400))).toEqual({
      keys: [key],
      message: 'server text',
    });
  });

  it('keeps the server message of a 400 (it names the field) and of codes without a text', () => {
    expect(errorTextOf(new ApiError('name is required.', 400, 400))).toEqual({
      keys: [],
      message: 'name is required.',
    });
    expect(errorTextOf(new ApiError('I am a teapot.', 418, 418)).keys).toEqual([]);
    expect(errorTextOf(new Error('Login response carries no token'))).toEqual({
      keys: [],
      message: 'Login response carries no token',
    });
  });

  it('turns retry_after_seconds into whole minutes, rounding up, and copes without it', () => {
    expect(errorTextOf(new ApiError('slow down', 429, 429, { retry_after_seconds: 600 }))).toEqual({
      keys: ['errors.tooManyRequests'],
      values: { count: 10, minutes: 10 },
      message: 'slow down',
    });
    expect(retryAfterMinutes(new ApiError('x', 429, 429, { retry_after_seconds: 1 }))).toBe(1);
    expect(retryAfterMinutes(new ApiError('x', 429, 429, { retry_after_seconds: 121 }))).toBe(3);
    for (const data of [null, {}, { retry_after_seconds: 'soon' }, { retry_after_seconds: -5 }]) {
      expect(errorTextOf(new ApiError('slow down', 429, 429, data))).toEqual({
        keys: [ERROR_KEYS.tooManyRequestsLater],
        message: 'slow down',
      });
    }
    expect(isThrottled(new ApiError('x', 429, 429))).toBe(true);
    expect(isThrottled(new ApiError('x', 40101, 401))).toBe(false);
  });

  it('prefers the reason_key of a refused action, then the generic 40902 text', () => {
    expect(
      errorTextOf(new ApiError('Cannot approve', 40902, 409, { reason_key: 'supply.reason.notPending' })),
    ).toEqual({
      keys: ['supply.reason.notPending', 'errors.illegalTransition'],
      message: 'Cannot approve',
    });
    expect(errorTextOf(new ApiError('Cannot approve', 40902, 409)).keys).toEqual([
      'errors.illegalTransition',
    ]);
  });

  it('uses the reason_key of other refusals too (a 40903 conflict), with the numbers of data as values', () => {
    expect(
      errorTextOf(
        new ApiError('Cannot delete the service city "Shenzhen": 7 suppliers are in it.', 40903, 409, {
          reason_key: 'system.city.reason.inUse',
          supplier_count: 7,
        }),
      ),
    ).toEqual({
      keys: ['system.city.reason.inUse', 'errors.conflict'],
      values: { supplier_count: 7, count: 7 },
      message: 'Cannot delete the service city "Shenzhen": 7 suppliers are in it.',
    });
    expect(errorTextOf(new ApiError('taken', 40903, 409, { field: 'name', id: 3 }))).toEqual({
      keys: ['errors.conflict'],
      message: 'taken',
    });
  });

  it("fills the reason's text with the server's values: texts and finite numbers, nothing else", () => {
    expect(
      errorTextOf(
        new ApiError('name must be at most 50 characters.', 400, 400, {
          reason_key: 'errors.validation.maxLength',
          field: 'name',
          values: { field: 'name', limit: 50, nested: { a: 1 }, huge: Infinity, none: null },
        }),
      ),
    ).toEqual({
      keys: ['errors.validation.maxLength'],
      values: { field: 'name', limit: 50 },
      message: 'name must be at most 50 characters.',
    });
    // Values that are not an object are none; a reason key that is empty is none.
    expect(errorTextOf(new ApiError('x', 400, 400, { reason_key: 'k', values: 'limit' }))).toEqual({
      keys: ['k'],
      message: 'x',
    });
    expect(errorTextOf(new ApiError('x', 400, 400, { reason_key: '' }))).toEqual({ keys: [], message: 'x' });
    expect(errorTextOf(new ApiError('x', 400, 400, 'not an object'))).toEqual({ keys: [], message: 'x' });
  });

  it('waits at least a minute, and nothing for a wait that is not a number of seconds', () => {
    expect(retryAfterMinutes(new ApiError('x', 429, 429, { retry_after_seconds: 0 }))).toBe(1);
    expect(retryAfterMinutes(new ApiError('x', 429, 429, { retry_after_seconds: NaN }))).toBeUndefined();
    expect(retryAfterMinutes(new ApiError('x', 429, 429, 'soon'))).toBeUndefined();
    expect(retryAfterMinutes(undefined)).toBeUndefined();
  });

  it('tells a conflict (409) from other refusals', () => {
    expect(isConflict(new ApiError('x', 40901, 409))).toBe(true);
    expect(isConflict(new ApiError('x', 40903, 409))).toBe(true);
    expect(isConflict(new ApiError('x', 400, 400))).toBe(false);
    expect(isConflict(null)).toBe(false);
  });

  it('names transport failures and message-less envelopes', () => {
    expect(errorTextOf(new ApiError('Request Error', undefined, 0)).keys).toEqual([ERROR_KEYS.request]);
    // The same words from a server that answered are its own, and so is a code that is not a number.
    expect(errorTextOf(new ApiError('Request Error', undefined, 502)).keys).toEqual([]);
    expect(errorTextOf({ message: 'Request Error', code: '403', httpStatus: 0 }).keys).toEqual([
      ERROR_KEYS.request,
    ]);
    expect(errorTextOf({ message: 'Forbidden', code: '403', httpStatus: 403 }).keys).toEqual([]);
    expect(errorTextOf({ message: '', httpStatus: 500 }).keys).toEqual([ERROR_KEYS.unknown]);
    expect(errorTextOf(new ApiError('Error', 7, 200)).keys).toEqual([ERROR_KEYS.unknown]);
    expect(errorTextOf(undefined).keys).toEqual([ERROR_KEYS.unknown]);
  });
});
