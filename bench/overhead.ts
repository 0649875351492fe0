/**
 * What a request costs beside its SQL: each list the supplier, project and service-city screens make, on the demo
 * data (a small PostgreSQL database, so that every statement is cheap and the request is most of the time), driven
 * through the server as `npm start` runs it and its SQL sent straight through `pg`, beside an empty request
 * (`GET /api/health`: the HTTP round trip and the hooks every request passes, but no sign-in to check, no query string
 * to validate and a reply of a few bytes). Reports the server's CPU time per request (user and system, from /proc)
 * and the ceiling a server could reach for each list's request on this machine, were its only costs the empty
 * request and the request's statements: the load tool, the server and the database share the cores, so their costs
 * per request add up, and 1 / (1 / empty + 1 / raw `pg`) requests a second is all they leave. The empty request
 * costs less than a list request's own fixed part (its sign-in, its validation), so the ceiling is generous.
 *
 *   npm run bench:overhead -- [--clients C] [--seconds S] [--rounds R] [--url postgres://…]
 *
 * Defaults: the PostgreSQL database bench_overhead on 127.0.0.1:5432 (created and seeded when missing), 16
 * clients, 5 s per query, 3 rounds (each figure is the median of its rounds: runs minutes apart differ). Writes
 * bench/results/overhead-postgres.json. Numbers are reported, never asserted in a test.
 */
import os from 'node:os';
import path from 'node:path';
import {
  adminToken,
  arg,
  capturedSql,
  ceilingOf,
  EMPTY,
  cpuMs,
  createDatabaseIfMissing,
  driveGets,
  rawPgTimings,
  startServer,
  writeResults,
  type Timing,
} from './support';
import { median } from './stats';

const CLIENTS = Number(arg('clients', '16'));
const SECONDS = Number(arg('seconds', '5'));
const ROUNDS = Number(arg('rounds', '3'));
const DATABASE_URL = arg('url', 'postgres://postgres@127.0.0.1:5432/bench_overhead');

interface Row {
  name: string;
  path: string;
  /** Through the server, round by round. */
  rounds: Array<{ server: Timing; serverCpuUs: number }>;
  /** Its SQL through `pg`, round by round (after the server's rounds, with the server stopped). */
  rawPg: Timing[];
}

async function main() {
  console.log(
    `overhead: demo data on PostgreSQL, ${CLIENTS} clients, ${SECONDS} s per query, ${ROUNDS} rounds`,
  );
  await createDatabaseIfMissing(DATABASE_URL);
  const server = await startServer({
    ...process.env,
    DATABASE_URL,
    DATA_DIR: path.join(os.tmpdir(), 'mpa-bench-overhead'),
  });
  const rows: Row[] = [];
  try {
    const token = await adminToken(server.base);
    const res = await fetch(`${server.base}/api/suppliers?page_size=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { name: supplierName } = ((await res.json()) as { data: { items: Array<{ name: string }> } }).data
      .items[0]!;
    const queries: Array<[string, string]> = [
      ['empty request (health)', EMPTY],
      ['supplier list (first page, tab counts)', '/api/suppliers'],
      ['supplier list, tab: resting', '/api/suppliers?tab=resting'],
      ['supplier list, search: name', `/api/suppliers?q=${encodeURIComponent(supplierName)}`],
      ['city dropdown', '/api/suppliers/cities'],
      ['service-city list', '/api/service-cities'],
      ['project list', '/api/projects'],
    ];
    rows.push(...queries.map(([name, url]) => ({ name, path: url, rounds: [], rawPg: [] })));
    // Warm up (the server's and the database's caches, the JIT) before the first measured query.
    await driveGets(
      server.base,
      token,
      queries.map(([, p]) => p),
      CLIENTS,
      2,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const row of rows) {
        const before = cpuMs(server.pid);
        const timing = await driveGets(server.base, token, [row.path], CLIENTS, SECONDS);
        const serverCpuUs = Math.round(((cpuMs(server.pid) - before) * 1000) / timing.requests);
        row.rounds.push({ server: timing, serverCpuUs });
        console.log(
          `${row.name.padEnd(40)} server ${String(timing.perSecond).padStart(6)} req/s  p99 ${timing.p99} ms  CPU ${serverCpuUs} µs a request`,
        );
      }
    }
  } finally {
    await server.stop();
  }
  const measured = rows.filter((r) => r.path !== EMPTY);
  const captured = await capturedSql(
    DATABASE_URL,
    measured.map((r) => r.path),
  );
  for (let round = 0; round < ROUNDS; round++) {
    const raw = await rawPgTimings(DATABASE_URL, CLIENTS, SECONDS, captured, { prepared: true });
    for (const [i, row] of measured.entries()) row.rawPg.push(raw[i]!);
  }
  const empty = median(rows.find((r) => r.path === EMPTY)!.rounds.map((r) => r.server.perSecond));
  const results = rows.map((row) => {
    const server = median(row.rounds.map((r) => r.server.perSecond));
    const summary = {
      name: row.name,
      path: row.path,
      perSecond: server,
      p99: median(row.rounds.map((r) => r.server.p99)),
      serverCpuUs: median(row.rounds.map((r) => r.serverCpuUs)),
    };
    if (row.path === EMPTY) return { ...summary, rounds: row.rounds };
    const raw = median(row.rawPg.map((r) => r.perSecond));
    const line = {
      ...summary,
      rawPg: raw,
      statements: captured[measured.indexOf(row)]!.length,
      ofRaw: +(server / raw).toFixed(2),
      ...ceilingOf(server, empty, raw),
    };
    console.log(
      `${row.name.padEnd(40)} ${String(server).padStart(6)} req/s, CPU ${summary.serverCpuUs} µs | raw pg ${raw} | of raw ${line.ofRaw} | ceiling ${line.ceiling} (${line.ceilingOfRaw} of raw) | of ceiling ${line.ofCeiling}`,
    );
    return { ...line, rounds: row.rounds, rawPgRounds: row.rawPg };
  });
  writeResults('overhead-postgres', { cpus: os.cpus().length, clients: CLIENTS, seconds: SECONDS, results });
}

await main();
