import { sql, type Kysely } from 'kysely';
import { formatCursor, type MonitorFact } from '../../../src/contract/monitor';
import type { Database } from '../../db/schema';
import { recordTitles, type TitleColumns } from '../workplace/namedEvents';

/**
 * Every monitor connected to this process, fed by one reader of the log: the monitors at the same position (all of
 * them, once they are caught up) share one query per tick, and none runs while no monitor is open. A monitor joins
 * at the position it asks for (its Last-Event-ID) and is sent each fact after it, in log order, once; one far
 * behind reads on its own, batch after batch, without holding the others back, and one whose connection is not
 * taking what it was sent (a full write buffer) is skipped until it is.
 */
export interface Monitor {
  /** Sends facts; false when the connection is gone. */
  send: (facts: MonitorFact[]) => boolean;
  /** Whether the connection takes more now. */
  ready: () => boolean;
  cursor: Cursor;
}

export interface Cursor {
  tx: string;
  position: number;
}

export const TICK_MS = 1_000;
/** Facts read per query; a monitor further behind gets the rest on the next ticks, which follow at once. */
export const BATCH = 500;

/** Whether `a` is after `b` in log order. */
export const after = (a: Cursor, b: Cursor) =>
  BigInt(a.tx) > BigInt(b.tx) || (BigInt(a.tx) === BigInt(b.tx) && a.position > b.position);

export class MonitorHub {
  private readonly monitors = new Set<Monitor>();
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private closed = false;
  /** Queries run since the hub started (the tests read it). */
  queries = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      tickMs?: number;
      batch?: number;
      log?: (error: unknown) => void;
      /** Where each kind of record keeps its name: the facts are sent with it. */
      titles?: TitleColumns;
    } = {},
  ) {}

  get size(): number {
    return this.monitors.size;
  }

  /** The position of the log's end now: where a monitor that asks for no earlier position starts. */
  async end(): Promise<Cursor> {
    return { tx: await horizon(this.db), position: 0 };
  }

  /** Adds a monitor and answers how it leaves; null once the hub is closed (the server is stopping). */
  join(monitor: Monitor): (() => void) | null {
    if (this.closed) return null;
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
    if (this.closed || this.current || this.timer || this.monitors.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, ms);
  }

  /** One round of reads; the next at once when some monitor is still behind, else after a tick. */
  tick(): Promise<void> {
    if (this.current) return this.current;
    if (this.monitors.size === 0) return Promise.resolve();
    this.current = (async () => {
      let behind = false;
      try {
        behind = await this.readOnce();
      } catch (error) {
        this.options.log?.(error);
      } finally {
        this.current = null;
      }
      this.schedule(behind ? 0 : (this.options.tickMs ?? TICK_MS));
    })();
    return this.current;
  }

  private async readOnce(): Promise<boolean> {
    const xmin = await horizon(this.db);
    const groups = new Map<string, Monitor[]>();
    for (const monitor of this.monitors) {
      if (!monitor.ready()) continue;
      const key = `${monitor.cursor.tx}:${monitor.cursor.position}`;
      groups.set(key, [...(groups.get(key) ?? []), monitor]);
    }
    let behind = false;
    for (const group of groups.values()) {
      if (!(await this.readFor(group, xmin))) behind = true;
    }
    return behind;
  }

  /** Reads for monitors at one position; whether they reached the horizon. */
  private async readFor(monitors: Monitor[], xmin: string): Promise<boolean> {
    const batch = this.options.batch ?? BATCH;
    const from = monitors[0]!.cursor;
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
    const named = this.options.titles ? await recordTitles(this.db, this.options.titles, rows) : new Map();
    const facts = rows.map((r) => ({
      cursor: { tx: r.tx, position: Number(r.global_position) },
      fact: {
        id: formatCursor(r.tx, Number(r.global_position)),
        stream_type: r.stream_type,
        stream_id: r.stream_id,
        type: r.type,
        occurred_at: new Date(r.occurred_at).toISOString(),
        actor: { role: r.actor_role, name: r.name },
        title: named.get(`${r.stream_type}:${r.stream_id}`) ?? null,
      } satisfies MonitorFact,
    }));
    const complete = rows.length < batch;
    const last = facts[facts.length - 1]?.cursor;
    // Read to the horizon: every later fact is at it or above. Otherwise on from the last fact read.
    const next = complete ? { tx: xmin, position: 0 } : last;
    for (const monitor of monitors) {
      if (facts.length && !monitor.send(facts.map((f) => f.fact))) {
        this.monitors.delete(monitor);
        continue;
      }
      if (next && after(next, monitor.cursor)) monitor.cursor = next;
    }
    return complete;
  }
}

async function horizon(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{
    xmin: string;
  }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(db);
  return rows[0]!.xmin;
}
