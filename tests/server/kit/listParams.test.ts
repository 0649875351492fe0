import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { ALL_TAB, MAX_PAGE, type ListSpec } from '../../../src/contract/list';
import { AppError } from '../../../server/errors';
import { listQuerySchema, readListQuery, wholeNumber } from '../../../server/kit/listQuery';
import { MAX_ID } from '../../../server/kit/schemas';

/**
 * How a list request's parameters are read, without a database: the query-string schema a list's declaration
 * makes (what the route refuses before its handler) and the typed parameters `readListQuery` makes of the rest.
 * One declaration here holds a filter of every kind.
 */
const SPEC = {
  filters: {
    state: { kind: 'enum', values: ['open', 'closed'] },
    is_enabled: { kind: 'boolean' },
    city: { kind: 'text' },
    code: { kind: 'text', maxLength: 5 },
    tag: { kind: 'member', maxLength: 3 },
    owner_id: { kind: 'id' },
    price: { kind: 'range', type: 'money', column: 'price_fen' },
    created: { kind: 'range', type: 'date', column: 'created_at' },
    updated: { kind: 'range', type: 'date', column: 'updated_at' },
    promoted: { kind: 'range', type: 'date', calendarDays: true },
  },
  search: { words: ['name'], maxLength: 10 },
  tabs: { column: 'state', values: ['open', 'closed'] },
  sorts: { ranking: { order: 'asc' }, created_at: { order: 'desc' } },
  defaultSort: 'ranking',
  pageSize: { default: 20, max: 50 },
} as const satisfies ListSpec;

/** A list with none of the optional parts: no search, no tabs, no range over moments. */
const BARE = {
  filters: { promoted: { kind: 'range', type: 'date', calendarDays: true } },
  sorts: { id: { order: 'desc' } },
  defaultSort: 'id',
  pageSize: { default: 10, max: 100 },
} as const satisfies ListSpec;

/** A list whose only range is of money: no day to read in a zone. */
const MONEY = {
  filters: { state: { kind: 'enum', values: ['open'] }, price: { kind: 'range', type: 'money' } },
  sorts: { id: { order: 'desc' } },
  defaultSort: 'id',
  pageSize: { default: 10, max: 100 },
} as const satisfies ListSpec;

const accepts = (spec: ListSpec, query: Record<string, string>) => Value.Check(listQuerySchema(spec), query);
const read = (query: Record<string, string>, spec: ListSpec = SPEC) => readListQuery(spec, query, undefined);

/** The refusal `run` throws: its field and reason key (and values), as the answer carries them. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.statusCode).toBe(400);
    const data = e.data as { field?: string; reason_key?: string; values?: unknown };
    return { field: data.field, key: data.reason_key, values: data.values, message: e.message };
  }
  throw new Error('not refused');
}

describe('the query-string schema of a list', () => {
  it('takes each filter kind as declared, and "" as not set', () => {
    for (const [param, good, bad] of [
      ['state', ['', 'open', 'closed'], ['Open', 'other', 'all']],
      ['is_enabled', ['', 'true', 'false'], ['yes', '1', 'TRUE']],
      ['city', ['', 'x'.repeat(100), '北京'], ['x'.repeat(101)]],
      ['code', ['', 'abcde'], ['abcdef']],
      ['tag', ['', 'abc'], ['abcd']],
      // The digits only: the range of a whole number is checked where it is read (below).
      ['owner_id', ['', '1', '0', String(MAX_ID + 1)], ['-1', 'x', '1.5', ' 1', '12345678901']],
      [
        'price_from',
        ['', '0', '99', '99.5', '99.50', '123456789.99'],
        ['99.505', '1234567890', '.5', '-1', 'x'],
      ],
      ['price_to', ['', '1.05'], ['1,05']],
      ['created_from', ['', '2026-01-31', '2026-02-30'], ['2026-1-31', '20260131', '2026-01-31T00:00']],
      ['created_to', ['', '2026-12-31'], ['yesterday']],
      ['promoted_from', ['', '2026-01-31'], ['31/01/2026']],
    ] as const) {
      for (const value of good) expect(accepts(SPEC, { [param]: value }), `${param}=${value}`).toBe(true);
      for (const value of bad) expect(accepts(SPEC, { [param]: value }), `${param}=${value}`).toBe(false);
    }
  });

  it('takes a search up to its declared length, a declared tab, sort and order', () => {
    expect(accepts(SPEC, { q: 'x'.repeat(10) })).toBe(true);
    expect(accepts(SPEC, { q: 'x'.repeat(11) })).toBe(false);
    for (const tab of ['', ALL_TAB, 'open', 'closed']) expect(accepts(SPEC, { tab }), tab).toBe(true);
    expect(accepts(SPEC, { tab: 'resting' })).toBe(false);
    for (const sort of ['', 'ranking', 'created_at']) expect(accepts(SPEC, { sort }), sort).toBe(true);
    expect(accepts(SPEC, { sort: 'name' })).toBe(false);
    for (const order of ['', 'asc', 'desc']) expect(accepts(SPEC, { order }), order).toBe(true);
    expect(accepts(SPEC, { order: 'up' })).toBe(false);
  });

  it('takes a page and a page size in digits, and cursors of at most 400 characters', () => {
    expect(accepts(SPEC, { page: '1', page_size: '50' })).toBe(true);
    for (const bad of ['-1', 'x', '1.5', '1e3', '12345678901']) {
      expect(accepts(SPEC, { page: bad }), bad).toBe(false);
      expect(accepts(SPEC, { page_size: bad }), bad).toBe(false);
    }
    for (const cursor of ['after', 'before']) {
      expect(accepts(SPEC, { [cursor]: 'x'.repeat(400) })).toBe(true);
      expect(accepts(SPEC, { [cursor]: 'x'.repeat(401) })).toBe(false);
    }
  });

  it('takes a time zone where a range is read in the reader’s days, of at most 64 characters', () => {
    expect(accepts(SPEC, { tz: 'Asia/Shanghai' })).toBe(true);
    expect(accepts(SPEC, { tz: 'x'.repeat(65) })).toBe(false);
    // A list whose only range is of calendar days declares no tz: it is then an unknown parameter, not refused.
    expect(listQuerySchema(BARE)).not.toHaveProperty('properties.tz');
    expect(listQuerySchema(MONEY)).not.toHaveProperty('properties.tz');
    expect(listQuerySchema(SPEC)).toHaveProperty('properties.tz');
  });

  it('says what each parameter takes: a refusal quotes it to the person who sent it', () => {
    const described = (param: string) =>
      (listQuerySchema(SPEC) as { properties: Record<string, { description?: string }> }).properties[param]
        ?.description;
    expect(described('state')).toBe('one of open, closed');
    expect(described('is_enabled')).toBe('true or false');
    expect(described('city')).toBe('text of at most 100 characters');
    expect(described('code')).toBe('text of at most 5 characters');
    expect(described('owner_id')).toBe('an id: a whole number from 1');
    expect(described('price_from')).toBe('yuan, e.g. 99.50');
    expect(described('created_to')).toBe('a date, YYYY-MM-DD');
    expect(described('tab')).toBe('one of all, open, closed');
    expect(described('sort')).toBe('one of ranking, created_at');
    expect(described('order')).toBe('one of asc, desc');
    expect(described('q')).toBe('at most 10 characters');
  });

  it('declares no search and no tab where the list has none, ignores unknown parameters, adds the extra ones', () => {
    const bare = listQuerySchema(BARE);
    expect(bare).not.toHaveProperty('properties.q');
    expect(bare).not.toHaveProperty('properties.tab');
    expect(accepts(BARE, { cache: '123', tab: 'anything' })).toBe(true);
    const extra = listQuerySchema(BARE, { format: Type.Literal('csv') });
    expect(Value.Check(extra, { format: 'csv' })).toBe(true);
    expect(Value.Check(extra, { format: 'xls' })).toBe(false);
    expect(Value.Check(extra, {})).toBe(true);
  });
});

describe('a whole-number parameter', () => {
  it('is its fallback when not sent, and within its range otherwise', () => {
    expect(wholeNumber({}, 'page', 1, 9, 4)).toBe(4);
    expect(wholeNumber({ page: '' }, 'page', 1, 9, 4)).toBe(4);
    expect(wholeNumber({ page: 7 }, 'page', 1, 9, 4)).toBe(4);
    expect(wholeNumber({ page: '1' }, 'page', 1, 9, 4)).toBe(1);
    expect(wholeNumber({ page: '9' }, 'page', 1, 9, 4)).toBe(9);
    for (const bad of ['0', '10', '1.5', 'x']) {
      expect(refusal(() => wholeNumber({ page: bad }, 'page', 1, 9, 4))).toEqual({
        field: 'page',
        key: 'errors.validation.range',
        values: { field: 'page', min: 1, max: 9 },
        message: 'page must be a whole number from 1 to 9.',
      });
    }
  });
});

describe('a list request read into parameters', () => {
  it('is the declared defaults when nothing is asked', () => {
    expect(read({})).toEqual({
      q: undefined,
      filters: {},
      tab: ALL_TAB,
      sort: 'ranking',
      order: 'asc',
      page: 1,
      pageSize: 20,
    });
    expect(read({}, BARE)).toMatchObject({ tab: ALL_TAB, sort: 'id', order: 'desc', pageSize: 10 });
  });

  it('reads each filter as its column compares it, and leaves out the ones not set', () => {
    const params = read({
      state: 'open',
      is_enabled: 'false',
      city: 'Beijing',
      tag: '',
      owner_id: '42',
      code: '',
    });
    expect(params.filters).toEqual({ state: 'open', is_enabled: false, city: 'Beijing', owner_id: 42 });
    expect(read({ is_enabled: 'true' }).filters).toEqual({ is_enabled: true });
    expect(read({ tag: 'vip' }).filters).toEqual({ tag: 'vip' });
  });

  it('refuses an id out of range naming it', () => {
    for (const id of ['0', String(MAX_ID + 1)]) {
      expect(refusal(() => read({ owner_id: id }))).toMatchObject({
        field: 'owner_id',
        key: 'errors.validation.range',
        values: { min: 1, max: MAX_ID },
      });
    }
    expect(read({ owner_id: String(MAX_ID) }).filters).toEqual({ owner_id: MAX_ID });
  });

  it('takes the sort asked with its own default order, or the order asked; trims the search', () => {
    expect(read({ sort: 'created_at' })).toMatchObject({ sort: 'created_at', order: 'desc' });
    expect(read({ sort: 'created_at', order: 'asc' })).toMatchObject({ sort: 'created_at', order: 'asc' });
    expect(read({ order: 'desc' })).toMatchObject({ sort: 'ranking', order: 'desc' });
    expect(read({ q: '  Li  ' }).q).toBe('Li');
    expect(read({ q: '   ' }).q).toBeUndefined();
  });

  it('shows the tab asked, or all; a list without tabs shows all whatever a link names', () => {
    expect(read({ tab: 'closed' }).tab).toBe('closed');
    expect(read({ tab: '' }).tab).toBe(ALL_TAB);
    expect(read({ tab: 'closed' }, BARE).tab).toBe(ALL_TAB);
  });

  it('reads the page and page size asked, refusing a page size over the list’s most', () => {
    expect(read({ page: '3', page_size: '50' })).toMatchObject({ page: 3, pageSize: 50 });
    expect(read({ page: String(MAX_PAGE), page_size: '1' })).toMatchObject({ page: MAX_PAGE, pageSize: 1 });
    for (const size of ['0', '51']) {
      expect(refusal(() => read({ page_size: size }))).toMatchObject({
        field: 'page_size',
        values: { min: 1, max: 50 },
      });
    }
    for (const page of ['0', String(MAX_PAGE + 1)]) {
      expect(refusal(() => read({ page }))).toMatchObject({
        field: 'page',
        values: { min: 1, max: MAX_PAGE },
      });
    }
  });

  it('reads a cursor it did not answer as none: the page is then found by its number', () => {
    const params = read({ page: '2', after: 'bm90LmEuY3Vyc29y.c2lnbmF0dXJl' });
    expect(params).not.toHaveProperty('cursor');
    expect(params.page).toBe(2);
    expect(read({ page: '2', before: 'x.y' })).not.toHaveProperty('cursor');
  });
});

describe('a range read into the column’s terms', () => {
  it('reads money in yuan as fen, either end alone', () => {
    expect(read({ price_from: '99.5', price_to: '100' }).filters.price).toEqual({ from: 9950, to: 10000 });
    expect(read({ price_from: '0.05' }).filters.price).toEqual({ from: 5, to: undefined });
    expect(read({ price_to: '123456789.99' }).filters.price).toEqual({ from: undefined, to: 12345678999 });
    expect(read({ price_from: '', price_to: '' }).filters).not.toHaveProperty('price');
  });

  it('reads days as the moments they begin, the last day included, in UTC when no zone is sent', () => {
    expect(read({ created_from: '2026-03-01', created_to: '2026-03-31' }).filters.created).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
    });
    expect(read({ created_to: '2026-12-31' }).filters.created).toEqual({
      from: undefined,
      to: '2027-01-01T00:00:00.000Z',
    });
  });

  it('reads days in the reader’s zone, but calendar days in UTC whatever the zone', () => {
    const params = read({
      tz: 'Asia/Shanghai',
      created_from: '2026-03-01',
      created_to: '2026-03-01',
      promoted_from: '2026-03-01',
    });
    expect(params.filters.created).toEqual({
      from: '2026-02-28T16:00:00.000Z',
      to: '2026-03-01T16:00:00.000Z',
    });
    expect(params.filters.promoted).toEqual({ from: '2026-03-01T00:00:00.000Z', to: undefined });
    expect(read({ tz: '', created_from: '2026-03-01' }).filters.created).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: undefined,
    });
  });

  it('keeps the first and last days of the calendar within the years the database reads', () => {
    // In a zone ahead of UTC the first day begins in year 0; behind it, the day after the last is in year 10000.
    const ahead = read({ tz: 'Asia/Shanghai', created_from: '0001-01-01', created_to: '9999-12-31' });
    expect(ahead.filters.created).toEqual({
      from: '0001-01-01T00:00:00.000Z',
      to: '9999-12-31T16:00:00.000Z',
    });
    const behind = read({ tz: 'America/New_York', created_from: '0001-01-01', created_to: '9999-12-31' });
    expect(behind.filters.created).toEqual({
      from: '0001-01-01T04:56:02.000Z',
      to: '9999-12-31T23:59:59.999Z',
    });
  });

  it('refuses an unknown zone on a list with a range read in it, set or not; a list without one ignores it', () => {
    for (const query of [
      {} as Record<string, string>,
      { state: 'open' },
      { promoted_from: '2026-03-01' },
      { created_from: '2026-03-01' },
    ]) {
      expect(
        refusal(() => read({ tz: 'Mars/Olympus', ...query })),
        JSON.stringify(query),
      ).toMatchObject({
        field: 'tz',
        key: 'errors.validation.timeZone',
      });
    }
    // A known zone with no range set changes nothing.
    expect(read({ tz: 'Asia/Shanghai', state: 'open' }).filters).toEqual({ state: 'open' });
    // The money list and the bare one have no day read in a zone: `tz` is not theirs, like any unknown parameter.
    expect(read({ tz: 'Mars/Olympus', state: 'open', price_from: '1' }, MONEY).filters).toEqual({
      state: 'open',
      price: { from: 100, to: undefined },
    });
    expect(read({ tz: 'Mars/Olympus', promoted_from: '2026-03-01' }, BARE).filters).toHaveProperty(
      'promoted',
    );
  });

  it('refuses a day the calendar has not, naming its end', () => {
    expect(refusal(() => read({ created_from: '2026-02-30' }))).toMatchObject({
      field: 'created_from',
      key: 'errors.validation.date',
      message: 'created_from must be a real date (YYYY-MM-DD), not "2026-02-30".',
    });
    expect(refusal(() => read({ promoted_to: '2026-13-01' }))).toMatchObject({ field: 'promoted_to' });
  });

  it('refuses a range the wrong way round in the words of its kind; equal ends are one day or amount', () => {
    expect(refusal(() => read({ price_from: '10', price_to: '9.99' }))).toEqual({
      field: 'price_from',
      key: 'errors.validation.rangeReversedMoney',
      values: { field: 'price_from' },
      message: 'price_from must not be more than price_to.',
    });
    expect(refusal(() => read({ created_from: '2026-03-02', created_to: '2026-03-01' }))).toEqual({
      field: 'created_from',
      key: 'errors.validation.rangeReversed',
      values: { field: 'created_from' },
      message: 'created_from must not be after created_to.',
    });
    expect(read({ price_from: '10', price_to: '10.00' }).filters.price).toEqual({ from: 1000, to: 1000 });
    expect(read({ created_from: '2026-03-01', created_to: '2026-03-01' }).filters.created).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T00:00:00.000Z',
    });
  });
});
