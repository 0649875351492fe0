import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { mayRole } from '../../../src/contract/policy';
import {
  LATEST_EVENTS,
  LATEST_HELP,
  PERIODS,
  WORK_ITEMS,
  type Period,
  type PeriodFigures,
  type WorkplaceDto,
  type WorkplaceEvent,
} from '../../../src/contract/workplace';
import { currentUser, requireRole } from '../../auth/guard';
import * as workplaceMigration from '../../db/migrations/2026_11_26_1200_workplace';
import * as rollupsMigration from '../../db/migrations/2026_11_27_0300_figure_rollups';
import { listTables } from '../../db/prepare';
import { ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { listSourceOf } from '../../kit/entity';
import { listPage, readListQuery, type ListSource } from '../../kit/listQuery';
import { modelCounts } from '../../kit/listSupport';
import { refundFourEyes } from '../configs/port';
import { grantedUnderFourEyes } from '../refunds/port';
import { Envelope, Moment } from '../../kit/schemas';
import { modules as registered } from '../index';
import type { ServerModule } from '../types';
import { figuresBetween, orderFigures } from './figures';
import { NamedEvent, namedEvents, titleColumns } from './namedEvents';

/**
 * The workplace: the work waiting for the signed-in member (counts of the lists, from their counts), today's orders
 * and money beside yesterday's and the same weekday's last week by the same time of day (whole hours from
 * `order_figures`, the rest from the facts: figures.ts),
 * what staff did lately (the log, newest first) and the latest help notices.
 */

/** A day is at most 25 hours (a daylight-saving change): today's start is no further back than that. */
const LONGEST_DAY_MS = 25 * 3_600_000;

const Figures = Type.Object({
  orders: Type.Integer(),
  paid_fen: Type.Integer(),
  commission_fen: Type.Integer(),
  refunded_fen: Type.Integer(),
});

const WorkplaceApi = Type.Object({
  work: Type.Array(
    Type.Object({
      key: Type.String(),
      count: Type.Integer(),
      yours: Type.Optional(
        Type.Integer({
          description:
            'Of the count, those whose step before was yours: under the four-eyes rule, another does this',
        }),
      ),
    }),
  ),
  figures: Type.Object({ today: Figures, yesterday: Figures, last_week: Figures }),
  events: Type.Array(NamedEvent),
  help: Type.Array(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      notice_time: Type.String({ format: 'date-time' }),
    }),
  ),
});

const Start = (what: string) => Moment(`when ${what} began where the member is (local midnight)`);

const Query = Type.Object(
  { today: Start('today'), yesterday: Start('yesterday'), last_week: Start('the same weekday last week') },
  { additionalProperties: false },
);

/** Each period from its start for as long as today has run; refused when the starts are not days before now. */
function periodsOf(query: Record<Period, string>, now: Date): Record<Period, { from: Date; to: Date }> {
  const starts = PERIODS.map((p) => new Date(query[p]).getTime());
  const [today, yesterday, lastWeek] = starts as [number, number, number];
  const elapsed = now.getTime() - today;
  if (elapsed < 0 || elapsed > LONGEST_DAY_MS || !(yesterday < today) || !(lastWeek < yesterday)) {
    throw new ValidationError(
      'today must be the start of today (at most 25 hours ago), yesterday before it, last_week before yesterday.',
      'today',
      { key: 'workplace.validation.periods' },
    );
  }
  return Object.fromEntries(
    PERIODS.map((p, i) => [p, { from: new Date(starts[i]!), to: new Date(starts[i]! + elapsed) }]),
  ) as Record<Period, { from: Date; to: Date }>;
}

const routes: FastifyPluginAsync = async (app) => {
  const lists = new Map(listTables().map((list) => [list.table, list]));
  /** Each list's source, made once: its statements are kept per source (`compiledOnce`), never for a new one per ask. */
  const sources = new Map(
    registered.flatMap((m) =>
      (m.entities ?? []).flatMap((e) =>
        e.list && e.projection.table ? [[e.projection.table, listSourceOf(e)]] : [],
      ),
    ) as Array<[string, ListSource]>,
  );
  const titles = titleColumns(registered);
  /** Records some staff may not read (a member's certification): never in the shared feed. */
  const scoped = registered.flatMap((m) =>
    (m.entities ?? []).filter((e) => e.readScope).map((e) => e.lifecycle.stream),
  );

  /**
   * The work waiting for a member: each item their role may do, counted from its list's counts; under the four-eyes
   * rule, with how many of those the member did the step before themselves (a few rows: the refunds granted and not
   * yet sent).
   */
  const workWaiting = (role: string, userId: number) => {
    // The setting is read once, and only when there is work it could make someone else's.
    let fourEyes: Promise<boolean> | undefined;
    const underFourEyes = () => (fourEyes ??= refundFourEyes(app.db));
    return Promise.all(
      WORK_ITEMS.filter((item) => mayRole(role, item.action)).map(async (item) => {
        const counts = await modelCounts(app.db, lists.get(item.list)!, item.where);
        const count = counts.all ?? 0;
        if (!('fourEyes' in item) || count === 0) return { key: item.key, count };
        if (!(await underFourEyes())) {
          // The rule is off now, but a grant made under it keeps it: those the member granted then are another's.
          const kept = await grantedUnderFourEyes(
            app.db,
            item.where as { kind: string; state: string },
            userId,
          );
          return kept > 0 ? { key: item.key, count, yours: kept } : { key: item.key, count };
        }
        // The list's own query, filtered by who did the step before: its count is read from that filter's index.
        const list = lists.get(item.list)!;
        const tabColumn = list.spec.tabs?.column ?? '';
        const { [tabColumn]: tab, ...filters } = item.where as Record<string, string>;
        const query = {
          ...filters,
          [item.fourEyes]: String(userId),
          ...(tab ? { tab } : {}),
          page_size: '1',
        };
        const source = sources.get(item.list)!;
        const mine = await listPage(app.db, list.spec, source, readListQuery(list.spec, query, source.scope));
        return { key: item.key, count, yours: mine.total };
      }),
    );
  };

  /** What staff did lately, newest first, each record named by its entity's title column. */
  const latestEvents = async (): Promise<WorkplaceEvent[]> => {
    const db = app.db;
    const rows = await db
      .selectFrom('events')
      .leftJoin('users', 'users.id', 'events.actor_id')
      .select([
        'events.global_position',
        'events.stream_type',
        'events.stream_id',
        'events.type',
        'events.occurred_at',
        'events.actor_id',
        'users.name',
        'users.email',
      ])
      .where(sql<boolean>`events.actor_role in ('admin', 'user')`)
      .$if(scoped.length > 0, (q) => q.where('events.stream_type', 'not in', scoped))
      .orderBy('events.global_position', 'desc')
      .limit(LATEST_EVENTS)
      .execute();
    return namedEvents(db, titles, rows);
  };

  app.get(
    '/api/workplace',
    {
      preValidation: requireRole('admin', 'user'),
      schema: {
        tags: ['Workplace'],
        summary:
          "The signed-in member's workplace: work waiting, today's figures, what staff did lately, help",
        querystring: Query,
        response: { 200: Envelope(WorkplaceApi) },
      },
    },
    async (request) => {
      const { role, id } = currentUser(request);
      const periods = periodsOf(request.query as Record<Period, string>, new Date());
      const db = app.db;

      // The four parts are independent: on PostgreSQL they run side by side on the pool's connections.
      const [work, figures, events, help] = await Promise.all([
        workWaiting(role, id),
        Promise.all(PERIODS.map((p) => figuresBetween(db, periods[p].from, periods[p].to))).then(
          (each) => Object.fromEntries(PERIODS.map((p, i) => [p, each[i]!])) as Record<Period, PeriodFigures>,
        ),
        latestEvents(),
        db
          .selectFrom('notices')
          .select(['id', 'title', 'notice_time'])
          .where('type', '=', 'help')
          .where('audit_state', '=', 'pass')
          .where('is_enabled', '=', true)
          .where('notice_time', '<=', new Date())
          .orderBy('notice_time', 'desc')
          .orderBy('id', 'desc')
          .limit(LATEST_HELP)
          .execute(),
      ]);

      const answer: WorkplaceDto = {
        work,
        figures,
        events,
        help: help.map((h) => ({
          id: h.id,
          title: h.title,
          notice_time: new Date(h.notice_time).toISOString(),
        })),
      };
      return ok(answer);
    },
  );
};

export const workplaceModule: ServerModule = {
  name: 'workplace',
  routes,
  followers: [orderFigures],
  migrations: {
    '2026_11_26_1200_workplace': workplaceMigration,
    '2026_11_27_0300_figure_rollups': rollupsMigration,
  },
};
