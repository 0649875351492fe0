import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ALL_TAB, type ListFilter, type ListSpec } from '../../src/contract/list';
import { executePrepared } from '../db/prepared';
import type { Database } from '../db/schema';
import { countedColumnValues, memoryGeneration } from './listMemory';
import { fillPageBlocks, reconcilePageBlocks } from './pageBlocks';
import { fillSearchStarts, reconcileSearchStarts } from './searchStarts';

/**
 * What keeps every list fast at a million rows, derived from its ListSpec (src/contract/list.ts) so that each entity
 * gets it by declaring its list, and reconciled at start-up (`prepareLists`):
 *
 * - **Counts.** The tab column and every exact-match filter (enum, boolean, text) are the list's counted columns;
 *   `list_counts` holds how many rows carry each combination of their values, kept by a row trigger in the
 *   transaction that writes the row (migration 2026_11_24_0001_list_support). Tab counts and totals under any of
 *   those filters are a sum over that small table (`modelCounts`); with a search or a range the list query counts
 *   the rows themselves, up to COUNT_CAP.
 * - **Indexes.** One btree per sort (sort column, id: the order the list reads, tie-breaker included), one for the
 *   tabs in the default order (tab column, sort column, id), one per id filter (column, sort column, id) carrying
 *   the tab and the enum and boolean filters' columns, one per range filter (column, id) that also carries those
 *   and the default sort column (their matches are counted by an index-only scan), one `text_pattern_ops` btree
 *   per prefix search column (`LIKE 'Q%'` reads a range of it) — or, for a list that finds names by their words, one
 *   GIN index over its names' word starts and its identifiers (`searchLexemes`: a term is the start of one of its
 *   entries) — and, where the server has pg_trgm, one trigram GIN index per substring search column (the
 *   `ILIKE '%q%'` search uses them).
 *   They are named `list_<table>_…`; one the list no longer declares is dropped. The GIN indexes take each write at
 *   once (`fastupdate = off`): with the default, writes wait in a pending list that every search reads through to
 *   the end, up to 4 MB of it, until a vacuum comes by (measured: a search for a mobile number spent 5 of its 8 ms
 *   there after 16 clients' commands).
 */

export interface ListTable {
  table: string;
  spec: ListSpec;
}

const TRIGGER = 'list_counts';

/** Whether a filter's values are counted in `list_counts` (exact matches on a few values). */
export function isCountedFilter(filter: ListFilter): boolean {
  return filter.kind === 'enum' || filter.kind === 'boolean' || filter.kind === 'text';
}

/** The counted columns of a list: its (stored) tab column, then its exact-match filters' columns. */
export function countedColumns(spec: ListSpec): string[] {
  const columns = spec.tabs && !spec.tabs.derived ? [spec.tabs.column] : [];
  for (const [name, filter] of Object.entries(spec.filters)) {
    if (isCountedFilter(filter)) columns.push(filter.column ?? name);
  }
  return [...new Set(columns)];
}

export interface WantedIndex {
  using: string;
  key: string;
  /** Columns carried in the index's leaves for index-only scans (INCLUDE), not part of its order. */
  include?: string[];
  /** Over an expression: the table is analysed once it is made, or the planner knows nothing of its values. */
  expression?: true;
}

/**
 * The search entries of a list that finds names by their words: the word starts of its `words` columns and the
 * whole of its `prefix` columns, as one tsvector (migration 2026_11_28_0200_word_search); null for a list without
 * `words`, whose prefix columns are searched with `LIKE` on their own btree. The list query searches this same
 * expression, so that the planner reads its index. Column names come from the code's declarations.
 */
export function searchLexemes(spec: ListSpec): string | null {
  const { words = [], prefix = [] } = spec.search ?? {};
  if (words.length === 0) return null;
  return `list_search_lexemes(array[${words.join(', ')}]::text[], array[${prefix.join(', ')}]::text[])`;
}

/**
 * The indexes a list wants: name → definition after `on <table>`. Two reasons may want one index (a range filter on a
 * sort column: that sort's index), which then carries what each wants carried; two different keys under one name are
 * refused, not one of them silently dropped.
 */
export function wantedIndexes(
  { table, spec }: ListTable,
  trigramSchema: string | null,
): Map<string, WantedIndex> {
  const wanted = new Map<string, WantedIndex>();
  const want = (name: string, index: WantedIndex) => {
    const known = wanted.get(name);
    if (!known) return wanted.set(name, index);
    if (known.key !== index.key || known.using !== index.using) {
      throw new Error(
        `${table}: two indexes named ${name}, ${known.using} on (${known.key}) and ${index.using} on (${index.key})`,
      );
    }
    // One index for both reasons: it carries what each wants carried.
    const include = [...new Set([...(known.include ?? []), ...(index.include ?? [])])];
    return wanted.set(name, include.length > 0 ? { ...known, include } : known);
  };
  const tab = spec.tabs && !spec.tabs.derived ? spec.tabs.column : null;
  const defaultSort = spec.sorts[spec.defaultSort].column ?? spec.defaultSort;
  for (const [name, sort] of Object.entries(spec.sorts)) {
    const column = sort.column ?? name;
    if (column !== 'id') want(`list_${table}_${column}`, { using: 'btree', key: `${column}, id` });
  }
  // A tab is where most list loads start: its first page in the default order is read from one index, however the
  // tab's rows are spread over the default order.
  if (tab) {
    want(`list_${table}_${tab}_${defaultSort}`, { using: 'btree', key: `${tab}, ${defaultSort}, id` });
  }
  // What an id or range filter's index carries besides its key, for its matches to be counted from it alone under
  // the tab and the few-valued filters a screen sets with it (the refunds of /order/refund are `kind=order`): a
  // text filter (a city) is left out, wider and of many values.
  const few = Object.entries(spec.filters)
    .filter(([, f]) => f.kind === 'enum' || f.kind === 'boolean')
    .map(([name, f]) => f.column ?? name);
  const carried = (column: string, ...more: string[]) =>
    [...new Set([tab, ...more, ...few])].filter((c): c is string => !!c && c !== column && c !== 'id');
  for (const [name, filter] of Object.entries(spec.filters)) {
    const column = filter.column ?? name;
    // An id filter (a project's orders, a customer's, an order's refunds) reads its first page in the default order
    // from one index, and counts its matches from it alone.
    if (filter.kind === 'id' && column !== 'id') {
      want(`list_${table}_${column}_${defaultSort}`, {
        using: 'btree',
        key: `${column}, ${defaultSort}, id`,
        include: carried(column),
      });
    }
    // A text filter (a city) reads its first page in the default order from one index, whatever else is set with
    // it: its matches are counted in the counts model, so the index carries nothing more.
    if (filter.kind === 'text') {
      want(`list_${table}_${column}_${defaultSort}`, {
        using: 'btree',
        key: `${column}, ${defaultSort}, id`,
      });
    }
    if (filter.kind === 'member') {
      want(`list_${table}_${column}_member`, { using: 'gin', key: `${column} jsonb_path_ops` });
    }
    // A range filter's matches are counted from its index alone (an index-only scan of up to COUNT_CAP + 1
    // entries, not as many reads of the table): the index also carries what the counting pass reads of each match,
    // the tab and the default sort value. Where the range column is a sort column too, this is that sort's index.
    if (filter.kind === 'range' && column !== 'id') {
      want(`list_${table}_${column}`, {
        using: 'btree',
        key: `${column}, id`,
        include: carried(column, defaultSort),
      });
    }
  }
  const lexemes = searchLexemes(spec);
  if (lexemes) {
    want(`list_${table}_search`, { using: 'gin', key: lexemes, expression: true });
  } else {
    for (const column of spec.search?.prefix ?? []) {
      want(`list_${table}_${column}_prefix`, { using: 'btree', key: `${column} text_pattern_ops` });
    }
  }
  if (trigramSchema) {
    for (const column of spec.search?.columns ?? []) {
      want(`list_${table}_${column}_trgm`, {
        using: 'gin',
        key: `${column} ${trigramSchema}.gin_trgm_ops`,
      });
    }
  }
  return wanted;
}

/** The schema pg_trgm lives in, or null when this server has none. */
async function trigramSchema(db: Kysely<Database>): Promise<string | null> {
  const row = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return row.rows[0]?.schema ?? null;
}

/** Brings one list's indexes to what it declares; an index on the same key made by a migration counts. */
async function reconcileIndexes(db: Kysely<Database>, list: ListTable, trgm: string | null): Promise<void> {
  const existing = await sql<{ name: string; def: string; options: string[] | null }>`
    select i.indexname as name, i.indexdef as def, c.reloptions as options from pg_indexes i
    join pg_class c on c.relname = i.indexname and c.relnamespace = to_regnamespace(i.schemaname)
    where i.schemaname = current_schema() and i.tablename = ${list.table}`.execute(db);
  const wanted = wantedIndexes(list, trgm);
  let analyse = false;
  for (const [name, { using, key, include = [], expression }] of wanted) {
    const covering = include.length > 0 ? ` INCLUDE (${include.join(', ')})` : '';
    const suffix = `USING ${using} (${key})${covering}`;
    const found = existing.rows.find((index) => index.name === name || index.def.includes(suffix));
    const immediate = using === 'gin' ? sql` with (fastupdate = off)` : sql``;
    // Ours by name but without the columns it now carries (made before it carried them): made again.
    const stale = found?.name === name && !found.def.includes(covering);
    if (!found || stale) {
      if (stale) await sql`drop index ${sql.id(name)}`.execute(db);
      await sql`create index ${sql.id(name)} on ${sql.table(list.table)} using ${sql.raw(using)} (${sql.raw(key)})${sql.raw(covering)}${immediate}`.execute(
        db,
      );
      analyse ||= !!expression;
    } else if (using === 'gin' && !found.options?.includes('fastupdate=off')) {
      await sql`alter index ${sql.id(found.name)} set (fastupdate = off)`.execute(db);
      await sql`select gin_clean_pending_list(${found.name}::regclass)`.execute(db);
    }
  }
  for (const { name } of existing.rows) {
    if (name.startsWith(`list_${list.table}_`) && !wanted.has(name)) {
      await sql`drop index ${sql.id(name)}`.execute(db);
    }
  }
  if (analyse) await sql`analyze ${sql.table(list.table)}`.execute(db);
}

/** Installs (or re-installs, when the counted columns changed) the counting trigger, and counts afresh then. */
async function reconcileCounts(db: Kysely<Database>, list: ListTable): Promise<void> {
  const args = [list.table, ...countedColumns(list.spec)];
  const call = `list_counts_track(${args.map((a) => `'${a}'`).join(', ')})`;
  const current = await sql<{ def: string }>`
    select pg_get_triggerdef(t.oid) as def from pg_trigger t
    where t.tgrelid = to_regclass(${list.table}) and t.tgname = ${TRIGGER}`.execute(db);
  if (current.rows[0]?.def.endsWith(`EXECUTE FUNCTION ${call}`)) return;
  await sql`drop trigger if exists ${sql.id(TRIGGER)} on ${sql.table(list.table)}`.execute(db);
  await sql`create trigger ${sql.id(TRIGGER)} after insert or update or delete on ${sql.table(list.table)}
    for each row execute function ${sql.raw(call)}`.execute(db);
  await recount(db, list);
}

/**
 * Every list's indexes, counting trigger, search starts and page blocks as declared; at start-up, after the
 * migrations, one server at a time. Side tables filled here are vacuumed after (outside the transaction, as VACUUM
 * must be): until a table is, its index answers only by reading the table too (its visibility map is empty).
 */
export async function prepareLists(db: Kysely<Database>, lists: readonly ListTable[]): Promise<void> {
  const filled = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('prepare lists ' || current_schema()))`.execute(trx);
    const trgm = await trigramSchema(trx);
    const tables: string[] = [];
    for (const list of lists) {
      await reconcileIndexes(trx, list, trgm);
      await reconcileCounts(trx, list);
      const starts = await reconcileSearchStarts(trx, list);
      if (starts) tables.push(starts);
      const blocks = await reconcilePageBlocks(trx, list);
      if (blocks) tables.push(blocks);
    }
    return tables;
  });
  for (const table of filled) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
}

/** A text[] literal of identifiers the code declares (never of request values). */
const textArray = (values: string[]) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]::text[]`;

/** Counts a list's table afresh (after a rebuild, or when its counted columns changed). */
export async function recount(db: Kysely<Database>, { table, spec }: ListTable): Promise<void> {
  const columns = countedColumns(spec);
  // No write may slip between the count and its storing (its trigger would count it twice); readers go on. Run
  // inside a transaction, the lock lasts until it ends.
  await sql`lock table ${sql.table(table)} in share mode`.execute(db);
  await sql`delete from list_counts where list = ${table}`.execute(db);
  await sql`
    insert into list_counts (list, dims, n)
    select ${table}, list_counts_dims(to_jsonb(t), ${textArray(columns)}) as dims, count(*)
    from ${sql.table(table)} t group by 2`.execute(db);
}

/**
 * Runs `work` (a bulk write: a rebuild, the generator) with counting off, then counts the `lists` once and fills
 * their search starts (server/kit/searchStarts.ts) and page blocks (server/kit/pageBlocks.ts) afresh. Counting row
 * by row in one long transaction would update the same few counters over and over, each update leaving a row version
 * behind that the next one steps over: the cost grows with the square of the rows written.
 */
export async function withoutCounting<T>(
  trx: Kysely<Database>,
  lists: readonly ListTable[],
  work: () => Promise<T>,
): Promise<T> {
  await sql`select set_config('list_counts.off', 'on', true)`.execute(trx);
  const result = await work();
  await sql`select set_config('list_counts.off', 'off', true)`.execute(trx);
  for (const list of lists) {
    await recount(trx, list);
    await fillSearchStarts(trx, list);
    await fillPageBlocks(trx, list);
  }
  return result;
}

/** Exact-match conditions on counted columns: column → value as text. */
export type CountedWhere = Record<string, string>;

/**
 * The count of every tab (and `all`) of the rows matching `where`, from the counts; `where` may name only counted
 * columns (anything else is a programming error, not a request to count zero).
 */
export async function modelCounts(
  db: Kysely<Database>,
  list: ListTable,
  where: CountedWhere,
): Promise<Record<string, number>> {
  const rows = await modelCountsQuery(list, where).execute(db);
  return tabCounts(list.spec, rows.rows);
}

/**
 * The same counts as one value to read beside a list's page (a JSON array of [tab, n] pairs, as text, for
 * `countsOfColumn`): the database computes it once per statement, and the page and its counts are one round trip.
 */
export function modelCountsColumn(list: ListTable, where: CountedWhere): RawBuilder<string> {
  return sql<string>`(select coalesce(json_agg(json_build_array(c.tab, c.n)), '[]')::text
    from (${modelCountsQuery(list, where)}) as c)`;
}

/** The counts `modelCountsColumn` read. */
export function countsOfColumn(spec: ListSpec, text: string): Record<string, number> {
  const pairs = JSON.parse(text) as [string | null, number][];
  return tabCounts(
    spec,
    pairs.map(([tab, n]) => ({ tab, n })),
  );
}

function modelCountsQuery({ table, spec }: ListTable, where: CountedWhere) {
  const columns = countedColumns(spec);
  for (const column of Object.keys(where)) {
    if (!columns.includes(column)) throw new Error(`${table}: ${column} is not a counted column`);
  }
  const conditions = Object.entries(where).map(([column, value]) => sql`dims ->> ${column} = ${value}`);
  const tab = spec.tabs ? sql`dims ->> ${spec.tabs.column}` : sql`null`;
  return sql<{ tab: string | null; n: number | string }>`
    select ${tab} as tab, sum(n)::bigint as n from list_counts
    where list = ${table} ${conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``}
    group by 1`;
}

/** Every tab's count (and `all`) from rows of (tab, n): tabs without rows count 0, a tab not declared only in `all`. */
function tabCounts(
  spec: ListSpec,
  rows: { tab: string | null; n: number | string }[],
): Record<string, number> {
  const counts: Record<string, number> = { [ALL_TAB]: 0 };
  for (const value of spec.tabs?.values ?? []) counts[value] = 0;
  for (const row of rows) {
    counts[ALL_TAB] += Number(row.n);
    if (row.tab !== null && row.tab in counts) counts[row.tab] += Number(row.n);
  }
  return counts;
}

/**
 * The values a counted column holds in at least one row, sorted (a filter's choices): prepared, its plan kept (the
 * list and column written into it: a statement for each filter, server/db/prepared.ts).
 */
export async function countedValues(
  db: Kysely<Database>,
  { table, spec }: ListTable,
  column: string,
): Promise<string[]> {
  if (!countedColumns(spec).includes(column)) throw new Error(`${table}: ${column} is not a counted column`);
  const rows = await executePrepared<{ value: string }>(
    db as never,
    sql<{ value: string }>`
    select dims ->> ${column} as value from list_counts
    where list = ${table} and dims ->> ${column} is not null
    group by 1 having sum(n) > 0 order by 1`.compile(db),
    { keepPlan: true },
  );
  return rows.map((row) => row.value);
}

/**
 * The values a counted column holds (`countedValues`), remembered for a few seconds (`countedColumnValues`,
 * server/kit/listMemory.ts): a value written since may be missing from them, and one no row holds any more still
 * there, for that long.
 */
export async function knownValues(
  db: Kysely<Database>,
  list: ListTable,
  column: string,
): Promise<ReadonlySet<string>> {
  const key = JSON.stringify([list.table, column]);
  const remembered = countedColumnValues.recall(key);
  if (remembered) return remembered;
  const since = memoryGeneration();
  const values = new Set(await countedValues(db, list, column));
  countedColumnValues.remember(key, values, since);
  return values;
}
