// Lists here read everything on every request (nothing remembered).
import '../support/nothingRemembered';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { halfWidth, ALL_TAB, type ListSpec } from '../../../src/contract/list';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import { listTables } from '../../../server/db/prepare';
import type { Database } from '../../../server/db/schema';
import { keptStatementCount, TEXTS_KEPT } from '../../../server/db/prepared';
import { listPage, readListQuery, type ListSource } from '../../../server/kit/listQuery';
import {
  countedColumns,
  countedValues,
  modelCounts,
  prepareLists,
  searchLexemes,
  wantedIndexes,
  type ListTable,
} from '../../../server/kit/listSupport';
import { prng } from '../suppliersSupport';
import { startsAWord } from '../support/startsAWord';
import * as identifierStarts from '../../../server/db/migrations/2026_11_29_0100_identifier_starts';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// The list query's speed must not change its answers: counts read from the counts model are the rows' own counts,
// a capped count says so, a page past the first holds the rows a single long page would, and start-up keeps each
// table's indexes and counting trigger as its list declares them.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const LISTS = listTables();
const any = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** The counts of every tab, counted over the rows themselves. */
async function rowCounts(list: ListTable, where: Record<string, string>): Promise<Record<string, number>> {
  // A derived tab (an activity's state by the clock) is no column of the table, and is not counted ahead.
  const tab = list.spec.tabs && !list.spec.tabs.derived ? list.spec.tabs.column : undefined;
  const conditions = Object.entries(where).map(([c, v]) => sql`${sql.ref(c)}::text = ${v}`);
  const rows = await sql<{ tab: string | null; n: number }>`
    select ${tab ? sql.ref(tab) : sql`null`}::text as tab, count(*)::int as n from ${sql.table(list.table)}
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``} group by 1`.execute(t.db);
  const counts: Record<string, number> = { [ALL_TAB]: 0 };
  for (const value of list.spec.tabs?.values ?? []) counts[value] = 0;
  for (const row of rows.rows) {
    counts[ALL_TAB] += Number(row.n);
    if (row.tab !== null && row.tab in counts) counts[row.tab] += Number(row.n);
  }
  return counts;
}

describe('list counts', () => {
  it('covers every list with a tab column or an exact-match filter', () => {
    expect(LISTS.map((l) => l.table)).toEqual([
      'service_cities',
      'suppliers',
      'projects',
      'customers',
      'orders',
      'renewals',
      'refunds',
      'notices',
      'feedback',
      'activities',
      'channels',
      'certifications',
    ]);
    expect(countedColumns(SUPPLIER_LIST)).toEqual(['state', 'audit_state', 'city', 'is_enabled']);
  });

  it('equal the rows’ own counts under random combinations of exact-match filters, on every list', async () => {
    const random = prng(20261124);
    let nonEmpty = 0;
    for (const list of LISTS) {
      const filterColumns = countedColumns(list.spec).filter((c) => c !== list.spec.tabs?.column);
      const values: Record<string, string[]> = {};
      for (const column of filterColumns) values[column] = await countedValues(t.db, list, column);
      for (let round = 0; round < 12; round++) {
        const where: Record<string, string> = {};
        for (const column of filterColumns) {
          const choices = values[column]!;
          if (choices.length && random() < 0.6)
            where[column] = choices[Math.floor(random() * choices.length)]!;
        }
        const expected = await rowCounts(list, where);
        expect(await modelCounts(t.db, list, where), `${list.table} ${JSON.stringify(where)}`).toEqual(
          expected,
        );
        if (expected[ALL_TAB]! > 0) nonEmpty++;
      }
    }
    // The demo data gave the comparisons something to count.
    expect(nonEmpty).toBeGreaterThan(40);
  });

  it('refuses to count by a column the list does not count', async () => {
    const suppliers = LISTS.find((l) => l.table === 'suppliers')!;
    await expect(modelCounts(t.db, suppliers, { name: 'x' })).rejects.toThrow(/not a counted column/);
    await expect(countedValues(t.db, suppliers, 'mobile')).rejects.toThrow(/not a counted column/);
  });

  it('follow a command in its own transaction, and a rollback leaves them as they were', async () => {
    const suppliers = LISTS.find((l) => l.table === 'suppliers')!;
    const before = await modelCounts(t.db, suppliers, {});
    const row = await any(t.db)
      .selectFrom('suppliers')
      .select(['id', 'state'])
      .where('state', '=', 'resting')
      .executeTakeFirstOrThrow();
    await t.db
      .transaction()
      .execute(async (trx) => {
        await any(trx)
          .updateTable('suppliers')
          .set({ state: 'taking_orders' })
          .where('id', '=', row.id)
          .execute();
        const inside = await modelCounts(trx, suppliers, {});
        expect(inside.resting).toBe(before.resting! - 1);
        expect(inside.taking_orders).toBe(before.taking_orders! + 1);
        expect(inside[ALL_TAB]).toBe(before[ALL_TAB]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await modelCounts(t.db, suppliers, {})).toEqual(before);
  });
});

interface Searchable {
  id: number;
  state: string | null;
  name: string;
  real_name: string | null;
  mobile: string;
  id_card_no: string | null;
}

/** Every supplier with what the search reads, in the order asked. */
const searchable = async (where = sql`true`) =>
  (
    await sql<Searchable>`select id, state, name, real_name, mobile, id_card_no from suppliers where ${where}`.execute(
      t.db,
    )
  ).rows;

/** What the supplier list's search for "1" finds: a word of a name starting with it, or a mobile or ID number. */
const matchesOne = (r: Searchable) =>
  startsAWord(r.name, '1') ||
  startsAWord(r.real_name, '1') ||
  r.mobile.startsWith('1') ||
  !!r.id_card_no?.startsWith('1');

describe('word search', () => {
  const cases: Array<[string, string, boolean]> = [
    ["Li Xintao's Home Cleaning", 'li xintao', true],
    ["Li Xintao's Home Cleaning", 'CLEAN', true],
    ["Li Xintao's Home Cleaning", "li xintao's home cleaning", true],
    ["Li Xintao's Home Cleaning", "'s home", true], // no word starts with the apostrophe: from the s
    ["Li Xintao's Home Cleaning", 'leaning', false],
    ["Li Xintao's Home Cleaning", 'xintao home', false],
    ['张三家政服务', '家政', true],
    ['张三家政服务', '服务', true],
    ['张三家政服务', '李', false],
    ['阿姨ABC到家', 'abc到', true],
    ['Store 88, unit 7', '88', true],
    ['Store88', '88', false],
    ["O'Brien \\ Sons: 50% & more!", "o'brien \\ sons: 50% & more!", true],
    ["O'Brien \\ Sons", 'brien', true],
    ['Anything', '   ', false],
    ['Anything', '%', false],
  ];

  it.each(cases)('%s: %s → %s', async (value, term, expected) => {
    const row = await sql<{ hit: boolean | null }>`
      select list_search_lexemes(array[${value}]::text[], array[]::text[]) @@ list_word_query(${term}) as hit`.execute(
      t.db,
    );
    expect(row.rows[0]!.hit ?? false).toBe(expected);
    // The tests' own reading of a word start agrees.
    expect(startsAWord(value, term)).toBe(expected);
  });

  it.each([
    ['13912345678', '139', true],
    ['13912345678', '12345678', false],
    ['11010119800101123X', '11010119800101123x', true],
    ['SO-2026-0001', 'so-2026', true],
    ['SO-2026-0001', '2026', false],
    ['13912345678', '1', true],
    ['13912345678', '139123456', true],
    ['13912345678', '3912', false],
    ['AB', 'a', true],
  ] as Array<[string, string, boolean]>)('identifier %s: %s → %s', async (value, term, expected) => {
    const row = await sql<{ hit: boolean | null }>`
      select list_search_lexemes(array['Name']::text[], array[null, ${value}]::text[]) @@ list_word_query(${term}) as hit`.execute(
      t.db,
    );
    expect(row.rows[0]!.hit ?? false).toBe(expected);
  });

  it("holds an identifier's first 1 to 8 characters as entries of their own, for the planner's statistics", async () => {
    const row = await sql<{ entries: string[] }>`
      select tsvector_to_array(list_search_lexemes(array['Li']::text[], array['13912345678', null, 'AB', '']::text[]))
        as entries`.execute(t.db);
    expect([...row.rows[0]!.entries].sort()).toEqual(
      [
        '1',
        '13',
        '139',
        '1391',
        '13912',
        '139123',
        '1391234',
        '13912345',
        '13912345678',
        'a',
        'ab',
        'li',
      ].sort(),
    );
  });

  it('makes the search indexes again when the entries change, and answers as before', async () => {
    const entries = async () =>
      (
        await sql<{ entries: string[] }>`
          select tsvector_to_array(list_search_lexemes(array[]::text[], array['139']::text[])) as entries`.execute(
          t.db,
        )
      ).rows[0]!.entries;
    const file = async () =>
      (
        await sql<{ file: number }>`
          select pg_relation_filenode('list_suppliers_search'::regclass)::int as file`.execute(t.db)
      ).rows[0]!.file;
    const first = (
      await sql<{ mobile: string; id_card_no: string }>`
        select mobile, id_card_no from suppliers order by id limit 1`.execute(t.db)
    ).rows[0]!;
    const terms = [
      '1',
      '13',
      '1391',
      '13910',
      first.mobile.slice(0, 9),
      first.mobile,
      first.id_card_no.slice(0, 4),
      first.id_card_no.slice(0, 9),
      'zhang',
    ];
    // Each term's rows as the search index finds them: with no scan of the table or walk of another index, a bitmap
    // of the search index is the only way left (the demo data is small enough for the planner to scan).
    const answers = () =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_indexscan = off`.execute(trx);
        const found: Record<string, number[]> = {};
        for (const term of terms) {
          const { rows } = await sql<{ id: number }>`
            select id from suppliers where ${sql.raw(searchLexemes(SUPPLIER_LIST)!)} @@ list_word_query(${term})
            order by id`.execute(trx);
          found[term] = rows.map((r) => r.id);
        }
        return found;
      });
    const total = Number(
      (await sql<{ n: number }>`select count(*)::int as n from suppliers`.execute(t.db)).rows[0]!.n,
    );
    const before = { file: await file(), answers: await answers() };
    // The terms tell rows apart: some find a few of them, not none and not all.
    expect(Object.values(before.answers).some((ids) => ids.length > 0 && ids.length < total)).toBe(true);
    let applied = false;
    try {
      await identifierStarts.down(t.db);
      expect(await entries()).toEqual(['139']);
      expect(await file()).not.toBe(before.file);
      expect(await answers()).toEqual(before.answers);
      const between = await file();
      await identifierStarts.up(t.db);
      expect([...(await entries())].sort()).toEqual(['1', '13', '139']);
      applied = true;
      expect(await file()).not.toBe(between);
      expect(await answers()).toEqual(before.answers);
    } finally {
      // Whatever failed, the later tests find the migration applied (up again: it replaces and makes again).
      if (!applied) await identifierStarts.up(t.db);
    }
  });

  it('can read a search from its index (the demo data is too small for the planner to choose it)', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from suppliers
        where ${sql.raw(searchLexemes(SUPPLIER_LIST)!)} @@ list_word_query('zhang')`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('list_suppliers_search');
  });
});

describe('the list query', () => {
  const suppliers = { table: 'suppliers' };
  const query = (q: Record<string, string>) => readListQuery(SUPPLIER_LIST, q, undefined);

  it('searches a list with both word and substring columns in either', async () => {
    const spec: ListSpec = {
      ...SUPPLIER_LIST,
      search: { words: ['name'], columns: ['bio'], prefix: ['mobile'], maxLength: 100 },
    };
    const row = await t.db
      .selectFrom('suppliers')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const found = await t.db
      .transaction()
      .execute(async (trx) => {
        await any(trx)
          .updateTable('suppliers')
          .set({ bio: 'Fixes Dishwashers' })
          .where('id', '=', row.id)
          .execute();
        const ids = async (q: string) =>
          (await listPage(trx, spec, suppliers, readListQuery(spec, { q }, undefined))).items.map(
            (r) => r.id,
          );
        const answer = { inBio: await ids('ishwash'), inName: await ids(row.name.split(' ')[0]!) };
        throw Object.assign(new Error('roll back'), { answer });
      })
      .catch((e: { answer?: Record<string, unknown[]> }) => e.answer);
    expect(found?.inBio).toEqual([row.id]);
    expect(found?.inName).toContain(row.id);
  });

  it('reads a search typed in full-width forms as the ASCII they stand for', async () => {
    const row = await t.db
      .selectFrom('suppliers')
      .select(['id', 'mobile', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // ASCII letters and digits in their full-width forms (what a Chinese input method types), the rest as it is.
    const full = (text: string) =>
      text
        .replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))
        .replaceAll(' ', '\u3000');
    const ids = async (q: string) =>
      (await listPage(t.db, SUPPLIER_LIST, suppliers, query({ q }))).items.map((r) => r.id);
    const word = row.name.split(' ')[0]!;
    expect(full(row.mobile)).not.toBe(row.mobile);
    expect(await ids(full(row.mobile))).toEqual([row.id]);
    expect(await ids(full(row.mobile.slice(0, 5)))).toEqual(await ids(row.mobile.slice(0, 5)));
    expect(await ids(full(word))).toEqual(await ids(word));
    expect(await ids(full(word))).toContain(row.id);
    // Only a term wholly of letters, digits and spaces: text with Chinese in it is searched as written, as stored
    // text keeps its full-width punctuation and digits ("准时，服务", "３号楼").
    expect(halfWidth('１３８ ００')).toBe('138 00');
    expect(halfWidth('准时，服务')).toBe('准时，服务');
    expect(halfWidth('３号楼')).toBe('３号楼');
  });

  it('counts a search over the rows, up to the cap, and says when it stopped there', async () => {
    const all = await rowCounts({ table: 'suppliers', spec: SUPPLIER_LIST }, {});
    const exact = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ q: '1' }));
    const matching = (await searchable()).filter(matchesOne);
    expect(exact.capped).toBeUndefined();
    expect(exact.total).toBe(matching.length);
    expect(exact.counts!.resting).toBe(matching.filter((r) => r.state === 'resting').length);
    expect(matching.length).toBeGreaterThan(6);
    expect(matching.length).toBeLessThan(all[ALL_TAB]! + 1);

    const capped = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ q: '1' }), { countCap: 5 });
    expect(capped.capped).toBe(true);
    expect(capped.total).toBe(5);
    expect(capped.counts![ALL_TAB]).toBe(5);
    // A tab under the cap is counted on its own: its pages are right.
    const restingMatches = matching.filter((r) => r.state === 'resting').length;
    const tab = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ q: '1', tab: 'resting' }), {
      countCap: restingMatches,
    });
    expect(tab.total).toBe(restingMatches);
    expect(tab.items.every((s) => s.state === 'resting')).toBe(true);
  });

  it('pages a search in its order, by number and from a cursor, under the cap and over it', async () => {
    const matching = async (sort: string, order: string, tab: string) => {
      const column = sql.ref(sort); // the supplier list sorts by columns of the same names
      const dir = sql.raw(order);
      const inTab = tab === ALL_TAB ? sql`true` : sql`state = ${tab}`;
      return (await searchable(sql`${inTab} order by ${column} ${dir}, id ${dir}`))
        .filter(matchesOne)
        .map((r) => r.id);
    };
    for (const sort of Object.keys(SUPPLIER_LIST.sorts)) {
      for (const order of ['asc', 'desc']) {
        for (const tab of [ALL_TAB, 'taking_orders']) {
          const expected = await matching(sort, order, tab);
          expect(expected.length).toBeGreaterThan(6);
          // page_size 3 under a count of 1 (a walk of 4 rows): page 2 finds 1 of its 3 rows in the walk (a partial
          // walk must fall back); page_size 5 is more than the walk holds, so every page, from a cursor too, falls back.
          for (const [countCap, size] of [
            [10_000, 2],
            [4, 2],
            [1, 2],
            [1, 3],
            [1, 5],
          ] as const) {
            const label = `${sort} ${order} ${tab} cap ${countCap} size ${size}`;
            const paged: unknown[] = [];
            let after: string | undefined;
            let previous: unknown[] = [];
            for (let page = 1; page <= 3; page++) {
              const q = { q: '1', sort, order, tab, page_size: String(size), page: String(page) };
              const one = await listPage(t.db, SUPPLIER_LIST, suppliers, query(q), { countCap });
              const ids = one.items.map((r) => r.id);
              paged.push(...ids);
              if (after) {
                const next = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ ...q, after }), {
                  countCap,
                });
                expect(
                  next.items.map((r) => r.id),
                  `${label} after`,
                ).toEqual(ids);
                // And back: the previous page from this one's `before` cursor.
                if (one.cursors) {
                  const back = { ...q, page: String(page - 1), before: one.cursors.before };
                  const prev = await listPage(t.db, SUPPLIER_LIST, suppliers, query(back), { countCap });
                  expect(
                    prev.items.map((r) => r.id),
                    `${label} before`,
                  ).toEqual(previous);
                }
              }
              after = one.cursors?.after;
              previous = ids;
            }
            expect(paged, label).toEqual(expected.slice(0, 3 * size));
          }
        }
      }
    }
  });

  it('reads the counts model when only exact-match filters are set', async () => {
    const list = { table: 'suppliers', spec: SUPPLIER_LIST };
    const page = await listPage(
      t.db,
      SUPPLIER_LIST,
      suppliers,
      query({ audit_state: 'pass', tab: 'resting' }),
    );
    expect(page.counts).toEqual(await rowCounts(list, { audit_state: 'pass' }));
    expect(page.total).toBe(page.counts!.resting);
    // Exact, never "at least".
    expect(page.capped).toBeUndefined();
    // Read with the rows of a page past the first, of one from a cursor, and on their own for a page without rows.
    const later = { audit_state: 'pass', tab: 'resting', page_size: '1' };
    const second = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ ...later, page: '2' }));
    const next = await listPage(
      t.db,
      SUPPLIER_LIST,
      suppliers,
      query({ ...later, page: '3', after: second.cursors!.after }),
    );
    const beyond = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ ...later, page: '9999' }));
    expect(second.items).toHaveLength(1);
    expect(next.items).toHaveLength(1);
    expect(beyond.items).toEqual([]);
    for (const other of [second, next, beyond]) {
      expect(other.counts).toEqual(page.counts);
    }
    // The model answered: a count it holds differently from the rows shows through (then put back).
    await sql`update list_counts set n = n + 1000 where list = 'suppliers' and dims ->> 'state' = 'resting'
      and dims ->> 'audit_state' = 'pass' and n > 0`.execute(t.db);
    const skewed = await listPage(
      t.db,
      SUPPLIER_LIST,
      suppliers,
      query({ audit_state: 'pass', tab: 'resting' }),
    );
    await sql`update list_counts set n = n - 1000 where list = 'suppliers' and n >= 1000`.execute(t.db);
    expect(skewed.total).toBeGreaterThanOrEqual(page.total + 1000);
  });

  it('answers a counted first page asked again, under each value it is built from, as a list asked the first time', async () => {
    const [city, otherCity] = await countedValues(t.db, { table: 'suppliers', spec: SUPPLIER_LIST }, 'city');
    const asks: Record<string, string>[] = [
      {},
      { tab: 'resting' },
      { tab: 'servicing', sort: 'created_at' },
      { sort: 'order_num' },
      { order: 'desc' },
      { page_size: '3' },
      { city: city! },
      { city: otherCity! },
      { city: city!, audit_state: 'pass' },
      { is_enabled: 'false' },
    ];
    const answers: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (const ask of asks) {
        // `suppliers` is the same source every time (its statements kept); a new one builds its own.
        const kept = await listPage(t.db, SUPPLIER_LIST, suppliers, query(ask));
        const fresh = await listPage(t.db, SUPPLIER_LIST, { table: 'suppliers' }, query(ask));
        expect(kept, JSON.stringify(ask)).toEqual(fresh);
        if (round === 0) answers.push(JSON.stringify(kept.items.map((r) => r.id)));
      }
    }
    // Every ask answers rows of its own: a statement kept under too short a key would answer another's.
    expect(new Set(answers).size).toBe(asks.length);
    // Another list of the same table, or another source of it, asked the same: statements of their own.
    const narrow = await listPage(t.db, { ...SUPPLIER_LIST, items: ['id', 'name'] }, suppliers, query({}));
    expect(Object.keys(narrow.items[0]!).sort()).toEqual(['id', 'list_counts', 'list_key', 'name']);
    const named: ListSource = { table: 'suppliers', itemColumns: { name: () => sql<string>`'named'` } };
    const more = await listPage(t.db, SUPPLIER_LIST, named, query({}));
    expect(more.items[0]!.name).toBe('named');
  });

  it('answers a search from its starts and a page from a cursor, asked again under each value they are built from, as a list asked the first time', async () => {
    const asks: Record<string, string>[] = [
      { q: 'Home' },
      { q: 'Nanny' },
      { q: 'Home', tab: 'resting' },
      { q: 'Care', order: 'desc' },
      { q: 'Plumbing', page_size: '2', page: '2' },
      { q: '1391', page_size: '3' },
      {},
      { tab: 'resting', page_size: '3' },
      { sort: 'created_at', order: 'desc', page_size: '4' },
      { page_size: '5', page: '2' },
    ];
    // Over the cap (2) the page is walked to; under it every match is counted and the page read with them (in this
    // order: a statement kept for the first, asked under the second, would read no rows).
    for (const countCap of [2, 10_000]) {
      const answers = new Set<string>();
      for (let round = 0; round < 2; round++) {
        for (const ask of asks) {
          const label = `${JSON.stringify(ask)} cap ${countCap}`;
          // `suppliers` is the same source every time (its statements kept); a new one builds its own.
          const pageOf = (source: ListSource, from: Record<string, string> = {}) =>
            listPage(t.db, SUPPLIER_LIST, source, query({ ...ask, ...from }), { countCap });
          const kept = await pageOf(suppliers);
          expect(kept, label).toEqual(await pageOf({ table: 'suppliers' }));
          if (round === 0) answers.add(JSON.stringify(kept.items.map((r) => r.id)));
          // From its cursors: the page after it, and the page before it (after the first).
          for (const [direction, cursor] of Object.entries(kept.cursors ?? {})) {
            const page = kept.page + (direction === 'after' ? 1 : -1);
            if (page < 1) continue;
            const from = { [direction]: cursor, page: String(page) };
            const read = await pageOf(suppliers, from);
            expect(read, `${label} ${direction}`).toEqual(await pageOf({ table: 'suppliers' }, from));
          }
        }
      }
      // Rows of their own: a statement kept under too short a key would answer another ask's.
      expect(answers.size, `cap ${countCap}`).toBe(asks.length);
    }
  });

  it("keeps a search's statements, a page's from a cursor and one's from the page blocks, and sends them again", async () => {
    // The statements kept for a source of its own, as each ask adds them.
    const source: ListSource = { table: 'suppliers' };
    const added = async (
      ask: Record<string, string>,
      options: { countCap?: number; placeEvery?: number } = {},
    ) => {
      const before = keptStatementCount();
      const page = await listPage(t.db, SUPPLIER_LIST, source, query(ask), options);
      return { page, added: keptStatementCount() - before };
    };
    // Far from the bound past which every kept statement is forgotten (a count that went back to 0 would mislead).
    expect(keptStatementCount()).toBeLessThan(TEXTS_KEPT - 20);
    // A search counted from its starts, with its page's rows: one statement, then the same for every term.
    expect((await added({ q: 'Home' })).added).toBe(1);
    expect((await added({ q: 'Nanny' })).added).toBe(0);
    // Over the cap: the count (its rows not read), and the walk to the page (within 4 × the cap: `walkMayHold`).
    expect((await added({ q: 'Home', page_size: '2' }, { countCap: 2 })).added).toBe(2);
    expect((await added({ q: 'Care', page_size: '2' }, { countCap: 2 })).added).toBe(0);
    // The first page, and pages from its cursors: one for each direction.
    const first = await added({ page_size: '5' });
    expect(first.added).toBe(1);
    const second = await added({ page_size: '5', page: '2', after: first.page.cursors!.after });
    expect(second.added).toBe(1);
    expect((await added({ page_size: '5', page: '3', after: second.page.cursors!.after })).added).toBe(0);
    expect((await added({ page_size: '5', page: '1', before: second.page.cursors!.before })).added).toBe(1);
    // Pages by their number from the page blocks.
    expect((await added({ page_size: '5', page: '2' }, { placeEvery: 1 })).added).toBe(1);
    expect((await added({ page_size: '5', page: '4' }, { placeEvery: 1 })).added).toBe(0);
  });

  it('gives the rows of one long page, page after page, under every sort and order', async () => {
    for (const sort of Object.keys(SUPPLIER_LIST.sorts)) {
      for (const order of ['asc', 'desc']) {
        for (const tab of [ALL_TAB, 'taking_orders']) {
          const long = await listPage(
            t.db,
            SUPPLIER_LIST,
            suppliers,
            query({ sort, order, tab, page_size: '30' }),
          );
          const paged: unknown[] = [];
          for (let page = 1; page <= 10; page++) {
            const one = await listPage(
              t.db,
              SUPPLIER_LIST,
              suppliers,
              query({ sort, order, tab, page_size: '3', page: String(page) }),
            );
            paged.push(...one.items.map((r) => r.id));
          }
          expect(paged, `${sort} ${order} ${tab}`).toEqual(long.items.map((r) => r.id));
        }
      }
    }
  });

  it('reads a cursor only for the reader it was answered for: another reader’s part of the list pages by number', async () => {
    const { city } = await t.db
      .selectFrom('suppliers')
      .select('city')
      .groupBy('city')
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .executeTakeFirstOrThrow();
    const scoped: ListSource = { table: 'suppliers', scope: { column: 'city', value: city } };
    const first = await listPage(t.db, SUPPLIER_LIST, suppliers, query({ page_size: '2' }));
    const after = first.cursors!.after;
    const page2 = { page_size: '2', page: '2', after };
    // The whole list's cursor, read as the whole list's: a place among its rows.
    expect(readListQuery(SUPPLIER_LIST, page2, undefined).cursor).toBeDefined();
    // Read for a reader who sees one city only, it is no place among their rows: ignored, their page 2 by number.
    const mine = readListQuery(SUPPLIER_LIST, page2, scoped.scope);
    expect(mine.cursor).toBeUndefined();
    const byNumber = await listPage(
      t.db,
      SUPPLIER_LIST,
      scoped,
      readListQuery(SUPPLIER_LIST, { page_size: '2', page: '2' }, scoped.scope),
    );
    expect((await listPage(t.db, SUPPLIER_LIST, scoped, mine)).items).toEqual(byNumber.items);
    // Their own cursor is theirs to read.
    const own = (
      await listPage(
        t.db,
        SUPPLIER_LIST,
        scoped,
        readListQuery(SUPPLIER_LIST, { page_size: '2' }, scoped.scope),
      )
    ).cursors!.after;
    expect(readListQuery(SUPPLIER_LIST, { ...page2, after: own }, scoped.scope).cursor).toBeDefined();
  });

  it('asks every caller for the reader’s part of the list: leaving it out does not compile (npm run typecheck)', () => {
    // @ts-expect-error the scope is required; `undefined` says the reader sees the whole list.
    expect(readListQuery(SUPPLIER_LIST, { page: '2' }).page).toBe(2);
  });
});

describe('start-up', () => {
  const indexes = async (table: string) =>
    (
      await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
        where schemaname = current_schema() and tablename = ${table}`.execute(t.db)
    ).rows;

  it('makes a sort index per sort and the search indexes each kind of search column wants', async () => {
    const defs = (await indexes('suppliers')).map((i) => i.def);
    for (const key of [
      '(created_at, id)',
      '(order_num, id)',
      '(ranking, id)',
      '(state, ranking, id)',
      '(city, ranking, id)',
    ]) {
      expect(
        defs.some((d) => d.endsWith(`USING btree ${key}`)),
        key,
      ).toBe(true);
    }
    // Names and identifiers in one search index; no btree of their own.
    const search = (await indexes('suppliers')).find((i) => i.name === 'list_suppliers_search');
    expect(search?.def).toMatch(
      /USING gin \(list_search_lexemes\(ARRAY\[name, real_name\], ARRAY\[mobile, id_card_no\]\)\)/,
    );
    expect(defs.filter((d) => d.includes('text_pattern_ops'))).toEqual([]);
    // A list without word search: a prefix btree per identifier (feedback's order number), a trigram index per
    // substring column (a project's summary).
    expect((await indexes('feedback')).map((i) => i.def)).toContainEqual(
      expect.stringMatching('USING btree \\(order_no text_pattern_ops\\)$'),
    );
    expect((await indexes('projects')).map((i) => i.def)).toContainEqual(
      expect.stringMatching('USING gin \\(summary [a-z_]*\\.?gin_trgm_ops\\)'),
    );
    // The migration's own ranking index serves that sort: no second one.
    expect(defs.filter((d) => d.endsWith('USING btree (ranking, id)'))).toHaveLength(1);
  });

  it('refuses a list whose indexes would take one name for two keys; one index wanted for two reasons carries what each wants', () => {
    const list = (spec: ListSpec) => wantedIndexes({ table: 'suppliers', spec }, null);
    // A sort whose column is named like the city filter's index in the default order.
    const clashing = { ...SUPPLIER_LIST, sorts: { ...SUPPLIER_LIST.sorts, city_ranking: { order: 'asc' } } };
    expect(() => list(clashing as ListSpec)).toThrow(
      'suppliers: two indexes named list_suppliers_city_ranking, btree on (city_ranking, id) and btree on (city, ranking, id)',
    );
    // A range filter on the created-time sort's column: one index, that sort's, carrying the range's columns.
    const ranged = {
      ...SUPPLIER_LIST,
      filters: { ...SUPPLIER_LIST.filters, created: { kind: 'range', type: 'date', column: 'created_at' } },
    };
    const wanted = list(ranged as ListSpec);
    expect(wanted.get('list_suppliers_created_at')).toEqual({
      using: 'btree',
      key: 'created_at, id',
      include: ['state', 'ranking', 'audit_state', 'is_enabled'],
    });
    // An id filter and a text filter on one column want one index in the default order: whichever is declared last,
    // it carries what the id filter's counting reads.
    const idAndText = (order: 'id first' | 'text first') => {
      const id = { kind: 'id', column: 'city' };
      const text = { kind: 'text' };
      const filters = order === 'id first' ? { owner: id, city: text } : { city: text, owner: id };
      return list({ ...SUPPLIER_LIST, filters } as ListSpec).get('list_suppliers_city_ranking');
    };
    for (const order of ['id first', 'text first'] as const) {
      expect(idAndText(order), order).toEqual({
        using: 'btree',
        key: 'city, ranking, id',
        include: ['state'],
      });
    }
  });

  it("makes every text filter (a city) its index in the list's default order", async () => {
    const texts = LISTS.flatMap(({ table, spec }) =>
      Object.entries(spec.filters)
        .filter(([, f]) => f.kind === 'text')
        .map(([name, f]) => {
          const sort = spec.sorts[spec.defaultSort]!;
          return [table, `(${f.column ?? name}, ${sort.column ?? spec.defaultSort}, id)`] as const;
        }),
    );
    expect(texts.map(([table]) => table).sort()).toEqual([
      'customers',
      'orders',
      'refunds',
      'renewals',
      'suppliers',
    ]);
    for (const [table, key] of texts) {
      const defs = (await indexes(table)).map((i) => i.def);
      expect(
        defs.some((d) => d.endsWith(`USING btree ${key}`)),
        `${table} ${key}`,
      ).toBe(true);
    }
  });

  it('leaves no plain index whose key another index of its table starts with (each costs every write an entry)', async () => {
    const all = (
      await sql<{ table: string; name: string; def: string }>`select tablename as table, indexname as name,
        indexdef as def from pg_indexes where schemaname = current_schema()`.execute(t.db)
    ).rows;
    // A plain btree: not unique (a constraint), not partial, no included columns; its key's columns.
    const keyOf = (def: string) => /^CREATE INDEX .* USING btree \(([^()]*)\)$/.exec(def)?.[1]?.split(', ');
    const prefixes = all.flatMap((index) => {
      const key = keyOf(index.def);
      if (!key) return [];
      return all
        .filter((other) => other !== index && other.table === index.table)
        .filter((other) => {
          const wider = /USING btree \(([^()]*)\)/.exec(other.def)?.[1]?.split(', ') ?? [];
          return wider.length > key.length && key.every((column, i) => wider[i] === column);
        })
        .map((other) => `${index.name} → ${other.name}`);
    });
    expect(prefixes).toEqual([]);
  });

  it('makes each range filter index carry the tab, the default sort column and the few-valued filters, and remakes one made without', async () => {
    const covering = async () =>
      (await indexes('orders'))
        .filter((i) => ['list_orders_created_at', 'list_orders_amount_fen'].includes(i.name))
        .map((i) => i.def.replace(/^.* USING /, ''))
        .sort();
    const wanted = [
      'btree (amount_fen, id) INCLUDE (fulfilment, created_at, payment, was_refused)',
      'btree (created_at, id) INCLUDE (fulfilment, payment, was_refused)',
    ];
    expect(await covering()).toEqual(wanted);
    // As a server before this change left it: the sort index of the same name, carrying nothing.
    await sql`drop index list_orders_amount_fen`.execute(t.db);
    await sql`create index list_orders_amount_fen on orders (amount_fen, id)`.execute(t.db);
    await prepareLists(t.db, LISTS);
    expect(await covering()).toEqual(wanted);
    // The migrations' plain (created_at, id) indexes are gone where the list's own one serves: one index per key.
    for (const table of ['orders', 'customers', 'renewals', 'refunds']) {
      const defs = (await indexes(table)).map((i) => i.def);
      expect(
        defs.filter((d) => d.includes('USING btree (created_at, id)')),
        table,
      ).toHaveLength(1);
    }
  });

  it('makes each id filter an index in the default order carrying the tab and the few-valued filters, in place of the plain ones', async () => {
    const keys = async (table: string) => (await indexes(table)).map((i) => i.def.replace(/^.* USING /, ''));
    const orders = await keys('orders');
    for (const column of ['project_id', 'customer_id', 'supplier_id']) {
      expect(orders, column).toContain(
        `btree (${column}, created_at, id) INCLUDE (fulfilment, payment, was_refused)`,
      );
      expect(
        orders.filter((k) => k.startsWith(`btree (${column}`)),
        column,
      ).toHaveLength(1);
    }
    // A refund list is always asked for one kind (/order/refund, /order/renewandrefund): its counts read the index alone.
    for (const column of ['order_id', 'project_id']) {
      expect(await keys('refunds')).toContain(
        `btree (${column}, created_at, id) INCLUDE (state, kind, requested_by)`,
      );
    }
    expect(await keys('renewals')).toContain('btree (order_id, created_at, id) INCLUDE (state)');
    expect((await keys('refunds')).filter((k) => k.startsWith('btree (order_id'))).toHaveLength(1);
    // Every list's id filters have theirs: a member's certifications, in place of its migration's plain index.
    const certifications = await keys('certifications');
    expect(certifications).toContain('btree (applicant_id, created_at, id) INCLUDE (state)');
    expect(certifications.filter((k) => k.startsWith('btree (applicant_id'))).toHaveLength(1);
  });

  it('makes every GIN index take writes at once (no pending list), and switches one made otherwise', async () => {
    const gin = async () =>
      (
        await sql<{
          name: string;
          options: string[] | null;
        }>`select c.relname as name, c.reloptions as options
          from pg_index x join pg_class c on c.oid = x.indexrelid join pg_am a on a.oid = c.relam
          where x.indrelid = 'suppliers'::regclass and a.amname = 'gin'`.execute(t.db)
      ).rows;
    const before = await gin();
    expect(before.length).toBeGreaterThan(0);
    for (const index of before) expect(index.options, index.name).toContain('fastupdate=off');
    await sql`alter index ${sql.id(before[0]!.name)} set (fastupdate = on)`.execute(t.db);
    await prepareLists(t.db, [{ table: 'suppliers', spec: SUPPLIER_LIST }]);
    for (const index of await gin()) expect(index.options, index.name).toContain('fastupdate=off');
  });

  it('drops a list index the list no longer declares and re-counts when the counted columns change', async () => {
    await sql`create index list_suppliers_bio on suppliers (bio)`.execute(t.db);
    const withoutCity: ListSpec = {
      ...SUPPLIER_LIST,
      filters: {
        audit_state: SUPPLIER_LIST.filters.audit_state,
        is_enabled: SUPPLIER_LIST.filters.is_enabled,
      },
    };
    const list = { table: 'suppliers', spec: withoutCity };
    await prepareLists(t.db, [list]);
    expect((await indexes('suppliers')).map((i) => i.name)).not.toContain('list_suppliers_bio');
    const keys = await sql<{
      dims: Record<string, string>;
    }>`select dims from list_counts where list = 'suppliers'`.execute(t.db);
    expect(keys.rows.every((r) => !('city' in r.dims) && 'audit_state' in r.dims)).toBe(true);
    expect(await modelCounts(t.db, list, { audit_state: 'pass' })).toEqual(
      await rowCounts(list, { audit_state: 'pass' }),
    );
    // Back to the declared list: the city is counted again, and the counts are right.
    const declared = { table: 'suppliers', spec: SUPPLIER_LIST };
    await prepareLists(t.db, [declared]);
    const city = (await countedValues(t.db, declared, 'city'))[0]!;
    expect(await modelCounts(t.db, declared, { city })).toEqual(await rowCounts(declared, { city }));
  });

  it('analyses a table once it made an index over an expression, so the planner knows its values', async () => {
    const statistics = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_stats
          where schemaname = current_schema() and tablename = 'list_suppliers_search'`.execute(t.db)
      ).rows[0]!.n;
    await sql`drop index list_suppliers_search`.execute(t.db);
    expect(await statistics()).toBe(0);
    await prepareLists(t.db, LISTS);
    expect(await statistics()).toBe(1);
  });
});
