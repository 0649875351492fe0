/**
 * Whether open monitors slow the API down.
 *
 *   npx tsx bench/monitors.ts [--monitors 50] [--clients 8] [--seconds 8] [--url postgres://…/bench_monitors]
 *
 * Starts the built server on PostgreSQL (the database `--url` names, created and seeded with the demo data when
 * missing), then measures the supplier list, the workplace and a command at `--clients` concurrent clients, first
 * with no monitor open and then with `--monitors` monitors reading the event log stream, while a writer makes a
 * fact every 100 ms for them to carry (after a first pass that warms everything up and is not reported). Writes
 * bench/results/monitors.json. Numbers are reported, never asserted.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { adminToken, arg, ROOT, createDatabaseIfMissing, load, startServer, type Timing } from './support';

const MONITORS = Number(arg('monitors', '50'));
const CLIENTS = Number(arg('clients', '8'));
const SECONDS = Number(arg('seconds', '8'));
const URL_ = arg('url', 'postgres://postgres@127.0.0.1:5432/bench_monitors');

async function main() {
  await createDatabaseIfMissing(URL_);
  const server = await startServer({ ...process.env, DATABASE_URL: URL_ });
  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${server.base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await res.json()) as { err_code: number; data: unknown };
    return answer;
  };
  try {
    const token = await adminToken(server.base);
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const day = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString();
    const workplace = `/api/workplace?${new URLSearchParams({ today: day(0), yesterday: day(1), last_week: day(7) })}`;
    const suppliers = (await call(token, 'GET', '/api/suppliers?page_size=50&audit_state=pass')) as {
      data: { items: Array<{ id: number }> };
    };
    const ids = suppliers.data.items.map((s) => s.id);

    /** A supplier moved between resting and taking orders: one fact per command. */
    let turn = 0;
    const move = async (lane: number) => {
      const id = ids[(turn++ + lane) % ids.length]!;
      const current = (await call(token, 'GET', `/api/suppliers/${id}`)) as {
        data: { version: number; state: string };
      };
      const s = current.data;
      await call(token, 'POST', `/api/suppliers/${id}/events`, {
        type: s.state === 'resting' ? 'supplier.takeOrders' : 'supplier.rest',
        expectedVersion: s.version,
      });
    };

    const measure = async () => ({
      supplierList: await load(
        CLIENTS,
        SECONDS,
        async () => void (await call(token, 'GET', '/api/suppliers')),
      ),
      workplace: await load(CLIENTS, SECONDS, async () => void (await call(token, 'GET', workplace))),
      command: await load(CLIENTS, SECONDS, async (_i, lane) => move(lane)),
    });

    // A first pass warms the server, the database's caches and the JIT; it is not reported.
    await measure();
    const without = await measure();

    const controller = new AbortController();
    let received = 0;
    const streams = Array.from({ length: MONITORS }, async () => {
      const res = await fetch(`${server.base}/api/monitor/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          received += (decoder.decode(value).match(/event: fact/g) ?? []).length;
        }
      } catch {
        // aborted
      }
    });
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await move(99).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 1_000));
    const summary = (await call(token, 'GET', '/api/monitor/summary')) as {
      data: { health: { monitors: number } };
    };
    const withMonitors = await measure();
    writing = false;
    await writer;
    controller.abort();
    await Promise.allSettled(streams);

    const ratio = (a: Timing, b: Timing) => Math.round((b.perSecond / a.perSecond) * 100) / 100;
    const results = {
      at: new Date().toISOString(),
      database: 'postgresql',
      clients: CLIENTS,
      seconds: SECONDS,
      monitors: summary.data.health.monitors,
      factsDelivered: received,
      without,
      withMonitors,
      throughputRatio: {
        supplierList: ratio(without.supplierList, withMonitors.supplierList),
        workplace: ratio(without.workplace, withMonitors.workplace),
        command: ratio(without.command, withMonitors.command),
      },
    };
    writeFileSync(path.join(ROOT, 'bench/results/monitors.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
