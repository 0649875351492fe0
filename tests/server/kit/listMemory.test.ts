import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_TAB } from '../../../src/contract/list';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import type { Database } from '../../../server/db/schema';
import { listPage, readListQuery, type ListPage } from '../../../server/kit/listQuery';
import { cappedCounts, forgetLists, memoryGeneration } from '../../../server/kit/listMemory';
import { rolledBack } from '../support/rolledBack';
import { ADMIN, bearer, createTestApp, type TestApp } from '../support/testApp';

// What a list read learns at some cost is remembered for a few seconds (server/kit/listMemory.ts): a count that
// stopped at its cap, and where a deep page by number begins. Read again from memory until it is stale or this
// server takes a write; an exact count is counted every time.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());
beforeEach(() => forgetLists());

const COUNTS = { all: 3, resting: 1 };

/** The test database, forgetting what the lists remember as its first statement is sent (a write overtaking it). */
function overtaken(): Kysely<Database> {
  let first = true;
  return t.db.withPlugin({
    transformQuery: (args) => {
      if (first) forgetLists();
      first = false;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
}

describe('remembered counts', () => {
  it('are recalled while fresh (5 s) and forgotten after', () => {
    cappedCounts.remember('a', COUNTS, memoryGeneration(), 1_000);
    expect(cappedCounts.recall('a', 1_000)).toEqual(COUNTS);
    expect(cappedCounts.recall('a', 5_999)).toEqual(COUNTS);
    expect(cappedCounts.recall('b', 1_000)).toBeUndefined();
    expect(cappedCounts.recall('a', 6_000)).toBeUndefined();
    // Forgotten once stale, even if asked about at an earlier time again.
    expect(cappedCounts.recall('a', 1_000)).toBeUndefined();
  });

  it('are not remembered when forgotten while they were counted', () => {
    const since = memoryGeneration();
    forgetLists();
    cappedCounts.remember('a', COUNTS, since);
    expect(cappedCounts.recall('a')).toBeUndefined();
    cappedCounts.remember('a', COUNTS, memoryGeneration());
    expect(cappedCounts.recall('a')).toEqual(COUNTS);
  });

  it('are forgotten all at once, and the oldest of over 1,000', () => {
    for (let i = 0; i <= 1_000; i++) cappedCounts.remember(`k${i}`, COUNTS, memoryGeneration(), 1_000);
    expect(cappedCounts.recall('k0', 1_000)).toBeUndefined();
    expect(cappedCounts.recall('k1', 1_000)).toEqual(COUNTS);
    expect(cappedCounts.recall('k1000', 1_000)).toEqual(COUNTS);
    // Remembered again, a count is the newest: the next one over the limit forgets another.
    cappedCounts.remember('k1', COUNTS, memoryGeneration(), 1_000);
    cappedCounts.remember('k1001', COUNTS, memoryGeneration(), 1_000);
    expect(cappedCounts.recall('k1', 1_000)).toEqual(COUNTS);
    expect(cappedCounts.recall('k2', 1_000)).toBeUndefined();
    forgetLists();
    expect(cappedCounts.recall('k1001', 1_000)).toBeUndefined();
  });

  it('last as LIST_MEMORY_MS says: 5 s when empty, never at 0; a wrong value stops the start', async () => {
    const load = async (setting: string) => {
      vi.resetModules();
      vi.stubEnv('LIST_MEMORY_MS', setting);
      try {
        return await import('../../../server/kit/listMemory');
      } finally {
        vi.unstubAllEnvs();
      }
    };
    const unset = await load('');
    unset.cappedCounts.remember('a', COUNTS, unset.memoryGeneration(), 1_000);
    expect(unset.cappedCounts.recall('a', 5_999)).toEqual(COUNTS);
    expect(unset.cappedCounts.recall('a', 6_000)).toBeUndefined();
    const never = await load('0');
    never.cappedCounts.remember('a', COUNTS, never.memoryGeneration(), 1_000);
    // Not kept at all: not even asked about before the moment it was read.
    expect(never.cappedCounts.recall('a', 0)).toBeUndefined();
    const briefly = await load('100');
    briefly.cappedCounts.remember('a', COUNTS, briefly.memoryGeneration(), 1_000);
    expect(briefly.cappedCounts.recall('a', 1_099)).toEqual(COUNTS);
    expect(briefly.cappedCounts.recall('a', 1_100)).toBeUndefined();
    for (const wrong of ['-1', '1.5', 'five'])
      await expect(load(wrong)).rejects.toThrow(`Invalid LIST_MEMORY_MS: ${wrong}`);
  });

  it('are forgotten by any request but a read, a POST too unless its route only reads', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    cappedCounts.remember('a', COUNTS, memoryGeneration());
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/suppliers', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(cappedCounts.recall('a')).toEqual(COUNTS);
    // The console's POSTs that only read, at every sign-in and reload, say so on their routes.
    for (const url of ['/api/user/info', '/api/user/menu']) {
      const read = await t.app.inject({ method: 'POST', url, headers: bearer(token) });
      expect(read.statusCode, url).toBe(200);
      expect(cappedCounts.recall('a'), url).toEqual(COUNTS);
    }
    // A write refused is forgotten for too: whether it changed anything is not looked into.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: bearer(token),
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    expect(cappedCounts.recall('a')).toBeUndefined();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      cappedCounts.remember('a', COUNTS, memoryGeneration());
      const nowhere = await t.app.inject({ method, url: '/api/nowhere', headers: bearer(token) });
      expect(nowhere.statusCode).toBe(404);
      expect(cappedCounts.recall('a')).toBeUndefined();
    }
  });
});

describe('a list counted to its cap', () => {
  const source = { table: 'suppliers' };
  const page = (db: Kysely<Database>, query: Record<string, string>, countCap: number) =>
    listPage(db, SUPPLIER_LIST, source, readListQuery(SUPPLIER_LIST, query, undefined), { countCap });
  /** What a page says of its count. */
  const told = async (answer: Promise<ListPage<unknown>>) => {
    const { total, capped } = await answer;
    return { total, capped: capped === true };
  };

  /** A term some suppliers' names hold, and how many. */
  async function commonTerm(): Promise<{ q: string; n: number }> {
    const [row] = (
      await sql<{
        q: string;
        n: number;
      }>`select split_part(name, ' ', 1) as q, count(*)::int as n from suppliers
        group by 1 order by 2 desc, 1 limit 1`.execute(t.db)
    ).rows;
    expect(row!.n).toBeGreaterThan(2);
    return row!;
  }

  /** How many suppliers whose names begin with `q` are in `tab` (to 2). */
  const inTab = async (db: Kysely<Database>, q: string, tab: string) =>
    Math.min(
      2,
      Number(
        (
          await sql<{ n: number }>`select count(*)::int as n from suppliers
            where split_part(name, ' ', 1) = ${q} and state = ${tab}`.execute(db)
        ).rows[0]!.n,
      ),
    );

  /** Renames the suppliers whose names begin with `q` but the first away from it. */
  const renameAllButOne = (db: Kysely<Database>, q: string) =>
    sql`update suppliers set name = 'Renamed ' || id where split_part(name, ' ', 1) = ${q}
      and id <> (select min(id) from suppliers where split_part(name, ' ', 1) = ${q})`.execute(db);

  it('is remembered until forgotten, with its page read anew; an exact count is counted again', async () => {
    const { q, n } = await commonTerm();
    const first = await page(t.db, { q }, 2);
    expect(first).toMatchObject({ total: 2, capped: true });
    await rolledBack(t.db, async (trx) => {
      // The matches but one renamed away: the remembered count still says "at least 2"; the page is read anew.
      await renameAllButOne(trx, q);
      const remembered = await page(trx, { q }, 2);
      expect(remembered).toMatchObject({ total: 2, capped: true, counts: first.counts });
      expect(remembered.items).toHaveLength(1);
      // Another tab counts its own matches anew; every other figure is the search's, remembered.
      expect(await page(trx, { q, tab: 'resting' }, 2)).toMatchObject({
        capped: true,
        counts: { ...first.counts, resting: await inTab(trx, q, 'resting') },
      });
      // Another term, filter or reader's scope is another count.
      expect(await told(page(trx, { q: 'Nobody' }, 2))).toEqual({ total: 0, capped: false });
      expect(await told(page(trx, { q, city: 'Nowhere' }, 2))).toEqual({ total: 0, capped: false });
      const scoped = { table: 'suppliers', scope: { column: 'city', value: 'Nowhere' } };
      const query = readListQuery(SUPPLIER_LIST, { q }, scoped.scope);
      expect(await told(listPage(trx, SUPPLIER_LIST, scoped, query, { countCap: 2 }))).toEqual({
        total: 0,
        capped: false,
      });
      forgetLists();
      expect(await told(page(trx, { q }, 2))).toEqual({ total: 1, capped: false });
      // An exact count (a cap above the matches) is not remembered: the matches back, it says so.
      expect(await told(page(trx, { q }, 10))).toEqual({ total: 1, capped: false });
    });
    expect(await told(page(t.db, { q }, 10))).toEqual({ total: n, capped: false });
  });

  it("is every tab's: a page in another tab counts its own matches anew and takes the rest", async () => {
    const { q } = await commonTerm();
    // In the default sort the tab's own matches are counted from the search starts; in another, from its rows.
    for (const sort of [SUPPLIER_LIST.defaultSort, 'order_num'])
      for (const tab of SUPPLIER_LIST.tabs!.values) {
        forgetLists();
        const all = await page(t.db, { q, sort }, 2);
        expect(all.capped).toBe(true);
        await rolledBack(t.db, async (trx) => {
          // The matches but one renamed away: the tab shown says so, every other figure is the search's.
          await renameAllButOne(trx, q);
          const own = await inTab(trx, q, tab);
          expect(await page(trx, { q, sort, tab }, 2), `${sort} ${tab}`).toMatchObject({
            capped: true,
            total: own,
            counts: { ...all.counts, [tab]: own },
          });
        });
      }
  });

  it("counted in a tab, serves the search's page in any other tab", async () => {
    const { q } = await commonTerm();
    const inResting = await page(t.db, { q, tab: 'resting' }, 2);
    expect(inResting.capped).toBe(true);
    await rolledBack(t.db, async (trx) => {
      await renameAllButOne(trx, q);
      expect(await page(trx, { q }, 2)).toMatchObject({ total: 2, capped: true, counts: inResting.counts });
      const own = await inTab(trx, q, 'taking_orders');
      expect(await page(trx, { q, tab: 'taking_orders' }, 2)).toMatchObject({
        capped: true,
        counts: { ...inResting.counts, taking_orders: own },
      });
    });
  });

  it("taken by another tab's page, is remembered 5 s from its counting, not from its taking", async () => {
    const { q } = await commonTerm();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(100_000);
      expect((await page(t.db, { q }, 2)).capped).toBe(true);
      vi.setSystemTime(104_000);
      expect((await page(t.db, { q, tab: 'resting' }, 2)).capped).toBe(true);
      await rolledBack(t.db, async (trx) => {
        await renameAllButOne(trx, q);
        vi.setSystemTime(104_999);
        expect((await page(trx, { q, tab: 'resting' }, 2)).capped).toBe(true);
        vi.setSystemTime(105_000);
        expect(await told(page(trx, { q, tab: 'resting' }, 2))).toEqual({
          total: await inTab(trx, q, 'resting'),
          capped: false,
        });
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is remembered for 5 s from its counting, however often it is read meanwhile', async () => {
    const { q } = await commonTerm();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(100_000);
      expect(await told(page(t.db, { q }, 2))).toEqual({ total: 2, capped: true });
      await rolledBack(t.db, async (trx) => {
        await renameAllButOne(trx, q);
        vi.setSystemTime(104_999);
        expect(await told(page(trx, { q }, 2))).toEqual({ total: 2, capped: true });
        vi.setSystemTime(105_000);
        expect(await told(page(trx, { q }, 2))).toEqual({ total: 1, capped: false });
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not remembered when this server took a write while it was counted', async () => {
    const { q } = await commonTerm();
    // The first statement (the count) forgets the counts, as a write answered meanwhile does.
    expect(await told(page(overtaken(), { q }, 2))).toEqual({ total: 2, capped: true });
    await rolledBack(t.db, async (trx) => {
      await renameAllButOne(trx, q);
      expect(await told(page(trx, { q }, 2))).toEqual({ total: 1, capped: false });
    });
  });

  it('counted in a tab, is remembered for no tab when this server took a write while it was counted', async () => {
    const { q } = await commonTerm();
    expect((await page(overtaken(), { q, tab: 'resting' }, 2)).capped).toBe(true);
    await rolledBack(t.db, async (trx) => {
      await renameAllButOne(trx, q);
      expect(await told(page(trx, { q }, 2))).toEqual({ total: 1, capped: false });
      expect(await told(page(trx, { q, tab: 'resting' }, 2))).toEqual({
        total: await inTab(trx, q, 'resting'),
        capped: false,
      });
    });
  });
});

describe('a deep page by its number', () => {
  const suppliers = { table: 'suppliers' };
  // A place every 4 rows (1,000 in the product), pages of 3 rows: page 3 (offset 6) is the first past a place.
  const deep = async (
    db: Kysely<Database>,
    query: Record<string, string>,
    source: { table: string; scope?: { column: string; value: string } } = suppliers,
  ) =>
    (
      await listPage(db, SUPPLIER_LIST, source, readListQuery(SUPPLIER_LIST, query, source.scope), {
        countCap: 2,
        placeEvery: 4,
      })
    ).items.map((r) => r.id);
  /** The ids of the list's first 100 rows, one page read from its start. */
  const long = (db: Kysely<Database>, query: Record<string, string> = {}, source = suppliers) =>
    deep(db, { ...query, page_size: '100' }, source);

  it('holds the rows of one long page, whatever pages were asked before, in every list order', async () => {
    const scoped = { table: 'suppliers', scope: { column: 'audit_state', value: 'pass' } };
    // Asked in an order that finds no place before a page, a place stretches before it, and its own (and the last
    // three again from their own places), then pages of 5 rows from the same places. The clock stands still: no
    // place is forgotten meanwhile.
    const pages = [7, 3, 5, 2, 6, 4, 1, 7, 6, 5];
    let deepest = 0;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const source of [suppliers, scoped])
        for (const filters of [{}, { is_enabled: 'true' }, { q: '5' }] as Record<string, string>[])
          for (const sort of Object.keys(SUPPLIER_LIST.sorts))
            for (const order of ['asc', 'desc'])
              for (const tab of [ALL_TAB, 'taking_orders']) {
                const query = { ...filters, sort, order, tab };
                const all = await long(t.db, query, source);
                deepest = Math.max(deepest, all.length);
                for (const [size, page] of [...pages.map((p) => [3, p]), [5, 4], [5, 3]]) {
                  const asked = { ...query, page_size: String(size), page: String(page) };
                  const label = `${JSON.stringify({ ...asked, source })}`;
                  expect(await deep(t.db, asked, source), label).toEqual(
                    all.slice((page - 1) * size, page * size),
                  );
                }
              }
    } finally {
      vi.useRealTimers();
    }
    expect(deepest).toBeGreaterThan(21);
  });

  it('gives no rows past the end of the list, from a place or without one', async () => {
    const all = await long(t.db);
    // The first page past the end whose stretch's place is a row of the list (position 4 × n − 1 before the end).
    const past = Math.ceil(all.length / 3) + 1;
    expect(4 * Math.floor(((past - 1) * 3) / 4) - 1).toBeLessThan(all.length);
    const query = { page_size: '3', page: String(past) };
    expect(await deep(t.db, query)).toEqual([]);
    expect(await deep(t.db, query)).toEqual([]);
    expect(await deep(t.db, { page_size: '3', page: String(past - 1) })).toEqual(all.slice((past - 2) * 3));
    // A list that ends before the page's place: no place, no rows.
    expect(await deep(t.db, { ...query, q: 'Nobody' })).toEqual([]);
  });

  // In a sort the page blocks do not serve (server/kit/pageBlocks.ts): in the default sort, a page by its number is
  // found from them afresh every time.
  const bySort = { sort: 'order_num', order: 'asc' };

  it('is read on from its place while remembered (5 s), then from the list again', async () => {
    const all = await long(t.db, bySort);
    const fifth = { ...bySort, page_size: '3', page: '5' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(100_000);
      const asked = await deep(t.db, fifth);
      expect(asked).toEqual(all.slice(12, 15));
      await rolledBack(t.db, async (trx) => {
        // The list's first row moved to its end: every row after it moves up one, the place's row too.
        await sql`update suppliers set order_num = order_num + 1000000 where id = ${all[0]}`.execute(trx);
        vi.setSystemTime(104_999);
        expect(await deep(trx, fifth)).toEqual(asked);
        vi.setSystemTime(105_000);
        expect(await deep(trx, fifth)).toEqual(all.slice(13, 16));
        // Remembered again, and forgotten with everything a list remembers (as a write this server takes).
        await sql`update suppliers set order_num = order_num - 1000000 where id = ${all[0]}`.execute(trx);
        expect(await deep(trx, fifth)).toEqual(all.slice(13, 16));
        forgetLists();
        expect(await deep(trx, fifth)).toEqual(asked);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is forgotten with the place it was read on from, however late it was found', async () => {
    const all = await long(t.db, bySort);
    const seventh = { ...bySort, page_size: '3', page: '7' };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(100_000);
      // Page 5 from the list's start (its place: position 11), page 7 on from it 3 s later (its place: position 15).
      expect(await deep(t.db, { ...bySort, page_size: '3', page: '5' })).toEqual(all.slice(12, 15));
      vi.setSystemTime(103_000);
      expect(await deep(t.db, seventh)).toEqual(all.slice(18, 21));
      await rolledBack(t.db, async (trx) => {
        await sql`update suppliers set order_num = order_num + 1000000 where id = ${all[0]}`.execute(trx);
        vi.setSystemTime(104_999);
        expect(await deep(trx, seventh)).toEqual(all.slice(18, 21));
        // Page 7's place holds what was read at 100,000: it is forgotten 5 s after, not after 103,000.
        vi.setSystemTime(105_000);
        expect(await deep(trx, seventh)).toEqual(all.slice(19, 22));
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not remembered when this server took a write while it was read', async () => {
    const all = await long(t.db, bySort);
    // The first statement (the page's place and rows) forgets everything, as a write answered meanwhile does.
    expect(await deep(overtaken(), { ...bySort, page_size: '3', page: '5' })).toEqual(all.slice(12, 15));
    await rolledBack(t.db, async (trx) => {
      await sql`update suppliers set order_num = order_num + 1000000 where id = ${all[0]}`.execute(trx);
      expect(await deep(trx, { ...bySort, page_size: '3', page: '5' })).toEqual(all.slice(13, 16));
    });
  });
});
