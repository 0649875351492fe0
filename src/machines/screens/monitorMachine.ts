import { assign, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { MonitorFact, MonitorSummary } from '@/contract/monitor';
import { errorTextOf, type ErrorText } from '@/machines/app/apiErrors';
import { getMonitorSummary, openMonitorStream } from '@/services/monitor';

/**
 * The real-time monitor (/dashboard/monitor, admin): two regions. The stream follows the event log as the server
 * pushes it and, when the connection drops (a network fault, the server restarting), waits a moment and asks
 * again from the last fact it saw: the server sends exactly what came after it. The summary (facts per minute,
 * open orders, health) is read now and every half minute; facts arriving in between are added to its chart.
 *
 * Invariants:
 * - the stream reconnects with the id of the last fact shown (or, before any, of the position the server said it
 *   started from), so nothing is shown twice or skipped;
 * - a refusal (signed out, not an admin) stops the stream instead of retrying; any other end is retried, waiting
 *   longer after each failure (1 s, 2 s, 4 s … at most 10 s) until a connection opens;
 * - the chart counts a fact once: by the summary when it is older than the summary, else when it arrives.
 */

export const SUMMARY_REFRESH_MS = 30_000;
export const FACTS_SHOWN = 50;
const MINUTE = 60_000;

/** How long to wait before connecting again after `retries` failures in a row. */
export const retryDelayOf = (retries: number) => Math.min(1_000 * 2 ** Math.max(0, retries - 1), 10_000);

export interface MinuteChart {
  /** Facts per minute, oldest first; the last is minute `lastMinute` (minutes since the epoch). */
  perMinute: number[];
  lastMinute: number;
  /** The summary's time: facts up to it are in `perMinute` already. */
  asOf: number;
}

export function chartOfSummary(summary: MonitorSummary): MinuteChart {
  const asOf = Date.parse(summary.as_of);
  return { perMinute: summary.per_minute, lastMinute: Math.floor(asOf / MINUTE), asOf };
}

/** The chart with a fact that arrived counted in its minute (moving the chart on when its minute is new). */
export function countFact(chart: MinuteChart, occurredAt: string): MinuteChart {
  const at = Date.parse(occurredAt);
  if (!(at > chart.asOf)) return chart;
  const minute = Math.floor(at / MINUTE);
  let { perMinute, lastMinute } = chart;
  if (minute > lastMinute) {
    const shift = Math.min(minute - lastMinute, perMinute.length);
    perMinute = [...perMinute.slice(shift), ...Array.from({ length: shift }, () => 0)];
    lastMinute = minute;
  }
  const index = perMinute.length - 1 - (lastMinute - minute);
  if (index >= 0) perMinute = perMinute.map((n, i) => (i === index ? n + 1 : n));
  return { ...chart, perMinute, lastMinute };
}

export interface MonitorContext {
  lastEventId: string | null;
  /** Newest first. */
  facts: MonitorFact[];
  retries: number;
  /** The HTTP status that ended the stream for good (401, 403). */
  refusedWith: number | null;
  chart: MinuteChart | null;
  summary: MonitorSummary | null;
  summaryError: ErrorText | null;
}

export type MonitorEvent =
  | { type: 'stream.open' }
  | { type: 'stream.fact'; fact: MonitorFact }
  | { type: 'stream.position'; id: string }
  | { type: 'stream.closed'; status: number | null }
  | { type: 'summary.refresh' };

const REFUSALS = [401, 403];

export const monitorMachine = setup({
  types: {
    context: {} as MonitorContext,
    events: {} as MonitorEvent,
  },
  actors: {
    stream: fromCallback<MonitorEvent, { lastEventId: string | null }>(({ sendBack, input }) =>
      openMonitorStream({
        lastEventId: input.lastEventId,
        onOpen: () => sendBack({ type: 'stream.open' }),
        onFact: (fact) => sendBack({ type: 'stream.fact', fact }),
        onPosition: (id) => sendBack({ type: 'stream.position', id }),
        onClosed: (status) => sendBack({ type: 'stream.closed', status }),
      }),
    ),
    fetchSummary: fromPromise<MonitorSummary>(() => getMonitorSummary()),
  },
  delays: {
    retryDelay: ({ context }) => retryDelayOf(context.retries),
    summaryInterval: SUMMARY_REFRESH_MS,
  },
  guards: {
    refused: ({ event }) => event.type === 'stream.closed' && REFUSALS.includes(event.status ?? 0),
  },
  actions: {
    opened: assign({ retries: 0 }),
    takeFact: assign(({ context, event }) => {
      if (event.type !== 'stream.fact') return {};
      return {
        lastEventId: event.fact.id,
        facts: [event.fact, ...context.facts].slice(0, FACTS_SHOWN),
        chart: context.chart && countFact(context.chart, event.fact.occurred_at),
      };
    }),
    takePosition: assign({
      lastEventId: ({ context, event }) =>
        event.type === 'stream.position' ? event.id : context.lastEventId,
    }),
    countFailure: assign({ retries: ({ context }) => context.retries + 1 }),
    refuse: assign({
      refusedWith: ({ event }) => (event.type === 'stream.closed' ? event.status : null),
    }),
    storeSummary: assign(({ event }) => {
      const summary = (event as unknown as { output: MonitorSummary }).output;
      return { summary, chart: chartOfSummary(summary), summaryError: null };
    }),
    storeSummaryError: assign({
      summaryError: ({ event }) => errorTextOf((event as unknown as { error: unknown }).error),
    }),
  },
}).createMachine({
  id: 'monitor',
  type: 'parallel',
  context: {
    lastEventId: null,
    facts: [],
    retries: 0,
    refusedWith: null,
    chart: null,
    summary: null,
    summaryError: null,
  },
  states: {
    stream: {
      initial: 'streaming',
      states: {
        streaming: {
          invoke: {
            id: 'stream',
            src: 'stream',
            input: ({ context }) => ({ lastEventId: context.lastEventId }),
          },
          initial: 'connecting',
          states: {
            connecting: { on: { 'stream.open': { target: 'live', actions: 'opened' } } },
            live: {},
          },
          on: {
            'stream.fact': { actions: 'takeFact' },
            'stream.position': { actions: 'takePosition' },
            'stream.closed': [
              { guard: 'refused', target: 'refused', actions: 'refuse' },
              { target: 'waiting', actions: 'countFailure' },
            ],
          },
        },
        /** The connection dropped: a moment's wait, then again from the last fact seen. */
        waiting: {
          after: { retryDelay: 'streaming' },
        },
        /** Signed out or not an admin: nothing to retry. */
        refused: {},
      },
    },
    summary: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'fetchSummary',
            src: 'fetchSummary',
            onDone: { target: 'shown', actions: 'storeSummary' },
            onError: { target: 'shown', actions: 'storeSummaryError' },
          },
        },
        shown: {
          after: { summaryInterval: 'loading' },
          on: { 'summary.refresh': 'loading' },
        },
      },
    },
  },
});

export type MonitorSnapshot = SnapshotFrom<typeof monitorMachine>;

/** The connection as the page's status tag says it. */
export function connectionOf(s: MonitorSnapshot): 'connecting' | 'live' | 'reconnecting' | 'refused' {
  if (s.matches({ stream: 'refused' })) return 'refused';
  if (s.matches({ stream: { streaming: 'live' } })) return 'live';
  return s.context.retries > 0 ? 'reconnecting' : 'connecting';
}
