import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { Type, type TSchema } from 'typebox';
import {
  ALL_TAB,
  COUNT_CAP,
  MAX_PAGE,
  TIME_ZONE_PARAM,
  filterParams,
  halfWidth,
  isCalendarDate,
  rangeReversed,
  type ListFilter,
  type ListSpec,
} from '../../src/contract/list';
import { bound, compiledOnce, compiledWith, executePrepared, type Bound } from '../db/prepared';
import type { Database } from '../db/schema';
import { ValidationError } from '../errors';
import { decodeCursor, encodeCursor, type Cursor } from './listCursor';
import type { ItemColumns } from './listItems';
import { isTimeZone, nextDay, startOfDay } from './zonedDays';
import {
  countsOfColumn,
  isCountedFilter,
  knownValues,
  modelCounts,
  modelCountsColumn,
  searchLexemes,
  type CountedWhere,
  type ListTable,
} from './listSupport';
import { cappedCounts, memoryGeneration, pagePlaces, type PagePlace } from './listMemory';
import { inIdOrder, readPageRows, withPageRows, type RowsOf } from './talliedPage';
import { blockPageIds, pageBlocksOf, type PageBlocks } from './pageBlocks';
import { BOUNDS, IntText, MAX_ID, refusedWith } from './schemas';
import { REASON } from '../../src/contract/errors';
import {
  KEY_LENGTH,
  countSearchStarts,
  searchStartsOf,
  startsStatement,
  walkSearchStarts,
  type SearchStarts,
  type StartsCount,
  type StartsStatement,
} from './searchStarts';

export type { ListSpec };

/**
 * The one list query: every entity's list, tab counts and CSV export come from its ListSpec (src/contract/list.ts):
 * search, filters, tabs with counts, sort with an id tie-breaker, page and page size. Query values arrive as text;
 * the schema (`listQuerySchema`) refuses malformed ones before the handler, `readListQuery` turns the rest into
 * typed parameters and checks ranges.
 */

/** A range filter's ends, as the column holds them (fen; ISO timestamps, the end exclusive). */
export interface RangeValue {
  from?: number | string;
  to?: number | string;
}

export interface ListParams {
  q?: string;
  filters: Record<string, string | number | boolean | RangeValue>;
  tab: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Where the page begins when the client pages on from a page it holds (server/kit/listCursor.ts). */
  cursor?: Cursor;
}

export interface ListPage<Row> {
  /**
   * The rows (of a list declaring `items`, just those columns), each also holding the list's own columns (`list_key`,
   * `list_counts`): the entity's toApi names the fields it gives, and a list item's schema the fields written
   * (server/kit/listItems.ts); either leaves them out (tests/server/kit/toApi.test.ts), so they are not copied out of
   * each row.
   */
  items: Row[];
  total: number;
  page: number;
  page_size: number;
  counts?: Record<string, number>;
  /** The counts stopped at COUNT_CAP: each is "at least". */
  capped?: boolean;
  /** Where this page begins and ends: ask `before` the first for the previous page, `after` the last for the next. */
  cursors?: { before: string; after: string };
}

type AnyQuery = SelectQueryBuilder<Record<string, Record<string, unknown>>, string, Record<string, unknown>>;

function filterSchema(name: string, filter: ListFilter): TSchema {
  switch (filter.kind) {
    case 'enum':
      return Type.Union([Type.Literal(''), ...filter.values.map((v) => Type.Literal(v))], {
        description: `one of ${filter.values.join(', ')}`,
      });
    case 'boolean':
      return Type.Union([Type.Literal(''), Type.Literal('true'), Type.Literal('false')], {
        description: 'true or false',
      });
    case 'text':
    case 'member':
      return Type.String({
        maxLength: filter.maxLength ?? 100,
        description: `text of at most ${filter.maxLength ?? 100} characters`,
        title: name,
      });
    case 'id':
      return Type.Union([Type.Literal(''), IntText(1, MAX_ID)], {
        description: 'an id: a whole number from 1',
        [BOUNDS]: { min: 1, max: MAX_ID },
      });
    case 'range':
      return filter.type === 'money'
        ? Type.String({
            pattern: '^$|^[0-9]{1,9}(\\.[0-9]{1,2})?$',
            title: name,
            ...refusedWith('yuan, e.g. 99.50', REASON.rangeMoney),
          })
        : Type.String({
            pattern: '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
            title: name,
            ...refusedWith('a date, YYYY-MM-DD', REASON.date),
          });
  }
}

/** The query-string schema of a list (also what the API docs show). */
export function listQuerySchema(spec: ListSpec, extra: Record<string, TSchema> = {}): TSchema {
  const properties: Record<string, TSchema> = {};
  if (spec.search) {
    properties.q = Type.Optional(
      Type.String({
        maxLength: spec.search.maxLength,
        description: `at most ${spec.search.maxLength} characters`,
      }),
    );
  }
  for (const [name, filter] of Object.entries(spec.filters)) {
    for (const param of filterParams(name, filter))
      properties[param] = Type.Optional(filterSchema(param, filter));
  }
  if (spec.tabs) {
    const tabs = [ALL_TAB, ...spec.tabs.values];
    properties.tab = Type.Optional(
      Type.Union([Type.Literal(''), ...tabs.map((v) => Type.Literal(v))], {
        description: `one of ${tabs.join(', ')}`,
      }),
    );
  }
  const sorts = Object.keys(spec.sorts);
  properties.sort = Type.Optional(
    Type.Union([Type.Literal(''), ...sorts.map((v) => Type.Literal(v))], {
      description: `one of ${sorts.join(', ')}`,
    }),
  );
  properties.order = Type.Optional(
    Type.Union([Type.Literal(''), Type.Literal('asc'), Type.Literal('desc')], {
      description: 'one of asc, desc',
    }),
  );
  properties.page = Type.Optional(IntText(1, MAX_PAGE));
  properties.page_size = Type.Optional(IntText(1, spec.pageSize.max));
  for (const direction of ['after', 'before']) {
    properties[direction] = Type.Optional(
      Type.String({ maxLength: 400, description: `a cursor a page answered (cursors.${direction})` }),
    );
  }
  if (hasZonedRange(spec)) {
    properties[TIME_ZONE_PARAM] = Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "the reader's time zone (e.g. Asia/Shanghai): a date range's days are that zone's; UTC when not sent",
      }),
    );
  }
  for (const [name, schema] of Object.entries(extra)) properties[name] = Type.Optional(schema);
  // Unknown parameters are ignored (a cache-buster, an old bookmark), not refused.
  return Type.Object(properties, { additionalProperties: true });
}

/** A whole-number query parameter within its range (the schema checked its digits), or `fallback` when not sent. */
export function wholeNumber(
  query: Record<string, unknown>,
  key: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const text = query[key];
  if (typeof text !== 'string' || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ValidationError(`${key} must be a whole number from ${min} to ${max}.`, key, {
      key: 'errors.validation.range',
      values: { min, max },
    });
  }
  return n;
}

/** Whether a list has a date range over moments (not `calendarDays`): its days are the reader's. */
const hasZonedRange = (spec: ListSpec) =>
  Object.values(spec.filters).some((f) => f.kind === 'range' && f.type === 'date' && !f.calendarDays);

/**
 * The zone a list's days are read in: the reader's (`tz`), UTC when not sent. Where the list has a range read in it,
 * an unknown zone is a 400 whether or not the range is set: a wrong zone is told at once, not first when a day is
 * picked. A list without one ignores `tz`, as it does any parameter it does not take.
 */
function readerZone(spec: ListSpec, text: (key: string) => string): string {
  const zone = text(TIME_ZONE_PARAM);
  if (zone === '' || !hasZonedRange(spec)) return 'UTC';
  if (!isTimeZone(zone)) {
    throw new ValidationError(
      `${TIME_ZONE_PARAM} must be a time zone such as Asia/Shanghai, not "${zone}".`,
      TIME_ZONE_PARAM,
      {
        key: 'errors.validation.timeZone',
      },
    );
  }
  return zone;
}

/**
 * Typed parameters from a query string the schema accepted. `scope` is the reader's part of the list
 * (ListSource.scope; `undefined` when the reader sees all of it), required so no caller can leave it out by mistake:
 * a cursor answered for another reader's part is not read.
 */
export function readListQuery(
  spec: ListSpec,
  query: Record<string, unknown>,
  scope: ReadScope | undefined,
): ListParams {
  const text = (key: string) => (typeof query[key] === 'string' ? (query[key] as string) : '');
  const filters: ListParams['filters'] = {};
  const zone = readerZone(spec, text);
  for (const [name, filter] of Object.entries(spec.filters)) {
    if (filter.kind === 'range') {
      const days = filter.calendarDays ? 'UTC' : zone;
      const range = readRange(name, filter.type, text(`${name}_from`), text(`${name}_to`), days);
      if (range) filters[name] = range;
      continue;
    }
    const value = text(name);
    if (value === '') continue;
    filters[name] =
      filter.kind === 'boolean'
        ? value === 'true'
        : filter.kind === 'id'
          ? wholeNumber(query, name, 1, MAX_ID, 1)
          : value;
  }
  const sort = text('sort') || spec.defaultSort;
  const order = (text('order') || spec.sorts[sort].order) as 'asc' | 'desc';
  const q = text('q').trim();
  const params: ListParams = {
    q: q || undefined,
    filters,
    // A list without tabs shows all, whatever tab a link names (its schema declares none to refuse).
    tab: (spec.tabs && text('tab')) || ALL_TAB,
    sort,
    order,
    page: wholeNumber(query, 'page', 1, MAX_PAGE, 1),
    pageSize: wholeNumber(query, 'page_size', 1, spec.pageSize.max, spec.pageSize.default),
  };
  const target = { query: queryOf(spec, params, scope), page: params.page };
  const cursor = text('after')
    ? decodeCursor(text('after'), 'after', sort, order, target)
    : text('before')
      ? decodeCursor(text('before'), 'before', sort, order, target)
      : null;
  return cursor ? { ...params, cursor } : params;
}

/**
 * What a cursor is bound to besides its page: its list, the reader's part of it (a scope), and the query but its
 * page, sort and order (those it holds itself). Another list sorted by a column of the same name, or the same list as
 * another reader sees it, would read the cursor's place among its own rows.
 */
const queryOf = (spec: ListSpec, params: ListParams, scope: ReadScope | undefined) =>
  JSON.stringify([listNumber(spec), scope ?? null, params.q, params.filters, params.tab, params.pageSize]);

/** Each list's number in this process (a cursor's signature is this process's too). */
const listNumbers = new WeakMap<ListSpec, number>();
function listNumber(spec: ListSpec): number {
  let number = listNumbers.get(spec);
  if (number === undefined) listNumbers.set(spec, (number = ++listsNumbered));
  return number;
}
let listsNumbered = 0;

/**
 * A range's ends as the column compares them, or undefined when neither is set; a reversed range is a 400. Days
 * are those of `zone` (the reader's).
 */
function readRange(
  name: string,
  type: 'money' | 'date',
  from: string,
  to: string,
  zone: string,
): RangeValue | undefined {
  if (from === '' && to === '') return undefined;
  const read = (param: string, value: string, end: 'from' | 'to') => {
    if (value === '') return undefined;
    if (type === 'money') {
      const [yuan, cents = ''] = value.split('.');
      return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
    }
    if (!isCalendarDate(value)) {
      throw new ValidationError(`${param} must be a real date (YYYY-MM-DD), not "${value}".`, param, {
        key: 'errors.validation.date',
      });
    }
    // The end day is included: compare with the start of the next day.
    return storable(startOfDay(end === 'to' ? nextDay(value) : value, zone));
  };
  const range = { from: read(`${name}_from`, from, 'from'), to: read(`${name}_to`, to, 'to') };
  if (rangeReversed(type, from, to)) {
    // An amount is more or less, a day earlier or later: said in the words of its kind.
    const [words, key] = type === 'money' ? ['more than', 'rangeReversedMoney'] : ['after', 'rangeReversed'];
    throw new ValidationError(`${name}_from must not be ${words} ${name}_to.`, `${name}_from`, {
      key: `errors.validation.${key}`,
    });
  }
  return range;
}

const [FIRST_MOMENT, LAST_MOMENT] = [
  Date.parse('0001-01-01T00:00:00.000Z'),
  Date.parse('9999-12-31T23:59:59.999Z'),
];

/**
 * A moment as the database reads it, within the years 0001 to 9999: the first or last day of the calendar read in a
 * zone ahead of or behind UTC begins in year 0 or 10000, which it does not read (and where no record is).
 */
const storable = (moment: Date) =>
  new Date(Math.min(Math.max(moment.getTime(), FIRST_MOMENT), LAST_MOMENT)).toISOString();

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A search term as `list_word_query` reads it (migration 2026_11_28_0200_word_search): without character 1 and
 * without the spaces and ASCII punctuation at its start, where no word starts.
 */
const wordTerm = (q: string) =>
  q.replaceAll('\x01', '').replace(/^[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/, '');

/**
 * `query` narrowed to the rows the term `typed` finds (its full-width forms read as ASCII), as the list's `search`
 * declares: the list's own search, which a picker over the same table (e.g. the suppliers an order can be assigned
 * to) reuses with its index.
 */
export function searched<Q extends SelectQueryBuilder<never, never, unknown>>(
  spec: ListSpec,
  query: Q,
  typed: string,
): Q {
  if (!spec.search) return query;
  const q = halfWidth(typed);
  const { words = [], columns = [], prefix = [] } = spec.search;
  const lexemes = searchLexemes(spec);
  const like = `%${escapeLike(q)}%`;
  const rows = query as unknown as AnyQuery;
  if (!lexemes) {
    const start = `${escapeLike(q.toUpperCase())}%`;
    return rows.where((eb) =>
      eb.or([
        ...columns.map((c) => eb(eb.ref(c), 'ilike', like)),
        ...prefix.map((c) => eb(eb.ref(c), 'like', start)),
      ]),
    ) as unknown as Q;
  }
  // The search index answers; the ILIKEs before it are what every match also satisfies (a word start is a
  // substring), so a plan that walks a sort index and tests each row computes the word starts only for the rows
  // that pass them (computing them costs ~0.15 ms a row; a broad term would test thousands of rows).
  const term = wordTerm(q);
  const inside = `%${escapeLike(term)}%`;
  const from = `${escapeLike(term)}%`;
  return rows
    .where((eb) =>
      eb.or([
        ...words.map((c) => eb(eb.ref(c), 'ilike', inside)),
        ...prefix.map((c) => eb(eb.ref(c), 'ilike', from)),
        ...columns.map((c) => eb(eb.ref(c), 'ilike', like)),
      ]),
    )
    .where((eb) =>
      eb.or([
        sql<boolean>`${sql.raw(lexemes)} @@ list_word_query(${q})`,
        ...columns.map((c) => eb(eb.ref(c), 'ilike', like)),
      ]),
    ) as unknown as Q;
}

/** The rows matching search and filters (not the tab): what the tab counts count. */
function filtered(spec: ListSpec, query: AnyQuery, params: ListParams): AnyQuery {
  let q = params.q ? searched(spec, query, params.q) : query;
  for (const [name, value] of Object.entries(params.filters)) {
    const filter = spec.filters[name];
    const column = sql.ref(filter.column ?? name);
    if (filter.kind === 'member') {
      q = q.where(sql<boolean>`${column} @> jsonb_build_array(${value}::text)`);
      continue;
    }
    if (filter.kind !== 'range') {
      q = q.where(column, '=', value);
      continue;
    }
    const { from, to } = value as RangeValue;
    // An amount compared as a bigint: the ends a person may type (up to 999,999,999.99 yuan) pass an integer column's.
    const end = (v: string | number) => (filter.type === 'money' ? sql`${v}::bigint` : v);
    if (from !== undefined) q = q.where(column, '>=', end(from));
    // Money: both ends included; dates: `to` is the start of the day after the last one included.
    if (to !== undefined) q = q.where(column, filter.type === 'money' ? '<=' : '<', end(to));
  }
  return q;
}

function withTab(spec: ListSpec, query: AnyQuery, params: ListParams): AnyQuery {
  if (!spec.tabs || params.tab === ALL_TAB) return query;
  return query.where(sql.ref(spec.tabs.column), '=', params.tab);
}

const sortColumn = (spec: ListSpec, params: ListParams) => spec.sorts[params.sort].column ?? params.sort;

function ordered(spec: ListSpec, query: AnyQuery, params: ListParams): AnyQuery {
  const column = sortColumn(spec, params);
  return query.orderBy(sql.ref(column), params.order).orderBy(sql.ref('id'), params.order);
}

/** The rows after (sort value, id) in `order`: read from the sort index where it stands, whatever its depth. */
function beyond(query: AnyQuery, column: string, order: 'asc' | 'desc', value: unknown, id: unknown) {
  const cmp = sql.raw(order === 'asc' ? '>' : '<');
  return query.where(sql<boolean>`(${sql.ref(column)}, ${sql.ref('id')}) ${cmp} (${value}, ${id})`);
}

const reversed = (order: 'asc' | 'desc') => (order === 'asc' ? 'desc' : 'asc');

export interface ListSource {
  /** The table, or a view over it that adds derived columns (a state by the clock). */
  table: string;
  /** Only the rows whose `column` holds `value`: what the reader may see (a member's own requests). */
  scope?: ReadScope;
  /** Fields of its rows worked out by the statement (`ItemColumns`, server/kit/listItems.ts). */
  itemColumns?: ItemColumns;
}

export interface ReadScope {
  column: string;
  value: string | number;
}

/** The source's rows the reader may see, searched and filtered (not the tab): what the tab counts count. */
function visible(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  params: ListParams,
) {
  const rows = k.selectFrom(source.table) as unknown as AnyQuery;
  return filtered(
    spec,
    source.scope ? rows.where(sql.ref(source.scope.column), '=', source.scope.value) : rows,
    params,
  );
}

/** The exact-match filters of a query as counted-column conditions, or null when the counts cannot answer it. */
function countedWhere(spec: ListSpec, params: ListParams): CountedWhere | null {
  if (params.q || spec.tabs?.derived) return null;
  const where: CountedWhere = {};
  for (const [name, value] of Object.entries(params.filters)) {
    const filter = spec.filters[name];
    if (!isCountedFilter(filter)) return null;
    where[filter.column ?? name] = String(value);
  }
  return where;
}

/** Counts by counting rows, and the rows of the page asked for when every matching row was read. */
interface SampledCounts {
  counts: Record<string, number>;
  capped: boolean;
  /**
   * The page's rows, in the list's order, found among the rows counted and read by the same statement
   * (server/kit/talliedPage.ts); null when the count stopped at the cap or a cursor reads the page.
   */
  rows: Record<string, unknown>[] | null;
}

/** Every tab's count (and `all`) at 0. */
function noCounts(spec: ListSpec): Record<string, number> {
  const counts: Record<string, number> = { [ALL_TAB]: 0 };
  for (const value of spec.tabs?.values ?? []) counts[value] = 0;
  return counts;
}

/**
 * Tab counts and total by counting rows (a search, a range or an id filter is set): at most COUNT_CAP + 1 rows
 * are read, so a broad search answers as fast as a narrow one; beyond the cap every count is "at least". The same
 * pass picks the page by its number among the rows it read (each with its tab and sort value): when they were all
 * of them, the same statement reads the page's rows, and the search runs once per request instead of twice.
 */
async function sampledCounts(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  base: AnyQuery,
  params: ListParams,
  cap: number,
): Promise<SampledCounts> {
  const tabColumn = spec.tabs ? sql.ref(spec.tabs.column) : sql.lit(null);
  const hits = base
    .select([sql.ref('id').as('id'), tabColumn.as('tab'), sql.ref(sortColumn(spec, params)).as('sort_value')])
    .limit(cap + 1);
  const inTab = spec.tabs && params.tab !== ALL_TAB ? sql`and tab = ${params.tab}` : sql``;
  // The page is picked from the hits only when they are all of them (not capped) and no cursor reads it instead:
  // else the sort would run over up to cap + 1 hits for nothing. The one-time filter skips it.
  const wanted = params.cursor ? sql`false` : sql`(select count(*) from hits) <= ${cap}`;
  const order = sql.raw(params.order);
  const page = sql`select id from hits where ${wanted} ${inTab} order by sort_value ${order}, id ${order}
      limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`;
  const sent = await executePrepared<Record<string, unknown>>(
    k as never,
    withPageRows(
      sql`hits as materialized (${hits}), page as materialized (${page})`,
      sql`select tab, count(*)::int as n, null::json as ids from hits group by tab
        union all
        select null, -1, coalesce(json_agg(id), '[]'::json) from page`,
      rowsOf(k, spec, source, params),
      sql`true`,
    ).compile(k),
  );
  const { tally, rows } = readPageRows(sent);
  const counts = noCounts(spec);
  let pageIds: number[] = [];
  for (const row of tally) {
    if (Number(row.n) < 0) {
      pageIds = (row.ids as number[] | null) ?? [];
      continue;
    }
    counts[ALL_TAB] += Number(row.n);
    if (typeof row.tab === 'string' && row.tab in counts) counts[row.tab] += Number(row.n);
  }
  const over = counts[ALL_TAB] > cap;
  // The sample stopped early: the tab shown is counted on its own, so that its pages are right up to the cap.
  if (over && params.tab !== ALL_TAB) counts[params.tab] = await rowsInTab(k, spec, base, params, cap);
  return {
    counts: Object.fromEntries(Object.entries(counts).map(([t, n]) => [t, Math.min(n, cap)])),
    capped: over,
    rows: over || params.cursor ? null : inIdOrder(rows, pageIds),
  };
}

/** The tab shown's own count (to `cap`), from the search starts where they can tell, else from its rows. */
async function tabCount(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  base: () => AnyQuery,
  starts: SearchStarts | null,
  params: ListParams,
  cap: number,
): Promise<number> {
  const own =
    (starts && (await startsInTab(k, spec, source, starts, params, cap, params.tab))) ??
    (await rowsInTab(k, spec, base(), params, cap));
  return Math.min(own, cap);
}

/**
 * How many rows of the tab shown match, counted to `cap` and one: its own count, when the count of all stopped early
 * or is remembered.
 */
async function rowsInTab(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  base: AnyQuery,
  params: ListParams,
  cap: number,
): Promise<number> {
  const [tab] = await executePrepared<{ n: number }>(
    k as never,
    k
      .selectFrom(
        withTab(spec, base, params)
          .select(sql.lit(1).as('one'))
          .limit(cap + 1)
          .as('tab') as never,
      )
      .select(sql<number>`count(*)::int`.as('n')),
  );
  return Number(tab!.n);
}

/**
 * How many search starts a count reads, per row it may count (a row may have more than one starting with the term:
 * its name's word and its real name's); a page's walk of them reads as many per row the list's walk would read
 * (8,000 starts for 4,000 rows).
 */
const STARTS_PER_COUNTED = 2;

/**
 * The search starts a list's search may read its matches from (server/kit/searchStarts.ts): a term of three
 * characters or more, by the default sort column (either way), without filters or a reader's scope (the starts
 * carry none of them).
 */
function startsFor(spec: ListSpec, source: ListSource, params: ListParams): SearchStarts | null {
  if (!params.q || source.scope || Object.keys(params.filters).length > 0) return null;
  // Counted in characters, as the database counts them (a character beyond the BMP is two in a JavaScript string).
  if (params.sort !== spec.defaultSort || [...wordTerm(halfWidth(params.q))].length < KEY_LENGTH) return null;
  return searchStartsOf(source.table, spec);
}

/**
 * The page blocks a page by its number may be found from (server/kit/pageBlocks.ts): in the default sort (either
 * way), without a search, filters or a reader's scope (the blocks count all of a tab's rows).
 */
function blocksFor(spec: ListSpec, source: ListSource, params: ListParams): PageBlocks | null {
  if (params.q || source.scope || Object.keys(params.filters).length > 0) return null;
  return params.sort === spec.defaultSort ? pageBlocksOf(source.table, spec) : null;
}

/** The tab the page shows, when not `all`. */
const shownTab = (params: ListParams) => (params.tab === ALL_TAB ? undefined : params.tab);

/**
 * Runs a read of the search starts prepared, planned once for every term (`onePlan`, server/db/prepared.ts): each
 * reads the term's part of one of the starts' indexes, whatever the term, and a search is asked with ever new ones.
 * Its statement is built once for the list and its source (`startsStatement`).
 */
const runner =
  (k: Kysely<Record<string, Record<string, unknown>>>, spec: ListSpec, source: ListSource) =>
  <R>(statement: StartsStatement<R>) =>
    executePrepared<R>(k as never, startsStatement(k as never, [k, spec, source], statement), {
      onePlan: true,
    });

/**
 * `sampledCounts` from the search starts: up to COUNT_CAP + 1 matches (any of them; of the tab shown too, when the
 * count stops there) from the term's range of the starts, and the page's rows when they are every match (no cursor).
 * Null when the starts read ran out before the rows (rows with many starts each): the rows are counted then.
 */
async function startsCounts(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  starts: SearchStarts,
  params: ListParams,
  cap: number,
): Promise<SampledCounts | null> {
  const tab = shownTab(params);
  // The page's rows are read with the count when they can be the page: every match found, no cursor.
  const rows = params.cursor
    ? undefined
    : {
        of: rowsOf(k, spec, source, params),
        when: (found: RawBuilder<unknown>) => sql`${found} <= ${cap}`,
        key: JSON.stringify(['rows', params.sort, 'when found up to', cap]),
      };
  const all = await countSearchStarts(
    starts,
    startsCountFor(params, cap, tab),
    runner(k, spec, source),
    rows,
  );
  if (!all) return null;
  const counts = noCounts(spec);
  counts[ALL_TAB] = all.found;
  for (const [value, n] of Object.entries(all.tabs)) if (value in counts) counts[value] = n;
  const capped = all.found > cap;
  if (capped && tab !== undefined) {
    // The rows found stopped early: the tab shown is counted on its own, so that its pages are right up to the cap.
    const own = await startsInTab(k, spec, source, starts, params, cap, tab);
    if (own === null) return null;
    counts[tab] = own;
  }
  return {
    counts: Object.fromEntries(Object.entries(counts).map(([t, n]) => [t, Math.min(n, cap)])),
    capped,
    // Every match was read: the page is among them, its ids in the list's order.
    rows: capped || !all.rows ? null : inIdOrder(all.rows, all.ids),
  };
}

/** A count of a term's search starts up to `cap` and one rows, picking the page (in `pageTab`) among them. */
const startsCountFor = (params: ListParams, cap: number, pageTab?: string): StartsCount => ({
  q: halfWidth(params.q!),
  order: params.order,
  want: cap + 1,
  read: (cap + 1) * STARTS_PER_COUNTED,
  page: { skip: (params.page - 1) * params.pageSize, size: params.pageSize, tab: pageTab },
});

/** How many rows of `tab` hold the term, from the search starts (to `cap` and one); null when they cannot tell. */
async function startsInTab(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  starts: SearchStarts,
  params: ListParams,
  cap: number,
  tab: string,
): Promise<number | null> {
  const count = { ...startsCountFor(params, cap), tab };
  return (await countSearchStarts(starts, count, runner(k, spec, source)))?.found ?? null;
}

/**
 * A page of a broad search from the search starts, its rows read by the walk's statement: from its cursor, or by its
 * number within the walk. Null when the walk cannot tell.
 */
async function startsPage(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  starts: SearchStarts,
  params: ListParams,
  walk: number,
): Promise<Record<string, unknown>[] | null> {
  const { cursor } = params;
  const skip = cursor ? 0 : (params.page - 1) * params.pageSize;
  const found = await walkSearchStarts(
    starts,
    {
      q: halfWidth(params.q!),
      order: cursor?.direction === 'before' ? reversed(params.order) : params.order,
      ...(cursor ? { after: { value: cursor.value, id: cursor.id } } : {}),
      tab: shownTab(params),
      want: skip + params.pageSize,
      walk,
    },
    skip,
    runner(k, spec, source),
    {
      of: rowsOf(k, spec, source, params),
      when: () => sql`true`,
      key: JSON.stringify(['rows', params.sort]),
    },
  );
  if (!found) return null;
  // The walk's order is the page's; before a cursor, its reverse.
  const ids = cursor?.direction === 'before' ? [...found.ids].reverse() : found.ids;
  return inIdOrder(found.rows ?? [], ids);
}

/**
 * One page of a list, its total and (with tabs) the count of every tab under the same search and filters: from the
 * counts model when only exact-match filters are set (in the page's own statement), else by counting up to
 * COUNT_CAP rows (a count that stopped there is remembered for a few seconds: server/kit/listMemory.ts). A
 * page past the first finds its ids from the list's page blocks or on the sort index, and reads just those rows
 * (`pageRows`).
 */
export async function listPage(
  db: Kysely<Database>,
  spec: ListSpec,
  source: ListSource,
  params: ListParams,
  { countCap = COUNT_CAP, placeEvery = PLACE_EVERY }: { countCap?: number; placeEvery?: number } = {},
): Promise<ListPage<Record<string, unknown>>> {
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  // Built where a statement is built from it: a search read from its starts, or a kept statement sent again, is not.
  const base = () => visible(k, spec, source, params);
  // The counts model counts every row: a scoped list counts its own.
  const where = source.scope ? null : countedWhere(spec, params);
  if (where) {
    // The counts are read with the page, in the same statement; a page without rows asks for them on its own.
    const list = { table: source.table, spec };
    const rows = await pageRows(k, spec, source, () => withTab(spec, base(), params), params, {
      counts: modelCountsColumn(list, where),
      // Only a first page by its number keeps a plan per value: no later page asks which values the rows hold.
      keepPlan: !params.cursor && params.page === 1 && (await valuesFew(db, list, params)),
      onePlan: oneIndexServes(spec, params, where),
      placeEvery,
      // Its first page, a page from a cursor in either direction and a page by its number from the page blocks are
      // each the statement of every ask of these (the default list, a tab, a sort, a filter's value): the key names
      // all that their rows and counts are built from but the page's place (a search and a scope never come here).
      once: JSON.stringify([
        params.q ?? null,
        source.scope ?? null,
        params.filters,
        params.tab,
        params.sort,
        params.order,
        params.pageSize,
      ]),
    });
    const counts = rows[0]
      ? countsOfColumn(spec, rows[0][COUNTS] as string)
      : await modelCounts(db, list, where);
    return answer(spec, source, params, rows, counts, false);
  }
  const starts = startsFor(spec, source, params);
  const key = (tab: string) =>
    JSON.stringify([source.table, source.scope ?? null, params.q ?? null, params.filters, tab, countCap]);
  const known = cappedCounts.recall(key(params.tab));
  // The search's counts kept under its `all` tab (by a page in any tab) serve a page in another: it counts its own.
  const across = known || params.tab === ALL_TAB ? undefined : cappedCounts.recallRead(key(ALL_TAB));
  const since = memoryGeneration();
  const {
    counts,
    capped,
    rows: counted,
  } = known
    ? { counts: known, capped: true, rows: null }
    : across
      ? {
          counts: {
            ...across.value,
            [params.tab]: await tabCount(k, spec, source, base, starts, params, countCap),
          },
          capped: true,
          rows: null,
        }
      : (starts && (await startsCounts(k, spec, source, starts, params, countCap))) ||
        (await sampledCounts(k, spec, source, base(), params, countCap));
  if (capped && !known) {
    // A copy that cannot change: every page reading it answers it. Figures taken from the `all` tab's keep the time
    // they were read: none is remembered longer than MEMORY_MS from its counting.
    const remembered = Object.freeze({ ...counts });
    cappedCounts.remember(key(params.tab), remembered, since, across?.readAt);
    // Every figure is "at least" its tab's matches: the search's page in any other tab takes them.
    if (!across && params.tab !== ALL_TAB) cappedCounts.remember(key(ALL_TAB), remembered, since);
  }
  const walk = countCap * WALK_PER_COUNTED;
  // A page from a cursor reads on from it, as without a count; else the counting pass may have read its rows.
  const rows =
    counted && !params.cursor
      ? counted
      : capped && params.q && walkMayHold(params, walk)
        ? await broadSearchPage(k, spec, source, params, walk, starts)
        : await pageRows(k, spec, source, () => withTab(spec, base(), params), params, { placeEvery });
  return answer(spec, source, params, rows, counts, capped);
}

/** How many rows of the list's order a broad search's page walks, per row its count may read (`broadSearchPage`). */
const WALK_PER_COUNTED = 4;

/**
 * Whether a walk of `walk` rows may hold the page: one from a cursor, or a page by its number within them. A deeper
 * page by number (a link to page 300) steps over the pages before it on the sort's index, as without a search:
 * reading every match of a term most rows hold would cost more.
 */
const walkMayHold = (params: ListParams, walk: number) =>
  params.cursor !== undefined || params.page * params.pageSize <= walk;

/**
 * A page of a search with more matches than its count reads (a common word, a mobile's first digits), in a bounded
 * time whatever the matches' order. From the search starts when the list has them and they can tell (`startsPage`).
 * Else: its matches are at least COUNT_CAP in the list, so the page is most likely
 * among the first `walk` rows of the list's order (from the cursor, under the filters and the tab): they are read
 * along the sort's index and searched, and when they hold the page it is theirs. Else the matches cluster further
 * down that order (the ones of its first rows are few): every match is then read from the search index and the
 * page picked among them, as many as the search finds, instead of walking the sort's index until the page is full
 * (the planner's choice: at 1,000,000 suppliers a mobile's first 3 digits, 14,000 matches but 24 in the first
 * 50,000 by ranking, walked 29,000 rows for 140 ms).
 */
async function broadSearchPage(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  params: ListParams,
  walk: number,
  starts: SearchStarts | null,
): Promise<Record<string, unknown>[]> {
  const started = starts && (await startsPage(k, spec, source, starts, params, walk * STARTS_PER_COUNTED));
  if (started) return started;
  const { cursor } = params;
  const order = cursor?.direction === 'before' ? reversed(params.order) : params.order;
  const ordering = { ...params, order };
  const column = sortColumn(spec, params);
  const from = (rows: AnyQuery) => (cursor ? beyond(rows, column, order, cursor.value, cursor.id) : rows);
  const skip = cursor ? 0 : (params.page - 1) * params.pageSize;
  const pageIds = async (query: AnyQuery) =>
    (await executePrepared<{ id: number }>(k as never, query.limit(params.pageSize).offset(skip))).map(
      (r) => r.id,
    );
  // The first `walk` rows of the order under the filters and the tab, then searched.
  const unsearched = from(withTab(spec, visible(k, spec, source, { ...params, q: undefined }), params));
  const { words = [], prefix = [], columns = [] } = spec.search ?? {};
  const read = [...new Set(['id', column, ...words, ...prefix, ...columns])].map((c) => sql.ref(c).as(c));
  const first = ordered(spec, unsearched.select(read), ordering).limit(walk);
  const walked = searched(spec, k.selectFrom(first.as('walk') as never) as unknown as AnyQuery, params.q!);
  let ids = await pageIds(ordered(spec, walked.select(sql.ref('id').as('id')), ordering));
  if (ids.length < params.pageSize) {
    // Every match, read by the search alone (materialized: not walked along the sort's index), then ordered.
    const matches = from(withTab(spec, visible(k, spec, source, params), params)).select([
      sql.ref('id').as('id'),
      sql.ref(column).as('sort_value'),
    ]);
    const dir = sql.raw(order);
    const picked = await executePrepared<{ id: number }>(
      k as never,
      sql<{ id: number }>`with matches as materialized (${matches})
        select id from matches order by sort_value ${dir}, id ${dir}
        limit ${params.pageSize} offset ${skip}`.compile(k),
    );
    ids = picked.map((r) => r.id);
  }
  return rowsById(k, spec, source, ids, params);
}

/**
 * Whether one index serves a counted list's pages whatever the values asked for: no filter but the tab, and a tab only
 * in the default order (its own index; all rows in any order read that order's index). A page from a cursor or from
 * the page blocks then keeps one plan for every place (`onePlan`, server/db/prepared.ts): planning it on every run
 * cost PostgreSQL about as much as running it (docs/lists.md, "Plans kept for pages by place and by value"). Not a
 * filter (no index of its own: a rare city is best read from the whole table, a common one along the sort's index),
 * nor a tab in another order (a rare tab walks that order's index far): their plans turn on their values.
 */
function oneIndexServes(spec: ListSpec, params: ListParams, where: CountedWhere): boolean {
  const tabbed = spec.tabs !== undefined && params.tab !== ALL_TAB;
  return Object.keys(where).length === 0 && (!tabbed || params.sort === spec.defaultSort);
}

/**
 * Whether the values a counted list's first page is asked with are few (the tab, an enum's or a boolean filter's value,
 * a text filter's value that some row holds: a city, as many as the cities), so that its plan may be kept per value
 * (its values written into it: server/db/prepared.ts): a statement for each of a few values, each planned once for its
 * own. A connection keeps at most MAX_PREPARED_PER_CONNECTION of them, the one run least recently displaced. A
 * range's or an id's values are as many as the rows hold, and a text filter's value that no row holds (`knownValues`)
 * is any text asked for: such a page is planned for its values on every run, and a stream of made-up cities cannot
 * push the everyday statements out of a connection.
 */
async function valuesFew(db: Kysely<Database>, list: ListTable, params: ListParams): Promise<boolean> {
  for (const [name, value] of Object.entries(params.filters)) {
    const filter = list.spec.filters[name]!;
    if (filter.kind === 'enum' || filter.kind === 'boolean') continue;
    if (filter.kind !== 'text') return false;
    if (!(await knownValues(db, list, filter.column ?? name)).has(String(value))) return false;
  }
  return true;
}

function answer(
  spec: ListSpec,
  source: ListSource,
  params: ListParams,
  rows: Record<string, unknown>[],
  counts: Record<string, number>,
  capped: boolean,
): ListPage<Record<string, unknown>> {
  const [first, last] = [rows[0], rows.at(-1)];
  const query = queryOf(spec, params, source.scope);
  const cursor = (direction: Cursor['direction'], row: Record<string, unknown>, page: number) =>
    encodeCursor(direction, params.sort, params.order, row[KEY], row.id, { query, page });
  return {
    items: rows,
    total: counts[params.tab] ?? 0,
    page: params.page,
    page_size: params.pageSize,
    ...(spec.tabs ? { counts } : {}),
    ...(capped ? { capped } : {}),
    ...(first && last
      ? {
          cursors: {
            before: cursor('before', first, params.page - 1),
            after: cursor('after', last, params.page + 1),
          },
        }
      : {}),
  };
}

/**
 * Each row read with its sort value as text (`list_key`), where a page ends: a timestamp keeps its microseconds,
 * which a JavaScript Date would round to milliseconds, and the next page starts exactly after it.
 */
const KEY = 'list_key';
/** The list's counts, read beside its page (`modelCountsColumn`). */
const COUNTS = 'list_counts';

function keyedRows(
  spec: ListSpec,
  source: ListSource,
  query: AnyQuery,
  params: ListParams,
  { counts, whole = false }: { counts?: RawBuilder<string>; whole?: boolean } = {},
): AnyQuery {
  // A page reads the columns its items carry (`ListSpec.items`), each a column of its name or an item column; an
  // export, or a list not naming its items, every column and every item column.
  const worked = source.itemColumns ?? {};
  const column = (name: string) =>
    (worked[name]?.(source.table) ?? sql.ref(`${source.table}.${name}`)).as(name);
  const columns =
    spec.items && !whole
      ? query.select(spec.items.map(column) as never)
      : query.selectAll(source.table as never).select(Object.keys(worked).map(column) as never);
  const keyed = columns.select(sql`(${sql.ref(sortColumn(spec, params))})::text`.as(KEY));
  return counts ? keyed.select(counts.as(COUNTS)) : keyed;
}

/**
 * The rows of the ids a subquery selects, as a page reads them, for a statement that finds the page's ids to read
 * them too (server/kit/talliedPage.ts; in no order).
 */
const rowsOf =
  (
    k: Kysely<Record<string, Record<string, unknown>>>,
    spec: ListSpec,
    source: ListSource,
    params: ListParams,
  ): RowsOf =>
  (ids) =>
    keyedRows(
      spec,
      source,
      k.selectFrom(source.table).where(sql<boolean>`${sql.ref('id')} in (${ids})`) as unknown as AnyQuery,
      params,
    );

/** The rows with these ids, in the list's order. */
async function rowsById(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  ids: number[],
  params: ListParams,
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  // One array, not a list of as many values: one statement (prepared once, built once) whatever the page's size.
  const idsValue = bound(ids);
  const byId = () =>
    keyedRows(
      spec,
      source,
      ordered(
        spec,
        k
          .selectFrom(source.table)
          .where(sql<boolean>`${sql.ref('id')} = any(${idsValue}::int[])`) as unknown as AnyQuery,
        params,
      ),
      params,
    );
  const key = JSON.stringify(['by id', params.sort, params.order]);
  return executePrepared(k as never, compiledOnce([k, spec, source], key, byId, [idsValue]));
}

/**
 * One page of `rows` (built where a statement reads it) in the list's order. From a cursor: the page size read on from
 * it on the sort index (backwards for `before`), however deep. Else by its number: the first page directly; a later one
 * finds its ids (from the list's page blocks where they serve, `blocksFor`, within the statement that reads its rows;
 * else on the sort index alone, stepping over the pages before it or from a place remembered before it:
 * `deepPageStart`) and then reads just those rows. With `counts`, each row also carries them; with `keepPlan`, the
 * first page's plan is kept for its values (`valuesFew`); with `onePlan`, a page from a cursor or from the
 * page blocks keeps one plan for every place (`oneIndexServes`); with `once`, the statement of the first page, of a
 * page from a cursor or of one from the page blocks (the page's place its values) is built once for the list, its
 * source and that key (`compiledOnce`), and sent again without building `rows`: the key names everything `rows` and
 * `counts` were built from; `placeEvery` is PLACE_EVERY but in tests.
 */
async function pageRows(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  rows: () => AnyQuery,
  params: ListParams,
  {
    counts,
    keepPlan = false,
    onePlan = false,
    placeEvery,
    once,
  }: {
    counts?: RawBuilder<string>;
    keepPlan?: boolean;
    onePlan?: boolean;
    placeEvery: number;
    once?: string;
  },
): Promise<Record<string, unknown>[]> {
  const whole = (query: AnyQuery) => keyedRows(spec, source, query, params, { counts });
  // The statement of a first page, a page from a cursor or one from the page blocks: kept under `once` (and which of
  // them it is) when given.
  const kept = (which: string, build: () => AnyQuery, values: Bound[] = []) =>
    once === undefined
      ? compiledWith(build, values)
      : compiledOnce([k, spec, source], JSON.stringify([once, which]), build, values);
  const { cursor } = params;
  if (cursor) {
    const order = cursor.direction === 'after' ? params.order : reversed(params.order);
    const place = [bound(cursor.value), bound(cursor.id)] as const;
    const from = () => beyond(rows(), sortColumn(spec, params), order, ...place);
    const found = await executePrepared(
      k as never,
      kept(
        cursor.direction,
        () => whole(ordered(spec, from(), { ...params, order }).limit(params.pageSize)),
        [...place],
      ),
      { onePlan },
    );
    return cursor.direction === 'after' ? found : found.reverse();
  }
  const offset = (params.page - 1) * params.pageSize;
  if (offset === 0) {
    const first = () => whole(ordered(spec, rows(), params).limit(params.pageSize));
    return executePrepared(k as never, kept('first', first), { keepPlan });
  }
  const table = k.selectFrom(source.table);
  const blocks = offset >= placeEvery ? blocksFor(spec, source, params) : null;
  if (blocks) {
    // The page's ids from its blocks and its rows, in one statement.
    const page = {
      tab: bound(params.tab),
      order: params.order,
      offset: bound(offset),
      size: bound(params.pageSize),
    };
    const byIds = () =>
      table.where(sql<boolean>`${sql.ref('id')} in (${blockPageIds(blocks, page)})`) as unknown as AnyQuery;
    const statement = kept('by blocks', () => whole(ordered(spec, byIds(), params)), [
      page.tab,
      page.offset,
      page.size,
    ]);
    return executePrepared(k as never, statement, { onePlan });
  }
  const stepped =
    offset >= placeEvery ? await deepPageStart(k, spec, source, rows(), params, placeEvery) : null;
  if (stepped && 'ids' in stepped) {
    if (stepped.ids.length === 0) return [];
    const byIds = table.where(
      sql<boolean>`${sql.ref('id')} = any(${stepped.ids}::int[])`,
    ) as unknown as AnyQuery;
    return executePrepared(k as never, whole(ordered(spec, byIds, params)));
  }
  const { from, skip } = stepped ?? { from: rows(), skip: offset };
  const page = ordered(spec, from, params).limit(params.pageSize).offset(skip);
  const ids = page.select(sql.ref('id').as('id'));
  const byId = table.where(sql.ref('id'), 'in', ids as never) as unknown as AnyQuery;
  return executePrepared(k as never, whole(ordered(spec, byId, params)));
}

/**
 * Rows of a list's order between two places a deep page by number remembers (`pagePlaces`): the last row before
 * each multiple of it. A page past the first of them is read on from the nearest place before it.
 */
const PLACE_EVERY = 1_000;

/**
 * Where a page by its number past the first PLACE_EVERY rows is stepped to from, where the page blocks do not serve
 * (another sort, a search, a filter, a reader's scope). Stepping over every row before it on the sort index (100,000
 * index entries for page 5,000 of 20) costs as much each time the page, or a page near it, is asked again: the last
 * row before its stretch of PLACE_EVERY rows is remembered for a few seconds (`pagePlaces`,
 * server/kit/listMemory.ts), by list, reader's scope, search, filters, tab, sort and order. When it is known the page
 * is stepped to from it (`from` and `skip`: fewer than PLACE_EVERY rows). Else its ids are read (`ids`) from the
 * nearest of the 100 places before it (or from the list's start), with that place's row, which is then remembered
 * until the place it was read from is forgotten (a place is never older than the memory's time). A write this server
 * does not take can move such a page by the rows it added or took before it, for those few seconds.
 */
async function deepPageStart(
  k: Kysely<Record<string, Record<string, unknown>>>,
  spec: ListSpec,
  source: ListSource,
  rows: AnyQuery,
  params: ListParams,
  placeEvery: number,
): Promise<{ from: AnyQuery; skip: number } | { ids: number[] }> {
  const offset = (params.page - 1) * params.pageSize;
  const { q = null, filters, tab, sort, order } = params;
  const list = JSON.stringify([source.table, source.scope ?? null, q, filters, tab, sort, order, placeEvery]);
  const placeKey = (stretch: number) => `${list} ${stretch}`;
  const stretch = Math.floor(offset / placeEvery);
  const own = stretch * placeEvery - 1;
  const column = sortColumn(spec, params);
  const after = (place: PagePlace) => beyond(rows, column, order, place.value, place.id);
  // The place of stretch n is the row at position n × placeEvery − 1; looked for among the 100 before the page.
  let from: PagePlace | undefined;
  for (let n = stretch; n >= Math.max(1, stretch - 99) && !from; n--) from = pagePlaces.recall(placeKey(n));
  if (from?.position === own) return { from: after(from), skip: offset - own - 1 };
  const since = memoryGeneration();
  const readAt = from?.readAt ?? Date.now();
  // The rows from the page's place on, numbered in the list's order: only the place (the first) and the page's rows
  // come back, each with its sort value as text.
  const stepped = ordered(spec, from ? after(from) : rows, params)
    .select([sql.ref('id').as('id'), sql.ref(column).as('sort_value')])
    .offset(own - (from ? from.position + 1 : 0))
    .limit(offset + params.pageSize - own);
  const dir = sql.raw(order);
  const read = await executePrepared<{ id: number; n: number; [KEY]: string }>(
    k as never,
    sql<{ id: number; n: number; [KEY]: string }>`select id, sort_value::text as ${sql.ref(KEY)}, n from (
        select id, sort_value, (row_number() over (order by sort_value ${dir}, id ${dir}))::int as n
        from (${stepped}) as stepped) as numbered
      where n = 1 or n > ${offset - own} order by n`.compile(k),
  );
  const [place] = read;
  if (place) {
    const found = { position: own, value: place[KEY], id: place.id, readAt };
    pagePlaces.remember(placeKey(stretch), found, since, readAt);
  }
  return { ids: read.slice(1).map((r) => r.id) };
}

/**
 * Every row matching the list's search, filters and tab, in its order, as batches read by keyset (sort value,
 * id): the export streams them, holding one batch at a time whatever the list's size. Sort columns are NOT NULL.
 * Each row holds every column (whatever the list's `items`) and its sort value as `list_key`, which toApi leaves out.
 */
export async function* allRows(
  db: Kysely<Database>,
  spec: ListSpec,
  source: ListSource,
  params: ListParams,
  batchSize = 1000,
): AsyncGenerator<Record<string, unknown>[]> {
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const column = sortColumn(spec, params);
  let after: { value: unknown; id: unknown } | null = null;
  for (;;) {
    let query = withTab(spec, visible(k, spec, source, params), params);
    if (after) query = beyond(query, column, params.order, after.value, after.id);
    const rows = await executePrepared(
      k as never,
      keyedRows(spec, source, ordered(spec, query, params), params, { whole: true }).limit(batchSize),
    );
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { value: last[KEY], id: last.id };
  }
}
