// Lists here read everything on every request (nothing remembered).
import '../support/nothingRemembered';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TAB } from '../../../src/contract/list';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import { listTables } from '../../../server/db/prepare';
import type { Database } from '../../../server/db/schema';
import { listPage, readListQuery } from '../../../server/kit/listQuery';
import { prepareLists, withoutCounting } from '../../../server/kit/listSupport';
import {
  countSearchStarts,
  searchStartsOf,
  startsStatement,
  walkSearchStarts,
  type StartsStatement,
} from '../../../server/kit/searchStarts';
import * as searchStartsMigration from '../../../server/db/migrations/2026_11_30_0500_search_starts';
import * as searchStartsOnce from '../../../server/db/migrations/2026_12_05_2200_search_starts_once';
import { CUSTOMER_LIST } from '../../../src/contract/customers';
import { copySupplier } from '../support/copySupplier';
import { rolledBack } from '../support/rolledBack';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// A list's search starts (server/kit/searchStarts.ts) answer a search with the rows the search index finds, in the
// list's order, counted as the rows are; their table holds every row's starts whatever writes the rows.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const SUPPLIERS = { table: 'suppliers', spec: SUPPLIER_LIST };
const source = { table: 'suppliers' };
const any = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

interface Start {
  id: number;
  key: string;
  start: string;
  ranking: number;
  state: string | null;
}

/** The side table as it is. */
const held = async (db: Kysely<Database>) =>
  (
    await sql<Start>`select id, key, start, ranking, state from list_suppliers_starts
      order by id, start`.execute(db)
  ).rows;

/** The starts as the rows give them now. */
const fresh = async (db: Kysely<Database>) =>
  (
    await sql<Start>`select t.id, left(s, 3) as key, s as start, t.ranking, t.state from suppliers as t,
      unnest(list_search_starts(array[t.name, t.real_name]::text[], array[t.mobile, t.id_card_no]::text[])) as s
      order by t.id, s`.execute(db)
  ).rows;

/** Gives the first suppliers (by id) these changes, one each; answers their ids. */
async function renameFirst(db: Kysely<Database>, changes: Record<string, unknown>[]): Promise<number[]> {
  const ids = (
    await sql<{ id: number }>`select id from suppliers order by id limit ${changes.length}`.execute(db)
  ).rows.map((r) => r.id);
  for (const [i, id] of ids.entries()) {
    await any(db).updateTable('suppliers').set(changes[i]!).where('id', '=', id).execute();
  }
  return ids;
}

describe('search starts', () => {
  it('hold every row’s starts after the writes a list takes', async () => {
    expect((await held(t.db)).length).toBeGreaterThan(100);
    expect(await held(t.db)).toEqual(await fresh(t.db));
    const [first, second] = (
      await sql<{ id: number }>`select id from suppliers order by id limit 2`.execute(t.db)
    ).rows.map((r) => r.id);
    const after = await rolledBack(t.db, async (trx) => {
      const steps: Record<string, [Start[], Start[]]> = {};
      const step = async (name: string, write: () => Promise<unknown>) => {
        await write();
        steps[name] = [await held(trx), await fresh(trx)];
      };
      await step('a new row', () => copySupplier(trx, first!, 900001, { name: 'Qiu Jingqiang’s Kitchen' }));
      await step('a name changed', () =>
        any(trx)
          .updateTable('suppliers')
          .set({ name: '王小明 Home Repair' })
          .where('id', '=', first!)
          .execute(),
      );
      await step('a mobile changed', () =>
        any(trx).updateTable('suppliers').set({ mobile: '17700001111' }).where('id', '=', second!).execute(),
      );
      await step('the sort value and tab changed', () =>
        any(trx)
          .updateTable('suppliers')
          .set({ ranking: 4242, state: 'servicing' })
          .where('id', '=', second!)
          .execute(),
      );
      await step('a row gone', () => any(trx).deleteFrom('suppliers').where('id', '=', 900001).execute());
      // Another column changed: its starts are left as they are (no row version written).
      const before = await sql<{
        ctid: string;
      }>`select ctid::text from list_suppliers_starts where id = ${second}
        order by start`.execute(trx);
      await any(trx).updateTable('suppliers').set({ bio: 'Careful' }).where('id', '=', second!).execute();
      const untouched = await sql<{
        ctid: string;
      }>`select ctid::text from list_suppliers_starts where id = ${second}
        order by start`.execute(trx);
      return {
        steps,
        same: untouched.rows.map((r) => r.ctid).join() === before.rows.map((r) => r.ctid).join(),
      };
    });
    for (const [name, [now, expected]] of Object.entries(after.steps)) expect(now, name).toEqual(expected);
    expect(
      after.steps['a new row']![0].some((s) => s.id === 900001 && s.start === 'jingqiang’s kitchen'),
    ).toBe(true);
    expect(
      after.steps['a name changed']![0].some((s) => s.id === first && s.start === '王小明 home repair'),
    ).toBe(true);
    expect(after.same).toBe(true);
    expect(await held(t.db)).toEqual(await fresh(t.db));
  });

  it('are filled again after a bulk write with counting off, and made again when what they hold changes', async () => {
    const bulk = await rolledBack(t.db, async (trx) => {
      await withoutCounting(trx, [SUPPLIERS], () =>
        sql`update suppliers set name = name || ' Bis', ranking = ranking + 1`.execute(trx),
      );
      return [await held(trx), await fresh(trx)];
    });
    expect(bulk[0].some((s) => s.start.endsWith(' bis'))).toBe(true);
    expect(bulk[0]).toEqual(bulk[1]);
    // A table made from another declaration (its mark differs) is made again at start-up; one up to date is kept.
    await sql`delete from list_suppliers_starts where id = (select min(id) from suppliers)`.execute(t.db);
    await prepareLists(t.db, [SUPPLIERS]);
    expect(await held(t.db)).not.toEqual(await fresh(t.db));
    await sql`comment on table list_suppliers_starts is 'made by an older declaration'`.execute(t.db);
    await prepareLists(t.db, [SUPPLIERS]);
    expect(await held(t.db)).toEqual(await fresh(t.db));
  });

  it('get an index declared after they were filled at start-up, without being filled again', async () => {
    const index = async () => {
      const found = await sql<{ def: string | null }>`select
        pg_get_indexdef(to_regclass('list_suppliers_starts_tab_order')) as def`.execute(t.db);
      return found.rows[0]!.def;
    };
    expect(await index()).toContain('(key, state, ranking, id) INCLUDE (start)');
    try {
      await sql`delete from list_suppliers_starts where id = (select min(id) from suppliers)`.execute(t.db);
      await sql`drop index list_suppliers_starts_tab_order`.execute(t.db);
      await prepareLists(t.db, [SUPPLIERS]);
      expect(await index()).toContain('(key, state, ranking, id) INCLUDE (start)');
      expect(await held(t.db)).not.toEqual(await fresh(t.db));
    } finally {
      // Filled again for the tests after, whatever happened above.
      await sql`comment on table list_suppliers_starts is 'made by an older declaration'`.execute(t.db);
      await prepareLists(t.db, [SUPPLIERS]);
    }
    expect(await held(t.db)).toEqual(await fresh(t.db));
  });

  it('go with their rows when the list is emptied at once, and stay made at start-up without a lock', async () => {
    const triggers = () =>
      sql<{ oid: string }>`select oid::text from pg_trigger where tgrelid = 'suppliers'::regclass
        and tgname like 'list_search_starts%' order by tgname`.execute(t.db);
    const before = (await triggers()).rows;
    await prepareLists(t.db, [SUPPLIERS]);
    expect(before).toHaveLength(2);
    expect((await triggers()).rows).toEqual(before);
    const emptied = await rolledBack(t.db, async (trx) => {
      await sql`truncate suppliers cascade`.execute(trx);
      return held(trx);
    });
    expect(emptied).toEqual([]);
  });

  it('leave the table writable when their migration is taken back', async () => {
    try {
      await searchStartsMigration.down(t.db);
      await any(t.db).updateTable('suppliers').set({ name: 'Taken Back' }).where('id', '=', 1).execute();
      expect(await sql`select to_regclass('list_suppliers_starts') as t`.execute(t.db)).toEqual({
        rows: [{ t: null }],
      });
    } finally {
      await searchStartsMigration.up(t.db);
      await searchStartsOnce.up(t.db);
      await prepareLists(t.db, listTables());
    }
    expect(await held(t.db)).toEqual(await fresh(t.db));
    expect((await held(t.db)).some((s) => s.start === 'taken back')).toBe(true);
  });

  it('are the starts their first definition made, from one word-start call per name', async () => {
    // Every supplier's names and identifiers, and names that test the edges: none, empty, short words, a word again,
    // CJK, beyond the BMP, punctuation, upper case.
    const starts = (db: Kysely<Database>) =>
      sql<{ n: number; starts: string[] }>`
        with input(n, words, whole) as (
          select id, array[name, real_name]::text[], array[mobile, id_card_no]::text[] from suppliers
          union all values
            (-1, array[null, '']::text[], array[null, '']::text[]),
            (-2, array['ab cd', 'Abc ABC abc'], array['12', 'AbCdE']),
            (-3, array['Zhang''s Home-Cleaning  Co.', '张伟家政服务'], array['13800138000', null]),
            (-4, array['😀abc 𠀀𠀁𠀂 x.y.z'], array[]::text[]))
        select n, array(select s from unnest(list_search_starts(words, whole)) as s order by s) as starts
        from input order by n`.execute(db);
    const now = (await starts(t.db)).rows;
    const first = await rolledBack(t.db, async (trx) => {
      await searchStartsOnce.down(trx);
      return (await starts(trx)).rows;
    });
    expect(now.length).toBeGreaterThan(30);
    expect(now.find((r) => r.n === -3)!.starts).toContain('home-cleaning  co.');
    expect(now).toEqual(first);
  });
});

describe('a search read from its starts', () => {
  /** The rows the search index finds, in the list's default order. */
  const matching = async (db: Kysely<Database>, q: string, order: 'asc' | 'desc') =>
    (
      await sql<{ id: number; state: string | null }>`select id, state from suppliers
        where list_search_lexemes(array[name, real_name]::text[], array[mobile, id_card_no]::text[])
          @@ list_word_query(${q})
        order by ranking ${sql.raw(order)}, id ${sql.raw(order)}`.execute(db)
    ).rows;

  const page = (db: Kysely<Database>, query: Record<string, string>, countCap: number) =>
    listPage(db, SUPPLIER_LIST, source, readListQuery(SUPPLIER_LIST, query, undefined), { countCap });

  it('finds, counts and pages what the search index finds, in the list’s order, over the cap and under', async () => {
    const rows = (
      await sql<{ name: string; real_name: string; mobile: string; id_card_no: string }>`
        select name, real_name, mobile, id_card_no from suppliers order by id limit 6`.execute(t.db)
    ).rows;
    const terms = new Set<string>([
      '139',
      '1391',
      '110',
      '4401',
      'hom',
      'Home',
      'HOME C',
      "'s h",
      '-cle',
      'zzz',
    ]);
    for (const row of rows) {
      const word = row.real_name.split(' ')[0]!;
      terms.add(word.slice(0, 3)).add(word).add(row.name).add(row.mobile.slice(0, 5)).add(row.id_card_no);
    }
    let capped = 0;
    let compared = 0;
    for (const q of terms) {
      for (const order of ['asc', 'desc'] as const) {
        const all = await matching(t.db, q, order);
        for (const tab of [ALL_TAB, 'taking_orders']) {
          const expected = all.filter((r) => tab === ALL_TAB || r.state === tab).map((r) => r.id);
          for (const [countCap, size] of [
            [10_000, 2],
            [1, 2],
            [3, 3],
          ] as const) {
            const label = `"${q}" ${order} ${tab} cap ${countCap} size ${size}`;
            const query = { q, order, tab, page_size: String(size) };
            let after: string | undefined;
            let previous: unknown[] = [];
            for (let number = 1; number <= 3; number++) {
              const one = await page(t.db, { ...query, page: String(number) }, countCap);
              const ids = one.items.map((r) => r.id);
              expect(ids, `${label} page ${number}`).toEqual(
                expected.slice((number - 1) * size, number * size),
              );
              expect(one.total, `${label} total`).toBe(Math.min(expected.length, countCap));
              expect(!!one.capped, `${label} capped`).toBe(all.length > countCap);
              if (all.length > countCap) capped++;
              for (const [value, n] of Object.entries(one.counts!)) {
                const real = all.filter((r) => value === ALL_TAB || r.state === value).length;
                // Beyond the cap, the tabs not shown are counted among the first matches only ("at least").
                if (all.length <= countCap || value === tab) {
                  expect(n, `${label} ${value}`).toBe(Math.min(real, countCap));
                } else expect(n, `${label} ${value}`).toBeLessThanOrEqual(Math.min(real, countCap));
              }
              if (after) {
                const next = await page(t.db, { ...query, page: String(number), after }, countCap);
                expect(
                  next.items.map((r) => r.id),
                  `${label} after ${number}`,
                ).toEqual(ids);
                if (one.cursors) {
                  const back = { ...query, page: String(number - 1), before: one.cursors.before };
                  const prev = await page(t.db, back, countCap);
                  expect(
                    prev.items.map((r) => r.id),
                    `${label} before ${number}`,
                  ).toEqual(previous);
                }
              }
              after = one.cursors?.after;
              previous = ids;
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    expect(capped).toBeGreaterThan(300);
  });

  it('counts rows with many starts each as rows: a read that ends among one row’s starts counts again', async () => {
    const answer = await rolledBack(t.db, async (trx) => {
      // Five starts each starting "qqq", one row's next to each other in the starts' order.
      const ids = await renameFirst(
        trx,
        ['a', 'b', 'c'].map((r) => {
          const w = (n: number) => `Qqq${r}${n}`;
          return { name: `${w(1)} ${w(2)} ${w(3)}`, real_name: `${w(4)} ${w(5)}` };
        }),
      );
      // Cap 2: three rows wanted, six starts read (the first row's five and one more).
      const capped = await page(trx, { q: 'qqq' }, 2);
      const all = await page(trx, { q: 'qqq' }, 10_000);
      return { capped: [capped.total, capped.capped], all: all.items.map((r) => r.id).sort(), ids };
    });
    expect(answer.capped).toEqual([2, true]);
    expect(answer.all).toEqual([...answer.ids].sort());
  });

  it('leaves a term of characters beyond the BMP, shorter than it looks, to the search index', async () => {
    // "王𠮷" is 3 long in JavaScript and 2 characters in the database: no start (3 characters or more) holds "王𠮷".
    const found = await rolledBack(t.db, async (trx) => {
      const ids = await renameFirst(trx, [{ name: '王𠮷' }, { name: '王𠮷家政1' }, { name: '王𠮷家政2' }]);
      // Asked directly, the starts say they cannot tell (the database measures the term itself).
      const starts = searchStartsOf('suppliers', SUPPLIER_LIST)!;
      const run = async <R>(statement: StartsStatement<R>) =>
        (await trx.executeQuery(startsStatement(trx as never, [trx], statement))).rows;
      const page1 = { skip: 0, size: 20 };
      const direct = [
        await countSearchStarts(starts, { q: '王𠮷', order: 'asc', want: 11, read: 22, page: page1 }, run),
        await walkSearchStarts(starts, { q: '王𠮷', order: 'asc', want: 20, walk: 40 }, 0, run),
      ];
      const all = await page(trx, { q: '王𠮷' }, 10_000);
      const capped = await page(trx, { q: '王𠮷', page_size: '2' }, 1);
      return {
        ids: [...ids].sort(),
        all: all.items.map((r) => r.id).sort(),
        total: all.total,
        page: capped.items.length,
        expected: (await matching(trx, '王𠮷', 'asc')).length,
        direct,
      };
    });
    expect(found.expected).toBe(3);
    expect(found.all).toEqual(found.ids);
    expect(found.total).toBe(3);
    expect(found.page).toBe(2);
    expect(found.direct).toEqual([null, null]);
  });

  it('finds a term whatever follows it: a start that is the term itself, a character past "z", CJK, beyond the BMP', async () => {
    // The count reads the term's range of the starts' index between two bounds (server/kit/searchStarts.ts).
    const found = await rolledBack(t.db, async (trx) => {
      const names = [
        'Qorvo',
        'Qorvo{x}',
        'Qorvo~',
        'Qorvoé',
        'Qorvo家政',
        'Qorvo𠮷',
        'Qorvo\u{FFFD}',
        'Qorv',
        'Qorw',
      ];
      const ids = await renameFirst(
        trx,
        names.map((name) => ({ name })),
      );
      const all = await page(trx, { q: 'qorvo' }, 10_000);
      const capped = await page(trx, { q: 'Qorvo', page_size: '3' }, 2);
      return {
        ids: ids.slice(0, 7).sort(),
        all: all.items.map((r) => r.id).sort(),
        expected: (await matching(trx, 'qorvo', 'asc')).map((r) => r.id).sort(),
        capped: [capped.total, capped.capped, capped.items.length],
      };
    });
    expect(found.expected).toEqual(found.ids);
    expect(found.all).toEqual(found.ids);
    expect(found.capped).toEqual([2, true, 3]);
  });

  it('walks a tab’s own starts: a thin tab’s matches behind the other tabs’ still make its page', async () => {
    const walked = await rolledBack(t.db, async (trx) => {
      // Under the key "qzw": four rows taking orders first in the list's order, then two resting.
      const ids = await renameFirst(
        trx,
        [1, 2, 3, 4, 5, 6].map((n) => ({
          name: `Qzw${n}`,
          real_name: `Other${n}`,
          ranking: n,
          state: n <= 4 ? 'taking_orders' : 'resting',
        })),
      );
      const starts = searchStartsOf('suppliers', SUPPLIER_LIST)!;
      const run = async <R>(statement: StartsStatement<R>) =>
        (await trx.executeQuery(startsStatement(trx as never, [trx], statement))).rows;
      const walk = async (tab: string | undefined, skip: number) =>
        (await walkSearchStarts(starts, { q: 'qzw', order: 'asc', tab, want: skip + 2, walk: 4 }, skip, run))
          ?.ids;
      return {
        ids,
        all: await walk(undefined, 0),
        resting: await walk('resting', 0),
        next: await walk('resting', 1),
      };
    });
    // Four starts walked (one a row): the resting rows are found among the tab's own, not after the others'.
    expect(walked.all).toEqual(walked.ids.slice(0, 2));
    expect(walked.resting).toEqual(walked.ids.slice(4, 6));
    expect(walked.next).toEqual(walked.ids.slice(5, 6));
  });

  it('shows every row of a list without tabs, whatever tab a link names', async () => {
    for (const countCap of [10_000, 2]) {
      const read = (query: Record<string, string>) =>
        listPage(
          t.db,
          CUSTOMER_LIST,
          { table: 'customers' },
          readListQuery(CUSTOMER_LIST, query, undefined),
          {
            countCap,
          },
        );
      const plain = await read({ q: '137' });
      const tabbed = await read({ q: '137', tab: 'nonsense' });
      expect(plain.items.length).toBeGreaterThan(0);
      expect(tabbed.items.map((r) => r.id)).toEqual(plain.items.map((r) => r.id));
      expect(tabbed.total).toBe(plain.total);
    }
  });

  it('leaves another order to the search index (the starts hold the default one)', async () => {
    for (const sort of ['created_at', 'order_num']) {
      for (const [q, countCap] of [
        ['hom', 10_000],
        ['hom', 1],
        ['home', 1],
      ] as const) {
        const expected = (
          await sql<{ id: number }>`select id from suppliers
            where list_search_lexemes(array[name, real_name]::text[], array[mobile, id_card_no]::text[])
              @@ list_word_query(${q})
            order by ${sql.ref(sort)} desc, id desc`.execute(t.db)
        ).rows.map((r) => r.id);
        const first = await page(t.db, { q, sort, order: 'desc', page_size: '3' }, countCap);
        const second = await page(t.db, { q, sort, order: 'desc', page_size: '3', page: '2' }, countCap);
        expect(
          [...first.items, ...second.items].map((r) => r.id),
          `${q} ${sort} ${countCap}`,
        ).toEqual(expected.slice(0, 6));
      }
    }
  });

  it('reads the starts: a row without them is not found by a term a key long, nor by a longer broad one', async () => {
    const lost = await rolledBack(t.db, async (trx) => {
      const [first] = await matching(trx, 'hom', 'asc');
      const [firstHome] = await matching(trx, 'home', 'asc');
      await sql`delete from list_suppliers_starts where id in (${first!.id}, ${firstHome!.id})`.execute(trx);
      const key = await page(trx, { q: 'hom' }, 10_000);
      // Over the cap: its page walked along the starts in the list's order.
      const broad = await page(trx, { q: 'home', page_size: '2' }, 1);
      return {
        key: key.items.map((r) => r.id).includes(first!.id),
        broad: broad.items.map((r) => r.id).includes(firstHome!.id),
        total: key.total,
        all: (await matching(trx, 'hom', 'asc')).length,
      };
    });
    expect(lost).toEqual({ key: false, broad: false, total: lost.all - 1, all: lost.all });
  });
});
