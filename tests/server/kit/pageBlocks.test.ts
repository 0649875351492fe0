// Lists here read everything on every request (nothing remembered).
import '../support/nothingRemembered';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_TAB } from '../../../src/contract/list';
import { SUPPLIER_LIST } from '../../../src/contract/suppliers';
import { listTables } from '../../../server/db/prepare';
import type { Database } from '../../../server/db/schema';
import { listPage, readListQuery } from '../../../server/kit/listQuery';
import { prepareLists, type ListTable, withoutCounting } from '../../../server/kit/listSupport';
import { pageBlocksOf, reconcilePageBlocks } from '../../../server/kit/pageBlocks';
import { copySupplier } from '../support/copySupplier';
import { rolledBack } from '../support/rolledBack';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// A list's page blocks (server/kit/pageBlocks.ts) count its rows in blocks of its default order, per tab and for all
// of them, whatever writes the rows; a page by its number is found from them, and is the page stepping over every row
// before it finds.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const SUPPLIERS: ListTable = { table: 'suppliers', spec: SUPPLIER_LIST };
const any = (db: Kysely<Database>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

interface Miscounted {
  tab: string;
  lo_id: number | null;
  n: number;
  counted: number;
}

/**
 * What is wrong with a list's blocks: each block whose count is not the rows in its range counted afresh (or, but the
 * open one, is empty), each tab with rows but no open block, each block holding more than `most` rows.
 */
async function wrongBlocks(db: Kysely<Database>, list: ListTable, most: number) {
  const blocks = pageBlocksOf(list.table, list.spec)!;
  const key = (alias: string) => sql.raw(`${alias}.${blocks.sort}, ${alias}.id`);
  const inTab = blocks.tab
    ? sql`(b.tab = ${ALL_TAB} or ${sql.ref(`r.${blocks.tab}`)}::text = b.tab)`
    : sql`b.tab = ${ALL_TAB}`;
  const miscounted = await sql<Miscounted>`
    select b.tab, b.lo_id, b.n, (select count(*)::int from ${sql.table(list.table)} r where ${inTab}
      and (b.lo_id is null or (${key('r')}) >= (b.lo_sort, b.lo_id))
      and (b.next_id is null or (${key('r')}) < (b.next_sort, b.next_id))) as counted
    from (select *, lead(lo_sort) over w as next_sort, lead(lo_id) over w as next_id
      from ${sql.id(blocks.table)} window w as (partition by tab order by lo_sort nulls first, lo_id nulls first)) b
    order by b.tab, b.lo_sort nulls first, b.lo_id nulls first`.execute(db);
  const open = await sql<{
    tab: string;
  }>`select tab from ${sql.id(blocks.table)} where lo_id is null`.execute(db);
  const tabs = blocks.tab
    ? await sql<{ tab: string }>`select distinct ${sql.ref(blocks.tab)}::text as tab
      from ${sql.table(list.table)} where ${sql.ref(blocks.tab)} is not null`.execute(db)
    : { rows: [] };
  return {
    miscounted: miscounted.rows.filter((b) => b.n !== b.counted || (b.n === 0 && b.lo_id !== null)),
    tooFull: miscounted.rows.filter((b) => b.n > most),
    withoutOpen: [ALL_TAB, ...tabs.rows.map((r) => r.tab)].filter(
      (tab) => !open.rows.some((o) => o.tab === tab),
    ),
    blocks: miscounted.rows.length,
  };
}

const right = { miscounted: [], tooFull: [], withoutOpen: [] };

/** Makes the suppliers' blocks again (at start-up, in a transaction), of `rows` rows each. */
const remake = (db: Kysely<Database>, rows?: number) =>
  db.transaction().execute((trx) => reconcilePageBlocks(trx, SUPPLIERS, rows));

/** Runs `work` with the suppliers' blocks made again at `rows` rows each, then as the code declares them. */
async function withBlocksOf<T>(rows: number, work: () => Promise<T>): Promise<T> {
  await remake(t.db, rows);
  try {
    return await work();
  } finally {
    await remake(t.db);
  }
}

/** A small deterministic random source (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const STATES = SUPPLIER_LIST.tabs!.values;

/** `count` writes drawn from `next`: new rows, rows gone, rows moved to another tab or ranking, other changes. */
async function writeAtRandom(db: Kysely<Database>, next: () => number, count: number, firstId: number) {
  const pick = async () =>
    (
      await sql<{ id: number }>`select id from suppliers order by id offset ${Math.floor(next() * 40)}
        limit 1`.execute(db)
    ).rows[0]!.id;
  let id = firstId;
  for (let n = 0; n < count; n++) {
    const kind = next();
    const suppliers = any(db).updateTable('suppliers');
    // Rankings from a few values: ties are broken by id.
    const ranking = Math.floor(next() * 6) * 10;
    const state = STATES[Math.floor(next() * STATES.length)]!;
    if (kind < 0.4) await copySupplier(db, await pick(), id++, { ranking, state });
    else if (kind < 0.55)
      await any(db)
        .deleteFrom('suppliers')
        .where('id', '=', await pick())
        .execute();
    else if (kind < 0.7)
      await suppliers
        .set({ state })
        .where('id', '=', await pick())
        .execute();
    else if (kind < 0.85)
      await suppliers
        .set({ ranking })
        .where('id', '=', await pick())
        .execute();
    else if (kind < 0.95)
      await suppliers
        .set({ ranking, state })
        .where('id', '=', await pick())
        .execute();
    else
      await suppliers
        .set({ bio: `Changed ${n}` })
        .where('id', '=', await pick())
        .execute();
  }
}

/** Page `page` of `size` in `tab` and `order` by stepping over every row before it. */
async function stepped(db: Kysely<Database>, tab: string, order: 'asc' | 'desc', page: number, size: number) {
  const dir = sql.raw(order);
  const rows = await sql<{ id: number }>`select id from suppliers
    ${tab === ALL_TAB ? sql`` : sql`where state = ${tab}`}
    order by ranking ${dir}, id ${dir} offset ${(page - 1) * size} limit ${size}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/** Every page by its number of `tab` in `order`, as the list answers them and as stepping finds them. */
async function everyPage(db: Kysely<Database>, tab: string, order: 'asc' | 'desc', size: number) {
  const total = Number(
    (
      await sql<{ n: number }>`select count(*) as n from suppliers
        ${tab === ALL_TAB ? sql`` : sql`where state = ${tab}`}`.execute(db)
    ).rows[0]!.n,
  );
  const answered: number[][] = [];
  const expected: number[][] = [];
  // One source for every page: each page's statement is the one kept for the first page from the blocks.
  const source = { table: 'suppliers' };
  for (let page = 1; page <= Math.ceil(total / size) + 1; page++) {
    const params = readListQuery(
      SUPPLIER_LIST,
      { tab, order, page: String(page), page_size: String(size) },
      undefined,
    );
    const found = await listPage(db, SUPPLIER_LIST, source, params, { placeEvery: 1 });
    answered.push(found.items.map((r) => Number(r.id)));
    expected.push(await stepped(db, tab, order, page, size));
  }
  return { answered, expected, total };
}

describe('page blocks', () => {
  it('count every list’s rows after the demo data', async () => {
    for (const list of listTables()) {
      if (!pageBlocksOf(list.table, list.spec)) continue;
      const wrong = await wrongBlocks(t.db, list, 2_000);
      expect(wrong, list.table).toMatchObject(right);
      expect(wrong.blocks, list.table).toBeGreaterThan(0);
    }
  });

  it('stay counted through rows added, taken and moved, split and dropped as they grow and empty', async () => {
    await withBlocksOf(2, async () => {
      expect(await wrongBlocks(t.db, SUPPLIERS, 4)).toMatchObject(right);
      const found = await rolledBack(t.db, async (trx) => {
        const next = random(7);
        const rounds = [];
        for (let round = 0; round < 8; round++) {
          await writeAtRandom(trx, next, 25, 900_000 + round * 100);
          rounds.push(await wrongBlocks(trx, SUPPLIERS, 4));
        }
        // Every row gone: the emptied blocks go, the open ones stay.
        await sql`delete from suppliers`.execute(trx);
        rounds.push(await wrongBlocks(trx, SUPPLIERS, 4));
        return rounds;
      });
      for (const [round, wrong] of found.entries()) expect(wrong, `round ${round}`).toMatchObject(right);
      // The blocks were split as rows came: more than the tabs' open blocks.
      expect(found[7]!.blocks).toBeGreaterThan(20);
      expect(found[8]!.blocks).toBeLessThanOrEqual(1 + STATES.length);
    });
  });

  it('stay counted through statements that write many rows, and a row moved within a full block', async () => {
    await withBlocksOf(2, async () => {
      const found = await rolledBack(t.db, async (trx) => {
        const steps: Record<string, Awaited<ReturnType<typeof wrongBlocks>>> = {};
        const step = async (name: string, statement: ReturnType<typeof sql>) => {
          await statement.execute(trx);
          steps[name] = await wrongBlocks(trx, SUPPLIERS, 4);
        };
        await step(
          '30 rows added by one statement',
          sql`insert into suppliers
          select (jsonb_populate_record(null::suppliers, to_jsonb(s) || jsonb_build_object('id', 940000 + g,
            'ranking', g % 3, 'state', ${STATES[0]}::text))).*
          from suppliers s, generate_series(1, 30) g where s.id = (select min(id) from suppliers)`,
        );
        await step(
          'every other row moved',
          sql`update suppliers set ranking = ranking + 7,
          state = case when id % 4 = 0 then ${STATES[1]}::text else state end where id % 2 = 0`,
        );
        await step('a third of the rows gone', sql`delete from suppliers where id % 3 = 0`);
        // Four rows in one block (the most it holds); the highest moved below the others, within it.
        const [row] = (
          await sql<{ row: object }>`select to_jsonb(s) as row from suppliers s limit 1`.execute(trx)
        ).rows;
        await sql`delete from suppliers`.execute(trx);
        for (const [n, ranking] of [10, 20, 30, 40].entries()) {
          const copy = { ...row!.row, id: 950_000 + n, ranking, state: STATES[0] };
          await sql`insert into suppliers select (jsonb_populate_record(null::suppliers,
            ${JSON.stringify(copy)}::jsonb)).*`.execute(trx);
        }
        await step('four rows in the open block', sql`select 1`);
        await step('the highest moved within it', sql`update suppliers set ranking = 15 where ranking = 40`);
        return steps;
      });
      for (const [name, wrong] of Object.entries(found)) expect(wrong, name).toMatchObject(right);
      // Not split: the row was taken from its block before it was added to it again.
      expect(found['the highest moved within it']!.blocks).toBe(found['four rows in the open block']!.blocks);
    });
  });

  it('give every page by its number as stepping over the rows before it does, in each tab, either way', async () => {
    await withBlocksOf(2, async () => {
      const pages = await rolledBack(t.db, async (trx) => {
        await writeAtRandom(trx, random(11), 60, 910_000);
        const found = [];
        for (const tab of [ALL_TAB, ...STATES])
          for (const order of ['asc', 'desc'] as const)
            found.push({ tab, order, ...(await everyPage(trx, tab, order, 3)) });
        return found;
      });
      for (const { tab, order, answered, expected, total } of pages) {
        expect(answered, `${tab} ${order}`).toEqual(expected);
        expect(total, `${tab} ${order}`).toBeGreaterThan(6);
      }
    });
  });

  it('are filled again when missing at start-up, and after a bulk write with counting off', async () => {
    try {
      await sql`drop table list_suppliers_blocks`.execute(t.db);
      await prepareLists(t.db, listTables());
      expect(await wrongBlocks(t.db, SUPPLIERS, 2_000)).toMatchObject(right);
      // Counting other than the counts model (an older release's bulk write): filled again.
      await sql`update list_suppliers_blocks set n = n + 1 where tab = ${ALL_TAB} and lo_id is null`.execute(
        t.db,
      );
      await prepareLists(t.db, listTables());
      expect(await wrongBlocks(t.db, SUPPLIERS, 2_000)).toMatchObject(right);
      // A trigger missing while rows moved: filled again.
      await sql`drop trigger list_page_blocks_update on suppliers`.execute(t.db);
      await sql`update suppliers set state = ${STATES[2]} where id % 2 = 0`.execute(t.db);
      await prepareLists(t.db, listTables());
      expect(await wrongBlocks(t.db, SUPPLIERS, 2_000)).toMatchObject(right);
      const wrong = await rolledBack(t.db, async (trx) => {
        await withoutCounting(trx, [SUPPLIERS], async () => {
          for (let id = 920_000; id < 920_030; id++) await copySupplier(trx, id % 2 === 0 ? 1 : 2, id, {});
          await sql`update suppliers set state = 'resting' where id % 3 = 0`.execute(trx);
        });
        return wrongBlocks(trx, SUPPLIERS, 2_000);
      });
      expect(wrong).toMatchObject(right);
    } finally {
      await remake(t.db);
    }
  });

  it('stay counted when staff write at once', async () => {
    if (t.kind !== 'postgres') return;
    const own = await createTestDatabase({ poolSize: 9 });
    try {
      await remake(own.db, 2);
      const ids = (await sql<{ id: number }>`select id from suppliers order by id`.execute(own.db)).rows.map(
        (r) => r.id,
      );
      // Eight writers, each its own transactions of one write: rows added, moved between tabs and rankings, taken.
      await Promise.all(
        Array.from({ length: 8 }, async (_, writer) => {
          const next = random(100 + writer);
          for (let n = 0; n < 40; n++) {
            await own.db.transaction().execute(async (trx) => {
              const kind = next();
              const id = ids[Math.floor(next() * ids.length)]!;
              const ranking = Math.floor(next() * 6) * 10;
              const state = STATES[Math.floor(next() * STATES.length)]!;
              if (kind < 0.4) await copySupplier(trx, id, 930_000 + writer * 1_000 + n, { ranking, state });
              else if (kind < 0.5)
                await any(trx)
                  .deleteFrom('suppliers')
                  .where('id', '=', 930_000 + writer * 1_000 + n - 1)
                  .execute();
              else
                await any(trx)
                  .updateTable('suppliers')
                  .set({ ranking, state })
                  .where('id', '=', id)
                  .execute();
            });
          }
        }),
      );
      expect(await wrongBlocks(own.db, SUPPLIERS, 4)).toMatchObject(right);
    } finally {
      await own.close();
    }
  });
});
