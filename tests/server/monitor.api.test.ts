import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MonitorHub, type Monitor } from '../../server/modules/monitor/hub';
import { OPEN_FULFILMENTS, parseCursor, type MonitorFact } from '../../src/contract/monitor';
import { ADMIN, STAFF, bearer, createTestApp, type TestApp } from './support/testApp';

// The monitor's stream over real HTTP: every monitor gets each fact once, in log order; one that comes back with
// the last id it saw gets exactly what it missed, from the same server or from the next one after a restart.

let t: TestApp;
let token: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(ADMIN.email, ADMIN.password);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

/** A monitor: reads facts from the stream until `count` came (or the time is up), then disconnects. */
async function watch(url: string, count: number, lastEventId?: string, ms = 8_000) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const facts: MonitorFact[] = [];
  const headers: Record<string, string> = {
    ...bearer(token),
    ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
  };
  const res = await fetch(`${url}/api/monitor/stream`, { headers, signal: controller.signal });
  const ready = { status: res.status, contentType: res.headers.get('content-type') };
  const done = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      while (facts.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          if (data) facts.push(JSON.parse(data.slice(6)) as MonitorFact);
        }
      }
    } catch {
      // aborted: the time was up
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
    return facts;
  })();
  return { ready, facts: done };
}

/** A staff fact: a supplier waiting for audit approved (its id, for telling facts apart). */
async function approveOne(app: FastifyInstance = t.app) {
  const s = await t.db
    .selectFrom('suppliers')
    .select(['id', 'version'])
    .where('audit_state', '=', 'waiting_audit')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const staff = await t.login(STAFF.email, STAFF.password);
  const res = await app.inject({
    method: 'POST',
    url: `/api/suppliers/${s.id}/events`,
    headers: bearer(staff),
    payload: { type: 'supplier.approve', expectedVersion: s.version },
  });
  expect(res.statusCode, res.body).toBe(200);
  return String(s.id);
}

const settle = () => new Promise((r) => setTimeout(r, 300));

describe('the monitor stream', () => {
  it('sends each new fact once to every monitor open, in log order', async () => {
    const a = await watch(base, 2);
    const b = await watch(base, 2);
    expect(a.ready).toEqual({ status: 200, contentType: 'text/event-stream; charset=utf-8' });
    await settle();
    const first = await approveOne();
    const second = await approveOne();
    for (const facts of [await a.facts, await b.facts]) {
      expect(facts.map((f) => [f.type, f.stream_id])).toEqual([
        ['SupplierApproved', first],
        ['SupplierApproved', second],
      ]);
      expect(facts[0]!.actor).toEqual({ role: 'user', name: 'Bob Li' });
      expect(new Set(facts.map((f) => f.id)).size).toBe(2);
    }
  });

  it('gives a monitor coming back exactly the facts after the last one it saw', async () => {
    const first = await watch(base, 1);
    await settle();
    await approveOne();
    const [seen] = await first.facts;
    const missed = [await approveOne(), await approveOne()];
    const again = await watch(base, 3, seen!.id, 3_000);
    const facts = await again.facts;
    expect(facts.map((f) => f.stream_id)).toEqual(missed);
    expect(facts.map((f) => f.id)).not.toContain(seen!.id);
  });

  it('goes on after a restart from the position the monitor gives the next server', async () => {
    const before = await watch(base, 1);
    await settle();
    await approveOne();
    const [seen] = await before.facts;
    // The first server stops (its streams end); facts are written while no server runs; the next one starts.
    const second = await buildApp({ db: t.db, dataDir: t.dataDir, distDir: path.join(t.dataDir, 'no-dist') });
    await second.ready();
    const missed = await approveOne(second);
    const url = await second.listen({ port: 0, host: '127.0.0.1' });
    try {
      const resumed = await watch(url, 2, seen!.id, 3_000);
      const facts = await resumed.facts;
      expect(facts.map((f) => f.stream_id)).toEqual([missed]);
    } finally {
      await second.close();
    }
  });

  it('refuses a malformed Last-Event-ID with a reason, and anyone but an admin', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/monitor/stream',
      headers: { ...bearer(token), 'last-event-id': 'yesterday' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ reason_key: 'monitor.validation.lastEventId' });
    const staff = await t.login(STAFF.email, STAFF.password);
    const refused = await t.app.inject({ method: 'GET', url: '/api/monitor/stream', headers: bearer(staff) });
    expect(refused.statusCode).toBe(403);
  });
});

describe('one reader for every monitor', () => {
  it('reads the log once per tick however many monitors are open, each getting what it has not seen', async () => {
    const hub = new MonitorHub(t.db, { tickMs: 60_000 });
    const start = await hub.end();
    const got: string[][] = Array.from({ length: 10 }, () => []);
    const monitors: Monitor[] = got.map((list) => ({
      cursor: { ...start },
      send: (facts) => (list.push(...facts.map((f) => f.id)), true),
    }));
    for (const m of monitors) hub.join(m);
    // Joining starts the reader at once (one read for all ten), then it waits a tick (a minute here).
    await expect.poll(() => hub.queries).toBe(1);
    await settle();
    await approveOne();
    expect(hub.queries).toBe(1);
    await hub.tick();
    expect(hub.queries).toBe(2);
    expect(got.every((list) => list.length === 1 && list[0] === got[0]![0])).toBe(true);
    await hub.tick();
    expect(got.every((list) => list.length === 1)).toBe(true);
    hub.close();
  });

  it('reads in batches for a monitor far behind, from where it is, until it is caught up', async () => {
    const hub = new MonitorHub(t.db, { tickMs: 60_000, batch: 7 });
    const ids: string[] = [];
    await settle();
    hub.join({
      cursor: { tx: '0', position: 0 },
      send: (facts) => (ids.push(...facts.map((f) => f.id)), true),
    });
    const total = async () =>
      Number(
        (
          await t.db
            .selectFrom('events')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const events = await total();
    expect(events).toBeGreaterThan(100);
    while (ids.length < events) {
      await hub.tick();
    }
    const cursors = ids.map((id) => parseCursor(id)!);
    const ordered = [...cursors].sort((a, b) =>
      BigInt(a.tx) === BigInt(b.tx) ? a.position - b.position : BigInt(a.tx) < BigInt(b.tx) ? -1 : 1,
    );
    expect(cursors).toEqual(ordered);
    expect(new Set(ids).size).toBe(ids.length);
    hub.close();
  });
});

describe('the monitor summary', () => {
  it('counts the last hour by minute, the open orders as the list does, and the health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/monitor/summary', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const summary = res.json().data;
    expect(summary.per_minute).toHaveLength(60);
    const lastHour = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('occurred_at', '>=', new Date(Math.floor(Date.now() / 60_000) * 60_000 - 59 * 60_000))
      .executeTakeFirstOrThrow();
    expect(summary.per_minute.reduce((a: number, b: number) => a + b, 0)).toBe(Number(lastHour.n));
    expect(Number(lastHour.n)).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/orders?page_size=1',
      headers: bearer(token),
    });
    const counts = list.json().data.counts;
    expect(Object.keys(summary.open_orders)).toEqual([...OPEN_FULFILMENTS]);
    for (const state of OPEN_FULFILMENTS) expect(summary.open_orders[state]).toBe(counts[state]);
    expect(summary.health.round_trip_ms).toBeGreaterThanOrEqual(0);
    expect(summary.health.rss_mb).toBeGreaterThan(0);
  });
});
