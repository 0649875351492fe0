import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { MonitorFact, MonitorSummary } from '@/contract/monitor';
import { monitorMachine } from '@/machines/screens/monitorMachine';
import { ApiError } from '@/services/http';

// The monitor with its own actors, over a stand-in for the service (the network is the e2e test's): what the
// stream says reaches the machine, and the summary's answers and failures are kept.

type StreamOptions = {
  lastEventId: string | null;
  onOpen: () => void;
  onFact: (fact: MonitorFact) => void;
  onPosition: (id: string) => void;
  onClosed: (status: number | null) => void;
};
const streams: Array<StreamOptions & { closed: boolean }> = [];
const summaries: Array<() => Promise<MonitorSummary>> = [];

vi.mock('@/services/monitor', () => ({
  openMonitorStream: (options: StreamOptions) => {
    const stream = { ...options, closed: false };
    streams.push(stream);
    return () => (stream.closed = true);
  },
  getMonitorSummary: () => (summaries.shift() ?? (() => new Promise(() => {})))(),
}));

afterEach(() => {
  streams.length = 0;
  summaries.length = 0;
});

const summary: MonitorSummary = {
  as_of: '2026-11-26T10:30:00.000Z',
  per_minute: Array.from({ length: 60 }, () => 0),
  open_orders: { assigned: 2 },
  health: { round_trip_ms: 1, uptime_s: 5, rss_mb: 90, heap_used_mb: 40, monitors: 1 },
};
const fact: MonitorFact = {
  id: '5:7',
  stream_type: 'order',
  stream_id: '3',
  type: 'OrderPaid',
  occurred_at: '2026-11-26T10:30:30.000Z',
  actor: { role: 'system', name: null },
  title: 'SO20261126-00000003',
};

describe('the monitor over its service', () => {
  it('takes what the stream says: open, its start, facts, and its end', async () => {
    summaries.push(async () => summary);
    const actor = createActor(monitorMachine).start();
    await waitFor(actor, (s) => s.context.summary !== null, { timeout: 2_000 });
    expect(actor.getSnapshot().context.chart?.perMinute).toHaveLength(60);
    const stream = streams[0]!;
    expect(stream.lastEventId).toBeNull();
    stream.onPosition('5:0');
    expect(actor.getSnapshot().context.lastEventId).toBe('5:0');
    stream.onOpen();
    expect(actor.getSnapshot().matches({ stream: { streaming: 'live' } })).toBe(true);
    stream.onFact(fact);
    expect(actor.getSnapshot().context.facts).toEqual([fact]);
    expect(actor.getSnapshot().context.lastEventId).toBe('5:7');
    stream.onClosed(403);
    expect(actor.getSnapshot().context.refusedWith).toBe(403);
    expect(stream.closed).toBe(true);
    actor.stop();
  });

  it('keeps a summary failure to say so, and forgets it when the next one is read', async () => {
    summaries.push(() => Promise.reject(new ApiError('Request Error', undefined, 0)));
    summaries.push(async () => summary);
    const actor = createActor(monitorMachine).start();
    await waitFor(actor, (s) => s.context.summaryError !== null, { timeout: 2_000 });
    expect(actor.getSnapshot().context.summary).toBeNull();
    actor.send({ type: 'summary.refresh' });
    await waitFor(actor, (s) => s.context.summary !== null, { timeout: 2_000 });
    expect(actor.getSnapshot().context.summaryError).toBeNull();
    actor.stop();
  });
});
