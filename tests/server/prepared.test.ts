import { sql, type Kysely, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { withinTransaction } from '../../server/db/withinTransaction';
import {
  executePrepared,
  MARK,
  MAX_PREPARED_PER_CONNECTION,
  ONE_PLAN_MARK,
  onePlanSessionsOf,
} from '../../server/db/prepared';
import { bearer, createTestApp, createTestDatabase, type TestApp } from './support/testApp';
import { SUPPLIER_LIST } from '../../src/contract/suppliers';
import { forgetLists } from '../../server/kit/listMemory';
import { sqlLiterals } from '../../server/db/sqlLiterals';
import {
  countSearchStarts,
  searchStartsOf,
  startsStatement,
  walkSearchStarts,
  type StartsStatement,
} from '../../server/kit/searchStarts';

// Prepared statements (server/db/prepared.ts), on PostgreSQL and on PGlite; each test holds one connection, so
// what pg_prepared_statements shows is what its own statements left there.
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** Each statement prepared on the connection, with how many times it ran on its kept plan and planned anew. */
const plansOf = async (db: Kysely<never>) =>
  new Map(
    (
      await sql<{ statement: string; generic: number; custom: number }>`
        select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements`.execute(db)
    ).rows.map((r) => [statementText(r.statement), { generic: r.generic, custom: r.custom }] as const),
  );

const preparedTexts = async (db: Kysely<never>) =>
  (
    await sql<{
      statement: string;
    }>`select statement from pg_prepared_statements`.execute(db)
  ).rows.map((r) => statementText(r.statement));

/** The statement as sent: PGlite's, prepared by SQL, is shown as its PREPARE command. */
const statementText = (shown: string) => shown.replace(/^prepare p\d+_[0-9a-f]+ as /, '');

describe('prepared statements', () => {
  let t: TestApp;
  let token: string;
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  const getText = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };
  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as unknown;
  };
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 1 });
    token = await t.login('admin@example.com', 'Admin@123456');
  });
  afterAll(async () => t?.close());

  it("keeps a first page's plan per value where its values are few (a tab, an enum, a boolean, a city); plans a search or a later page for its values", async () => {
    // The seed ran on this connection too: what counts is how each statement ran since.
    const before = await plansOf(t.db as never);
    const ranSince = async () => {
      const now = await plansOf(t.db as never);
      return [...now]
        .map(([text, p]) => {
          const was = before.get(text) ?? { generic: 0, custom: 0 };
          return [text, { generic: p.generic - was.generic, custom: p.custom - was.custom }] as const;
        })
        .filter(([, p]) => p.generic + p.custom > 0);
    };
    const since = async (known: Set<string>) => {
      const ran = (await ranSince()).filter(([text]) => !known.has(text));
      for (const [text] of ran) known.add(text);
      return ran;
    };
    const known = new Set<string>();
    await get('/api/suppliers?page=1&page_size=10');
    await get('/api/suppliers?page=1&page_size=10');
    const [list, ...others] = await since(known);
    expect(others).toEqual([]);
    // The list's items' columns (SUPPLIER_LIST.items), read by the page.
    expect(
      list?.[0].startsWith(`${MARK}select "suppliers"."id" as "id", "suppliers"."version" as "version"`),
    ).toBe(true);
    expect(list?.[0]).toMatch(/ from "suppliers" order by .* limit E'10'$/);
    // Its values written into it: no parameters, one plan run twice.
    expect(list?.[0]).not.toMatch(/\$\d/);
    expect(list?.[1]).toEqual({ generic: 2, custom: 0 });

    // A tab in the default order: its value in its text, each tab a statement with its own kept plan.
    await get('/api/suppliers?page=1&page_size=10&tab=resting');
    await get('/api/suppliers?page=1&page_size=10&tab=resting');
    await get('/api/suppliers?page=1&page_size=10&tab=servicing');
    const tabs = await since(known);
    expect(tabs.map(([text]) => /where "state" = E'(\w+)' order by/.exec(text)?.[1]).sort()).toEqual([
      'resting',
      'servicing',
    ]);
    expect(tabs.map(([, p]) => p.generic).sort()).toEqual([1, 2]);
    expect(tabs.every(([, p]) => p.custom === 0)).toBe(true);

    // A first page asked with an enum's value, and a tab in another order: each value in its text, a statement of its
    // own planned once for it. So are a text filter's value that a row holds (a city) and the city filter's choices,
    // asked twice and read once more by the city's first page to learn that a row holds it.
    const cities = async () => ((await get('/api/suppliers/cities')) as { data: string[] }).data;
    const [city] = await cities();
    await cities();
    for (const query of [
      ...Array.from({ length: 3 }, () => 'audit_state=waiting_audit'),
      ...Array.from({ length: 2 }, () => `city=${encodeURIComponent(city!)}`),
      'audit_state=pass',
      'tab=resting&sort=created_at',
      'tab=resting&sort=created_at',
    ]) {
      await get(`/api/suppliers?page_size=10&${query}`);
    }
    const perValue = await since(known);
    const valueOf = (text: string) =>
      /"audit_state" = E'(\w+)' order by/.exec(text)?.[1] ??
      /"state" = E'(\w+)' order by "created_at"/.exec(text)?.[1] ??
      /"city" = E'([^']+)' order by/.exec(text)?.[1] ??
      /where list = E'(\w+)' and dims ->> E'city' is not null/.exec(text)?.[1];
    expect(perValue.map(([text, p]) => [valueOf(text), p]).sort()).toEqual([
      [city, { generic: 2, custom: 0 }],
      ['pass', { generic: 1, custom: 0 }],
      ['resting', { generic: 2, custom: 0 }],
      ['suppliers', { generic: 3, custom: 0 }],
      ['waiting_audit', { generic: 3, custom: 0 }],
    ]);

    // A city no row holds is any text anyone sends: bound, planned for it on every run, never a statement of its own.
    for (const made of ['Atlantis', 'Atlantis', 'El Dorado']) {
      await get(`/api/suppliers?page_size=10&city=${encodeURIComponent(made)}`);
    }
    const madeUp = await since(known);
    expect(madeUp.map(([text, p]) => [/"city" = \$\d+ order by/.test(text), p])).toEqual([
      [true, { generic: 0, custom: 3 }],
    ]);

    // Plans that turn on their values: prepared (parsed once), planned with the values on every run, however often
    // it runs (PostgreSQL would otherwise try one kept plan from the sixth run on).
    const afterOf = async (query: string) =>
      ((await get(`/api/suppliers?page_size=10${query}`)) as { data: { cursors: { after: string } } }).data
        .cursors.after;
    const after = await afterOf('');
    const afterPassed = await afterOf('&audit_state=pass');
    const afterResting = await afterOf('&tab=resting');
    const afterRestingByTime = await afterOf('&tab=resting&sort=created_at');
    const { ticket } = (
      (await post('/api/download-tickets', { path: '/api/suppliers/export.csv' })) as {
        data: { ticket: string };
      }
    ).data;
    const startsCount: [string, string[], RegExp] = [
      "a search's count from its starts",
      ['q=Zhang', 'q=Wang'],
      STARTS_COUNT,
    ];
    // Each run on one plan kept for every place (below).
    const byPlace: Array<[string, string[], RegExp]> = [
      [
        'a page read on from a cursor',
        [`page=2&after=${encodeURIComponent(after)}`],
        / where \("ranking", "id"\) > \(\$\d+, \$\d+\)/,
      ],
      [
        'a page read on from a cursor in a tab',
        [`tab=resting&page=2&after=${encodeURIComponent(afterResting)}`],
        /"state" = \$\d+ and \("ranking", "id"\) > \(\$\d+, \$\d+\)/,
      ],
      ['a page by its number from the page blocks', ['page=101'], /"list_suppliers_blocks"/],
    ];
    const cases: Array<[string, string[], RegExp]> = [
      [
        "a search's counting pass",
        ['q=Zh', 'q=Li'],
        /^\/\* prepared \*\/\s+with hits as materialized \(\(select "id"/,
      ],
      [
        'a later page',
        Array.from({ length: 7 }, (_, i) => `page=${i + 2}`),
        /^\/\* prepared \*\/ select "suppliers"\."id" as "id",.* from "suppliers" order by .* offset \$\d+\)/s,
      ],
      [
        'a page read on from a cursor in a tab in another order',
        [`tab=resting&sort=created_at&page=2&after=${encodeURIComponent(afterRestingByTime)}`],
        /"state" = \$\d+ and \("created_at", "id"\) [<>] \(\$\d+, \$\d+\)/,
      ],
      [
        'a page read on from a cursor with a filter',
        [`audit_state=pass&page=2&after=${encodeURIComponent(afterPassed)}`],
        /"audit_state" = \$\d+ and \("ranking", "id"\) > \(\$\d+, \$\d+\)/,
      ],
    ];
    // A new connection's first statement runs before its session has said how it plans (server/db/prepared.ts).
    if (postgres) await sql`select 1`.execute(onePlanSessionsOf(t.db as never));
    const onePlan = [startsCount, ...byPlace];
    for (const [, queries] of [...cases, ...onePlan]) {
      for (const query of queries) await get(`/api/suppliers?page_size=10&${query}`);
    }
    await getText(`/api/suppliers/export.csv?ticket=${ticket}`);
    cases.push(['an export batch', [], /from "suppliers" order by "ranking" asc, "id" asc limit \$1$/]);
    const planned = await since(known);
    for (const [what, , statement] of cases) {
      const ran = planned.filter(([text]) => statement.test(text));
      expect(ran, what).toHaveLength(1);
      expect(ran[0]?.[1].generic, what).toBe(0);
    }
    for (const [text, p] of planned.filter(([text]) => !text.startsWith(ONE_PLAN_MARK))) {
      expect(text).toMatch(/\$1\b/);
      expect(p.generic).toBe(0);
    }
    // The seven runs of a later page's statement, each planned for its values.
    const later = planned.find(([text]) => cases.find(([what]) => what === 'a later page')![2].test(text));
    expect(later?.[1]).toEqual({ generic: 0, custom: 7 });
    // A search's count from its starts and a page by its place, each run on one plan kept: on the sessions that keep
    // one (PostgreSQL's second pool), or on PGlite's one session, which keeps one for them.
    const there = postgres ? [...(await plansOf(onePlanSessionsOf(t.db as never)))] : planned;
    for (const [what, queries, statement] of onePlan) {
      const ran = there.filter(([text]) => statement.test(text));
      expect(ran, what).toHaveLength(1);
      expect(ran[0]?.[0].startsWith(ONE_PLAN_MARK), what).toBe(true);
      expect(ran[0]?.[1], what).toEqual({ generic: queries.length, custom: 0 });
    }

    await get('/api/suppliers/1');
    await get('/api/suppliers/2');
    // What makes each run be planned with its values, on PostgreSQL's pool and on PGlite's one session alike.
    expect(await planCacheMode(t.db as never)).toBe('force_custom_plan');
    const detail = `${MARK}select * from "suppliers" where "id" = $1`;
    expect((await since(known)).find(([text]) => text === detail)?.[1]).toEqual({ generic: 0, custom: 2 });
  });

  it('asks which cities the rows hold for a first page under a city only, not for a later page or one from a cursor', async () => {
    const [city] = ((await get('/api/suppliers/cities')) as { data: string[] }).data;
    const query = `/api/suppliers?page_size=1&city=${encodeURIComponent(city!)}`;
    const cursors = async (url: string) =>
      ((await get(url)) as { data: { cursors: { after: string; before: string } } }).data.cursors;
    const { after } = await cursors(query);
    // Back to the first page from the second: a page from a cursor, by number the first.
    const { before } = await cursors(`${query}&page=2&after=${encodeURIComponent(after)}`);
    // How often the statement reading the cities the rows hold ran (`knownValues`, server/kit/listSupport.ts).
    const valuesRead = async () =>
      [...(await plansOf(t.db as never))]
        .filter(([text]) => /where list = E'suppliers' and dims ->> E'city' is not null/.test(text))
        .reduce((n, [, p]) => n + p.generic + p.custom, 0);
    forgetLists();
    const was = await valuesRead();
    await get(`${query}&page=2`);
    await get(`${query}&page=1&before=${encodeURIComponent(before)}`);
    expect(await valuesRead()).toBe(was);
    await get(query);
    expect(await valuesRead()).toBe(was + 1);
  });
});

/** A search's count from its starts: the term's range of the starts' index, between two bounds. */
const STARTS_COUNT =
  /s\.start collate "C" >= list_word_term\(\$\d+\) and s\.start collate "C" < list_word_term/;

describe.runIf(postgres)('prepared statements planned once for every value (PostgreSQL)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ poolSize: 1 });
    token = await t.login('admin@example.com', 'Admin@123456');
  });
  afterAll(async () => t?.close());

  it("runs a search's reads of its starts (with its page's rows) on one-plan sessions, and nothing else there", async () => {
    const search = async (q: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/suppliers?q=${encodeURIComponent(q)}`,
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const sessions = onePlanSessionsOf(t.db as never);
    expect(sessions).not.toBe(t.db);
    // A new connection's first statement runs before its session has said how it plans (server/db/prepared.ts).
    await search('Zhao');
    const before = new Map(await plansOf(sessions));
    const terms = ['Zhang', 'Wang', 'Chen', 'Li Xintao', 'zhang', '138', '1390', 'Plumbing'];
    for (const q of terms) await search(q);
    const [setting] = (
      await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(sessions)
    ).rows;
    expect(setting?.mode).toBe('force_generic_plan');
    const there = [...(await plansOf(sessions))];
    // One statement for every term (each of them a search by its starts), run on its one plan, never planned anew.
    const counts = there.filter(([text]) => STARTS_COUNT.test(text));
    expect(counts).toHaveLength(1);
    const was = before.get(counts[0]![0]) ?? { generic: 0, custom: 0 };
    expect(counts[0]?.[1]).toEqual({ generic: was.generic + terms.length, custom: 0 });
    expect(there.every(([text]) => /"list_suppliers_starts"/.test(text))).toBe(true);
    // None of them on the sessions that plan each run with its values.
    expect((await preparedTexts(t.db as never)).filter((text) => STARTS_COUNT.test(text))).toEqual([]);
  });

  it("keeps, for every term, plans that read the term's part of the starts' indexes, the term a value", async () => {
    const sessions = onePlanSessionsOf(t.db as never) as Kysely<Record<string, Record<string, unknown>>>;
    const starts = searchStartsOf('suppliers', SUPPLIER_LIST)!;
    const plans: string[] = [];
    // Each read prepared on a one-plan session (its pool has one connection) and explained as it runs there. The
    // demo's few rows would be read whole: what is asked is whether the one plan can read the term's range alone.
    const run = async <R>(statement: StartsStatement<R>): Promise<R[]> => {
      const { sql: text, parameters } = startsStatement(sessions as never, [sessions], statement);
      const args = sqlLiterals(parameters)!.join(', ');
      await sql.raw(`prepare probe as ${text}`).execute(sessions);
      try {
        const shown = await sql
          .raw<Record<string, string>>(`explain (costs off) execute probe(${args})`)
          .execute(sessions);
        plans.push(shown.rows.map((r) => r['QUERY PLAN']).join('\n'));
        return (await sql.raw<R>(`execute probe(${args})`).execute(sessions)).rows;
      } finally {
        await sql`deallocate probe`.execute(sessions);
      }
    };
    await sql`set enable_seqscan = off`.execute(sessions);
    await sql`set enable_bitmapscan = off`.execute(sessions);
    try {
      const page = { skip: 0, size: 20 };
      const count = { q: 'Zhang', order: 'asc' as const, want: 1001, read: 2002 };
      await countSearchStarts(starts, { ...count, page }, run);
      await countSearchStarts(starts, { ...count, tab: 'resting', page: { ...page, tab: 'resting' } }, run);
      const walk = { q: 'Zhang', want: 20, walk: 8000 };
      await walkSearchStarts(starts, { ...walk, order: 'asc' }, 0, run);
      await walkSearchStarts(starts, { ...walk, order: 'desc', tab: 'resting' }, 0, run);
      // With the page's rows read by the same statement (server/kit/talliedPage.ts): the starts read alike.
      const rows = {
        of: (ids: RawBuilder<unknown>) =>
          sessions
            .selectFrom('suppliers')
            .select(['id', 'name'])
            .where(sql<boolean>`id in (${ids})`),
        when: () => sql`true`,
        key: 'id and name',
      };
      await countSearchStarts(starts, { ...count, page }, run, rows);
      await walkSearchStarts(starts, { ...walk, order: 'asc' }, 0, run, rows);
    } finally {
      await sql`reset enable_seqscan`.execute(sessions);
      await sql`reset enable_bitmapscan`.execute(sessions);
    }
    const scan = (index: string, condition: string) =>
      new RegExp(
        `Index Only Scan (Backward )?using ${index} on list_suppliers_starts s\\n\\s+Index Cond: \\(${condition}`,
      );
    // The count: the term's range of the starts themselves, between two bounds the term's value ($n) gives.
    const range = '\\(start >= [^\\n]*\\$\\d+[^\\n]*\\) AND \\(start < [^\\n]*\\$\\d+';
    expect(plans[0]).toMatch(scan('list_suppliers_starts_start', range));
    expect(plans[1]).toMatch(scan('list_suppliers_starts_start', range));
    // The walk: the term's key, in the list's order (in a tab, the tab's own).
    expect(plans[2]).toMatch(scan('list_suppliers_starts_order', 'key = "left"\\([^\\n]*\\$\\d+'));
    expect(plans[3]).toMatch(scan('list_suppliers_starts_tab_order', '\\(key = "left"\\([^\\n]*\\$\\d+'));
    expect(plans[4]).toMatch(scan('list_suppliers_starts_start', range));
    expect(plans[5]).toMatch(scan('list_suppliers_starts_order', 'key = "left"\\([^\\n]*\\$\\d+'));
    // The page's rows by their ids.
    for (const plan of plans.slice(4)) expect(plan).toMatch(/Index Scan using suppliers_pkey on suppliers/);
  });
});

/** The plan_cache_mode a statement sent with a value runs under. */
const planCacheMode = async (db: Kysely<never>) =>
  (await sql<{ mode: string }>`select current_setting(${'plan_cache_mode'}) as mode`.execute(db)).rows[0]
    ?.mode;

/** Runs `test` on an empty database (its own schema) of one connection, dropped after. */
async function onOneConnection(test: (db: Kysely<Record<string, Record<string, unknown>>>) => Promise<void>) {
  const t = await createTestDatabase({ migrate: false, seed: false, poolSize: 1 });
  try {
    await test(t.db as unknown as Kysely<Record<string, Record<string, unknown>>>);
  } finally {
    await t.close();
  }
}

describe('prepared statements, one connection', () => {
  it('keeps at most MAX_PREPARED_PER_CONNECTION on a connection, displacing the one run least recently', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      // An unmarked statement is never prepared.
      await sql`select ${1}::int as n`.execute(db);
      expect(await preparedTexts(db)).toEqual([]);
      // Statement i answers i + 1; each is a text of its own.
      const statement = (i: number) => db.selectNoFrom(sql<number>`${sql.lit(i)}::int + ${1}::int`.as('n'));
      const text = (i: number) => MARK + statement(i).compile().sql;
      const run = async (i: number) =>
        Number(((await executePrepared(db, statement(i)))[0] as { n: number }).n);
      const kept = async () => new Set(await preparedTexts(db));
      for (let i = 0; i < MAX_PREPARED_PER_CONNECTION; i++) expect(await run(i)).toBe(i + 1);
      expect((await kept()).size).toBe(MAX_PREPARED_PER_CONNECTION);
      // Statement 0 runs again: now statement 1 ran least recently, and the next new one displaces it.
      expect(await run(0)).toBe(1);
      expect(await run(MAX_PREPARED_PER_CONNECTION)).toBe(MAX_PREPARED_PER_CONNECTION + 1);
      let now = await kept();
      expect(now.size).toBe(MAX_PREPARED_PER_CONNECTION);
      expect([0, 1, 2, MAX_PREPARED_PER_CONNECTION].map((i) => now.has(text(i)))).toEqual([
        true,
        false,
        true,
        true,
      ]);
      // Statement 1 asked again is prepared again, in place of statement 2: not refused as missing, which would
      // leave it unprepared on this connection from then on.
      expect(await run(1)).toBe(2);
      expect(await run(1)).toBe(2);
      now = await kept();
      expect(now.size).toBe(MAX_PREPARED_PER_CONNECTION);
      expect([1, 2, 3].map((i) => now.has(text(i)))).toEqual([true, false, true]);
    }));

  it('runs a one-plan statement on one plan kept for every value, and plans every other statement for its values', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const sessions = onePlanSessionsOf(db);
      // A new connection's first statement runs before its session has said how it plans (server/db/prepared.ts).
      if (postgres) await sql`select 1`.execute(sessions);
      const kept = (n: number) => db.selectNoFrom(sql<number>`${n}::int + 1`.as('n'));
      const planned = (n: number) => db.selectNoFrom(sql<number>`${n}::int + 2`.as('n'));
      for (const n of [1, 2, 3]) {
        expect(await executePrepared(db, kept(n), { onePlan: true })).toEqual([{ n: n + 1 }]);
        // Right after it, a statement unprepared, and one prepared with a value, each planned for its values.
        expect(await planCacheMode(db)).toBe('force_custom_plan');
        expect(await executePrepared(db, planned(n))).toEqual([{ n: n + 2 }]);
      }
      const ran = async (on: Kysely<never>, text: string) =>
        [...(await plansOf(on))].find(([shown]) => shown.includes(text))?.[1];
      expect(await ran(sessions, '+ 1')).toEqual({ generic: 3, custom: 0 });
      expect(await ran(db, '+ 2')).toEqual({ generic: 0, custom: 3 });
    }));

  it('ends a transaction whose one-plan statement failed, and plans the next statement for its values', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const divided = (by: number) => db.selectNoFrom(sql<number>`1 / ${by}::int`.as('n'));
      // On PGlite the one-plan statement runs in the transaction: the session's `set` before it is undone by the
      // rollback, which must run although the transaction failed.
      await sql`begin`.execute(db);
      await expect(executePrepared(db, divided(0), { onePlan: true })).rejects.toThrow(/division by zero/);
      await sql`rollback`.execute(db);
      expect(await planCacheMode(db)).toBe('force_custom_plan');
      expect(await executePrepared(db, divided(1), { onePlan: true })).toEqual([{ n: 1 }]);
      // A transaction rolled back undoes the `set` made in it: the session plans the next statement as it asks.
      await sql`begin`.execute(db);
      expect(await planCacheMode(db)).toBe('force_custom_plan');
      await sql`rollback`.execute(db);
      expect(await planCacheMode(db)).toBe('force_custom_plan');
    }));

  it('displaces only statements it prepared: one that failed to parse is not deallocated in a transaction', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const statement = (i: number) => db.selectNoFrom(sql<number>`${sql.lit(i)}::int + ${1}::int`.as('n'));
      // Never prepared: its table does not exist. Were it counted, it would be the first displaced, and the
      // DEALLOCATE of a name the session does not have would abort the transaction below.
      await expect(
        executePrepared(db, db.selectFrom(sql`no_such_table`.as('t')).select(sql`1`.as('n'))),
      ).rejects.toThrow(/no_such_table/);
      await sql`begin`.execute(db);
      for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i++) await executePrepared(db, statement(i));
      expect(await executePrepared(db, statement(0))).toEqual([{ n: 1 }]);
      await sql`commit`.execute(db);
      expect(await preparedTexts(db)).toHaveLength(MAX_PREPARED_PER_CONNECTION);
    }));

  it('answers the values a prepared statement is given as they were sent (on PGlite written as literals)', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const texts = ["it's", "back\\slash \\'", "E''; drop table x; --", '北京 ✓', ''];
      for (const text of texts) {
        const rows = await executePrepared(db, db.selectNoFrom(sql<string>`${text}::text`.as('t')));
        expect(rows).toEqual([{ t: text }]);
        // And written into the statement for its one plan to be kept.
        const kept = await executePrepared(db, db.selectNoFrom(sql<string>`${text}::text || ''`.as('t')), {
          keepPlan: true,
        });
        expect(kept).toEqual([{ t: text }]);
      }
      // Text holding a NUL is refused as PostgreSQL refuses a bound one, not cut short where a literal would end.
      await expect(
        executePrepared(db, db.selectNoFrom(sql<string>`${'a\0b'}::text`.as('t'))),
      ).rejects.toMatchObject({ code: '22021' });
      const when = new Date('2026-11-28T10:20:30.456Z');
      const [row] = await executePrepared(
        db,
        db.selectNoFrom([
          sql<number>`${42}::int`.as('n'),
          sql<boolean>`${true}::boolean`.as('b'),
          sql<Date>`${when}::timestamptz`.as('at'),
          sql<null>`${null}::text`.as('nothing'),
        ]),
      );
      expect(row).toEqual({ n: 42, b: true, at: when, nothing: null });
      // Each prepared once: the texts' bound one, each text's own written one, and the typed one.
      expect(await preparedTexts(db)).toHaveLength(2 + texts.length);
      // An array of numbers (a page's ids) has its literal, bound or written.
      for (const keepPlan of [false, true]) {
        const ids = await executePrepared(db, db.selectNoFrom(sql<number[]>`${[3, 1, 2]}::int[]`.as('ids')), {
          keepPlan,
        });
        expect(ids).toEqual([{ ids: [3, 1, 2] }]);
      }
      expect(await preparedTexts(db)).toHaveLength(4 + texts.length);
      // A value with no plain literal (an array of text) still answers; on PGlite its statement runs unprepared.
      const listed = await executePrepared(
        db,
        db.selectNoFrom(sql<number>`cardinality(${['a', "b'"]}::text[])`.as('c')),
      );
      expect(listed).toEqual([{ c: 2 }]);
      expect(await preparedTexts(db)).toHaveLength((postgres ? 5 : 4) + texts.length);
    }));

  it('prepares nothing inside a transaction (a statement refused there could not be asked again)', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const one = (k: Kysely<never>) => executePrepared(k, k.selectNoFrom(sql<number>`${1}::int`.as('n')));
      expect(await db.transaction().execute(one)).toEqual([{ n: 1 }]);
      expect(await preparedTexts(db)).toEqual([]);
      // Nor inside withinTransaction (the seed's), whose instance does not know it is in one.
      expect(await withinTransaction(db as never, (inner) => one(inner as never))).toEqual([{ n: 1 }]);
      expect(await preparedTexts(db)).toEqual([]);
      expect(await one(db)).toEqual([{ n: 1 }]);
      expect(await preparedTexts(db)).toHaveLength(1);
    }));

  it('reads a table whose columns changed outside its migrations after its read was prepared (asked again unprepared)', () =>
    onOneConnection(async (db) => {
      // On PostgreSQL another process changes it (a newer server's migration, say); PGlite has only this one.
      const { schema } = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db))
        .rows[0]!;
      const other = postgres
        ? await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, schema, poolSize: 1 })
        : null;
      try {
        await sql`create table probe (a int)`.execute(db);
        await sql`insert into probe (a) values (1)`.execute(db);
        const read = () =>
          executePrepared(db as never, db.selectFrom('probe').selectAll().where('a', '=', 1));
        expect(await read()).toEqual([{ a: 1 }]);
        await sql`alter table probe add column b int default 7`.execute(other?.db ?? db);
        expect(await read()).toEqual([{ a: 1, b: 7 }]);
        expect(await read()).toEqual([{ a: 1, b: 7 }]);
      } finally {
        await other?.close();
      }
    }));

  it('answers a one-plan statement whose kept plan went stale unprepared, from then on (PGlite plans it for its values)', () =>
    onOneConnection(async (db) => {
      const sessions = onePlanSessionsOf(db as never);
      // A new connection's first statement runs before its session has said how it plans (server/db/prepared.ts).
      if (postgres) await sql`select 1`.execute(sessions);
      await sql`create table probe (a int)`.execute(db);
      await sql`insert into probe (a) values (1)`.execute(db);
      const read = () =>
        executePrepared(
          db as never,
          db
            .selectFrom('probe')
            .selectAll()
            .select(sql<string>`current_setting('plan_cache_mode')`.as('mode'))
            .where('a', '=', 1),
          { onePlan: true },
        );
      expect(await read()).toEqual([{ a: 1, mode: 'force_generic_plan' }]);
      await sql`alter table probe add column b int default 7`.execute(db);
      // Refused as stale, then asked unprepared; and so every time after. PostgreSQL asks it on the session that
      // keeps one plan for every statement; PGlite's one session plans a statement it does not prepare for its values.
      const mode = postgres ? 'force_generic_plan' : 'force_custom_plan';
      expect(await read()).toEqual([{ a: 1, mode, b: 7 }]);
      expect(await read()).toEqual([{ a: 1, mode, b: 7 }]);
    }));

  it('answers a statement the session lost (DEALLOCATE ALL, as a pooler resetting it would) unprepared', () =>
    onOneConnection(async (k) => {
      const db = k as unknown as Kysely<never>;
      const one = () => executePrepared(db, db.selectNoFrom(sql<number>`${1}::int`.as('n')));
      expect(await one()).toEqual([{ n: 1 }]);
      expect(await preparedTexts(db)).toHaveLength(1);
      await sql`deallocate all`.execute(db);
      expect(await one()).toEqual([{ n: 1 }]);
      expect(await one()).toEqual([{ n: 1 }]);
      expect(await preparedTexts(db)).toEqual([]);
    }));

  it("reads a table a migration changed after its read was prepared (the statement's name changes with it)", () =>
    onOneConnection(async (db) => {
      const create = {
        up: async (k: Kysely<never>) => void (await sql`create table probe (a int)`.execute(k)),
      };
      const widen = {
        up: async (k: Kysely<never>) =>
          void (await sql`alter table probe add column b int default 7`.execute(k)),
      };
      const read = async () => {
        await sql`insert into probe (a) values (1)`.execute(db);
        return executePrepared(db as never, db.selectFrom('probe').selectAll().where('a', '=', 1));
      };
      await migrateToLatest(db, { '9999_01_probe': create });
      expect(await read()).toEqual([{ a: 1 }]);
      await migrateToLatest(db, { '9999_01_probe': create, '9999_02_probe_b': widen });
      expect(await read()).toEqual([
        { a: 1, b: 7 },
        { a: 1, b: 7 },
      ]);
      // Prepared again under its new name, not refused and asked again unprepared.
      const probes = (await preparedTexts(db as never)).filter((text) => text.includes('"probe"'));
      expect(probes).toHaveLength(2);
    }));
});
