import { sql, type Kysely } from 'kysely';
import { formatCursor, type MonitorFact } from '../../../src/contract/monitor';
import type { Database } from '../../db/schema';

/**
 * Every monitor connected to this process, fed by one reader of the log: however many monitors are open, the
 * database sees one query per tick (from the position of the monitor furthest behind), and none while no monitor
 * is open. A monitor joins at the position it asks for (its Last-Event-ID) and is sent each fact after it, in log
 * order, once.
 */
export interface Monitor {
  /** Sends facts; false when the connection is gone. */
  send: (facts: MonitorFact[]) => boolean;
  cursor: Cursor;
}

interface Cursor {
  tx: string;
  position: number;
}

export const TICK_MS = 1_000;
/** Facts read per query; a monitor further behind gets the rest on the next ticks, which follow at once. */
export const BATCH = 500;

const after = (a: Cursor, b: Cursor) =>
  BigInt(a.tx) > BigInt(b.tx) || (a.tx === b.tx && a.position > b.position);

export class MonitorHub {
  private readonly monitors = new Set<Monitor>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private closed = false;
  /** Queries run since the hub started (the benchmark and the tests read it). */
  queries = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { tickMs?: number; batch?: number; log?: (error: unknown) => void } = {},
  ) {}

  get size(): number {
    return this.monitors.size;
  }

  /** The position of the log's end now: where a monitor that asks for no earlier position starts. */
  async end(): Promise<Cursor> {
    return { tx: await horizon(this.db), position: 0 };
  }

  join(monitor: Monitor): () => void {
    this.monitors.add(monitor);
    this.schedule(0);
    return () => this.monitors.delete(monitor);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.monitors.clear();
  }

  private schedule(ms: number) {
    if (this.closed || this.running || this.timer || this.monitors.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
  }

  /** One read for every monitor; the next at once when some monitor is still behind, else after a tick. */
  async tick(): Promise<void> {
    if (this.running || this.monitors.size === 0) return;
    this.running = true;
    let behind = false;
    try {
      behind = await this.readOnce();
    } catch (error) {
      this.options.log?.(error);
    } finally {
      this.running = false;
    }
    this.schedule(behind ? 0 : (this.options.tickMs ?? TICK_MS));
  }

  private async readOnce(): Promise<boolean> {
    const batch = this.options.batch ?? BATCH;
    const monitors = [...this.monitors];
    const from = monitors.map((m) => m.cursor).reduce((a, b) => (after(a, b) ? b : a));
    const xmin = await horizon(this.db);
    this.queries += 1;
    const rows = await this.db
      .selectFrom('events')
      .leftJoin('users', 'users.id', 'events.actor_id')
      .select([
        sql<string>`events.tx::text`.as('tx'),
        'events.global_position',
        'events.stream_type',
        'events.stream_id',
        'events.type',
        'events.occurred_at',
        'events.actor_role',
        'users.name',
      ])
      .where(sql<boolean>`(events.tx, events.global_position) > (${from.tx}::xid8, ${from.position}::bigint)`)
      .where(sql<boolean>`events.tx < ${xmin}::xid8`)
      .orderBy('events.tx')
      .orderBy('events.global_position')
      .limit(batch)
      .execute();
    const facts = rows.map((r) => ({
      cursor: { tx: r.tx, position: Number(r.global_position) },
      fact: {
        id: formatCursor(r.tx, Number(r.global_position)),
        stream_type: r.stream_type,
        stream_id: r.stream_id,
        type: r.type,
        occurred_at: new Date(r.occurred_at).toISOString(),
        actor: { role: r.actor_role, name: r.name },
      } satisfies MonitorFact,
    }));
    const complete = rows.length < batch;
    const last = facts[facts.length - 1]?.cursor;
    for (const monitor of monitors) {
      const mine = facts.filter((f) => after(f.cursor, monitor.cursor));
      if (mine.length && !monitor.send(mine.map((f) => f.fact))) {
        this.monitors.delete(monitor);
        continue;
      }
      // Read to the horizon: every later fact is at it or above. Otherwise on from the last fact read.
      const next = complete ? { tx: xmin, position: 0 } : last;
      if (next && after(next, monitor.cursor)) monitor.cursor = next;
    }
    return !complete;
  }
}

async function horizon(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    xmin: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(db);
  return rows[0]!.xmin;
}
