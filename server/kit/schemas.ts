import { Type, type TSchema } from 'typebox';
import { REASON } from '../../src/contract/errors';
import { MOMENT_PATTERN, MOMENT_YEARS } from '../../src/contract/moments';

/**
 * Schema pieces every entity's routes share. A schema's `description` is what the value must be, in words: the
 * OpenAPI page shows it, and a refused value is answered with "<field> must be <description>." (see
 * server/http/errorHandler.ts); `title` names the field in that sentence where the path alone would not.
 */

export const MAX_ID = 2_147_483_647;

/**
 * The keyword under which a schema gives the bounds of a whole number in figures, `{ min, max }`: a refusal of the
 * value gives them as its reason's values, so the console says them in either language (server/http/errorHandler.ts).
 * Ajv takes it as an annotation (server/app.ts); it checks nothing.
 */
export const BOUNDS = 'x-bounds';

/**
 * The keyword under which a schema names the reason a refusal of its value gives, `SchemaReason`: for a rule no
 * keyword says in words of its own (a pattern, a format), so the console says it in either language
 * (server/http/errorHandler.ts). Ajv takes it as an annotation (server/app.ts); it checks nothing.
 */
export const SCHEMA_REASON = 'x-reason';

export interface SchemaReason {
  key: string;
  values?: Record<string, string | number>;
}

/**
 * A schema's rule, to spread into its options: in words (its `description`, which a refusal says in English and the
 * OpenAPI page shows) and as the reason a refusal gives, so the console says it in either language.
 */
export const refusedWith = (description: string, key: string, values?: SchemaReason['values']) => ({
  description,
  [SCHEMA_REASON]: values ? { key, values } : { key },
});

/** A time staff set (ISO 8601), within the years any plan falls in (src/contract/moments.ts). */
export const Moment = (description: string) =>
  Type.String({
    format: 'date-time',
    pattern: MOMENT_PATTERN,
    ...refusedWith(
      `${description}: an ISO time in the years ${MOMENT_YEARS.from} to ${MOMENT_YEARS.to}`,
      REASON.moment,
      MOMENT_YEARS,
    ),
  });

/**
 * What a whole number within bounds must be, to spread into its schema's options (a Type.Integer's, or a
 * Type.String's of its digits): in words, which a refusal says in English ("a whole number from 0 to 9999", a note
 * after it in brackets: "(default 20)"), and in figures (`BOUNDS`).
 */
export const withinBounds = (min: number, max: number, note?: string) => ({
  description: `a whole number from ${min} to ${max}${note ? ` (${note})` : ''}`,
  [BOUNDS]: { min, max },
});

/** Whole numbers 1‥2147483647 as text (PostgreSQL integers). */
const ID_PATTERN =
  '^(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}|21474836[0-3][0-9]|214748364[0-7])$';

/** `/:id` of an entity: "Supplier id must be a positive whole number up to 2147483647." */
export const IdParams = (entityLabel: string) =>
  Type.Object(
    {
      id: Type.String({
        pattern: ID_PATTERN,
        title: `${entityLabel} id`,
        description: `a positive whole number up to ${MAX_ID}`,
        [BOUNDS]: { min: 1, max: MAX_ID },
      }),
    },
    { additionalProperties: false },
  );

/** The version the client loaded, sent with every command. */
export const ExpectedVersion = (min = 1) =>
  Type.Integer({
    minimum: min,
    maximum: MAX_ID,
    description: `a whole number from ${min} (the version you loaded)`,
    [BOUNDS]: { min, max: MAX_ID },
  });

/** The version the client loaded, as a query-string value (a delete's `?expectedVersion=3`). */
export const ExpectedVersionText = () =>
  Type.String({
    pattern: ID_PATTERN,
    description: 'a whole number from 1 (the version you loaded)',
    [BOUNDS]: { min: 1, max: MAX_ID },
  });

/** A whole number as a query-string value (the range is checked where it is read: listQuery.ts). */
export const IntText = (min: number, max: number) =>
  Type.String({ pattern: '^[0-9]{1,10}$', ...withinBounds(min, max) });

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ err_code: Type.Integer(), err_msg: Type.String(), data });

export const HistoryEntry = Type.Object({
  version: Type.Integer(),
  type: Type.String({ description: 'the stored fact, past tense: SupplierApproved' }),
  data: Type.Record(Type.String(), Type.Unknown()),
  reason: Type.Union([Type.String(), Type.Null()]),
  occurred_at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    id: Type.Union([Type.Integer(), Type.Null()]),
    role: Type.Union([Type.String(), Type.Null()]),
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
  }),
  record: Type.Optional(
    Type.Object(
      { type: Type.String(), id: Type.Integer() },
      { description: "On an entry of a related record (an order's refund): which record it is" },
    ),
  ),
});

export const AppendedEvent = Type.Object({ type: Type.String(), version: Type.Integer() });

/** Each command type's own fields (besides `type` and `expectedVersion`): `{ 'supplier.reject': { reason } }`. */
export type CommandFields = Record<string, Record<string, TSchema>>;

function variants(fields: CommandFields, common: Record<string, TSchema>) {
  const types = Object.keys(fields);
  return {
    type: 'object',
    required: ['type'],
    description: `type is one of ${types.join(', ')}`,
    discriminator: { propertyName: 'type' },
    oneOf: types.map((type) =>
      Type.Object(
        { type: Type.Literal(type), ...common, ...fields[type] },
        { additionalProperties: false, title: type },
      ),
    ),
  };
}

/**
 * One command body per command type, told apart by `type` (OpenAPI `discriminator`): each variant holds `type`,
 * `expectedVersion` and that command's own fields, and nothing else.
 */
export function commandBody(fields: CommandFields, minVersion = 1) {
  return Type.Unsafe<{ type: string; expectedVersion: number } & Record<string, unknown>>(
    variants(fields, { expectedVersion: ExpectedVersion(minVersion) }),
  );
}

/** The bulk form: the same command for several records, each named with the version the client loaded. */
export function bulkBody(fields: CommandFields, max: number) {
  const item = Type.Object(
    { id: Type.Integer({ minimum: 1, maximum: MAX_ID }), expectedVersion: ExpectedVersion() },
    { additionalProperties: false },
  );
  return Type.Unsafe<{ type: string; items: Array<{ id: number; expectedVersion: number }> }>(
    variants(fields, {
      items: Type.Array(item, {
        minItems: 1,
        maxItems: max,
        description: `1 to ${max} records as {id, expectedVersion}`,
      }),
    }),
  );
}
