import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, Conflict, TooManyRequests, ValidationError, withReasonKey } from '../../server/errors';
import { toAppError } from '../../server/http/errorHandler';
import { refusal } from '../../server/http/requestGuards';
import { expectReasonText, reasonText } from './support/reasonText';

/** The reason of a failure's envelope (`data.reason_key`, `data.values`), built from the error alone. */

describe('withReasonKey', () => {
  it('keeps data that is not an object under data.detail rather than dropping it', () => {
    // AppError's data is typed an object or null; a list or a scalar can only come from code around the type.
    const list = withReasonKey(new AppError(409, 40903, 'Clash.', [1, 2] as never));
    expect(list).toEqual({ detail: [1, 2], reason_key: 'errors.conflict' });
    expect(withReasonKey(new AppError(409, 40903, 'Clash.', 'x' as never))).toMatchObject({ detail: 'x' });
    expect(withReasonKey(new Conflict('Clash.', { id: 3 }))).toEqual({
      id: 3,
      reason_key: 'errors.conflict',
    });
  });

  it('adds the minutes of a 429 to the values it has, rather than replacing them', () => {
    class Throttled extends TooManyRequests {
      override readonly data = { retry_after_seconds: 61, values: { attempts: 5 } };
    }
    const data = withReasonKey(new Throttled('Too many.', 61));
    expect(data).toEqual({
      retry_after_seconds: 61,
      reason_key: 'errors.tooManyRequests',
      values: { attempts: 5, count: 2 },
    });
    expect(reasonText(data as never, 'en-US')).toBe('Too many attempts. Please try again in 2 minutes.');
  });

  it('says "try again later" for a 429 with no retry time, not a count it does not have', () => {
    const data = withReasonKey(new AppError(429, 429, 'Rate limit exceeded.'));
    expect(data).toEqual({ reason_key: 'errors.tooManyRequests.later' });
    expectReasonText(data);
    // A plugin's 429 comes through the error handler the same way.
    const fromPlugin = toAppError(Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 }));
    expect(withReasonKey(fromPlugin).reason_key).toBe('errors.tooManyRequests.later');
  });

  it('names a bare HTTP refusal by its status', () => {
    const body = refusal(431, 'The request headers are too large.');
    expect(body).toEqual({
      err_code: 431,
      err_msg: 'The request headers are too large.',
      data: { reason_key: 'errors.clientError', values: { status: 431 } },
    });
    expectReasonText(body.data);
  });

  it('gives a refusal with no field a text that needs none', () => {
    const data = withReasonKey(new ValidationError('The upload could not be read.'));
    expect(data.reason_key).toBe('errors.validation.invalidRequest');
    expectReasonText(data);
  });
});

/** A schema refusal as Fastify raises it (ajv's issues, with `verbose`). */
function schemaRefusal(issue: Record<string, unknown>, context = 'querystring'): FastifyError {
  return Object.assign(new Error('invalid'), {
    statusCode: 400,
    validation: [{ instancePath: '', params: {}, ...issue }],
    validationContext: context,
  }) as unknown as FastifyError;
}

describe('a choice among fixed values names the values it takes, never an empty one', () => {
  it('leaves the empty choice out of a sort’s values', () => {
    const schema = {
      anyOf: [{ const: '' }, { const: 'ranking' }, { const: 'name' }],
      description: 'one of ranking, name',
    };
    const error = toAppError(
      schemaRefusal({ keyword: 'anyOf', instancePath: '/sort', parentSchema: schema, data: 'nope' }),
    );
    const data = withReasonKey(error as AppError);
    expect(data).toMatchObject({
      reason_key: 'errors.validation.oneOf',
      values: { values: 'ranking, name' },
    });
    expectReasonText(data);
  });

  it('says the value is not valid when no choice but the empty one is left', () => {
    for (const issue of [
      { keyword: 'const', instancePath: '/tab', params: { allowedValue: '' }, parentSchema: { const: '' } },
      {
        keyword: 'enum',
        instancePath: '/tab',
        params: { allowedValues: [''] },
        parentSchema: { enum: [''] },
      },
      {
        keyword: 'anyOf',
        instancePath: '/tab',
        parentSchema: { anyOf: [{ const: '' }], description: 'empty' },
        data: 'x',
      },
    ]) {
      const data = withReasonKey(toAppError(schemaRefusal(issue)));
      expect(data, issue.keyword).toMatchObject({ reason_key: 'errors.validation.invalid', field: 'tab' });
      expectReasonText(data, issue.keyword);
    }
  });
});

describe('a body of the wrong kind says so without a field', () => {
  it('invalid JSON → errors.validation.invalidJson', () => {
    const error = toAppError(
      Object.assign(new SyntaxError('Unexpected end of JSON input'), { statusCode: 400 }),
    );
    const data = withReasonKey(error);
    expect(data.reason_key).toBe('errors.validation.invalidJson');
    expectReasonText(data);
  });

  it('an array, a string or nothing where an object is expected → errors.validation.bodyType', () => {
    const error = toAppError(
      schemaRefusal(
        { keyword: 'type', params: { type: 'object' }, parentSchema: { type: 'object' } },
        'body',
      ),
    );
    expect(error.message).toBe('The request body must be a JSON object.');
    const data = withReasonKey(error);
    expect(data.reason_key).toBe('errors.validation.bodyType');
    expect(reasonText(data as never, 'en-US')).toBe('The request body must be a JSON object.');
    expectReasonText(data);
  });
});

describe('a described value says its rule in both languages, not only that it is not valid', () => {
  const refuse = (issue: Record<string, unknown>) => withReasonKey(toAppError(schemaRefusal(issue)));

  it('says the limit a described text goes past, keeping the description in English', () => {
    const error = toAppError(
      schemaRefusal({
        keyword: 'maxLength',
        instancePath: '/q',
        params: { limit: 100 },
        parentSchema: { type: 'string', maxLength: 100, description: 'at most 100 characters' },
        data: 'x'.repeat(101),
      }),
    );
    expect(error.message).toBe('q must be at most 100 characters.');
    expect(withReasonKey(error)).toMatchObject({
      reason_key: 'errors.validation.maxLength',
      values: { limit: 100, field: 'q' },
    });
  });

  it("says a schema's own reason (x-reason) whatever keyword refused the value", () => {
    const schema = {
      type: 'string',
      format: 'date-time',
      pattern: '^20[0-9]{2}-',
      description: 'when: an ISO time in the years 2000 to 2099',
      'x-reason': { key: 'errors.validation.moment', values: { from: 2000, to: 2099 } },
    };
    for (const keyword of ['pattern', 'format', 'type']) {
      const data = refuse({
        keyword,
        instancePath: '/notice_time',
        parentSchema: schema,
        data: '0001-01-01',
      });
      expect(data, keyword).toMatchObject({
        reason_key: 'errors.validation.moment',
        values: { from: 2000, to: 2099, field: 'notice_time' },
      });
      expectReasonText(data, keyword);
    }
  });

  it('names the choices of a union that may also be null', () => {
    const data = refuse({
      keyword: 'anyOf',
      instancePath: '/renewal_unit',
      parentSchema: {
        anyOf: [{ const: 'hour' }, { const: 'day' }, { const: '' }, { type: 'null' }],
        description: 'hour or day',
      },
      data: 'week',
    });
    expect(data).toMatchObject({ reason_key: 'errors.validation.oneOf', values: { values: 'hour, day' } });
  });

  it('says a blank text is empty where its pattern asks for a visible character', () => {
    const data = refuse({
      keyword: 'pattern',
      instancePath: '/reason',
      params: { pattern: '\\S' },
      parentSchema: { type: 'string', pattern: '\\S', description: 'a reason of 1 to 200 characters' },
      data: '   ',
    });
    expect(data).toMatchObject({ reason_key: 'errors.validation.empty' });
  });
});
