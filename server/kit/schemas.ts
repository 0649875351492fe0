import { Type, type TSchema } from 'typebox';

/**
 * Schema pieces every entity's routes share. A schema's `description` is what the value must be, in words: the
 * OpenAPI page shows it, and a refused value is answered with "<field> must be <description>." (see
 * server/http/schemaErrors.ts); `title` names the field in that sentence where the path alone would not.
 */

export const MAX_ID = 2_147_483_647;

/** How a schema states the bounds of a whole number it takes as text: "a whole number from 1 to 9". */
const wholeNumberFrom = (min: number, max: number) => `a whole number from ${min} to ${max}`;
/** How an id's schema states its bounds: "a positive whole number up to 2147483647". */
const positiveUpTo = (max: number) => `a positive whole number up to ${max}`;

/**
 * The bounds a description made by `wholeNumberFrom` or `positiveUpTo` states (with a note after it in brackets or
 * not: "(default 20)"), read back, so that a refusal of the value names them in either language
 * (server/http/errorHandler.ts); null for any other description.
 */
export function boundsStated(description: string): { min: number; max: number } | null {
  const fromTo = /^a whole number from (\d+) to (\d+)(?: \([^)]*\))?$/.exec(description);
  if (fromTo) return { min: Number(fromTo[1]), max: Number(fromTo[2]) };
  const upTo = /^a positive whole number up to (\d+)$/.exec(description);
  return upTo ? { min: 1, max: Number(upTo[1]) } : null;
}

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
        description: positiveUpTo(MAX_ID),
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
  });

/** A whole number as a query-string value (the range is checked where it is read: listQuery.ts). */
export const IntText = (min: number, max: number) =>
  Type.String({ pattern: '^[0-9]{1,10}$', description: wholeNumberFrom(min, max) });

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
