import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
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
  let start: string | null = null;
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
          const lines = block.split('\n');
          const data = lines.find((l) => l.startsWith('data: '));
          if (data && lines.includes('event: fact')) facts.push(JSON.parse(data.slice(6)) as MonitorFact);
          if (lines.includes('event: position')) start = data!.slice(6);
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
  return { ready, facts: done, start: () => start };
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

const supplierName = async (id: string) =>
  (await t.db.selectFrom('suppliers').select('name').where('id', '=', Number(id)).executeTakeFirstOrThrow())
    .name;

/** The id of a bearer token's row (tokens are stored hashed). */
async function tokenIdOf(token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  const row = await t.db
    .selectFrom('auth_tokens')
    .select('id')
    .where('token_hash', '=', hash)
    .executeTakeFirstOrThrow();
  return row.id;
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
      // Each record by its name, as the workplace's feed names it.
      expect(facts.map((f) => f.title)).toEqual([await supplierName(first), await supplierName(second)]);
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
    const options = { db: t.db, dataDir: t.dataDir, distDir: path.join(t.dataDir, 'no-dist') };
    const first = await buildApp(options);
    const url1 = await first.listen({ port: 0, host: '127.0.0.1' });
    const before = await watch(url1, 1);
    const open = await watch(url1, 2, undefined, 20_000);
    await settle();
    await approveOne(first);
    const [seen] = await before.facts;
    await (
      await watch(url1, 0)
    ).facts;
    // The first server stops with a stream still open: it ends the stream rather than wait for it; facts are
    // written while no server runs; the next one starts.
    const stopping = Date.now();
    await first.close();
    expect(await open.facts).toHaveLength(1);
    expect(Date.now() - stopping).toBeLessThan(5_000);
    const second = await buildApp(options);
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

  it('says where it starts, so a monitor that comes back before any fact misses none', async () => {
    const quiet = await watch(base, 1, undefined, 1_500);
    await quiet.facts;
    const start = quiet.start();
    expect(start).toMatch(/^\d+:0$/);
    const missed = await approveOne();
    const back = await watch(base, 2, start!, 3_000);
    expect((await back.facts).map((f) => f.stream_id)).toEqual([missed]);
  });

  it('ends a stream whose sign-in was revoked (a password change elsewhere), at the next heartbeat', async () => {
    const admin = await t.login(ADMIN.email, ADMIN.password);
    const res = await fetch(`${base}/api/monitor/stream`, { headers: bearer(admin) });
    expect(res.status).toBe(200);
    await t.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date() })
      .where('id', '=', await tokenIdOf(admin))
      .execute();
    const started = Date.now();
    const reader = res.body!.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

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
      ready: () => true,
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

  it('keeps a monitor far behind from holding back one that is caught up', async () => {
    const hub = new MonitorHub(t.db, { tickMs: 60_000, batch: 3 });
    const live: string[] = [];
    const behind: string[] = [];
    hub.join({
      cursor: await hub.end(),
      ready: () => true,
      send: (f) => (live.push(...f.map((x) => x.id)), true),
    });
    hub.join({
      cursor: { tx: '0', position: 0 },
      ready: () => true,
      send: (f) => (behind.push(...f.map((x) => x.id)), true),
    });
    const events = Number(
      (
        await t.db
          .selectFrom('events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    await approveOne();
    await expect.poll(() => live.length).toBe(1);
    expect(behind.length, 'the live monitor was not kept waiting for the other to catch up').toBeLessThan(
      events,
    );
    hub.close();
  });

  it('skips a monitor that is not reading until it is', async () => {
    const hub = new MonitorHub(t.db, { tickMs: 60_000 });
    let reading = false;
    const got: string[] = [];
    const monitor = {
      cursor: await hub.end(),
      ready: () => reading,
      send: (f: MonitorFact[]) => (got.push(...f.map((x) => x.id)), true),
    };
    hub.join(monitor);
    await approveOne();
    await hub.tick();
    expect(got).toEqual([]);
    reading = true;
    await hub.tick();
    await expect.poll(async () => (await hub.tick(), got.length)).toBe(1);
    hub.close();
  });

  it('reads in batches for a monitor far behind, from where it is, until it is caught up', async () => {
    const hub = new MonitorHub(t.db, { tickMs: 60_000, batch: 7 });
    const ids: string[] = [];
    await settle();
    hub.join({
      cursor: { tx: '0', position: 0 },
      ready: () => true,
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
