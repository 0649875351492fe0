import type { FastifyError, FastifySchema, RouteOptions } from 'fastify';
import AjvCompiler from '@fastify/ajv-compiler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJV_OPTIONS } from '../../server/app';
import { ValidationError, withReasonKey } from '../../server/errors';
import { toAppError } from '../../server/http/errorHandler';
import { modules } from '../../server/modules/index';
import { REASON } from '../../src/contract/errors';
import { expectReasonText } from './support/reasonText';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Every field of every route says what its value must be in both languages. The routes' own schemas (params,
 * query string, body, as each module declares them) are walked to their fields; each field is given values it
 * refuses, checked by the app's own validator, and each refusal is answered as the app answers it. None may say
 * only "the value of X is not valid" (errors.validation.invalid, all the Chinese gets) while its English says what
 * X must be: the reason must carry the rule (a length, a choice, bounds, a time's years), or the schema its own
 * reason (server/kit/schemas.ts, `refusedWith`). Catches a field added later without a word of zh-CN.
 */

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  // Each module's routes are registered inside a plugin that sees them being added, so their schemas are read.
  const watched = modules.map((module) => ({
    ...module,
    routes: async (app: Parameters<typeof module.routes>[0]) => {
      app.addHook('onRoute', (route) => void routes.push(route));
      await app.register(module.routes);
    },
  }));
  t = await createTestApp({ seed: false, modules: watched });
});
afterAll(async () => t?.close());

type Schema = Record<string, unknown>;
const PARTS = ['params', 'querystring', 'body'] as const;

/** The fields of a schema, each with its path (`changes[0].name`): the nodes that hold a value, not an object. */
function fieldsOf(schema: Schema, path: string, into: Array<[string, Schema]>): void {
  const properties = schema.properties as Record<string, Schema> | undefined;
  const variants = [...((schema.oneOf as Schema[]) ?? []), ...((schema.anyOf as Schema[]) ?? [])];
  if (properties) {
    for (const [name, child] of Object.entries(properties))
      fieldsOf(child, path ? `${path}.${name}` : name, into);
  } else if (schema.items && typeof schema.items === 'object') {
    into.push([path, schema]);
    fieldsOf(schema.items as Schema, `${path}[0]`, into);
  } else if (
    variants.some((variant) => variant.properties || variant.oneOf || variant.anyOf || variant.items)
  ) {
    // A union of shapes (a command body's variants, one per command type): each variant's fields.
    for (const variant of variants) fieldsOf(variant, path, into);
  } else if (path) into.push([path, schema]);
}

/** Values a field may refuse: wrong types, blanks, lengths past its limit, numbers out of range, far-out times. */
function candidates(schema: Schema): unknown[] {
  const longer = typeof schema.maxLength === 'number' ? ['x'.repeat(schema.maxLength + 1)] : [];
  return [
    ...longer,
    '',
    ' ',
    '\u200b',
    'x',
    'abc def',
    '-1',
    '0',
    '1.5',
    '2026-13-45',
    '0001-01-01',
    '0001-01-01T00:00:00Z',
    '9999-12-31T23:59:00Z',
    '2026-12-06T09:00',
    -1,
    0,
    1.5,
    2 ** 31,
    true,
    null,
    [],
    {},
  ];
}

/** The route's schema for one part (`params`, `querystring`, `body`), or nothing. */
function partOf(route: RouteOptions, part: (typeof PARTS)[number]): Schema | null {
  const schema = (route.schema as FastifySchema | undefined)?.[part];
  return schema && typeof schema === 'object' ? (schema as Schema) : null;
}

describe('a refused field says what it must be in both languages', () => {
  it('walks every route of every module, into each command body', () => {
    expect(routes.length).toBeGreaterThan(60);
    const supplierCommands = routes.find((r) => r.method === 'POST' && r.url === '/api/suppliers/:id/events');
    const fields: Array<[string, Schema]> = [];
    fieldsOf(partOf(supplierCommands!, 'body')!, '', fields);
    expect(fields.map(([path]) => path)).toEqual(expect.arrayContaining(['reason', 'expectedVersion']));
  });

  it('never says only "not valid" in Chinese what it says in full in English', () => {
    // The app's own validator: the same Ajv, with the same options.
    const compile = AjvCompiler()({}, { customOptions: AJV_OPTIONS }) as unknown as (
      input: unknown,
    ) => ValidateFunction;
    const problems: string[] = [];
    let refusals = 0;
    for (const route of routes) {
      for (const part of PARTS) {
        const schema = partOf(route, part);
        if (!schema) continue;
        const fields: Array<[string, Schema]> = [];
        fieldsOf(schema, '', fields);
        for (const [path, field] of fields) {
          const validate = compile({ schema: field, method: route.method, url: route.url, httpPart: part });
          for (const value of candidates(field)) {
            if (validate(value)) continue;
            const issues = (validate.errors ?? []).map((issue) => ({
              ...issue,
              instancePath: `/${path.replace(/\[(\d+)\]/g, '/$1').replace(/\./g, '/')}${issue.instancePath}`,
            }));
            const error = toAppError(
              Object.assign(new Error('invalid'), {
                statusCode: 400,
                validation: issues,
                validationContext: part,
              }) as unknown as FastifyError,
            ) as ValidationError;
            refusals += 1;
            const data = withReasonKey(error);
            const where = `${String(route.method)} ${route.url} ${part} ${path} = ${JSON.stringify(value)?.slice(0, 30)}`;
            expectReasonText(data, where);
            if (data.reason_key === REASON.invalid && / must be /.test(error.message))
              problems.push(`${where}: "${error.message}" is only "not valid" in Chinese`);
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });
});

interface ValidateFunction {
  (value: unknown): boolean;
  errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown> }> | null;
}
