import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely';
import type { ListSpec } from '../../src/contract/list';
import { bound, compiledOnce, type Bound } from '../db/prepared';
import type { Database } from '../db/schema';
import type { ListTable } from './listSupport';
import { readPageRows, withPageRows, type RowsOf, type TallyRow } from './talliedPage';

/**
 * A list's search starts: a side table that holds, for each row of a list that finds names by their words, the
 * places its names and identifiers may be found from (`list_search_starts`, migration 2026_11_30_0500_search_starts),
 * each under its first three characters (`key`) and beside the row's default sort value and tab. Three indexes read
 * it alone: one on the starts themselves counts a term's matches (its range of them), one on (key, sort value, id)
 * holds them in the list's order and one on (key, tab, sort value, id) in each tab's, so that the count and the
 * first page of a term that thousands of rows hold (a common word of a name, a mobile's first digits) read a few
 * thousand index entries instead of reading every match and sorting them, or walking the whole list's order testing
 * each row (`server/kit/listQuery.ts` reads them).
 *
 * A trigger keeps it in the transaction that writes the row: a row's starts are written again when its names or
 * identifiers change, updated in place when only its sort value or tab does, and nothing is done for any other
 * change. A bulk write with counting off (`withoutCounting`) skips it and fills the table again once at its end. The
 * table is named `list_<table>_starts`; made again (and filled from the list's table) when what it holds changes.
 */
export interface SearchStarts {
  /** The side table. */
  table: string;
  /** The list's default sort column, kept beside each start. */
  sort: string;
  /** The list's tab column (stored), kept beside each start; null for a list without tabs. */
  tab: string | null;
  words: readonly string[];
  prefix: readonly string[];
}

/** The search starts of a list whose search is by words only (no substring columns) and whose tab is stored. */
export function searchStartsOf(table: string, spec: ListSpec): SearchStarts | null {
  const { words = [], prefix = [], columns = [] } = spec.search ?? {};
  if (words.length === 0 || columns.length > 0 || spec.tabs?.derived) return null;
  return {
    table: `list_${table}_starts`,
    sort: spec.sorts[spec.defaultSort].column ?? spec.defaultSort,
    tab: spec.tabs?.column ?? null,
    words,
    prefix,
  };
}

/** The last character there is: after a term, the end of its range of the starts' index (`countSearchStarts`). */
const LAST_CHARACTER = '\u{10FFFF}';

/** How many characters of a start its key holds: a term this long is a key, and every start under it matches. */
export const KEY_LENGTH = 3;

const id = (name: string) => sql.id(name);
const raw = (text: string) => sql.raw(text);

/** The starts of the row `alias` (a table alias or NEW), as the SQL that computes them (column names are code's). */
function startsOf(starts: SearchStarts, alias: string) {
  const list = (columns: readonly string[]) =>
    `array[${columns.map((c) => `${alias}.${c}`).join(', ')}]::text[]`;
  return raw(`list_search_starts(${list(starts.words)}, ${list(starts.prefix)})`);
}

/** The columns a start carries from its row, beside `key` and `start`: the id, the sort value, the tab. */
const carried = (starts: SearchStarts) => ['id', starts.sort, ...(starts.tab ? [starts.tab] : [])];

/** What the table is made from: it is made again when this changes. */
const signature = (starts: SearchStarts) =>
  JSON.stringify({ v: 2, sort: starts.sort, tab: starts.tab, words: starts.words, prefix: starts.prefix });

/** Makes the side table afresh from the list's table: made, filled, then indexed (faster than filling an index). */
export async function fillSearchStarts(db: Kysely<Database>, list: ListTable): Promise<void> {
  const starts = searchStartsOf(list.table, list.spec);
  if (!starts) return;
  const columns = carried(starts);
  await sql`drop table if exists ${id(starts.table)}`.execute(db);
  await sql`create table ${id(starts.table)} as
    select left(s, ${raw(String(KEY_LENGTH))}) as key, s as start, ${sql.join(columns.map((c) => sql.ref(`t.${c}`)))}
    from ${sql.table(list.table)} as t, unnest(${startsOf(starts, 't')}) as s`.execute(db);
  for (const { make } of startsIndexes(starts)) await make.execute(db);
  await sql`comment on table ${id(starts.table)} is ${sql.lit(signature(starts))}`.execute(db);
  await sql`analyze ${id(starts.table)}`.execute(db);
}

/**
 * The side table's indexes, each by its name: the starts in the list's order under their key (the walk of a term past
 * the cap), the same within each tab (the walk of a term within a tab, whose matches may be too thin among all the
 * key's starts to hold a page), the starts themselves (the count) and the ids (the trigger's deletes).
 */
function startsIndexes(starts: SearchStarts): Array<{ name: string; make: RawBuilder<unknown> }> {
  const columns = carried(starts);
  const order = `${starts.sort}, id`;
  const index = (suffix: string, on: string) => {
    const name = `${starts.table}_${suffix}`;
    return { name, make: sql`create index ${id(name)} on ${id(starts.table)} ${raw(on)}` };
  };
  return [
    index('order', `(key, ${order}) include (${['start', ...columns.slice(2)].join(', ')})`),
    ...(starts.tab ? [index('tab_order', `(key, ${starts.tab}, ${order}) include (start)`)] : []),
    index('start', `(start collate "C") include (${columns.join(', ')})`),
    index('id', '(id)'),
  ];
}

/**
 * Makes the side table's indexes that are missing (a table filled before an index was declared keeps its rows). An
 * index is known by its name: one declared again with other columns needs a new name, or a new `signature`. Until
 * the start-up's transaction ends, a write that changes a row's starts waits (its trigger writes the side table);
 * readers go on. None is on an expression, so nothing is analysed.
 */
async function indexSearchStarts(db: Kysely<Database>, starts: SearchStarts): Promise<void> {
  const indexes = startsIndexes(starts);
  const names = indexes.map((i) => i.name);
  const made = await sql<{ name: string }>`select name from unnest(${names}::text[]) as name
    where to_regclass(name) is not null`.execute(db);
  const missing = indexes.filter((i) => !made.rows.some((r) => r.name === i.name));
  for (const { make } of missing) await make.execute(db);
}

/**
 * The trigger that keeps the side table: the starts of a row written again when its names or identifiers change,
 * its sort value and tab updated in place when only they do. Generated per list (its column names), static SQL.
 */
async function installTrigger(db: Kysely<Database>, list: ListTable, starts: SearchStarts): Promise<void> {
  const searched = [...starts.words, ...starts.prefix];
  const kept = carried(starts).slice(1);
  const row = (alias: string, columns: readonly string[]) => columns.map((c) => `${alias}.${c}`).join(', ');
  const fn = `${starts.table}_track`;
  await sql`create or replace function ${id(fn)}() returns trigger language plpgsql as $$
    begin
      -- A bulk write (a rebuild) writes the list with counting off, then fills this table once.
      if current_setting('list_counts.off', true) = 'on' then return null; end if;
      if tg_op = 'UPDATE' and (${raw(row('new', searched))}) is not distinct from (${raw(row('old', searched))}) then
        if (${raw(row('new', kept))}) is distinct from (${raw(row('old', kept))}) then
          update ${id(starts.table)} set (${raw(kept.join(', '))}) = (select ${raw(row('new', kept))})
          where id = new.id;
        end if;
        return null;
      end if;
      if tg_op <> 'INSERT' then delete from ${id(starts.table)} where id = old.id; end if;
      if tg_op <> 'DELETE' then
        insert into ${id(starts.table)} (key, start, ${raw(carried(starts).join(', '))})
        select left(s, ${raw(String(KEY_LENGTH))}), s, ${raw(row('new', carried(starts)))}
        from unnest(${startsOf(starts, 'new')}) as s;
      end if;
      return null;
    end
    $$`.execute(db);
  // A table emptied at once takes its starts with it.
  await sql`create or replace function ${id(`${starts.table}_truncate`)}() returns trigger language plpgsql as $$
    begin
      truncate ${id(starts.table)};
      return null;
    end
    $$`.execute(db);
  // Made only when missing: making a trigger again would lock the list's table against its readers until the
  // start-up's transaction ends (the functions above are replaced without a lock).
  const made = await sql<{ name: string }>`select tgname as name from pg_trigger
    where tgrelid = to_regclass(${list.table}) and tgname like 'list_search_starts%'`.execute(db);
  const has = (name: string) => made.rows.some((r) => r.name === name);
  if (!has('list_search_starts')) {
    await sql`create trigger list_search_starts after insert or update or delete on ${sql.table(list.table)}
      for each row execute function ${id(fn)}()`.execute(db);
  }
  if (!has('list_search_starts_truncate')) {
    await sql`create trigger list_search_starts_truncate after truncate on ${sql.table(list.table)}
      for each statement execute function ${id(`${starts.table}_truncate`)}()`.execute(db);
  }
}

/** Drops a list's search starts: its triggers, their functions and the table. */
async function dropSearchStarts(db: Kysely<Database>, table: string): Promise<void> {
  const starts = `list_${table}_starts`;
  await sql`drop trigger if exists list_search_starts on ${sql.table(table)}`.execute(db);
  await sql`drop trigger if exists list_search_starts_truncate on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists ${id(`${starts}_track`)}()`.execute(db);
  await sql`drop function if exists ${id(`${starts}_truncate`)}()`.execute(db);
  await sql`drop table if exists ${id(starts)}`.execute(db);
}

/**
 * Brings a list's search starts to what it declares, at start-up (inside `prepareLists`' lock): made and filled when
 * missing or made from another declaration; the triggers' functions replaced each time (always the code's), the
 * triggers made when missing. A list that no longer has search starts loses them. Answers the table when filled.
 */
export async function reconcileSearchStarts(db: Kysely<Database>, list: ListTable): Promise<string | null> {
  const starts = searchStartsOf(list.table, list.spec);
  if (!starts) {
    await dropSearchStarts(db, list.table);
    return null;
  }
  const made = await sql<{ comment: string | null }>`
    select obj_description(to_regclass(${starts.table}), 'pg_class') as comment`.execute(db);
  await installTrigger(db, list, starts);
  if (made.rows[0]?.comment !== signature(starts)) {
    // No write may slip between the fill and the trigger taking over; readers go on.
    await sql`lock table ${sql.table(list.table)} in share mode`.execute(db);
    await fillSearchStarts(db, list);
    return starts.table;
  }
  await indexSearchStarts(db, starts);
  return null;
}

/** Which of the rows found to answer the ids of, in the list's order: `skip` of them (in `tab`) passed, then `size`. */
export interface StartsPage {
  skip: number;
  size: number;
  tab?: string;
}

/** What a read of the starts found: how many rows (up to what was wanted), how many in each tab, the page's ids. */
export interface StartsFound {
  found: number;
  tabs: Record<string, number>;
  ids: number[];
  /**
   * With `PageRows` asked for, the page's rows (in no order: `inIdOrder`): none when `PageRows.when` did not hold
   * (the caller tells that by the count).
   */
  rows?: Record<string, unknown>[];
}

/**
 * The page's rows, read by the statement that finds the page (server/kit/talliedPage.ts): `of` reads the rows of
 * the ids a subquery selects; they are read only `when` it holds of the count of rows found (an expression); `key`
 * names all the two are built from but the list and its source.
 */
export interface PageRows {
  of: RowsOf;
  when: (found: RawBuilder<unknown>) => RawBuilder<unknown>;
  key: string;
}

/**
 * A read of the starts, to be built once for its list and its source (`compiledOnce`, server/db/prepared.ts): `build`
 * makes it with `values` as its values, and `key` names all else it is built from.
 */
export interface StartsStatement<R> {
  key: string;
  build: () => RawBuilder<R>;
  values: readonly Bound[];
}

type Run = <R>(statement: StartsStatement<R>) => Promise<R[]>;

/** A read of the starts as it is sent, built once for `owners` (the database, the list, its source). */
export const startsStatement = <R>(
  k: Kysely<never>,
  owners: readonly object[],
  { key, build, values }: StartsStatement<R>,
): CompiledQuery<R> => compiledOnce(owners, key, () => ({ compile: () => build().compile(k) }), values);

/**
 * Each of `given` that is not undefined, as a value of a read of the starts (`Bound`): which of them are given is a
 * part of the read's key (they decide its text), and their order is its values'.
 */
function valuesOf<T extends Record<string, unknown>>(
  given: T,
): { [K in keyof T]-?: undefined extends T[K] ? Bound<Exclude<T[K], undefined>> | undefined : Bound<T[K]> } {
  const values: Record<string, Bound> = {};
  for (const [name, value] of Object.entries(given)) if (value !== undefined) values[name] = bound(value);
  return values as never;
}

const inTab = (tab: Bound | undefined) => (tab === undefined ? sql`` : sql`and tab = ${tab}`);

/** The condition on a start's tab column (`s`) to read only `tab`'s starts; none for a list without tabs. */
const inStartsTab = (starts: SearchStarts, tab: Bound | undefined) =>
  tab === undefined || !starts.tab ? sql`` : sql`and ${sql.ref(`s.${starts.tab}`)} = ${tab}`;

/** The values of a tally's statement: the term, how many hits are wanted, the page's place among them (and tab). */
interface TallyValues {
  q: Bound<string>;
  want: Bound<number>;
  skip: Bound<number>;
  size: Bound<number>;
  pageTab?: Bound<string>;
}

/**
 * Counts `hits` (rows of sort_value, id and tab, each once, up to `want`) by tab and picks the page among them, in the
 * database: a thousand rows are not sent to be counted. With fewer than `want` hits, the same statement (one
 * snapshot) also counts the starts `read` read, for the caller to tell whether they ran out (none when the database's
 * term is shorter than a key after all: the caller falls back). With `rows`, it reads the page's rows too
 * (server/kit/talliedPage.ts), when `rows.when` holds. The statement is built once (`StartsStatement`) for its
 * `shape` (which read of the starts it is), its order, which of `values` are given (every value of `hits` and `read`
 * among them) and its rows' key.
 */
async function tally(
  shape: string,
  values: TallyValues,
  hits: () => RawBuilder<unknown>,
  read: () => RawBuilder<unknown>,
  order: 'asc' | 'desc',
  run: Run,
  rows?: PageRows,
): Promise<StartsFound & { read: number | null }> {
  const v = values;
  const dir = raw(order);
  const pageIds = () => sql`select id from hits where true ${inTab(v.pageTab)}
      order by sort_value ${dir}, id ${dir} limit ${v.size} offset ${v.skip}`;
  const tallied = (ids: RawBuilder<unknown>) => sql<TallyRow>`
    select tab, count(*)::int as n, null::json as ids from hits group by tab
    union all
    select null, -1, coalesce(json_agg(id), '[]'::json) from (${ids}) as page
    union all
    select null, -2, to_json((select count(*) from (${read()}) as r))
    where (select count(*) from hits) < ${v.want} and length(list_word_term(${v.q})) >= ${KEY_LENGTH}`;
  const statement = {
    key: JSON.stringify([shape, order, Object.keys(v), rows?.key ?? null]),
    values: Object.values(v) as Bound[],
  };
  const sent = rows
    ? readPageRows(
        await run({
          ...statement,
          build: () =>
            withPageRows(
              sql`hits as materialized (${hits()}), page as materialized (${pageIds()})`,
              tallied(sql`select id from page`),
              rows.of,
              rows.when(sql`(select count(*) from hits)`),
            ),
        }),
      )
    : {
        tally: await run({
          ...statement,
          build: () => sql<TallyRow>`with hits as materialized (${hits()}) ${tallied(pageIds())}`,
        }),
      };
  const result = {
    found: 0,
    tabs: {} as Record<string, number>,
    ids: [] as number[],
    read: null as number | null,
  };
  for (const row of sent.tally) {
    const n = Number(row.n);
    if (n === -1) result.ids = (row.ids as number[] | null) ?? [];
    else if (n === -2) result.read = row.ids === null ? null : Number(row.ids);
    else {
      result.found += n;
      if (row.tab !== null) result.tabs[row.tab] = n;
    }
  }
  return 'rows' in sent ? { ...result, rows: sent.rows } : result;
}

/** The columns a read of the starts answers: the sort value, the id and the tab. */
const hitColumns = (starts: SearchStarts) =>
  sql`${sql.ref(`s.${starts.sort}`)} as sort_value, s.id,
    ${starts.tab ? sql.ref(`s.${starts.tab}`) : sql`null::text`} as tab`;

export interface StartsCount {
  q: string;
  /** Only the rows in this tab. */
  tab?: string;
  /** How many rows to find: the count's cap and one. */
  want: number;
  /** How many starts to read at most (a row may have more than one starting with the term). */
  read: number;
  order: 'asc' | 'desc';
  page: StartsPage;
}

/**
 * Up to `want` rows (in `tab`) with a start that starts with the term, any of them: read from the side table's index
 * on the starts themselves (the term's range of it, its leaves holding the id, sort value and tab), at most `read`
 * starts; fewer rows only when the range ran out (every match). Null when it cannot tell (fewer rows found, more
 * starts unread: rows with many starts each) or the term is shorter than a key. With every match, the page is
 * picked among them.
 */
export async function countSearchStarts(
  starts: SearchStarts,
  { q, tab, want, read, order, page }: StartsCount,
  run: Run,
  rows?: PageRows,
): Promise<StartsFound | null> {
  // The term's range of the index, between two bounds: read so by a plan made once for every term (`onePlan`,
  // server/db/prepared.ts), where `starts_with` would be tested on every start. In the index's order ("C", byte by
  // byte) the texts from the term up to the term and the last character (U+10FFFF) are those that start with it, but
  // for one whose next character is U+10FFFF itself (a noncharacter, no name's). That character is sent as a value:
  // SQL's chr() refuses it in a database of another encoding than UTF-8 (SQL_ASCII compares the same bytes).
  const v = valuesOf({ q, want, skip: page.skip, size: page.size, pageTab: page.tab, read, tab });
  const term = sql`list_word_term(${v.q})`;
  const inRange = sql`s.start collate "C" >= ${term} and s.start collate "C" < ${term} || ${LAST_CHARACTER}`;
  const entries = () => sql`select ${hitColumns(starts)} from ${id(starts.table)} as s
    where ${inRange} ${inStartsTab(starts, v.tab)}
    limit ${v.read}`;
  const hits = () => sql`select distinct sort_value, id, tab from (${entries()}) as e limit ${v.want}`;
  const found = await tally('count', v, hits, entries, order, run, rows);
  return found.found === want || (found.read !== null && found.read < read) ? found : null;
}

export interface StartsWalk {
  q: string;
  order: 'asc' | 'desc';
  /** Only the rows after this (sort value, id) in `order`. */
  after?: { value: unknown; id: unknown };
  /** Only the rows in this tab. */
  tab?: string;
  /** How many rows to find. */
  want: number;
  /** How many starts of the term's key to read at most. */
  walk: number;
}

/**
 * The ids of the first `want` rows (in `order`, after `after`, in `tab`) with a start that starts with the term,
 * found among the first `walk` starts of the term's key (its first KEY_LENGTH characters; in `tab`, of the tab's own
 * starts under it) from there, `skip` of them passed; fewer only when those starts ran out (so they are every match
 * from there). Null when the walk cannot tell (fewer rows found, more starts unread) or the term is shorter than a key
 * (no key holds its matches). The starts are read along one of the side table's indexes alone (key, sort value, id;
 * in a tab, key, tab, sort value, id; the start in their leaves); a row with two starts under the key is found once
 * (they are next to each other in that order). Answered as `ids` (in the walk's order), with their rows when asked
 * (`rows`).
 */
export async function walkSearchStarts(
  starts: SearchStarts,
  { q, order, after, tab, want, walk }: StartsWalk,
  skip: number,
  run: Run,
  rows?: PageRows,
): Promise<StartsFound | null> {
  const v = valuesOf({
    q,
    want,
    skip,
    size: want - skip,
    walk,
    tab,
    afterValue: after?.value,
    afterId: after?.id,
  });
  const dir = raw(order);
  const sort = sql.ref(`s.${starts.sort}`);
  const term = sql`list_word_term(${v.q})`;
  const from = after
    ? sql`and (${sort}, s.id) ${raw(order === 'asc' ? '>' : '<')} (${v.afterValue}, ${v.afterId})`
    : sql``;
  // Within a tab, the tab's own starts under the key (an index of their own): a thin tab's matches are few among all.
  const walked = () => sql`select s.start, ${hitColumns(starts)} from ${id(starts.table)} as s
    where s.key = left(${term}, ${KEY_LENGTH}) ${inStartsTab(starts, v.tab)} ${from}
    order by ${sort} ${dir}, s.id ${dir} limit ${v.walk}`;
  const hits = () => sql`select distinct on (sort_value, id) sort_value, id, tab from (${walked()}) as w
    where starts_with(w.start, ${term})
    order by sort_value ${dir}, id ${dir} limit ${v.want}`;
  const found = await tally(after ? 'walk from a place' : 'walk', v, hits, walked, order, run, rows);
  return found.found === want || (found.read !== null && found.read < walk) ? found : null;
}
