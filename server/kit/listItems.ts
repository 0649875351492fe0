import { Type, type TObject, type TSchema } from 'typebox';
import type { ListSpec } from '../../src/contract/list';

/**
 * What a list's page answers for each row. A list declaring `items` (src/contract/list.ts) reads just those columns
 * and gives just those fields, each copied from its column, a date-time (as the API schema says) as its ISO text: what
 * the entity's toApi gives for them (tests/server/kit/toApi.test.ts holds the two to the same answer, on the demo
 * rows of every entity whose list names its items). Any other list gives the whole record, by toApi.
 */
export interface ListItems {
  /** A row of the list's page as the API gives it. */
  item: (row: Record<string, unknown>) => unknown;
  /** The API schema of an item (docs, serialisation). */
  schema: TSchema;
}

export function listItemsOf(
  name: string,
  spec: ListSpec,
  apiSchema: TSchema,
  toApi: (row: Record<string, unknown>) => unknown,
): ListItems {
  const { items } = spec;
  if (!items) return { item: toApi, schema: apiSchema };
  const properties = (apiSchema as TObject).properties ?? {};
  const unknown = items.filter((field) => !(field in properties));
  if (unknown.length > 0)
    throw new Error(`${name}: list items name fields its record has not: ${unknown.join(', ')}`);
  // The list reads rows by id and sends commands with the version its rows show.
  for (const needed of ['id', 'version'])
    if (!items.includes(needed)) throw new Error(`${name}: list items must include ${needed}`);
  // A date-time, or a union holding one (a nullable date-time).
  const isMoment = (schema: { format?: string; anyOf?: unknown[] }): boolean =>
    schema.format === 'date-time' || (schema.anyOf ?? []).some((s) => isMoment(s as typeof schema));
  const moment = items.map((field) => isMoment(properties[field] as { format?: string }));
  return {
    item: (row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < items.length; i++) {
        const value = row[items[i]!];
        out[items[i]!] = moment[i] && value !== null ? new Date(value as string).toISOString() : value;
      }
      return out;
    },
    schema: Type.Pick(apiSchema as TObject, items as string[]),
  };
}
