/**
 * The real-time monitor (/dashboard/monitor, admin): the event log pushed as it grows (Server-Sent Events from
 * `GET /api/monitor/stream`), and a summary read on demand (`GET /api/monitor/summary`).
 *
 * A fact's place in the log, as the stream names it (its SSE `id`), is `<tx>:<position>`: the transaction that
 * wrote it and its global position. Facts are sent in that order, only once their transaction has ended before any
 * still running began (server/events/follower.ts explains why position alone would skip facts), so a monitor that
 * comes back with the last id it saw (`Last-Event-ID`) gets exactly the facts after it: none twice, none missed.
 */
export interface MonitorFact {
  id: string;
  stream_type: string;
  stream_id: string;
  type: string;
  occurred_at: string;
  actor: { role: string | null; name: string | null };
  /** The record's name (a customer's, an order's number), as the workplace's feed names it; null when it has none. */
  title: string | null;
}

export interface MonitorSummary {
  /** When the summary was read (ISO): facts after it are counted by the page as they arrive. */
  as_of: string;
  /** Facts per minute over the last hour, oldest first: 60 counts, the last the minute of `as_of`. */
  per_minute: number[];
  /** Open service orders by fulfilment state. */
  open_orders: Record<string, number>;
  health: {
    /** One `select 1`, in ms. */
    round_trip_ms: number;
    uptime_s: number;
    rss_mb: number;
    heap_used_mb: number;
    /** Monitors connected to this server process. */
    monitors: number;
  };
}

/** The fulfilment states of an order that is still open (neither completed nor cancelled). */
export const OPEN_FULFILMENTS = [
  'awaiting_assignment',
  'assigned',
  'accepted',
  'in_service',
  'refused',
] as const;

export const MINUTES_SHOWN = 60;

/** A stream position (a transaction id and a global position, written without leading zeros), or null. */
export function parseCursor(text: string | undefined | null): { tx: string; position: number } | null {
  const match = /^(0|[1-9]\d{0,18}):(0|[1-9]\d{0,15})$/.exec(text ?? '');
  if (!match) return null;
  const position = Number(match[2]);
  return Number.isSafeInteger(position) ? { tx: match[1]!, position } : null;
}

export const formatCursor = (tx: string, position: number) => `${tx}:${position}`;
