/**
 * Lists at a million rows: every list query the supplier, project and service-city screens make, against a server on
 * a large supplier log, beside the same SQL sent straight through `pg`.
 *
 *   npm run bench:lists -- [--db postgres|pglite] [--suppliers N] [--clients C] [--seconds S] [--url postgres://…]
 *
 * Defaults: PostgreSQL database bench_lists on 127.0.0.1:5432 with 1,000,000 suppliers and 16 clients; on PGlite
 * (a data directory under the system's temp dir) 100,000 suppliers and 4 clients. The data goes in as the product
 * keeps it: the demo seed, then supplier creation streams appended to the event log in bulk (copies of the demo
 * suppliers' own streams, with new names, mobiles, ID numbers and cities), then `npm run rebuild-projections` builds
 * the read models from the log (its time and peak memory are reported). A database already holding N suppliers is
 * reused. A server just started runs every query's first path in turn for 10 s (SERVER_WARM_UP); then each query runs
 * for S seconds with C concurrent clients, after a second on its first path (its warm-up), with the server's CPU time
 * per request, and so does an empty request (`GET /api/health`). On PostgreSQL each query's SQL then runs through
 * `pg` (every query's in turn for 5 s first), and beside it the ceiling its request could reach were it to cost only
 * the empty request and that SQL (`ceilingOf`): a share of raw `pg` above the ceiling's is beyond any server here.
 * Writes bench/results/lists-<db>.json.
 * Numbers are reported, never asserted in a test.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../server/db/connect';
import { prepareDatabase } from '../server/db/prepare';
import { recount } from '../server/kit/listSupport';
import { SUPPLIER_LIST } from '../src/contract/suppliers';
import { ID_CHECK, ID_WEIGHTS, idCardCheckDigit } from '../src/machines/lifecycles/supplierProfile';
import type { Database } from '../server/db/schema';
import {
  adminToken,
  arg,
  ROOT,
  capturedSql,
  ceilingOf,
  EMPTY,
  cpuMs,
  createDatabaseIfMissing,
  driveGets,
  ownCursor,
  load,
  rawPgTimings,
  besideRaw,
  startServer,
  type Timing,
} from './support';

const KIND = arg('db', 'postgres') as 'postgres' | 'pglite';
const SUPPLIERS = Number(arg('suppliers', KIND === 'postgres' ? '1000000' : '100000'));
const CLIENTS = Number(arg('clients', KIND === 'postgres' ? '16' : '4'));
const SECONDS = Number(arg('seconds', '5'));
const URL_ = arg('url', 'postgres://postgres@127.0.0.1:5432/bench_lists');
const DATA_DIR = path.join(os.tmpdir(), `mpa-bench-lists-${SUPPLIERS}`);
const CHUNK = 50_000;
/** Seconds each query is run on its first path before it is measured (raw `pg` too: `rawPgTimings`). */
const WARM_UP = 1;
/**
 * Seconds a server just started is run on every query's first path in turn before any is measured: its code is
 * compiled as it runs, and a second of one query was not enough (the first query measured, the default list, cost the
 * server 1,138 µs a request in its first 5 s and 701 in the next 5, on the same database).
 */
const SERVER_WARM_UP = 10;
const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };

const env = () =>
  KIND === 'postgres'
    ? { ...process.env, DATABASE_URL: URL_ }
    : { ...process.env, DATABASE_URL: '', DATA_DIR };

/**
 * Supplier streams appended in bulk: stream g copies the events of demo supplier (g mod T), its registration given a
 * name, mobile, ID number (region, birth date, sequence, check character), city and ranking of its own, and its
 * facts spaced a minute apart up to now. The ranking is a hash of g: drawn from g by arithmetic like the rest, it
 * followed the mobile's digits (the rows first in ranking order held a fifth of their share of mobiles starting
 * "134"), which a ranking staff set would not.
 */
async function appendSuppliers(db: Kysely<Database>, target: number): Promise<number> {
  const have = await sql<{ n: number }>`select count(distinct stream_id)::int as n from events
    where stream_type = 'supplier'`.execute(db);
  const streams = Number(have.rows[0]!.n);
  if (streams >= target) return 0;
  const t0 = performance.now();
  await sql`create temporary table template as
    select dense_rank() over (order by stream_id::int) - 1 as t, version, type, data, actor_id, actor_role, reason
    from events where stream_type = 'supplier'`.execute(db);
  const templates = Number(
    (await sql<{ n: number }>`select count(distinct t)::int as n from template`.execute(db)).rows[0]!.n,
  );
  const cities = (
    await sql<{ name: string }>`select name from service_cities where is_enabled order by id`.execute(db)
  ).rows.map((r) => r.name);
  const maxId = Number(
    (
      await sql<{ n: number }>`select coalesce(max(stream_id::int), 0) as n from events
      where stream_type = 'supplier'`.execute(db)
    ).rows[0]!.n,
  );
  const surnames = ['Zhang', 'Wang', 'Li', 'Zhao', 'Chen', 'Liu', 'Yang', 'Huang', 'Zhou', 'Wu', 'Xu', 'Sun'];
  const given = ['Wei', 'Fang', 'Min', 'Jing', 'Lei', 'Yan', 'Tao', 'Hui', 'Qiang', 'Li', 'Jun', 'Xin', 'Na'];
  // Region codes (the first six digits of a resident ID number) spread over several provinces.
  const regions = ['110101', '110105', '310101', '310104', '440103', '440106', '440303', '440305', '330102'];
  regions.push('330106', '510104', '510107', '320102', '420102', '610103', '500103', '120101', '370102');
  const trades = ['Home Cleaning', 'Elder Care', 'Nanny', 'Appliance Repair', 'Moving Help', 'Plumbing'];
  // A resident ID number's check character, as the profile rules compute it (supplierProfile.ts).
  const weights = sql`array[${sql.join(ID_WEIGHTS.map((w) => sql.lit(w)))}]`;
  const list = (values: string[]) => sql`array[${sql.join(values.map((v) => sql.lit(v)))}]`;
  const count = target - streams;
  for (let from = 1; from <= count; from += CHUNK) {
    const to = Math.min(count, from + CHUNK - 1);
    await sql`
      insert into events (stream_type, stream_id, version, type, data, actor_id, actor_role, reason, occurred_at)
      select 'supplier', (${maxId} + g)::text, e.version, e.type,
        case when e.version = 1 then jsonb_set(
          jsonb_set(e.data, '{ranking}', to_jsonb(abs(hashint8(g::bigint)::bigint) % 1000)),
          '{profile}', (e.data -> 'profile') || jsonb_build_object(
          'name', (${list(surnames)})[1 + g % 12] || ' ' || (${list(given)})[1 + (g / 12) % 13]
            || lower((${list(given)})[1 + (g / 156) % 13]) || '''s ' || (${list(trades)})[1 + (g / 2028) % 6],
          'mobile', '1' || (3 + g % 7)::text || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
          'real_name', (${list(surnames)})[1 + (g / 7) % 12] || ' ' || (${list(given)})[1 + (g / 3) % 13]
            || lower((${list(given)})[1 + (g / 91) % 13]),
          'id_card_no', id.first17 || substr(${sql.lit(ID_CHECK)}, 1 + id.weighted % 11, 1),
          'birthday', to_char(digits.born, 'YYYY-MM-DD'),
          'city', (${list(cities)})[1 + (g / 5) % ${cities.length}]))
        else e.data end,
        e.actor_id, e.actor_role, e.reason,
        now() - make_interval(secs => (${count} - g) * 60.0 + e.version)
      from generate_series(${from}::int, ${to}::int) as g
      join template e on e.t = g % ${templates}
      cross join lateral (
        select (${list(regions)})[1 + (g / 11) % ${regions.length}] || to_char(born, 'YYYYMMDD')
          || lpad(((g::bigint * 31) % 1000)::text, 3, '0') as first17, born
        from (select date '1960-01-01' + ((g::bigint * 7919) % 14600)::int as born) as birth
      ) as digits
      cross join lateral (
        select digits.first17, (select sum(substr(digits.first17, i, 1)::int * (${weights})[i])::int
          from generate_series(1, 17) as i) as weighted
      ) as id
      order by g, e.version`.execute(db);
    process.stdout.write(`\r  appended ${to.toLocaleString('en')} supplier streams`);
  }
  await sql`select setval('supplier_id_seq', ${maxId + count})`.execute(db);
  process.stdout.write('\n');
  return Math.round(performance.now() - t0);
}

/** The second word of a generated name without its "'s" ("Li Xintao's Home Cleaning" → "Xintao"). */
const givenName = (name: string) => (name.split(' ')[1] ?? name).replace(/'s$/, '');

/** Prepares the database, appends the streams and rebuilds the read models (a child process, as an operator would). */
async function ensureData(): Promise<Record<string, unknown>> {
  if (KIND === 'postgres') await createDatabaseIfMissing(URL_);
  const handle = await openDatabase({
    databaseUrl: KIND === 'postgres' ? URL_ : undefined,
    pgliteDir: path.join(DATA_DIR, 'pglite'),
  });
  let appendMs = 0;
  let rows = 0;
  try {
    await prepareDatabase(handle.db, { dataDir: DATA_DIR, seed: true });
    rows = Number(
      (await sql<{ n: number }>`select count(*)::int as n from suppliers`.execute(handle.db)).rows[0]!.n,
    );
    if (rows < SUPPLIERS) appendMs = await appendSuppliers(handle.db, SUPPLIERS);
  } finally {
    await handle.close();
  }
  if (rows >= SUPPLIERS) {
    // The data was built by an earlier run: keep what that run measured of building it.
    const previous = path.join(ROOT, `bench/results/lists-${KIND}.json`);
    const built = fs.existsSync(previous)
      ? (JSON.parse(fs.readFileSync(previous, 'utf8')) as Record<string, unknown>)
      : {};
    const carried = built.suppliers === rows ? (built.dataBuilt ?? null) : null;
    return { suppliers: rows, reused: true, dataBuilt: carried };
  }
  console.log('  rebuilding the projections from the log…');
  const t0 = performance.now();
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/scripts/rebuild-projections.ts'],
    { cwd: ROOT, env: env(), encoding: 'utf8' },
  );
  const rebuildMs = Math.round(performance.now() - t0);
  console.log(output.trim().replace(/^/gm, '  '));
  const peak = /peak memory (\d+) MB/.exec(output)?.[1];
  return {
    suppliers: SUPPLIERS,
    reused: false,
    dataBuilt: {
      date: new Date().toISOString(),
      appendMs,
      rebuildMs,
      rebuildPeakMemoryMb: peak ? Number(peak) : null,
      rebuildOutput: output.trim().split('\n'),
    },
  };
}

/**
 * What the counting costs a command: 16 clients each moving their own supplier between taking orders and resting
 * (every command moves a row between two counters, the case that contends), with the counting trigger on, then off.
 */
async function commandCost(base: string, headers: Record<string, string>): Promise<Record<string, Timing>> {
  // Suppliers a command may touch: taking orders, and with a profile today's rules accept (data built before the
  // bench wrote valid check characters holds invalid ID numbers, and every command re-checks the profile).
  const candidates = new pg.Client({ connectionString: URL_ });
  await candidates.connect();
  const rows = (
    await candidates.query(`select id, version, id_card_no from suppliers
      where state = 'taking_orders' and is_enabled and audit_state = 'pass' order by id desc limit 2000`)
  ).rows as Array<{ id: number; version: number; id_card_no: string }>;
  await candidates.end();
  const valid = rows
    .filter((r) => idCardCheckDigit(r.id_card_no.slice(0, 17)) === r.id_card_no[17])
    .slice(0, CLIENTS);
  const versions = new Map(valid.map((s) => [s.id, s.version]));
  const ids = [...versions.keys()];
  const states = new Map(ids.map((id) => [id, 'taking_orders']));
  // Lane n sends supplier n's commands, one after the other: no two clients race on one record.
  const send = async (_: number, lane: number) => {
    const id = ids[lane % ids.length]!;
    const type = states.get(id) === 'taking_orders' ? 'supplier.rest' : 'supplier.takeOrders';
    const res = await fetch(`${base}/api/suppliers/${id}/events`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ type, expectedVersion: versions.get(id) }),
    });
    const body = (await res.json()) as { data: { supplier: { version: number; state: string } } };
    if (res.status !== 200)
      throw new Error(`command ${type} on ${id}: ${res.status} ${JSON.stringify(body)}`);
    versions.set(id, body.data.supplier.version);
    states.set(id, body.data.supplier.state);
  };
  const pool = new pg.Pool({ connectionString: URL_, max: 1 });
  try {
    const withCounts = await load(CLIENTS, SECONDS, send);
    await pool.query('alter table suppliers disable trigger list_counts');
    const withoutCounts = await load(CLIENTS, SECONDS, send);
    return { withCounts, withoutCounts };
  } finally {
    await pool.query('alter table suppliers enable trigger list_counts');
    await pool.end();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: URL_ }) }),
    });
    await db.transaction().execute((trx) => recount(trx, { table: 'suppliers', spec: SUPPLIER_LIST }));
    await db.destroy();
  }
}

/** Sizes of the suppliers table, its indexes, the counts and the search starts (table and indexes). */
async function sizes(): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: URL_ });
  await client.connect();
  try {
    const rows = await client.query(`
      select relname as name, pg_size_pretty(pg_relation_size(oid)) as size from pg_class
      where relname in ('suppliers', 'list_counts') or relname like 'list\\_suppliers\\_starts%'
        or relname like 'list\\_suppliers\\_blocks%'
        or oid in (select indexrelid from pg_index where indrelid = 'suppliers'::regclass)
      order by pg_relation_size(oid) desc`);
    return Object.fromEntries(rows.rows.map((r: { name: string; size: string }) => [r.name, r.size]));
  } finally {
    await client.end();
  }
}

/** A list page's cursors. */
interface Paged {
  cursors: { before: string; after: string };
}

/**
 * The queries a server reads partly from memory when asked again within seconds (server/kit/listMemory.ts): the
 * searches whose counts stop at the cap and the deep pages asked by number. Measured again on a server that
 * remembers nothing, as when asked the first time.
 */
const REMEMBERING = (name: string) =>
  name.startsWith('search: one word') ||
  name.startsWith('search: a mobile') ||
  name.startsWith('deep page, by');

/**
 * `paths` driven through the server (after a second on the first, its warm-up), with the server's CPU time per
 * request (user and system, from /proc).
 */
async function measured(server: { base: string; pid: number }, token: string, paths: string[]) {
  await driveGets(server.base, token, [paths[0]!], CLIENTS, WARM_UP);
  const cpu = cpuMs(server.pid);
  const timing = await driveGets(server.base, token, paths, CLIENTS, SECONDS);
  return { timing, serverCpuUs: Math.round(((cpuMs(server.pid) - cpu) * 1000) / timing.requests) };
}

const line = (name: string, timing: Timing, serverCpuUs: number) =>
  `${name.padEnd(38)} server ${String(timing.perSecond).padStart(5)} req/s  p50 ${timing.p50}  p95 ${timing.p95}  p99 ${timing.p99} ms  CPU ${serverCpuUs} µs`;

async function main() {
  console.log(
    `${KIND}: ${SUPPLIERS.toLocaleString('en')} suppliers, ${CLIENTS} clients, ${SECONDS} s per query`,
  );
  const data = await ensureData();
  const server = await startServer(env());
  const results: Array<Record<string, unknown>> = [];
  let commands: Record<string, Timing> | null = null;
  let empty: (Timing & { serverCpuUs: number }) | null = null;
  let remembering: Array<[string, string[]]> = [];
  try {
    const login = await fetch(`${server.base}/api/sanctum-auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(p: string) =>
      ((await (await fetch(`${server.base}${p}`, { headers })).json()) as { data: T }).data;
    // Search terms from rows spread over the table (a sort by mobile is no list order: take them by id).
    const sample = await get<{ items: Array<{ id: number; name: string; mobile: string }> }>(
      `/api/suppliers?sort=created_at&page_size=100&page=${Math.max(1, Math.min(37, Math.floor(SUPPLIERS / 200)))}`,
    );
    // An ID number is not among a list item's fields (SUPPLIER_LIST.items): each record's own read gives it.
    const idNumbers = await Promise.all(
      sample.items.map(async (s) => (await get<{ id_card_no: string }>(`/api/suppliers/${s.id}`)).id_card_no),
    );
    const cities = await get<string[]>('/api/suppliers/cities');
    const city = encodeURIComponent(cities[0]!);
    // Page 5,000 of 20 rows (offset 100,000): the deep page the issue measured.
    const deep = Math.min(5000, Math.max(1, Math.floor(SUPPLIERS / 20 / 2)));
    const queries: Array<[string, string[]]> = [
      ['default list (first page, tab counts)', ['/api/suppliers']],
      ['tab: resting', ['/api/suppliers?tab=resting']],
      ['filter: waiting audit', ['/api/suppliers?audit_state=waiting_audit']],
      ['filter: audit pass + city', [`/api/suppliers?audit_state=pass&city=${city}`]],
      ['filter: closed', ['/api/suppliers?is_enabled=false']],
      ['search: name', sample.items.map((s) => `/api/suppliers?q=${encodeURIComponent(s.name)}`)],
      // One word of a name, e.g. "Xintao" of "Li Xintao's Home Cleaning": thousands of matches, counted to the cap.
      [
        'search: one word of a name',
        sample.items.map((s) => `/api/suppliers?q=${encodeURIComponent(givenName(s.name))}`),
      ],
      // The same within a thin tab: the term's matches there are few among all the rows under its first characters.
      [
        'search: one word of a name, tab: resting',
        sample.items.map((s) => `/api/suppliers?q=${encodeURIComponent(givenName(s.name))}&tab=resting`),
      ],
      ['search: mobile', sample.items.map((s) => `/api/suppliers?q=${s.mobile}`)],
      // The first digits of a mobile, as typed before the rest (in the bench's data each is 1 to 2 % of the rows).
      [
        "search: a mobile's first 3 digits",
        sample.items.map((s) => `/api/suppliers?q=${s.mobile.slice(0, 3)}`),
      ],
      ['search: ID number', idNumbers.map((n) => `/api/suppliers?q=${n}`)],
      ['sort: created time', ['/api/suppliers?sort=created_at']],
      ['sort: order number', ['/api/suppliers?sort=order_num']],
      // The next page from page 4,999, as the list's paging asks for it (its cursor), then a jump to it by number.
      [
        `deep page, paging on (page ${deep.toLocaleString('en')})`,
        [
          await ownCursor(
            `/api/suppliers?page=${deep}&after=`,
            async (p) => (await get<Paged>(p)).cursors.after,
          ),
        ],
      ],
      [`deep page, by its number (page ${deep.toLocaleString('en')})`, [`/api/suppliers?page=${deep}`]],
      // The 100 pages around it, each asked by its number in turn (a pager's jumps, links to them).
      [
        `deep page, by number near it (pages ${(deep - 50).toLocaleString('en')}–${(deep + 49).toLocaleString('en')})`,
        Array.from({ length: 100 }, (_, i) => `/api/suppliers?page=${deep - 50 + i}`),
      ],
      ['city dropdown', ['/api/suppliers/cities']],
      ['service-city list', ['/api/service-cities']],
      ['project list', ['/api/projects']],
    ];
    await driveGets(
      server.base,
      token,
      queries.map(([, paths]) => paths[0]!),
      CLIENTS,
      SERVER_WARM_UP,
    );
    for (const [name, paths] of queries) {
      // Warmed up (the server's and the database's caches, the JIT) on its first path just before it is measured.
      const { timing, serverCpuUs } = await measured(server, token, paths);
      results.push({ name, path: paths[0], server: timing, serverCpuUs });
      console.log(line(name, timing, serverCpuUs));
    }
    const health = await measured(server, token, [EMPTY]);
    empty = { ...health.timing, serverCpuUs: health.serverCpuUs };
    console.log(line('empty request', health.timing, health.serverCpuUs));
    remembering = queries.filter(([name]) => REMEMBERING(name));
    if (KIND === 'postgres') {
      commands = await commandCost(server.base, headers);
      console.log('commands (rest/take orders, 16 clients):', JSON.stringify(commands));
    }
  } finally {
    await server.stop();
  }
  // Those queries again on a server that remembers nothing (LIST_MEMORY_MS=0): above, a term or a deep page asked
  // again within 5 s had its count or its place remembered; here every request reads them, as when asked first.
  const forgetful = await startServer({ ...env(), LIST_MEMORY_MS: '0' });
  try {
    const token = await adminToken(forgetful.base);
    const firsts = remembering.map(([, paths]) => paths[0]!);
    await driveGets(forgetful.base, token, firsts, CLIENTS, SERVER_WARM_UP);
    for (const [name, paths] of remembering) {
      const { timing, serverCpuUs } = await measured(forgetful, token, paths);
      results.push({
        name: `${name}, nothing remembered`,
        path: paths[0],
        nothingRemembered: true,
        server: timing,
        serverCpuUs,
      });
      console.log(line(`${name}, nothing remembered`, timing, serverCpuUs));
    }
  } finally {
    await forgetful.stop();
  }
  if (KIND === 'postgres') {
    // The same SQL, each request's queries in turn on one pooled connection (a search's starts on one of a second
    // pool, as the server sends them: `rawPgTimings`), straight through `pg`.
    const captured = await capturedSql(
      URL_,
      results.map((r) => r.path as string),
      results.map((r) => r.nothingRemembered === true),
    );
    const raw = await rawPgTimings(URL_, CLIENTS, SECONDS, captured, { prepared: true });
    const unprepared = await rawPgTimings(URL_, CLIENTS, SECONDS, captured, { prepared: false });
    for (const [i, result] of results.entries()) {
      const timing = raw[i]!;
      const server = result.server as Timing;
      const beside = besideRaw(server, timing, unprepared[i]!);
      const ceiling = ceilingOf(server.perSecond, empty!.perSecond, timing.perSecond);
      Object.assign(result, { ...beside, ...ceiling, queries: captured[i]!.length });
      console.log(
        `${String(result.name).padEnd(38)} raw pg ${String(timing.perSecond).padStart(5)} req/s  p99 ${timing.p99} ms  server/raw ${beside.ofRaw}  ceiling ${ceiling.ceiling} (${ceiling.ceilingOfRaw} of raw; server ${ceiling.ofCeiling} of it)  unprepared ${unprepared[i]!.perSecond} req/s, p99 ${unprepared[i]!.p99} ms (${beside.ofRawUnprepared})`,
      );
    }
  }
  const out = path.join(ROOT, `bench/results/lists-${KIND}.json`);
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        database: KIND,
        cpus: os.cpus().length,
        clients: CLIENTS,
        seconds: SECONDS,
        ...data,
        empty,
        results,
        commands,
        sizes: KIND === 'postgres' ? await sizes() : null,
      },
      null,
      2,
    ) + '\n',
  );
  console.log(`Wrote ${path.relative(ROOT, out)}.`);
}

await main();
