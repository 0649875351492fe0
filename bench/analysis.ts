/**
 * npm run bench:analysis -- [--url postgres://…/bench_orders] [--clients 4] [--seconds 5]
 *
 * Drives every query the analysis pages make (the overview's four and pivots of each shape) over a 30-day, a
 * 90-day and a 365-day range on the orders benchmark's database (npm run bench:orders -- --orders N fills it;
 * this does not), and the same SQL straight through `pg`. Writes bench/results/analysis.json.
 */
import pg from 'pg';
import {
  adminToken,
  arg,
  besideRawPg,
  driveGets,
  printMeasured,
  startServer,
  writeResults,
  type Measured,
} from './support';

const CLIENTS = Number(arg('clients', '4'));
const SECONDS = Number(arg('seconds', '5'));
const URL_ = arg('url', 'postgres://postgres@127.0.0.1:5432/bench_orders');

const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);

async function sizes() {
  const db = new pg.Client({ connectionString: URL_ });
  await db.connect();
  const count = async (table: string) =>
    Number((await db.query(`select count(*) as n from ${table}`)).rows[0].n);
  const result = { orders: await count('orders'), order_figures: await count('order_figures') };
  await db.end();
  return result;
}

async function main() {
  const server = await startServer({ ...process.env, DATABASE_URL: URL_ });
  try {
    const data = await sizes();
    console.log(`${data.orders} orders, ${data.order_figures} rows of order_figures`);
    const token = await adminToken(server.base);
    const queries: Array<[string, string]> = [];
    for (const days of [30, 90, 365]) {
      const range = `from=${day(days - 1)}&to=${day(0)}&tz=Asia%2FShanghai`;
      const figures = (by: string) => `/api/analysis/figures?${range}&by=${by}`;
      queries.push(
        [`${days} days: by day`, figures('day')],
        [`${days} days: by week`, figures('week')],
        [`${days} days: by month`, figures('month')],
        [`${days} days: by city`, figures('city')],
        [`${days} days: by project`, figures('project')],
        [`${days} days: by city and project`, figures('city,project')],
        [`${days} days: by month and city`, figures('month,city')],
        [`${days} days: by day and project`, figures('day,project')],
        [`${days} days: top suppliers`, `/api/analysis/top-suppliers?${range}`],
      );
    }
    const results: Measured[] = [];
    for (const [name, p] of queries) {
      const r = { name, path: p, ...(await driveGets(server.base, token, [p], CLIENTS, SECONDS)) };
      results.push(r);
      printMeasured(r);
    }
    await besideRawPg(URL_, CLIENTS, SECONDS, results);
    writeResults('analysis', {
      database: 'postgresql',
      ...data,
      clients: CLIENTS,
      seconds: SECONDS,
      results,
    });
  } finally {
    await server.stop();
  }
}

await main();
