import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import {
  MINUTES_SHOWN,
  OPEN_FULFILMENTS,
  formatCursor,
  parseCursor,
  type MonitorFact,
  type MonitorSummary,
} from '../../../src/contract/monitor';
import { currentUser, requireRole } from '../../auth/guard';
import * as monitorMigration from '../../db/migrations/2026_11_26_1400_monitor';
import { listTables } from '../../db/prepare';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { modelCounts } from '../../kit/listSupport';
import { Envelope } from '../../kit/schemas';
import type { ServerModule } from '../types';
import { modules as registered } from '../index';
import { titleColumns } from '../workplace/namedEvents';
import { MonitorHub, after } from './hub';

/**
 * The real-time monitor's API (admin): the log as Server-Sent Events, one reader for every monitor of this
 * process (hub.ts), and a summary: facts per minute over the last hour, open orders by state, the server's health.
 */

/** A comment line every so often keeps proxies and the browser from taking a quiet stream for a dead one. */
const HEARTBEAT_MS = 15_000;
/** A connection holding this much unsent is not reading: it is skipped until it drains. */
const MAX_BUFFERED = 1024 * 1024;
const MB = 1024 * 1024;

const sse = (fact: MonitorFact) => `id: ${fact.id}\nevent: fact\ndata: ${JSON.stringify(fact)}\n\n`;

const routes: FastifyPluginAsync = async (app) => {
  const hub = new MonitorHub(app.db, {
    titles: titleColumns(registered),
    log: (error) => app.log.error({ err: error }, 'monitor: reading the log failed'),
  });
  const streams = new Set<ServerResponse>();
  let closing = false;
  // A server stopping ends its streams (they would hold it open); the monitors come back to the next one.
  app.addHook('preClose', async () => {
    closing = true;
    hub.close();
    for (const stream of streams) stream.end();
  });

  /** Whether the stream's sign-in still holds (not signed out, not expired, not revoked by a password change). */
  const signedIn = async (tokenId: number) =>
    Boolean(
      await app.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst(),
    );

  app.get(
    '/api/monitor/stream',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['Monitor'],
        summary: 'The event log as Server-Sent Events, from Last-Event-ID (or from now)',
        headers: Type.Object({
          'last-event-id': Type.Optional(
            Type.String({ maxLength: 50, description: 'the id of the last fact seen: <tx>:<position>' }),
          ),
        }),
      },
    },
    async (request, reply) => {
      const given = request.headers['last-event-id'];
      const asked = given === undefined || given === '' ? null : parseCursor(String(given));
      if (given && !asked) {
        throw new ValidationError(
          'Last-Event-ID must be the id of a fact, <tx>:<position>.',
          'last-event-id',
          {
            key: 'monitor.validation.lastEventId',
          },
        );
      }
      const end = await hub.end();
      // A position past the log's end (another database's) starts at the end rather than waiting for it.
      const cursor = asked && !after(asked, end) ? asked : end;
      const { tokenId } = currentUser(request);
      reply.hijack();
      const res = reply.raw;
      if (closing || res.destroyed) {
        res.end();
        return;
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // Where this stream starts: a monitor that reconnects before any fact came goes on from here.
      const start = formatCursor(cursor.tx, cursor.position);
      res.write(`retry: 2000\nid: ${start}\nevent: position\ndata: ${start}\n\n`);
      const open = () => !res.destroyed && !res.writableEnded;
      const leave = hub.join({
        cursor,
        ready: () => res.writableLength < MAX_BUFFERED,
        send: (facts) => {
          if (!open()) return false;
          res.write(facts.map(sse).join(''));
          return true;
        },
      });
      if (!leave) {
        res.end();
        return;
      }
      streams.add(res);
      const heartbeat = setInterval(() => {
        void signedIn(tokenId).then(
          (ok) => open() && (ok ? res.write(': heartbeat\n\n') : res.end()),
          () => open() && res.write(': heartbeat\n\n'),
        );
      }, HEARTBEAT_MS);
      res.on('close', () => {
        clearInterval(heartbeat);
        leave();
        streams.delete(res);
      });
    },
  );

  const orders = listTables().find((l) => l.table === 'orders')!;

  app.get(
    '/api/monitor/summary',
    {
      preValidation: requireRole('admin'),
      schema: {
        tags: ['Monitor'],
        summary: 'Facts per minute over the last hour, open orders by state, the server’s health',
        response: {
          200: Envelope(
            Type.Object({
              as_of: Type.String({ format: 'date-time' }),
              per_minute: Type.Array(Type.Integer()),
              open_orders: Type.Record(Type.String(), Type.Integer()),
              health: Type.Object({
                round_trip_ms: Type.Number(),
                uptime_s: Type.Integer(),
                rss_mb: Type.Integer(),
                heap_used_mb: Type.Integer(),
                monitors: Type.Integer(),
              }),
            }),
          ),
        },
      },
    },
    async () => {
      const started = performance.now();
      await sql`select 1`.execute(app.db);
      const roundTrip = performance.now() - started;
      const now = new Date();
      const minute = Math.floor(now.getTime() / 60_000) * 60_000;
      const from = new Date(minute - (MINUTES_SHOWN - 1) * 60_000);
      const rows = await sql<{ minute: Date; n: string }>`
        select date_trunc('minute', occurred_at) as minute, count(*) as n from events
        where occurred_at >= ${from} group by 1`.execute(app.db);
      const perMinute = Array.from({ length: MINUTES_SHOWN }, () => 0);
      for (const row of rows.rows) {
        const index = Math.round((new Date(row.minute).getTime() - from.getTime()) / 60_000);
        if (index >= 0 && index < MINUTES_SHOWN) perMinute[index] = Number(row.n);
      }
      const counts = await modelCounts(app.db, orders, {});
      const memory = process.memoryUsage();
      const summary: MonitorSummary = {
        as_of: now.toISOString(),
        per_minute: perMinute,
        open_orders: Object.fromEntries(OPEN_FULFILMENTS.map((state) => [state, counts[state] ?? 0])),
        health: {
          round_trip_ms: Math.round(roundTrip * 10) / 10,
          uptime_s: Math.round(process.uptime()),
          rss_mb: Math.round(memory.rss / MB),
          heap_used_mb: Math.round(memory.heapUsed / MB),
          monitors: hub.size,
        },
      };
      return ok(summary);
    },
  );
};

export const monitorModule: ServerModule = {
  name: 'monitor',
  routes,
  migrations: { '2026_11_26_1400_monitor': monitorMigration },
};
