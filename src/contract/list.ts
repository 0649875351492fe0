/**
 * How a list is queried, declared once per entity and read by both sides: the server builds its query-string
 * schema, SQL and CSV export from it; the console's list screen keeps exactly these parameters in the URL.
 * Pure: imports only what the API takes as text.
 */

import { isApiText } from './apiText';

export type ListFilter =
  | { kind: 'enum'; values: readonly string[]; column?: string }
  | { kind: 'boolean'; column?: string }
  /** Exact match on a text column (a city). */
  | { kind: 'text'; column?: string; maxLength?: number }
  /** One item of a column holding a JSON list of text (an activity's cities): the rows whose list has it. */
  | { kind: 'member'; column?: string; maxLength?: number }
  /** Exact match on an id column (a customer's orders, a project's refunds). */
  | { kind: 'id'; column?: string }
  /**
   * A range, each end optional: `<name>_from` and `<name>_to`. Money in yuan (`"99.50"`, against a fen column);
   * dates as YYYY-MM-DD, both days included (against a timestamp column, the days of the reader's time zone,
   * `TIME_ZONE_PARAM`; UTC when not sent).
   */
  | {
      kind: 'range';
      type: 'money' | 'date';
      column?: string;
      /** A date column holding calendar days (each as its midnight in UTC), not moments: read in UTC, whoever asks. */
      calendarDays?: true;
    };

export interface ListSpec {
  /** Filters by query parameter; `column` defaults to the parameter's name. */
  filters: Record<string, ListFilter>;
  /**
   * `q`, case-insensitive, matches a row where it starts a word of any of `words` (names, searched at a million
   * rows: "clean" finds "Home Cleaning", "leaning" does not; in Chinese, Japanese or Korean text every character
   * starts a word, so any part of it is found), is a substring of any of `columns` (free text), or starts any of
   * `prefix` (identifiers stored in upper case: a mobile, an ID number, an order number — a person types or pastes
   * them from the start).
   */
  search?: {
    words?: readonly string[];
    columns?: readonly string[];
    prefix?: readonly string[];
    maxLength: number;
  };
  /**
   * Tabs with a count each (`tab`), over one column; `all` is every value. `derived`: the column is computed when
   * the list is read (an activity's state, which the clock moves), so it is neither stored, indexed nor counted
   * ahead: its counts come from the rows.
   */
  tabs?: { column: string; values: readonly string[]; derived?: boolean };
  /** Sorts by query value; the default order of each; ties broken by id in the same order. */
  sorts: Record<string, { column?: string; order: 'asc' | 'desc' }>;
  defaultSort: string;
  pageSize: { default: number; max: number };
  /**
   * The fields a list item carries, when not every field of the record: what the list's screen shows and what its
   * row actions need (the record's own read, `GET <path>/:id`, and the CSV export carry every field). Each is a
   * column of the list's table of the same name, or worked out from its columns by the statement (the server's item
   * columns: a price in fen as yuan text), written as it is read (a timestamp, read as a Date, as its ISO text; not
   * within a union: a nullable one is refused); `id` and `version` among them. A page's rows are read with these
   * columns only: each column a row carries costs the server its parsing and sending (docs/lists.md, "A list item
   * carries what its screen shows").
   */
  items?: readonly string[];
}

/**
 * A search or range query counts at most this many rows; beyond it the answer says `capped` and each count is the
 * cap, "at least". A count below the cap is exact even then: the tab shown is counted on its own. At 1,000,000 rows
 * the count is most of such a request's time: one word of a name matching 11,407 suppliers counted in 43.5 ms up to
 * 10,001, in 7.3 ms up to 1,001 (docs/lists.md, "PGlite prepares too; counting to 1,000").
 */
export const COUNT_CAP = 1_000;

/** The last page a list may ask for (an OFFSET beyond that is no list a person reads). */
export const MAX_PAGE = 1_000_000;

/** The list query parameter naming the reader's time zone (IANA, e.g. Asia/Shanghai), in which a date range's days are read. */
export const TIME_ZONE_PARAM = 'tz';

/** A list query as the console keeps it (and the URL shows it): every value a string, '' meaning "not set". */
export type ListQuery = Record<string, string>;

export const ALL_TAB = 'all';

/** The query parameters of a filter: its name, or `<name>_from` and `<name>_to` for a range. */
export function filterParams(name: string, filter: ListFilter): string[] {
  return filter.kind === 'range' ? [`${name}_from`, `${name}_to`] : [name];
}

/**
 * Whether a range's two ends are both set, well formed and the wrong way round (the start after the end): such a
 * range matches nothing, and is refused (the server answers 400; the console marks it and does not ask).
 */
export function rangeReversed(type: 'money' | 'date', from: string, to: string): boolean {
  const filter = { kind: 'range', type } as const;
  if (from === '' || to === '' || !isFilterValue(filter, from) || !isFilterValue(filter, to)) return false;
  return type === 'money' ? Number(from) > Number(to) : from > to;
}

/** The range filters of `spec` that `query` sets the wrong way round. */
export function reversedRanges(spec: ListSpec, query: ListQuery): string[] {
  return Object.entries(spec.filters).flatMap(([name, f]) =>
    f.kind === 'range' && rangeReversed(f.type, query[`${name}_from`] ?? '', query[`${name}_to`] ?? '')
      ? [name]
      : [],
  );
}

/**
 * A term of full-width letters and digits (１３８, ＡＢＣ, as Chinese input methods type them; ASCII and spaces beside
 * them) as the ASCII it stands for: a search for "１３８" finds the mobiles starting 138. Any other term is kept as
 * typed: stored text keeps its full-width forms ("准时，服务", "３号楼"), and a term with Chinese in it is searched
 * as written.
 */
export const halfWidth = (text: string) =>
  /^[\x20-\x7e\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A\u3000]*$/.test(text)
    ? text
        .replace(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/g, (c) =>
          String.fromCharCode(c.charCodeAt(0) - 0xfee0),
        )
        .replaceAll('\u3000', ' ')
    : text;

/**
 * A day as `YYYY-MM-DD` that the calendar has (not 2026-02-30), from 0001-01-01 (there is no year 0: 1 BC is
 * followed by AD 1).
 */
export function isCalendarDate(value: string): boolean {
  if (!/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(value) || value < '0001') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** Whether `value` is a well-formed value of `filter` ('' is "not set" and always is). */
export function isFilterValue(filter: ListFilter, value: string): boolean {
  if (value === '') return true;
  switch (filter.kind) {
    case 'enum':
      return filter.values.includes(value);
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'text':
    case 'member':
      return isApiText(value, filter.maxLength ?? 100);
    case 'id':
      return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
    case 'range':
      return filter.type === 'money' ? /^[0-9]{1,9}(\.[0-9]{1,2})?$/.test(value) : isCalendarDate(value);
  }
}
