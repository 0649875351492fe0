/** What the load benchmarks share: a database to fill, the server as `npm start` runs it, and a load loop. */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../server/app';
import { forgetLists } from '../server/kit/listMemory';
import { ONE_PLAN_SESSION_SETTINGS, SESSION_SETTINGS } from '../server/db/connect';
import { ONE_PLAN, prepareMarked, useOnePlanSessions } from '../server/db/prepared';
import type { Database } from '../server/db/schema';
import { freePort } from '../scripts/freePort';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** The value given on the command line after `--name`, or `fallback`. */
export const arg = (name: string, fallback: string): string => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};

/** Creates the PostgreSQL database `url` names when it does not exist. */
export async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Builds the server from the sources as they are and starts it with `env`, as `npm start` runs it; resolves once
 * /api/health answers. (Always built: a stale bundle would measure old code, and its start-up would bring the
 * lists' indexes back to what the old code declares.)
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  execSync('npm run build:server', { cwd: ROOT, stdio: 'ignore' });
  const port = await freePort();
  const child = spawn(process.execPath, ['dist-server/main.js'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        // Stopped when it has exited: a server started next may open the same embedded database.
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        return { base, pid: child.pid!, stop: () => (child.kill('SIGTERM'), exited) };
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}

export interface Timing {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/**
 * Runs `once(i, lane)` from `clients` concurrent loops (lane: which loop) for `seconds`: latency percentiles in ms
 * and throughput.
 */
export async function load(
  clients: number,
  seconds: number,
  once: (i: number, lane: number) => Promise<void>,
): Promise<Timing> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  let i = 0;
  const loop = async (lane: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      await once(i++, lane);
      times.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, lane) => loop(lane)));
  const elapsed = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return {
    requests: times.length,
    perSecond: Math.round(times.length / elapsed),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
  };
}

/**
 * GETs `path` as `token` on a keep-alive connection of `agent`, reading the whole answer; any answer but 200 throws.
 * Node's own HTTP client, not `fetch`: on this 2-core machine the load tool shares the cores with the server and the
 * database, and `fetch` spends about a third more of them per request (measured: 389 against 575 req/s on the
 * same list), which would be charged to the server.
 */
export function httpGet(agent: http.Agent, base: string, token: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = `${base}${path}`;
    http
      .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`)),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** GETs `paths` in turn (each request the next one) as `token` from `clients` loops for `seconds`; any answer but 200 stops it. */
export async function driveGets(
  base: string,
  token: string,
  paths: string[],
  clients: number,
  seconds: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  try {
    return await load(clients, seconds, (i) => httpGet(agent, base, token, paths[i % paths.length]!));
  } finally {
    agent.destroy();
  }
}

const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };

/** Signs in as the demo admin on a running server and answers the bearer token. */
export async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/sanctum-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** A statement as the server sent it: `onePlan`, on its sessions that keep one plan for every value. */
export type SentQuery = CompiledQuery & { onePlan?: boolean };

/**
 * The SQL the server runs for each path on the PostgreSQL database `url`: one in-process request per path (as the
 * admin), its queries logged; for a path `nothingRemembered`, with nothing remembered (server/kit/listMemory.ts).
 */
export async function capturedSql(
  url: string,
  paths: string[],
  nothingRemembered: boolean[] = [],
): Promise<SentQuery[][]> {
  let log: SentQuery[] = [];
  const logged = (options: string, onePlan: boolean) =>
    new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 2, options }) }),
      log: (event) => {
        if (event.level === 'query') log.push(onePlan ? { ...event.query, onePlan } : event.query);
      },
    });
  const db = logged(SESSION_SETTINGS, false);
  const onePlan = logged(ONE_PLAN_SESSION_SETTINGS, true);
  useOnePlanSessions(db as never, onePlan as never);
  const dataDir = path.join(os.tmpdir(), 'mpa-bench-captured-sql');
  const app = await buildApp({ db, dataDir, distDir: path.join(dataDir, 'no-dist') });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/sanctum-auth/login', payload: ADMIN });
    const token = (login.json() as { data: { token: string } }).data.token;
    const out: SentQuery[][] = [];
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    for (const [i, path] of paths.entries()) {
      // A cursor is signed by the server that answered it: this app answers its own, from the page before.
      const p = await ownCursor(path, async (before) => (await get(before)).json().data.cursors.after);
      // Asked once before it is captured, as a server under load has the sign-in remembered (5 s).
      await get(p);
      if (nothingRemembered[i]) forgetLists();
      log = [];
      const res = await get(p);
      if (res.statusCode !== 200) throw new Error(`${p}: ${res.statusCode} ${res.body}`);
      // And without any sign-in statement even so: a token update replayed by every client at once would contend
      // on one row, which the server under load does not do.
      out.push(log.filter((q) => !/"auth_tokens"/.test(q.sql)));
    }
    return out;
  } finally {
    await app.close();
    await onePlan.destroy();
    await db.destroy();
  }
}

/**
 * `path` with its `after` cursor replaced by `cursorOf(the page before it)`: a list cursor is only read by the
 * server process that signed it (server/kit/listCursor.ts). A path without one is answered as it is.
 */
export async function ownCursor(path: string, cursorOf: (pageBefore: string) => Promise<string>) {
  const url = new URL(path, 'http://x');
  if (!url.searchParams.has('after')) return path;
  url.searchParams.delete('after');
  url.searchParams.set('page', String(Number(url.searchParams.get('page')) - 1));
  const before = `${url.pathname}${url.search}`;
  url.searchParams.set('page', String(Number(url.searchParams.get('page')) + 1));
  url.searchParams.set('after', await cursorOf(before));
  return `${url.pathname}${url.search}`;
}

/** Seconds `rawPgTimings` sends every query's SQL in turn before it measures any. */
const RAW_WARM_UP = 5;

/**
 * The same SQL as the server's requests, straight through `pg`: each request's queries in turn on one pooled
 * connection (those the server plans once for every value on one of a second pool, as the server does), from
 * `clients` concurrent loops, one timing per entry of `captured`.
 */
export async function rawPgTimings(
  url: string,
  clients: number,
  seconds: number,
  captured: SentQuery[][],
  { prepared }: { prepared: boolean },
): Promise<Timing[]> {
  // Connected as the server connects (its session settings), so that the same statements run the same way; with
  // `prepared`, the statements the server prepares are prepared here too (server/db/prepared.ts), those it plans once
  // for every value on sessions that keep that plan.
  const pool = new pg.Pool({ connectionString: url, max: clients, options: SESSION_SETTINGS });
  // Unprepared, every statement runs on `pool`: there is no one plan to keep.
  const onePlan = prepared
    ? new pg.Pool({ connectionString: url, max: clients, options: ONE_PLAN_SESSION_SETTINGS })
    : null;
  if (onePlan) {
    pool.on('connect', (client) => prepareMarked(client));
    onePlan.on('connect', (client) => prepareMarked(client, ONE_PLAN));
  }
  const run = (queries: SentQuery[]) => async () => {
    const client = await pool.connect();
    try {
      for (const q of queries) {
        if (!(onePlan && q.onePlan)) {
          await client.query(q.sql, q.parameters as unknown[]);
          continue;
        }
        const kept = await onePlan.connect();
        try {
          await kept.query(q.sql, q.parameters as unknown[]);
        } finally {
          kept.release();
        }
      }
    } finally {
      client.release();
    }
  };
  try {
    // Every query in turn first, as a server just started is warmed up (bench/lists.ts): this process's code is
    // compiled as it runs too. Then each query warmed up for a second (the pool's connections, its plans, the
    // database's caches) just before it is measured, as the server's are.
    await load(clients, RAW_WARM_UP, (i) => run(captured[i % captured.length]!)());
    const timings: Timing[] = [];
    for (const queries of captured) {
      await load(clients, 1, run(queries));
      timings.push(await load(clients, seconds, run(queries)));
    }
    return timings;
  } finally {
    await onePlan?.end();
    await pool.end();
  }
}

/** A query measured through the server (the first of its paths), and beside the same SQL sent through `pg`. */
export interface Measured extends Timing {
  name: string;
  path: string;
  rawPg?: Timing;
  /** The server's throughput as a share of raw `pg`'s. */
  ofRaw?: number;
  rawPgUnprepared?: Timing;
  ofRawUnprepared?: number;
}

/** Measures the SQL the server runs for each result's path straight through `pg`, and notes it on the result. */
export async function besideRawPg(url: string, clients: number, seconds: number, results: Measured[]) {
  const captured = await capturedSql(
    url,
    results.map((r) => r.path),
  );
  const raw = await rawPgTimings(url, clients, seconds, captured, { prepared: true });
  const unprepared = await rawPgTimings(url, clients, seconds, captured, { prepared: false });
  for (const [i, r] of results.entries()) {
    Object.assign(r, besideRaw(r, raw[i]!, unprepared[i]!));
    console.log(
      `${r.name.padEnd(40)} raw pg ${String(raw[i]!.perSecond).padStart(6)} req/s  p95 ${raw[i]!.p95} ms  p99 ${raw[i]!.p99} ms  server/raw ${r.ofRaw}  unprepared ${unprepared[i]!.perSecond} req/s, p99 ${unprepared[i]!.p99} ms (${r.ofRawUnprepared})`,
    );
  }
}

/**
 * A server timing beside raw `pg`'s: as the server sends the statements (prepared where it prepares them, the
 * share that counts) and all unprepared (as before the server prepared any).
 */
export function besideRaw(server: Timing, raw: Timing, unprepared: Timing) {
  return {
    rawPg: raw,
    ofRaw: +(server.perSecond / raw.perSecond).toFixed(2),
    rawPgUnprepared: unprepared,
    ofRawUnprepared: +(server.perSecond / unprepared.perSecond).toFixed(2),
  };
}

/** The empty request: the HTTP round trip and the hooks every request passes (what `ceilingOf` adds to a query). */
export const EMPTY = '/api/health';

/**
 * The most a server could answer of a query on this machine were its requests to cost only an empty request (`empty`
 * req/s: the HTTP round trip and the hooks every request passes) and the query's statements (`raw`: raw `pg`'s req/s):
 * the load tool, the server and the database share the cores, so their costs per request add up, and 1 / (1 / empty +
 * 1 / raw) requests a second is all they leave. Beside it, that ceiling as a share of raw `pg` (what any server could
 * reach of it) and the server's throughput (`server`) as a share of the ceiling.
 */
export function ceilingOf(server: number, empty: number, raw: number) {
  const ceiling = Math.round(1 / (1 / empty + 1 / raw));
  return {
    ceiling,
    ceilingOfRaw: +(ceiling / raw).toFixed(2),
    ofCeiling: +(server / ceiling).toFixed(2),
  };
}

/** Prints a measured query's line. */
export function printMeasured(r: Measured) {
  console.log(
    `${r.name.padEnd(40)} ${String(r.perSecond).padStart(6)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms`,
  );
}

/**
 * A process's CPU time so far (user and system), in ms. /proc counts it in clock ticks, which Linux reports at 100 a
 * second whatever the kernel's own rate; the name in parentheses may hold spaces and ')', so the fields are read
 * after the last one (as server/db/dirLock.ts does).
 */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  return (field(14) + field(15)) * 10;
}

/** A process's resident memory now, in MB (Linux: /proc). */
export function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

export interface Streamed {
  path: string;
  rows: number;
  megabytes: number;
  seconds: number;
  /** The server's resident memory before the download and at its highest during it, MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
}

/**
 * Downloads `path` (a CSV export) from the server whose process is `pid`, reading it as it comes, while its
 * resident memory is sampled every 50 ms: how many rows, how long, and how much memory the server held for it.
 */
export async function streamed(base: string, token: string, path_: string, pid: number): Promise<Streamed> {
  const rssBeforeMb = residentMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, residentMb(pid))), 50);
  const t0 = performance.now();
  let bytes = 0;
  let rows = -1; // the header line
  try {
    const res = await fetch(`${base}${path_}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`${path_}: HTTP ${res.status}`);
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) rows += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    path: path_,
    rows,
    megabytes: Math.round(bytes / 1e5) / 10,
    seconds: Math.round(seconds * 10) / 10,
    rssBeforeMb,
    rssPeakMb,
  };
}

/** Writes `bench/results/<name>.json`, dated. */
export function writeResults(name: string, result: object) {
  const out = path.join(ROOT, `bench/results/${name}.json`);
  fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, out)}.`);
}
