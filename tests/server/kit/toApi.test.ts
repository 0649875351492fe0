import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyEntity } from '../../../server/kit/entity';
import { modules } from '../../../server/modules/index';
import { ADMIN, bearer, createTestApp, type TestApp } from '../support/testApp';

// Every entity's toApi, on rows of its table in the demo data with the list's own columns added: it gives the fields
// its API schema names, no others, and a field named as a column of the row comes from that column (each column
// changed on its own moves its field alone; a timestamp's field is its ISO text). The mappings are written field by
// field (a spread of the row is slow in V8), so a field copied from the wrong column or left out is the mistake to
// catch. Columns a list adds to its rows (refunds' granters' names, a city's supplier count) are not in the table;
// the API tests of those lists check them.

/** Fields named as a column of the row that toApi derives rather than copies (parsed, converted or computed). */
const DERIVED: Record<string, ReadonlySet<string>> = {
  channels: new Set(['promote_from', 'promote_to']),
  customers: new Set(['balance_fen']),
  notices: new Set(['ref']),
  orders: new Set(['settlement']),
  renewals: new Set(['settlement']),
};

const MARK = '\u00a7';

/** A value of the same kind that no column holds: the field copied from it shows it. */
function changed(value: unknown, column: string): unknown {
  if (value instanceof Date) return new Date(value.getTime() + 7919_000);
  if (typeof value === 'number') return value + 7919;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'string') return `${value}${MARK}${column}`;
  if (value === null) return `${MARK}${column}`;
  return undefined;
}

const entities: AnyEntity[] = modules
  .flatMap((m) => m.entities ?? [])
  // A singleton's one row is its settings (a record of its own kind, not a list's), and may not exist yet.
  .filter((e) => e.projection.table !== undefined && e.singleton === undefined);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

/** Rows as a list page holds them: with the list's own columns, which toApi must leave out (server/kit/listQuery.ts). */
async function rowsOf(entity: AnyEntity): Promise<Record<string, unknown>[]> {
  const table = entity.projection.table!;
  const result = await sql<Record<string, unknown>>`select *, id::text as list_key, '[]' as list_counts
    from ${sql.table(table)} order by id limit 5`.execute(t.db);
  return result.rows;
}

describe.each(entities.map((e) => [e.projection.table!, e] as const))('%s: toApi', (table, entity) => {
  const schema = entity.apiSchema as { properties: Record<string, unknown>; required?: string[] };
  const fields = new Set(Object.keys(schema.properties));
  const derived = DERIVED[table] ?? new Set<string>();

  it('gives the fields the API schema names and no others', async () => {
    const rows = await rowsOf(entity);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const out = entity.toApi(row) as Record<string, unknown>;
      for (const key of Object.keys(out)) expect(fields, `${table}.${key}`).toContain(key);
      for (const key of schema.required ?? []) expect(out, `${table}.${key}`).toHaveProperty(key);
    }
  });

  it('copies each field named as a column from that column, and only that field moves when it changes', async () => {
    const rows = await rowsOf(entity);
    let copied = 0;
    for (const row of rows) {
      const before = entity.toApi(row) as Record<string, unknown>;
      const shared = Object.keys(row).filter((c) => fields.has(c) && !derived.has(c));
      for (const column of shared) {
        const value = row[column];
        const next = changed(value, column);
        if (next === undefined) continue;
        const after = entity.toApi({ ...row, [column]: next }) as Record<string, unknown>;
        const shown = next instanceof Date ? next.toISOString() : next;
        expect(after[column], `${table}.${column}`).toEqual(shown);
        for (const other of shared)
          if (other !== column)
            expect(after[other], `${table}.${other} (${column} changed)`).toEqual(before[other]);
        copied += 1;
      }
    }
    expect(copied).toBeGreaterThan(0);
  });
});

// A list declaring its items (src/contract/list.ts) reads only those columns and answers its rows as read, the
// response's schema writing them (server/kit/listItems.ts): through the API, a page's items must be what toApi gives
// for those fields, as JSON, and nothing else (not the row's sort key nor its counts). The rows toApi is given are read
// as the export reads them, item columns included: a price the statement writes as yuan text must be what toApi
// writes from the fen; a city's supplier count, which toApi copies, is checked by the service cities' API tests.
const itemized = entities.filter((e) => e.list?.items);

describe.each(itemized.map((e) => [e.projection.table!, e] as const))('%s: list items', (table, entity) => {
  const items = entity.list!.items!;
  const pick = (out: Record<string, unknown>) => Object.fromEntries(items.map((f) => [f, out[f]]));

  it('gives the list’s fields as toApi gives them, and no others', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const url = `${entity.path}?page_size=${entity.list!.pageSize.max}`;
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const page = (response.json() as { data: { items: Array<Record<string, unknown>> } }).data.items;
    expect(page.length).toBeGreaterThan(1);
    // Each row as the export reads it: every column, and every field its statement works out (its item columns).
    const worked = Object.entries(entity.listItemColumns ?? {}).map(
      ([field, column]) => sql`${column(table)} as ${sql.ref(field)}`,
    );
    const rows = await sql<
      Record<string, unknown>
    >`select ${sql.join([sql`*`, ...worked])} from ${sql.table(table)}
      where id = any(${page.map((item) => item.id)}::int[])`.execute(t.db);
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    for (const item of page) {
      expect(Object.keys(item).sort()).toEqual([...items].sort());
      const record = JSON.parse(JSON.stringify(entity.toApi(byId.get(item.id)!))) as Record<string, unknown>;
      expect(item, `${table} ${String(item.id)}`).toEqual(pick(record));
    }
  });
});

it('lists items only of entities whose list names them (suppliers among them)', () => {
  expect(itemized.map((e) => e.projection.table)).toContain('suppliers');
});
