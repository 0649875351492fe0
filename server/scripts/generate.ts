/**
 * npm run generate -- --orders N [--days D] [--seed S] [--suppliers M] [--customers C]
 *
 * Adds a large, believable marketplace to the database for benchmarks: N orders placed over the last D days (365)
 * by C customers (one per 8 orders), served by M extra suppliers (one per 200 orders) besides the demo ones, with
 * their payments, refusals, renewals, cancellations and refunds. Every step is a command the lifecycles decide, run
 * in memory by the marketplace simulation and written in batches (server/kit/batch.ts, server/modules/flows/), all
 * in one transaction: it adds everything or nothing.
 *
 * Log followers (the automatic order notices) are moved past the generated facts: benchmark data tells nobody.
 *
 * Uses DATABASE_URL when set, else the embedded PGlite under DATA_DIR (./data). It must be the only writer while it
 * runs: stop the server (PGlite allows one process anyway), or run it before starting one.
 */
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../db/connect';
import { listTables, prepareDatabase } from '../db/prepare';
import { withoutCounting } from '../kit/listSupport';
import { searchStartsOf } from '../kit/searchStarts';
import { simulate } from '../modules/flows/simulation';
import { demoProfile } from '../modules/suppliers/seed';
import { rebuildFollower, skipToEnd } from '../events/follower';
import { modules } from '../modules/index';

function option(name: string, fallback?: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const text = at >= 0 ? process.argv[at + 1] : undefined;
  if (text === undefined) {
    if (fallback === undefined) throw new Error(`--${name} is required (a whole number)`);
    return fallback;
  }
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, not "${text}"`);
  return n;
}

async function main() {
  const orders = option('orders');
  const days = option('days', 365);
  const seed = option('seed', 1);
  const suppliers = option('suppliers', Math.ceil(orders / 200));
  const customers = option('customers', Math.max(30, Math.ceil(orders / 8)));
  const dataDir = process.env.DATA_DIR ?? './data';
  const handle = await openDatabase({
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDir: path.join(dataDir, 'pglite'),
  });
  const started = performance.now();
  const images = {
    covers: ['/uploads/seed-supplier-cover-1.svg'],
    front: '/uploads/seed-supplier-id-front.svg',
    back: '/uploads/seed-supplier-id-back.svg',
  };
  try {
    await prepareDatabase(handle.db, { dataDir });
    const now = new Date();
    // The lists' counts are taken once at the end (see withoutCounting), not kept row by row.
    await handle.db.transaction().execute((trx) =>
      withoutCounting(trx, listTables(), async () => {
        let written = 0;
        const { batch, steps } = await simulate(trx, {
          orders,
          customers,
          suppliers,
          from: new Date(now.getTime() - days * 86_400_000),
          now,
          seed,
          supplierProfile: (i, city) => ({
            ...demoProfile(1_000 + i, images),
            city,
            mobile: `136${String(i).padStart(8, '0')}`,
          }),
          // Memory stays flat: finished orders are written and let go of as the simulation moves on.
          flushEvery: 20_000,
          flush: async (b, done) => {
            await b.write(trx, done);
            written += 1;
            b.releaseWritten();
            const ms = performance.now() - started;
            process.stdout.write(`\r${b.createdTotal()} records, ${Math.round(ms / 1000)} s`);
          },
        });
        await batch.write(trx);
        process.stdout.write('\n');
        console.log(`${steps} steps, ${written} intermediate writes`);
        for (const [type, n] of [...batch.counts].sort()) console.log(`  ${type}: ${n}`);
      }),
    );
    // Vacuumed as well as analysed: a bulk load leaves no visibility map, and until autovacuum came by, the range
    // filters' counting (an index-only scan) would read the table row by row.
    const starts = listTables().flatMap((list) => searchStartsOf(list.table, list.spec)?.table ?? []);
    for (const table of ['events', 'orders', 'customers', 'renewals', 'refunds', 'suppliers', ...starts]) {
      await sql`vacuum (analyze) ${sql.table(table)}`.execute(handle.db);
    }
    // Generated orders are benchmark data: nobody is told about them, and a server started on the data set does not
    // spend its first hour writing a notice per order while it is being measured. Read models kept by a follower
    // (the workplace's figures) are computed from the whole log at once.
    for (const follower of modules.flatMap((m) => m.followers ?? [])) {
      if (follower.rebuild) {
        const at = performance.now();
        await rebuildFollower(handle.db, follower);
        console.log(
          `log follower ${follower.name}: rebuilt from the log in ${Math.round(performance.now() - at)} ms`,
        );
      } else {
        await skipToEnd(handle.db, follower);
        console.log(`log follower ${follower.name}: moved past the generated facts (none of them handled)`);
      }
    }
    console.log(`Generated ${orders} orders in ${Math.round((performance.now() - started) / 1000)} s.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
