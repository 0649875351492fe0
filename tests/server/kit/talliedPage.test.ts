// Lists here read everything on every request (nothing remembered).
import '../support/nothingRemembered';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListSpec } from '../../../src/contract/list';
import { PROJECT_LIST } from '../../../src/contract/projects';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import type { Database } from '../../../server/db/schema';
import { listSourceOf } from '../../../server/kit/entity';
import { listPage, readListQuery, type ListSource } from '../../../server/kit/listQuery';
import { inIdOrder } from '../../../server/kit/talliedPage';
import { projectEntity } from '../../../server/modules/projects/module';
import { rolledBack } from '../support/rolledBack';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// A searched page's rows are read by the statement that counts the search and picks the page's ids, or walks to
// them (server/kit/talliedPage.ts): one round trip to the database, not two; the rows as a page of the list gives them.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

/** `db` with every statement it is given to run written down (a list reads through `executeQuery`). */
function counted(db: Kysely<Database>): { db: Kysely<Database>; sent: string[] } {
  const sent: string[] = [];
  const proxy = new Proxy(db, {
    get(target, key) {
      if (key === 'executeQuery')
        return (query: CompiledQuery) => (sent.push(query.sql), target.executeQuery(query));
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: proxy, sent };
}

/** Every row of a list, as its unsearched pages give them, by id. */
async function everyRow(db: Kysely<Database>, spec: ListSpec, source: ListSource) {
  const rows = new Map<number, Record<string, unknown>>();
  for (let page = 1; ; page++) {
    const one = await listPage(
      db,
      spec,
      source,
      readListQuery(spec, { page: String(page), page_size: '100' }, source.scope),
    );
    for (const row of one.items) rows.set(Number(row.id), row);
    if (one.items.length < 100) return rows;
  }
}

describe('a searched page in one statement', () => {
  it('reads its rows with the count or the walk that finds them, as the unsearched list gives them', async () => {
    await rolledBack(t.db, async (trx) => {
      const suppliers = { table: 'suppliers' };
      const projects = listSourceOf(projectEntity);
      const [supplier] = (
        await sql<{ real_name: string }>`select real_name from suppliers order by id limit 1`.execute(trx)
      ).rows;
      const word = supplier!.real_name.split(' ')[0]!;
      const cases = [
        // The search starts' count: every match, the page among them.
        { spec: SUPPLIER_LIST, source: suppliers, query: { q: word }, cap: 10_000, statements: 1 },
        {
          spec: SUPPLIER_LIST,
          source: suppliers,
          query: { q: word, order: 'desc' },
          cap: 10_000,
          statements: 1,
        },
        // Past the cap: the count, then the walk that reads the page's rows.
        { spec: SUPPLIER_LIST, source: suppliers, query: { q: 'Hom' }, cap: 1, statements: 2 },
        // A search by its columns (no starts): the rows counted, the page among them ("an" is in five projects).
        { spec: PROJECT_LIST, source: projects, query: { q: 'an' }, cap: 10_000, statements: 1 },
      ] as const;
      for (const { spec, source, query, cap, statements } of cases) {
        const label = `${source.table} ${JSON.stringify(query)} cap ${cap}`;
        const every = await everyRow(trx, spec, source);
        const { db, sent } = counted(trx);
        const page = await listPage(db, spec, source, readListQuery(spec, query as never, undefined), {
          countCap: cap,
        });
        expect(sent, label).toHaveLength(statements);
        // More than one row, so that their order is seen.
        expect(page.items.length, label).toBeGreaterThan(1);
        expect(!!page.capped, label).toBe(cap === 1);
        // Each row its item's fields (and the key its cursors are made of), as the list gives them.
        for (const item of page.items) {
          expect(Object.keys(item).sort(), label).toEqual([...spec.items!, 'list_key'].sort());
          const row = every.get(Number(item.id))!;
          expect(item, label).toEqual(Object.fromEntries(Object.keys(item).map((key) => [key, row[key]])));
        }
        // In the list's order.
        const sort = (spec.sorts as Record<string, { column?: string; order: string }>)[spec.defaultSort]!;
        const asc = ('order' in query ? query.order : sort.order) === 'asc';
        const order = [...page.items].sort((a, b) => {
          const [x, y] = [a, b].map((r) => r[sort.column ?? spec.defaultSort] as number);
          return (asc ? x! - y! : y! - x!) || (asc ? 1 : -1) * (Number(a.id) - Number(b.id));
        });
        expect(page.items, label).toEqual(order);
      }
    });
  });

  it('puts rows in the order of their ids, leaving out an id without a row', () => {
    const rows = [
      { id: 3, n: 'c' },
      { id: 1, n: 'a' },
      { id: 2, n: 'b' },
    ];
    expect(inIdOrder(rows, [2, 3, 1]).map((r) => r.n)).toEqual(['b', 'c', 'a']);
    expect(inIdOrder(rows, [5, 1])).toEqual([{ id: 1, n: 'a' }]);
  });
});
