import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ALL_TAB, type ListSpec } from '../../src/contract/list';
import type { Bound } from '../db/prepared';
import type { Database } from '../db/schema';
import type { ListTable } from './listSupport';

/**
 * A list's page blocks: its rows cut into blocks of its default order (sort value, id), each block with how many rows
 * it holds, once for all the rows (tab `all`) and once within each tab (`list_<table>_blocks`). A page asked by its
 * number (page 5,000 of 20: 99,980 rows before it) finds its block by a running sum over the tab's blocks up to it
 * and steps over fewer than 2 × `rows` rows within it, where stepping over every row before it on the sort's index
 * costs as much as the page is deep (`server/kit/listQuery.ts` reads them for a list without a search, filters
 * or a reader's scope, in its default sort, either way).
 *
 * A block is named by its lower bound, the (sort value, id) of its first row when it was made: it holds the rows from
 * there up to the next block's bound. The lowest block of each tab is open (no bound: every row below the next
 * one). Statement triggers keep the counts in the transaction that writes the rows, once the statement has written
 * them all (its transition tables): each row added, taken or moved (its sort value or tab changed) adds to and takes
 * from its blocks' counts, each block locked, in one order (all rows' before each tab's, lower keys before higher);
 * then each block a row was added to is split at its `rows`-th row if it holds more than 2 × `rows`. Under the lock
 * the block's rows are settled (every row counted in it is committed or this statement's: a writer that counted one
 * holds the lock until it ends), so the split counts by subtraction; a writer that found the block before another's
 * split finds, once it holds the lock, the block split off above it and counts there (a new statement sees the
 * split). A block that empties goes, but the open one. A row without a tab is in all rows' blocks only. A bulk write
 * with counting off (`withoutCounting`) skips them and fills the table again once.
 */
export interface PageBlocks {
  /** The side table. */
  table: string;
  /** The list's table. */
  list: string;
  /** The list's default sort column. */
  sort: string;
  /** The list's tab column (stored); null for a list without tabs. */
  tab: string | null;
  /** How many rows a block holds when filled; split past twice that. */
  rows: number;
}

/** How many rows a block holds when filled: a page by its number steps over fewer than twice that. */
export const BLOCK_ROWS = 1_000;

/** The page blocks of a list whose tab (if any) is stored. */
export function pageBlocksOf(table: string, spec: ListSpec, rows = BLOCK_ROWS): PageBlocks | null {
  if (spec.tabs?.derived) return null;
  return {
    table: `list_${table}_blocks`,
    list: table,
    sort: spec.sorts[spec.defaultSort].column ?? spec.defaultSort,
    tab: spec.tabs?.column ?? null,
    rows,
  };
}

const id = (name: string) => sql.id(name);
const raw = (text: string) => sql.raw(text);

/** What the table is made from: it is made again when this changes. */
const signature = (blocks: PageBlocks) =>
  JSON.stringify({ v: 1, sort: blocks.sort, tab: blocks.tab, rows: blocks.rows });

/** The blocks' tab of a row (`alias`: a table alias or NEW/OLD): its tab column as text. */
const tabOf = (blocks: PageBlocks, alias: string) => `${alias}.${blocks.tab}::text`;

/**
 * Makes the side table afresh from the list's table: every `rows`-th row of each tab's order (and of all rows') starts
 * a block; each tab's first block is open. A list's table stays open to readers meanwhile.
 */
export async function fillPageBlocks(
  db: Kysely<Database>,
  list: ListTable,
  rows = BLOCK_ROWS,
): Promise<void> {
  const blocks = pageBlocksOf(list.table, list.spec, rows);
  if (blocks) await fill(db, blocks);
}

async function fill(db: Kysely<Database>, blocks: PageBlocks): Promise<void> {
  const { table, list, sort, tab, rows } = blocks;
  await sql`drop table if exists ${id(table)}`.execute(db);
  // The bound's columns take the list's columns' types.
  await sql`create table ${id(table)} as
    select ''::text as tab, ${sql.ref(sort)} as lo_sort, id as lo_id, 0::int as n
    from ${sql.table(list)} limit 0`.execute(db);
  const numbered = (partition: RawBuilder<unknown>, tabValue: RawBuilder<unknown>, where = sql``) => sql`
    select ${tabValue} as tab, ${sql.ref(sort)} as s, id,
      (row_number() over (${partition} order by ${sql.ref(sort)}, id) - 1) / ${rows} as block
    from ${sql.table(list)} ${where}`;
  const filled = (numberedRows: RawBuilder<unknown>) => sql`
    insert into ${id(table)} (tab, lo_sort, lo_id, n)
    select tab, case when block = 0 then null else (array_agg(s order by s, id))[1] end,
      case when block = 0 then null else (array_agg(id order by s, id))[1] end, count(*)::int
    from (${numberedRows}) as r group by tab, block`;
  await filled(numbered(sql``, sql`${ALL_TAB}::text`)).execute(db);
  if (tab) {
    const tabValue = raw(tabOf(blocks, list));
    await filled(
      numbered(sql`partition by ${sql.ref(tab)}`, tabValue, sql`where ${tabValue} is not null`),
    ).execute(db);
  }
  await sql`create unique index ${id(`${table}_bound`)} on ${id(table)}
    (tab, lo_sort nulls first, lo_id nulls first)`.execute(db);
  await sql`create unique index ${id(`${table}_open`)} on ${id(table)} (tab) where lo_id is null`.execute(db);
  // All rows' open block, held when the list is empty (a tab's is made by its first row).
  await sql`insert into ${id(table)} (tab, lo_sort, lo_id, n) values (${ALL_TAB}, null, null, 0)
    on conflict do nothing`.execute(db);
  await sql`comment on table ${id(table)} is ${sql.lit(signature(blocks))}`.execute(db);
  await sql`analyze ${id(table)}`.execute(db);
}

/** The SQL types of a table's columns, as written in a declaration. */
async function columnTypes(
  db: Kysely<Database>,
  table: string,
  columns: string[],
): Promise<Record<string, string>> {
  const found = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
    where attrelid = to_regclass(${table}) and attname = any(${columns}::text[])`.execute(db);
  return Object.fromEntries(found.rows.map((r) => [r.name, r.type]));
}

/**
 * The functions that keep the counts, generated per list (its names and types; static SQL): `<table>_add` adds
 * `delta` to the block of a key within a tab, `<table>_split` splits a block grown too large, and `<table>_track`,
 * the statement triggers' function, calls them for every key a statement changed and drops the blocks it emptied.
 */
async function installFunctions(db: Kysely<Database>, blocks: PageBlocks): Promise<void> {
  const { table, list, sort, tab, rows } = blocks;
  const types = await columnTypes(db, list, [sort, 'id', ...(tab ? [tab] : [])]);
  const [sortType, idType] = [raw(types[sort]!), raw(types.id!)];
  const blockTable = raw(`"${table}"`);
  const listTable = `"${list}"`;
  // The block a key is in, its bound at most the key, the last (its index read backwards).
  const lastAtMost = (
    b = 'b',
    t = 't',
    s = 's',
    i = 'i',
  ) => `${b}.tab = ${t} and (${b}.lo_sort, ${b}.lo_id) <= (${s}, ${i})
          order by ${b}.tab desc, ${b}.lo_sort desc nulls last, ${b}.lo_id desc nulls last limit 1`;
  // The row `rows` into a block, from its bound (or the tab's start), within the tab (or all rows).
  const middle = (within: string, bounded: boolean) => {
    const conditions = [within, bounded ? `(r.${sort}, r.id) >= (lo_s, lo_i)` : ''].filter(Boolean);
    return `select r.${sort}, r.id into m_s, m_i from ${listTable} r
        ${conditions.length ? `where ${conditions.join(' and ')}` : ''}
        order by r.${sort}, r.id offset ${rows} limit 1;`;
  };
  const middles = (within: string) => `if lo_i is null then ${middle(within, false)}
        else ${middle(within, true)} end if;`;
  const theBlock = `tab = t and (lo_i is null and lo_id is null or lo_sort = lo_s and lo_id = lo_i)`;
  await sql`create or replace function ${id(`${table}_add`)}(t text, s ${sortType}, i ${idType}, delta int)
    returns void language plpgsql as $$
    #variable_conflict use_variable
    declare
      lo_s ${sortType}; lo_i ${idType}; at_s ${sortType}; at_i ${idType};
      tries int := 0;
    begin
      loop
        -- Each turn finds a block made since the last: a fault here is an error, never a write that hangs.
        tries := tries + 1;
        if tries > 100 then raise exception 'no page block of % holds (%, %)', t, s, i; end if;
        -- The key's block, locked: the last whose bound is at most the key, else the tab's open block.
        select b.lo_sort, b.lo_id into lo_s, lo_i from ${blockTable} b where ${raw(lastAtMost())} for update;
        if not found then
          perform from ${blockTable} b where b.tab = t and b.lo_id is null for update;
          if not found then
            insert into ${blockTable} (tab, lo_sort, lo_id, n) values (t, null, null, 0) on conflict do nothing;
            continue;
          end if;
        end if;
        -- Held. A block split off above it meanwhile (this new statement sees it) holds the key instead.
        select b.lo_sort, b.lo_id into at_s, at_i from ${blockTable} b where ${raw(lastAtMost())};
        exit when at_i is not distinct from lo_i and at_s is not distinct from lo_s;
      end loop;
      if lo_i is null then
        update ${blockTable} set n = n + delta where tab = t and lo_id is null;
      else
        update ${blockTable} set n = n + delta where tab = t and lo_sort = lo_s and lo_id = lo_i;
      end if;
    end
    $$`.execute(db);
  // Splits the block of a key (held by this transaction: it added to it) when it holds more than 2 × rows, at its
  // rows-th row: the rows before it stay, the rest start a block of their own. Called for each key a statement added,
  // lowest first: a block that took many rows is split again at the later keys in what is left of it.
  await sql`create or replace function ${id(`${table}_split`)}(t text, s ${sortType}, i ${idType})
    returns void language plpgsql as $$
    #variable_conflict use_variable
    declare
      lo_s ${sortType}; lo_i ${idType}; m_s ${sortType}; m_i ${idType}; counted int;
    begin
      select b.lo_sort, b.lo_id, b.n into lo_s, lo_i, counted from ${blockTable} b where ${raw(lastAtMost())};
      if not found then
        select b.n into counted from ${blockTable} b where b.tab = t and b.lo_id is null;
      end if;
      if counted is null or counted <= ${raw(String(2 * rows))} then return; end if;
      if t = ${sql.lit(ALL_TAB)} then ${raw(middles(''))}
      else ${raw(tab ? middles(`r.${tab} = t::${types[tab]}`) : 'return;')} end if;
      if m_i is null then return; end if;
      update ${blockTable} set n = ${raw(String(rows))} where ${raw(theBlock)};
      insert into ${blockTable} (tab, lo_sort, lo_id, n) values (t, m_s, m_i, counted - ${raw(String(rows))});
    end
    $$`.execute(db);
  // The keys a statement changed, as (group, tab, sort value, id, delta): all rows' blocks (group 0) and the tab's
  // (group 1); a row's keys `from` one transition table (o: old, w: new), those of a row that moved when `other`
  // names the other one (a row of an update whose sort value, or tab and sort value, changed).
  const key = (alias: string) =>
    `${alias}.${sort} as s, ${alias}.id as i${tab ? `, ${tabOf(blocks, alias)} as t` : ''}`;
  const rowsOf = (alias: 'o' | 'w') => (alias === 'o' ? 'old' : 'new');
  const keysOf = (alias: 'o' | 'w') => `${rowsOf(alias)}_rows_keys ${alias}`;
  const changed = (group: 0 | 1, from: 'o' | 'w', delta: 1 | -1, other?: 'o' | 'w') => {
    const kept = group === 0 ? ['s'] : ['t', 's'];
    const same = kept.map((c) => `${other}.${c} is not distinct from ${from}.${c}`).join(' and ');
    const where = [
      ...(other ? [`(${other}.i is null or not (${same}))`] : []),
      ...(group === 1 ? [`${from}.t is not null`] : []),
    ];
    const tabValue = group === 0 ? `'${ALL_TAB}'` : `${from}.t`;
    return `select ${group} as g, ${tabValue} as t, ${from}.s, ${from}.i, ${delta} as d
      from ${keysOf(from)} ${other ? `left join ${keysOf(other)} on ${other}.i = ${from}.i` : ''}
      ${where.length ? `where ${where.join(' and ')}` : ''}`;
  };
  const groups: Array<0 | 1> = tab ? [0, 1] : [0];
  const keys = (alias: 'o' | 'w') =>
    `${rowsOf(alias)}_rows_keys as (select ${key(alias)} from ${rowsOf(alias)}_rows ${alias})`;
  // Each event's changes (a trigger with transition tables takes one event): all its rows' keys, or those that moved.
  const changes = {
    INSERT: `with ${keys('w')} ${groups.map((g) => changed(g, 'w', 1)).join(' union all ')}`,
    DELETE: `with ${keys('o')} ${groups.map((g) => changed(g, 'o', -1)).join(' union all ')}`,
    UPDATE: `with ${keys('o')}, ${keys('w')}
        ${groups.flatMap((g) => [changed(g, 'o', -1, 'w'), changed(g, 'w', 1, 'o')]).join(' union all ')}`,
  };
  const each = (event: keyof typeof changes) => `for op in ${changes[event]} order by g, t, s, i, d loop
          perform ${table}_add(op.t, op.s, op.i, op.d);
          if op.d = 1 then
            added_t := added_t || op.t; added_s := added_s || op.s; added_i := added_i || op.i;
          else
            taken_t := taken_t || op.t; taken_s := taken_s || op.s; taken_i := taken_i || op.i;
          end if;
        end loop;`;
  await sql`create or replace function ${id(`${table}_track`)}() returns trigger language plpgsql as $$
    declare
      op record;
      added_t text[] := '{}';
      added_s ${sortType}[] := '{}';
      added_i ${idType}[] := '{}';
      taken_t text[] := '{}';
      taken_s ${sortType}[] := '{}';
      taken_i ${idType}[] := '{}';
    begin
      -- A bulk write (a rebuild) writes the list with counting off, then fills this table once.
      if current_setting('list_counts.off', true) = 'on' then return null; end if;
      -- Once the statement has written every row: a block is split only when each row it holds is counted. Blocks
      -- are taken in one order (all rows' before each tab's, lower keys first; at one key, from before to).
      if tg_op = 'INSERT' then ${raw(each('INSERT'))}
      elsif tg_op = 'DELETE' then ${raw(each('DELETE'))}
      else ${raw(each('UPDATE'))}
      end if;
      -- Then each block a key was taken from, dropped if it emptied (not before: every block this statement locks is
      -- locked lower keys first, and a key added after a block went would lock the one below it), but the open one.
      for k in 1 .. coalesce(array_length(taken_t, 1), 0) loop
        delete from ${blockTable} b where b.n = 0 and b.lo_id is not null and (b.tab, b.lo_sort, b.lo_id) = (
          select x.tab, x.lo_sort, x.lo_id from ${blockTable} x
          where ${raw(lastAtMost('x', 'taken_t[k]', 'taken_s[k]', 'taken_i[k]'))});
      end loop;
      -- Then each block a key was added to, split if it holds too many.
      for k in 1 .. coalesce(array_length(added_t, 1), 0) loop
        perform ${raw(`${table}_split`)}(added_t[k], added_s[k], added_i[k]);
      end loop;
      return null;
    end
    $$`.execute(db);
  await sql`create or replace function ${id(`${table}_truncate`)}() returns trigger language plpgsql as $$
    begin
      truncate ${blockTable};
      insert into ${blockTable} (tab, lo_sort, lo_id, n) values (${sql.lit(ALL_TAB)}, null, null, 0);
      return null;
    end
    $$`.execute(db);
}

/**
 * The triggers that call them, made only when missing (making one again would hold the list's writers); answers
 * whether one was missing (the rows were written meanwhile without them).
 */
async function installTriggers(db: Kysely<Database>, blocks: PageBlocks): Promise<boolean> {
  const made = await sql<{ name: string }>`select tgname as name from pg_trigger
    where tgrelid = to_regclass(${blocks.list}) and tgname like 'list_page_blocks%'`.execute(db);
  const has = (name: string) => made.rows.some((r) => r.name === name);
  let missing = false;
  // A trigger with transition tables takes one event.
  for (const [event, tables] of [
    ['insert', 'new table as new_rows'],
    ['update', 'old table as old_rows new table as new_rows'],
    ['delete', 'old table as old_rows'],
  ]) {
    if (!has(`list_page_blocks_${event}`)) {
      missing = true;
      await sql`create trigger ${id(`list_page_blocks_${event}`)} after ${raw(event!)} on ${sql.table(blocks.list)}
        referencing ${raw(tables!)} for each statement execute function ${id(`${blocks.table}_track`)}()`.execute(
        db,
      );
    }
  }
  if (!has('list_page_blocks_truncate')) {
    missing = true;
    await sql`create trigger list_page_blocks_truncate after truncate on ${sql.table(blocks.list)}
      for each statement execute function ${id(`${blocks.table}_truncate`)}()`.execute(db);
  }
  return missing;
}

/** Drops a list's page blocks: its triggers, their functions and the table. */
async function dropPageBlocks(db: Kysely<Database>, list: string): Promise<void> {
  const table = `list_${list}_blocks`;
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${id(`list_page_blocks_${event}`)} on ${sql.table(list)}`.execute(db);
  }
  await sql`drop trigger if exists list_page_blocks_truncate on ${sql.table(list)}`.execute(db);
  await sql`drop function if exists ${id(`${table}_track`)}()`.execute(db);
  await sql`drop function if exists ${id(`${table}_truncate`)}()`.execute(db);
  await sql`drop function if exists ${id(`${table}_add`)}`.execute(db);
  await sql`drop function if exists ${id(`${table}_split`)}`.execute(db);
  await sql`drop table if exists ${id(table)}`.execute(db);
}

/**
 * Whether all rows' blocks count as many rows as `list_counts` does (reconciled before them): an older release's bulk
 * write with counting off refills the counts but not the blocks.
 */
async function countsAll(db: Kysely<Database>, blocks: PageBlocks): Promise<boolean> {
  const found = await sql<{ same: boolean }>`select
    (select coalesce(sum(n), 0) from ${id(blocks.table)} where tab = ${ALL_TAB})
      = (select coalesce(sum(n), 0) from list_counts where list = ${blocks.list}) as same`.execute(db);
  return found.rows[0]?.same === true;
}

/**
 * Brings a list's page blocks to what it declares, at start-up (inside `prepareLists`' lock): made and filled when
 * missing, made from another declaration, left without a trigger or counting other than all the rows; the functions
 * replaced each time (always the code's), the triggers made when missing. A list whose tabs are derived has none.
 * Answers the table when filled.
 */
export async function reconcilePageBlocks(
  db: Kysely<Database>,
  list: ListTable,
  rows = BLOCK_ROWS,
): Promise<string | null> {
  const blocks = pageBlocksOf(list.table, list.spec, rows);
  if (!blocks) {
    await dropPageBlocks(db, list.table);
    return null;
  }
  const made = await sql<{ comment: string | null }>`
    select obj_description(to_regclass(${blocks.table}), 'pg_class') as comment`.execute(db);
  await installFunctions(db, blocks);
  const untracked = await installTriggers(db, blocks);
  // Filled from this declaration, kept by its triggers, and counting every row the counts model counts: kept.
  if (made.rows[0]?.comment === signature(blocks) && !untracked && (await countsAll(db, blocks))) return null;
  // No write may slip between the fill and the trigger taking over; readers go on.
  await sql`lock table ${sql.table(list.table)} in share mode`.execute(db);
  await fill(db, blocks);
  return blocks.table;
}

/**
 * A page by its number: `size` rows from `offset` in `tab` (ALL_TAB: all rows), in `order`; the three values of a
 * statement kept for every page (`Bound`, server/db/prepared.ts).
 */
export interface BlockPage {
  tab: Bound<string>;
  order: 'asc' | 'desc';
  offset: Bound<number>;
  size: Bound<number>;
}

/**
 * The ids of a page by its number, as a query for the statement that reads the page's rows (one snapshot): the block
 * that holds its first row, found by a running sum of the tab's blocks in the page's order that stops there (the
 * first pages of either order read few blocks, the last ones all of the tab's), then the rows from that block's near
 * bound (the far end of the order for the open block, or the highest one when descending), stepping over fewer than
 * 2 × `rows`.
 */
export function blockPageIds(blocks: PageBlocks, page: BlockPage): RawBuilder<{ id: number }> {
  const { table, list, sort, tab } = blocks;
  const asc = page.order === 'asc';
  // The blocks in the page's order, as the index holds them (read backwards when descending: no sort).
  const along = asc
    ? sql`lo_sort nulls first, lo_id nulls first`
    : sql`lo_sort desc nulls last, lo_id desc nulls last`;
  // The bound a page reads on from: ascending, the block's own; descending, the one of the block above it (the
  // rows below that bound).
  const bound = asc
    ? sql`lo_sort as b_sort, lo_id as b_id`
    : sql`lag(lo_sort) over along as b_sort, lag(lo_id) over along as b_id`;
  const within = tab && page.tab.value !== ALL_TAB ? sql`and ${sql.ref(`r.${tab}`)} = ${page.tab}` : sql``;
  const s = sql.ref(`r.${sort}`);
  const dir = raw(asc ? 'asc' : 'desc');
  const rowsFrom = (
    from: RawBuilder<unknown>,
    skip: RawBuilder<unknown>,
  ) => sql`select r.id from ${sql.table(list)} r
    where true ${within} ${from} order by ${s} ${dir}, r.id ${dir} offset ${skip} limit ${page.size}`;
  const onward = sql`and (${s}, r.id) ${raw(asc ? '>=' : '<')} (at.b_sort, at.b_id)`;
  // The block that holds the page's first row: the first, in the page's order, whose rows and those before it are
  // more than `offset` (the window hands on its rows in its own order, read along the index: the scan stops there).
  return sql<{ id: number }>`
    with b as (
      select ${bound}, sum(n) over along as upto, n
      from ${id(table)} where tab = ${page.tab} window along as (order by ${along})),
    at as (select b_sort, b_id, upto - n as before from b where upto > ${page.offset} limit 1)
    select x.id from at, lateral (${rowsFrom(onward, sql`${page.offset} - at.before`)}) as x where at.b_id is not null
    union all
    select x.id from at, lateral (${rowsFrom(sql``, sql`${page.offset}`)}) as x where at.b_id is null`;
}
