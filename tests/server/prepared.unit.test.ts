import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import {
  byText,
  bound,
  compiledOnce,
  type Bound,
  MARK,
  PLANNED_FOR_VALUES,
  prepareMarked,
  schemaChanged,
  statementName,
  TEXTS_KEPT,
  withValuesWritten,
} from '../../server/db/prepared';

/** A pooled client whose database refuses every named statement as PostgreSQL does a stale kept plan. */
function staleClient() {
  const stale = Object.assign(new Error('cached plan must not change result type'), {
    code: '0A000',
    routine: 'RevalidateCachedQuery',
  });
  const query = vi.fn(async (config: unknown) =>
    typeof config === 'object' && config !== null && 'name' in config
      ? Promise.reject(stale)
      : { rows: [{ mode: PLANNED_FOR_VALUES }] },
  );
  return connected(query);
}

/** `query` as a pooled client's, made to prepare marked statements; resolves once it has asked the plan setting. */
async function connected(query: ReturnType<typeof vi.fn>) {
  const client = { query } as unknown as pg.PoolClient;
  prepareMarked(client);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(query.mock.calls.shift()).toEqual(["select current_setting('plan_cache_mode') as mode"]);
  return { client, query };
}

describe('prepareMarked', () => {
  it('asks a statement refused for a changed table again unprepared, and then never prepared on that connection', async () => {
    const { client, query } = await staleClient();
    const text = `${MARK}select * from probe where a = $1`;
    await client.query(text, [1]);
    expect(query.mock.calls.map((call) => call[0])).toEqual([
      { name: statementName(text), text, values: [1] },
      text,
    ]);
    await client.query(text, [2]);
    expect(query.mock.calls.slice(2).map((call) => call[0])).toEqual([text]);
  });

  it('passes other errors on, and leaves unmarked statements and the callback form as they are', async () => {
    const query = vi.fn(async (config: unknown) =>
      typeof config === 'string' && config.includes('plan_cache_mode')
        ? { rows: [{ mode: PLANNED_FOR_VALUES }] }
        : Promise.reject(Object.assign(new Error('syntax'), { code: '42601' })),
    );
    const { client } = await connected(query);
    const text = `${MARK}select nonsense`;
    await expect(client.query(text, [1])).rejects.toMatchObject({ code: '42601' });
    expect(query).toHaveBeenCalledTimes(1);
    const callback = () => undefined;
    void client.query(text, [1], callback);
    void client.query('select 1', [1]);
    expect(query.mock.calls.slice(1)).toEqual([
      [text, [1], callback],
      ['select 1', [1], undefined],
    ]);
  });
});

describe('prepareMarked, on a session that would keep one plan for all values', () => {
  it('prepares only statements without values, and says so once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const query = vi.fn(async (config: unknown) =>
      typeof config === 'string' && config.includes('plan_cache_mode')
        ? { rows: [{ mode: 'auto' }] }
        : { rows: [] },
    );
    const { client } = await connected(query);
    const withValues = `${MARK}select * from probe where a = $1`;
    const without = `${MARK}select * from probe where a = E'1'`;
    await client.query(withValues, [1]);
    await client.query(without, []);
    expect(query.mock.calls.map((call) => call[0])).toEqual([
      withValues,
      { name: statementName(without), text: without, values: [] },
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/plan_cache_mode = auto, not force_custom_plan/);
    warn.mockRestore();
  });
});

describe('statementName', () => {
  it('names a text the same way each time, another text otherwise, and every text anew after a migration', () => {
    const text = `${MARK}select * from probe where a = $1`;
    const before = statementName(text);
    expect(statementName(text)).toBe(before);
    expect(statementName(`${MARK}select * from probe where b = $1`)).not.toBe(before);
    schemaChanged();
    expect(statementName(text)).not.toBe(before);
    expect(statementName(text)).toBe(statementName(text));
  });
});

describe('byText', () => {
  it('works a text out once while it keeps fewer texts than its bound, and forgets them all past it', () => {
    const of = vi.fn((text: string) => text.length);
    const memo = byText(of);
    memo.get('first');
    // The bound's worth of texts in all, the first among them: the first is still known.
    for (let i = 1; i < TEXTS_KEPT; i++) memo.get(`text ${i}`);
    expect(memo.get('first')).toBe(5);
    expect(of).toHaveBeenCalledTimes(TEXTS_KEPT);
    // One more text: every text is forgotten, the first worked out again when asked.
    memo.get('one too many');
    expect(memo.get('first')).toBe(5);
    expect(of).toHaveBeenCalledTimes(TEXTS_KEPT + 2);
    expect(memo.get('one too many')).toBe(12);
    expect(of).toHaveBeenCalledTimes(TEXTS_KEPT + 2);
  });
});

describe('compiledOnce', () => {
  /** A statement builder counting its compilations. */
  const builder = (sql: string) => {
    const compile = vi.fn(() => ({ sql, parameters: [] }) as unknown as CompiledQuery);
    return { build: vi.fn(() => ({ compile })), compile };
  };

  it('builds a statement once for the same owners and key, and again for any other owner or key', () => {
    const [db, otherDb, list] = [{}, {}, {}];
    const one = builder('select 1');
    const first = compiledOnce([db, list], 'tab=all', one.build);
    expect(compiledOnce([db, list], 'tab=all', one.build)).toBe(first);
    expect(first.sql).toBe('select 1');
    expect(one.compile).toHaveBeenCalledTimes(1);
    // Another database, another key, or the owners in another order: built anew, and kept apart.
    const others = [
      compiledOnce([otherDb, list], 'tab=all', builder('select 2').build),
      compiledOnce([db, list], 'tab=resting', builder('select 3').build),
      compiledOnce([list, db], 'tab=all', builder('select 4').build),
    ];
    expect(others.map((c) => c.sql)).toEqual(['select 2', 'select 3', 'select 4']);
    expect(compiledOnce([db, list], 'tab=all', builder('select 5').build).sql).toBe('select 1');
  });

  it("sends a statement kept with values with each ask's own in their place", () => {
    const db = new Kysely<never>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const owners = [db, {}];
    // The ids between two values of the statement's own, and a term written twice.
    const byIds = (ids: Bound, term: Bound) => () =>
      db
        .selectFrom(sql`suppliers`.as('s'))
        .select(sql`${'x'}`.as('x'))
        .where(sql<boolean>`id = any(${ids}) and (name = ${term} or mobile = ${term})`)
        .limit(20);
    const first = [bound([1, 2]), bound('Li')] as const;
    const kept = compiledOnce(owners, 'by id', byIds(...first), first);
    expect(kept.parameters).toEqual(['x', [1, 2], 'Li', 'Li', 20]);
    const second = [bound([3]), bound('Wang')] as const;
    const build = vi.fn(byIds(...second));
    const again = compiledOnce(owners, 'by id', build, second);
    expect(build).not.toHaveBeenCalled();
    expect(again.sql).toBe(kept.sql);
    expect(again.parameters).toEqual(['x', [3], 'Wang', 'Wang', 20]);
    expect(kept.parameters).toEqual(['x', [1, 2], 'Li', 'Li', 20]);
    // Asked without its values (or with another number of them), it is built again, not sent with stale ones.
    const without = vi.fn(() => ({
      compile: () => ({ sql: 'other', parameters: [] }) as unknown as CompiledQuery,
    }));
    expect(compiledOnce(owners, 'by id', without).sql).toBe('other');
    expect(without).toHaveBeenCalledTimes(1);
  });

  it('keeps no statement that does not hold each value as a value, and sends it with what they hold', () => {
    const db = new Kysely<never>({ dialect: new PostgresDialect({ pool: {} as never }) });
    const ids = bound([1, 2]);
    const term = bound('Li');
    const written = () =>
      db
        .selectFrom(sql`suppliers`.as('s'))
        .select(sql`id`.as('id'))
        .where(sql<boolean>`id = any(${sql.lit('{1,2}')}) and name = ${term}`);
    const leftOut = () =>
      db
        .selectFrom(sql`suppliers`.as('s'))
        .select(sql`id`.as('id'))
        .where(sql<boolean>`name = ${term}`);
    for (const [key, build] of [
      ['written', written],
      ['left out', leftOut],
    ] as const) {
      const spy = vi.fn(build);
      expect(compiledOnce([db], key, spy, [ids, term]).parameters, key).toEqual(['Li']);
      compiledOnce([db], key, spy, [ids, term]);
      expect(spy, key).toHaveBeenCalledTimes(2);
    }
  });

  it('keeps TEXTS_KEPT statements in all, under any owners, and forgets them all past it', async () => {
    // A module of its own: the other tests' statements are not counted.
    vi.resetModules();
    const fresh = await import('../../server/db/prepared');
    const first = builder('first');
    const firstOwners = [{}];
    fresh.compiledOnce(firstOwners, 'first', first.build);
    // The bound's worth in all, each other under owners of its own: the first is still kept.
    for (let i = 1; i < fresh.TEXTS_KEPT; i++) fresh.compiledOnce([{}], `key ${i}`, builder(`${i}`).build);
    fresh.compiledOnce(firstOwners, 'first', first.build);
    expect(first.build).toHaveBeenCalledTimes(1);
    // One more: every one is forgotten, the first built again when asked.
    fresh.compiledOnce([{}], 'one too many', builder('more').build);
    fresh.compiledOnce(firstOwners, 'first', first.build);
    expect(first.build).toHaveBeenCalledTimes(2);
  });
});

describe('withValuesWritten', () => {
  const compiled = (sql: string, parameters: unknown[]) => ({ sql, parameters }) as unknown as CompiledQuery;

  it('writes each value in place of its placeholder, $10 not read as $1 and a 0', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
    const sql = values.map((_, i) => `$${i + 1}`).join(', ');
    const written = withValuesWritten(compiled(`select ${sql}`, values));
    expect(written.sql).toBe(`select ${values.map((v) => `E'${v}'`).join(', ')}`);
    expect(written.parameters).toEqual([]);
  });

  it('writes each run its own values into a text it has read before', () => {
    const text = 'select * from probe where a = $1 and b = $2';
    for (const [a, b] of [
      ['x', 1],
      ['y', 2],
    ] as const)
      expect(withValuesWritten(compiled(text, [a, b])).sql).toBe(
        `select * from probe where a = E'${a}' and b = E'${b}'`,
      );
  });

  it('quotes text as a literal that cannot end early, and writes numbers, booleans, dates and null', () => {
    const at = new Date('2026-11-29T10:00:00.000Z');
    const written = withValuesWritten(
      compiled('select $1, $2, $3, $4, $5', ["it's \\'; drop table x; --", 42, true, at, null]),
    );
    expect(written.sql).toBe(
      "select E'it''s \\\\''; drop table x; --', E'42', E'true', E'2026-11-29T10:00:00.000Z', null",
    );
  });

  it('writes no value inside quoted text, a quoted name or a comment', () => {
    const written = withValuesWritten(
      compiled(`select 'it''s $1', "a$1" /* $1 */ from t -- $1\nwhere note = $1`, ["x') or true or (E'"]),
    );
    expect(written.sql).toBe(
      `select 'it''s $1', "a$1" /* $1 */ from t -- $1\nwhere note = E'x'') or true or (E'''`,
    );
    expect(written.parameters).toEqual([]);
  });

  it('writes an array of numbers as an array literal', () => {
    expect(withValuesWritten(compiled('select $1::int[]', [[3, 1, 2]])).sql).toBe("select '{3,1,2}'::int[]");
  });

  it('leaves the statement as it was when a value has no plain literal or the placeholders are not $1 to $n', () => {
    for (const [sql, parameters] of [
      ['select $1', [['a', 'b']]],
      ['select $1', ['a', 'b']],
      ['select $2', ['a']],
      ['select $1, $3', ['a', 'b']],
      // What the reading does not follow: an escape string, a dollar-quoted one, a comment in a comment.
      ["select E'\\' $1', $1", ['a']],
      ['select $$ $1 $$, $1', ['a']],
      ['select /* /* $1 */ */ $1', ['a']],
    ] as const) {
      const query = compiled(sql, [...parameters]);
      expect(withValuesWritten(query)).toBe(query);
    }
  });
});
