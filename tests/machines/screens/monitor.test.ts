import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { MonitorFact, MonitorSummary } from '@/contract/monitor';
import {
  FACTS_SHOWN,
  chartOfSummary,
  connectionOf,
  countFact,
  monitorMachine,
  retryDelayOf,
  type MonitorEvent,
} from '@/machines/screens/monitorMachine';
import { describeMachinePaths } from '../../support/machinePaths';
import { until } from '../../support/until';

const AS_OF = '2026-11-26T10:30:20.000Z';
const summary = (perMinute = Array.from({ length: 60 }, () => 0)): MonitorSummary => ({
  as_of: AS_OF,
  per_minute: perMinute,
  open_orders: { awaiting_assignment: 3 },
  health: { round_trip_ms: 0.5, uptime_s: 60, rss_mb: 100, heap_used_mb: 50, monitors: 1 },
});
const fact = (id: string, occurred_at = '2026-11-26T10:30:40.000Z'): MonitorFact => ({
  id,
  stream_type: 'supplier',
  stream_id: '1',
  type: 'SupplierApproved',
  occurred_at,
  actor: { role: 'user', name: 'Bob Li' },
  title: "Wang's Cleaning",
});

describe('the chart of facts per minute', () => {
  const chart = chartOfSummary(summary([...Array.from({ length: 59 }, () => 0), 4]));
  it('counts a fact newer than the summary in its minute, and not one the summary counted', () => {
    expect(countFact(chart, '2026-11-26T10:30:40.000Z').perMinute.at(-1)).toBe(5);
    expect(countFact(chart, AS_OF)).toBe(chart);
    expect(countFact(chart, '2026-11-26T10:30:00.000Z')).toBe(chart);
  });
  it('moves on when a fact is of a new minute, dropping the oldest', () => {
    const next = countFact(chart, '2026-11-26T10:32:05.000Z');
    expect(next.perMinute).toHaveLength(60);
    expect(next.perMinute.slice(-3)).toEqual([4, 0, 1]);
    expect(next.lastMinute).toBe(chart.lastMinute + 2);
    const muchLater = countFact(chart, '2026-11-26T13:00:00.000Z');
    expect(muchLater.perMinute).toEqual([...Array.from({ length: 59 }, () => 0), 1]);
  });
  it('waits longer after each failure, at most 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(retryDelayOf)).toEqual([
      1_000, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });
});

/** A monitor whose stream is driven by the test: each connection's position, and a way to talk as the server. */
function start() {
  const connections: Array<{
    lastEventId: string | null;
    send: (e: MonitorEvent) => void;
    closed: boolean;
  }> = [];
  const actor = createActor(
    monitorMachine.provide({
      actors: {
        stream: fromCallback<MonitorEvent, { lastEventId: string | null }>(({ sendBack, input }) => {
          const connection = { lastEventId: input.lastEventId, send: sendBack, closed: false };
          connections.push(connection);
          return () => (connection.closed = true);
        }),
        fetchSummary: fromPromise(async () => summary()),
      },
      delays: { retryDelay: 5, summaryInterval: 60_000 },
    }),
  ).start();
  const last = () => connections[connections.length - 1]!;
  return { actor, connections, last };
}

describe('monitor behaviour', () => {
  it('shows facts newest first, and after a drop connects again from the last fact shown', async () => {
    const { actor, connections, last } = start();
    expect(last().lastEventId).toBeNull();
    last().send({ type: 'stream.open' });
    expect(connectionOf(actor.getSnapshot())).toBe('live');
    await until(actor, (s) => s.context.chart !== null);
    last().send({ type: 'stream.fact', fact: fact('9:1') });
    last().send({ type: 'stream.fact', fact: fact('9:2') });
    expect(actor.getSnapshot().context.facts.map((f) => f.id)).toEqual(['9:2', '9:1']);
    expect(actor.getSnapshot().context.chart!.perMinute.at(-1)).toBe(2);
    last().send({ type: 'stream.closed', status: 200 });
    expect(connectionOf(actor.getSnapshot())).toBe('reconnecting');
    await until(actor, () => connections.length === 2);
    expect(connections[0]!.closed).toBe(true);
    expect(last().lastEventId).toBe('9:2');
    last().send({ type: 'stream.closed', status: null });
    await until(actor, () => connections.length === 3);
    expect(actor.getSnapshot().context.retries).toBe(2);
    last().send({ type: 'stream.open' });
    expect(actor.getSnapshot().context.retries).toBe(0);
    actor.stop();
  });

  it('comes back from the position the server said it started at when no fact came yet', async () => {
    const { actor, connections, last } = start();
    last().send({ type: 'stream.position', id: '42:0' });
    last().send({ type: 'stream.open' });
    last().send({ type: 'stream.closed', status: null });
    await until(actor, () => connections.length === 2);
    expect(last().lastEventId).toBe('42:0');
    actor.stop();
  });

  it('stops instead of retrying when refused', async () => {
    const { actor, connections, last } = start();
    last().send({ type: 'stream.closed', status: 403 });
    expect(connectionOf(actor.getSnapshot())).toBe('refused');
    await new Promise((r) => setTimeout(r, 30));
    expect(connections).toHaveLength(1);
    actor.stop();
  });

  it(`keeps the latest ${FACTS_SHOWN} facts`, () => {
    const { actor, last } = start();
    for (let i = 1; i <= FACTS_SHOWN + 5; i++) last().send({ type: 'stream.fact', fact: fact(`1:${i}`) });
    const facts = actor.getSnapshot().context.facts;
    expect(facts).toHaveLength(FACTS_SHOWN);
    expect(facts[0]!.id).toBe(`1:${FACTS_SHOWN + 5}`);
    actor.stop();
  });
});

describeMachinePaths(monitorMachine, {
  events: (s) => [
    { type: 'stream.open' },
    { type: 'stream.position', id: '1:0' },
    { type: 'stream.fact', fact: fact(`1:${s.context.facts.length + 1}`) },
    { type: 'stream.closed', status: 200 },
    { type: 'stream.closed', status: 403 },
    { type: 'xstate.after.retryDelay.monitor.stream.waiting' },
    { type: 'xstate.done.actor.fetchSummary', output: summary() },
    { type: 'xstate.error.actor.fetchSummary', error: new Error('x') },
    { type: 'xstate.after.summaryInterval.monitor.summary.shown' },
    { type: 'summary.refresh' },
  ],
  serializeState: (s) => JSON.stringify({ v: s.value, r: Math.min(s.context.retries, 1) }),
  limit: 300,
});

describe('the chart, facts out of time order', () => {
  it('counts a late fact of an earlier minute in that minute, down to the oldest shown', () => {
    const chart = chartOfSummary(summary());
    const later = countFact(chart, '2026-11-26T11:30:30.000Z');
    expect(later.lastMinute).toBe(chart.lastMinute + 60);
    const earlier = countFact(later, '2026-11-26T11:29:10.000Z');
    expect(earlier.perMinute.slice(-2)).toEqual([1, 1]);
    const oldest = countFact(later, '2026-11-26T10:31:10.000Z');
    expect(oldest.perMinute[0]).toBe(1);
    expect(oldest.perMinute.reduce((a, b) => a + b, 0)).toBe(2);
    const gone = countFact(later, '2026-11-26T10:30:50.000Z');
    expect(gone.perMinute.reduce((a, b) => a + b, 0)).toBe(1);
  });
});
