/**
 * Start-up benchmark: time from spawning the server (`node dist-server/main.js`, as `npm start` runs it)
 * to (a) listening — the "is running at" line — and (b) the first 200 from GET /api/health and from GET /
 * (the console, when built). Cold = a fresh DATA_DIR (PGlite initdb + migrations + seed); warm = the same
 * DATA_DIR again; warm starts also through tsx (the sources, as the tests run them) and on PostgreSQL. Prints a
 * table and writes bench/results/startup.json. Never asserted in a test.
 *
 *   npx tsx bench/startup.ts [--warm-runs 5]
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../scripts/freePort';

const ROOT = path.resolve(import.meta.dirname, '..');
const warmRuns = Number(process.argv[process.argv.indexOf('--warm-runs') + 1]) || 5;

interface Run {
  kind: 'cold' | 'warm';
  listeningMs: number;
  firstApi200Ms: number;
  firstConsole200Ms: number | null;
  phases: string;
}

async function until200(url: string, t0: number, deadline: number): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    if (performance.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** How the server is started: the built bundle (`npm start`), or the TypeScript sources through tsx (tests, dev). */
type Runner = 'built' | 'tsx';
const ARGS: Record<Runner, string[]> = {
  built: ['dist-server/main.js'],
  tsx: ['--import', 'tsx', 'server/main.ts'],
};

async function runOnce(
  kind: Run['kind'],
  dataDir: string,
  hasConsole: boolean,
  runner: Runner = 'built',
  databaseUrl?: string,
): Promise<Run> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const t0 = performance.now();
  const child = spawn(process.execPath, ARGS[runner], { cwd: ROOT, env });
  let output = '';
  let listeningMs = -1;
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (listeningMs < 0 && output.includes('is running at')) listeningMs = performance.now() - t0;
  });
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const deadline = t0 + 120_000;
    const base = `http://127.0.0.1:${port}`;
    const firstApi200Ms = await until200(`${base}/api/health`, t0, deadline);
    const firstConsole200Ms = hasConsole ? await until200(`${base}/`, t0, deadline) : null;
    while (listeningMs < 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    const phases = /start-up: (.*)/.exec(output)?.[1] ?? '';
    return { kind, listeningMs, firstApi200Ms, firstConsole200Ms, phases };
  } catch (error) {
    console.error(output);
    throw error;
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Warm starts on PostgreSQL (database bench_startup, created when missing), built and through tsx. */
async function postgresWarm(hasConsole: boolean, dataDir: string): Promise<Record<Runner, number> | null> {
  const url = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_startup';
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL at ${url} is not reachable: no PostgreSQL start-up figures.`);
    return null;
  }
  const name = new URL(url).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  await runOnce('cold', dataDir, hasConsole, 'built', url); // migrations and seed, once
  const out = {} as Record<Runner, number>;
  for (const runner of ['built', 'tsx'] as const) {
    const runs: Run[] = [];
    for (let i = 0; i < warmRuns; i += 1) runs.push(await runOnce('warm', dataDir, hasConsole, runner, url));
    out[runner] = round(median(runs.map((r) => r.listeningMs)))!;
  }
  return out;
}

async function main(): Promise<void> {
  const hasConsole = fs.existsSync(path.join(ROOT, 'dist', 'index.html'));
  execSync('npx rsbuild build -c server/rsbuild.config.ts', { cwd: ROOT, stdio: 'ignore' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-bench-'));
  const runs: Run[] = [];
  const tsxWarm: Run[] = [];
  let postgres: Record<Runner, number> | null = null;
  try {
    runs.push(await runOnce('cold', dataDir, hasConsole));
    for (let i = 0; i < warmRuns; i += 1) runs.push(await runOnce('warm', dataDir, hasConsole));
    for (let i = 0; i < warmRuns; i += 1) tsxWarm.push(await runOnce('warm', dataDir, hasConsole, 'tsx'));
    postgres = await postgresWarm(hasConsole, dataDir);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const warm = runs.filter((r) => r.kind === 'warm');
  const result = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    consoleBuilt: hasConsole,
    cold: {
      ...runs[0]!,
      listeningMs: round(runs[0]!.listeningMs),
      firstApi200Ms: round(runs[0]!.firstApi200Ms),
      firstConsole200Ms: round(runs[0]!.firstConsole200Ms),
    },
    // Warm start to listening, median, per database and per way of running the server.
    warmListeningMs: {
      pglite: {
        built: round(median(warm.map((r) => r.listeningMs))),
        tsx: round(median(tsxWarm.map((r) => r.listeningMs))),
      },
      postgres,
    },
    warmMedian: {
      listeningMs: round(median(warm.map((r) => r.listeningMs))),
      firstApi200Ms: round(median(warm.map((r) => r.firstApi200Ms))),
      firstConsole200Ms: hasConsole ? round(median(warm.map((r) => r.firstConsole200Ms ?? 0))) : null,
    },
    warmRuns: warm.map((r) => ({
      ...r,
      listeningMs: round(r.listeningMs),
      firstApi200Ms: round(r.firstApi200Ms),
      firstConsole200Ms: round(r.firstConsole200Ms),
    })),
  };
  console.log('kind  listening  first /api 200  first / 200  phases (server-side)');
  for (const r of runs) {
    console.log(
      `${r.kind.padEnd(5)} ${String(round(r.listeningMs)).padStart(7)} ms ${String(round(r.firstApi200Ms)).padStart(11)} ms ${String(round(r.firstConsole200Ms) ?? '-').padStart(9)} ms  ${r.phases}`,
    );
  }
  console.log(
    `warm median: listening ${result.warmMedian.listeningMs} ms, first /api 200 ${result.warmMedian.firstApi200Ms} ms`,
  );
  console.log('warm start to listening (median):', JSON.stringify(result.warmListeningMs));
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/startup.json'), JSON.stringify(result, null, 2) + '\n');
  console.log('written to bench/results/startup.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
