/**
 * Order lists under load: every query the order screens make, against a server on a generated marketplace.
 *
 *   npx tsx bench/orders.ts [--orders 50000] [--clients 16] [--seconds 5] [--url postgres://…/bench_orders]
 *
 * Creates (or reuses, when it already holds that many orders) the PostgreSQL database named in --url (default
 * bench_orders on 127.0.0.1:5432), fills it with `npm run generate -- --orders N` (through the deciders, as the
 * demo data), starts the server on it and drives each query with --clients concurrent clients for --seconds each,
 * then the same SQL straight through `pg`. Prints a table and writes bench/results/orders.json. Never asserted in a
 * test.
 */
import { execSync } from 'node:child_process';
import pg from 'pg';
import {
  adminToken,
  arg,
  besideRawPg,
  createDatabaseIfMissing,
  driveGets,
  ownCursor,
  printMeasured,
  ROOT,
  startServer,
  streamed,
  writeResults,
  type Measured,
  type Streamed,
} from './support';

const ORDERS = Number(arg('orders', '50000'));
const CLIENTS = Number(arg('clients', '16'));
const SECONDS = Number(arg('seconds', '5'));
const URL_ = arg('url', 'postgres://postgres@127.0.0.1:5432/bench_orders');

async function ensureData(): Promise<{ orders: number; generateSeconds: number | null }> {
  await createDatabaseIfMissing(URL_);
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const count = async () => {
    try {
      return Number((await db.query('select count(*) as n from orders')).rows[0].n);
    } catch {
      return 0;
    }
  };
  let orders = await count();
  let generateSeconds: number | null = null;
  if (orders < ORDERS) {
    const t0 = performance.now();
    execSync(`npx tsx server/scripts/generate.ts --orders ${ORDERS - orders}`, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: URL_ },
    });
    generateSeconds = (performance.now() - t0) / 1000;
    orders = await count();
  }
  await db.end();
  return { orders, generateSeconds };
}

async function drive(base: string, token: string, name: string, paths: string[]): Promise<Measured> {
  return { name, path: paths[0]!, ...(await driveGets(base, token, paths, CLIENTS, SECONDS)) };
}

async function main() {
  const data = await ensureData();
  const server = await startServer({ ...process.env, DATABASE_URL: URL_ });
  try {
    const token = await adminToken(server.base);
    const get = async <T>(p: string) =>
      (
        (await (
          await fetch(`${server.base}${p}`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          data: T;
        }
      ).data;
    const sample = (
      await get<{ items: Array<{ id: number; order_no: string; customer_mobile: string }> }>(
        '/api/orders?page_size=100&sort=amount',
      )
    ).items;
    const projects = (await get<{ items: Array<{ id: number }> }>('/api/projects?page_size=100')).items.map(
      (p) => p.id,
    );
    const queries: Array<[string, string[]]> = [
      ['default list (first page, tab counts)', ['/api/orders']],
      ['tab: awaiting assignment', ['/api/orders?tab=awaiting_assignment']],
      // The refused list (/order/refuse) opens on the orders still refused, among all a supplier refused.
      ['refused list (first page, tab counts)', ['/api/orders?was_refused=true&tab=refused']],
      ['filter: payment paid + city', ['/api/orders?payment=paid&city=Beijing']],
      ['filter: placed in a week', ['/api/orders?placed_from=2026-11-01&placed_to=2026-11-07']],
      ['filter: amount ¥300–¥500', ['/api/orders?amount_from=300&amount_to=500']],
      ['filter: project', projects.map((id) => `/api/orders?project_id=${id}`)],
      ['search: order number', sample.map((o) => `/api/orders?q=${o.order_no}`)],
      ['search: customer mobile', sample.map((o) => `/api/orders?q=${o.customer_mobile}`)],
      ['sort: amount', ['/api/orders?sort=amount']],
      // The next page from page 999, as the list's paging asks for it (its cursor), then a jump to it by number.
      [
        'deep page, paging on (page 1,000)',
        [
          await ownCursor(
            '/api/orders?page=1000&after=',
            async (p) => (await get<{ cursors: { after: string } }>(p)).cursors.after,
          ),
        ],
      ],
      ['deep page, by its number (page 1,000)', ['/api/orders?page=1000']],
      ['order detail', sample.map((o) => `/api/orders/${o.id}`)],
      ['refunds: default list', ['/api/refunds?kind=order']],
      ['refunds: project', projects.map((id) => `/api/refunds?kind=order&project_id=${id}`)],
      ['renewals: default list', ['/api/renewals']],
      ['accounts: default list', ['/api/customers']],
    ];
    // Warm up (the server's and the database's caches, the JIT) before the first measured query.
    await driveGets(
      server.base,
      token,
      queries.map(([, paths]) => paths[0]!),
      CLIENTS,
      2,
    );
    const results: Measured[] = [];
    for (const [name, paths] of queries) {
      const r = await drive(server.base, token, name, paths);
      results.push(r);
      printMeasured(r);
    }
    await besideRawPg(URL_, CLIENTS, SECONDS, results);
    // The export of every order, beside one of a few hundred (a hundred customers' mobiles): the server's memory should not grow with the rows.
    const exports: Streamed[] = [];
    for (const path of ['/api/orders/export.csv?q=137000001', '/api/orders/export.csv']) {
      const e = await streamed(server.base, token, path, server.pid);
      exports.push(e);
      console.log(
        `export ${path}: ${e.rows} rows, ${e.megabytes} MB in ${e.seconds} s; server memory ${e.rssBeforeMb} MB before, ${e.rssPeakMb} MB at most`,
      );
    }
    writeResults('orders', {
      database: 'postgresql',
      ...data,
      clients: CLIENTS,
      seconds: SECONDS,
      results,
      exports,
    });
  } finally {
    await server.stop();
  }
}

await main();
