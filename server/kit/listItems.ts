import { sql, type RawBuilder } from 'kysely';
import { Type, type TObject, type TSchema } from 'typebox';
import type { ListSpec } from '../../src/contract/list';

/**
 * What a list's page answers for its rows. A list declaring `items` (src/contract/list.ts) reads just those columns,
 * each under its field's name (server/kit/listQuery.ts), and answers its rows as read: the response's schema (the
 * record's, those fields picked) writes each field, a date-time as its ISO text, and leaves out what else a row holds
 * (its sort key, its counts); a field that is not a column of its name is worked out by the statement (`ItemColumns`,
 * below). No copy of each row is made: field by field, it cost the server about 30 µs of a default supplier page's
 * 470 (docs/lists.md, "A list's rows answered as read"). A date-time column is read as a Date (a timestamp's type):
 * a text would be written as it is. What a page gives is what the entity's toApi gives for those fields
 * (tests/server/kit/toApi.test.ts, through the API, on the demo rows of every entity whose list names its items). Any
 * other list gives each row by toApi.
 */
export interface ListItems {
  /** A page's rows as the API gives them, before the response's schema writes them. */
  items: (rows: Record<string, unknown>[]) => unknown[];
  /** The API schema of an item (docs, serialisation). */
  schema: TSchema;
}

/**
 * Fields of a list's rows that are not a column of its table, each worked out by the statement that reads the rows,
 * from the columns of the table it is given (the list's source): a price kept in fen as yuan text, a city's supplier
 * count through the suppliers' port, a staff member's name. A list naming its items reads those it names, written by
 * the response's schema as read; any other list and the export read every one beside every column, for toApi.
 */
export type ItemColumns = Readonly<Record<string, (table: string) => RawBuilder<unknown>>>;

/**
 * A whole number of fen in `column` as yuan text with two decimals, as `formatYuan` writes it (`19900` → "199.00",
 * `-5` → "-0.05"); null stays null.
 */
export const yuanText =
  (column: string) =>
  (table: string): RawBuilder<string | null> => {
    // As a bigint: the absolute value of the smallest integer is not one.
    const fen = sql`${sql.ref(`${table}.${column}`)}::bigint`;
    return sql<string | null>`(case when ${fen} < 0 then '-' else '' end
      || (abs(${fen}) / 100)::text || '.' || lpad((abs(${fen}) % 100)::text, 2, '0'))`;
  };

export function listItemsOf(
  name: string,
  spec: ListSpec,
  apiSchema: TSchema,
  toApi: (row: Record<string, unknown>) => unknown,
  itemColumns: ItemColumns = {},
): ListItems {
  const { items } = spec;
  if (!items) return { items: (rows) => rows.map(toApi), schema: apiSchema };
  const properties = (apiSchema as TObject).properties ?? {};
  const unknown = items.filter((field) => !(field in properties));
  if (unknown.length > 0)
    throw new Error(`${name}: list items name fields its record has not: ${unknown.join(', ')}`);
  const unnamed = Object.keys(itemColumns).filter((field) => !items.includes(field));
  if (unnamed.length > 0)
    throw new Error(`${name}: item columns its list items do not name: ${unnamed.join(', ')}`);
  // The list reads rows by id and sends commands with the version its rows show.
  for (const needed of ['id', 'version'])
    if (!items.includes(needed)) throw new Error(`${name}: list items must include ${needed}`);
  // The schema writes a column's Date as a date-time's text; within a union (a nullable date-time) it would first
  // test the Date against each branch, and match none.
  const unionMoments = items.filter((field) => unionHoldsMoment(properties[field] as Moment));
  if (unionMoments.length > 0)
    throw new Error(`${name}: list items cannot hold a date-time within a union: ${unionMoments.join(', ')}`);
  // Said, not left to the picked schema: what a row holds beyond its fields is never written.
  const schema = Type.Pick(apiSchema as TObject, items as string[], { additionalProperties: false });
  return { items: (rows) => rows, schema };
}

interface Moment {
  format?: string;
  anyOf?: unknown[];
}

/** Whether a union (at any depth) holds a date-time among its branches. */
const unionHoldsMoment = (schema: Moment): boolean =>
  (schema.anyOf ?? []).some((branch) => {
    const b = branch as Moment;
    return b.format === 'date-time' || unionHoldsMoment(b);
  });
