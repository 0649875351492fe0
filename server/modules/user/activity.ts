import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import { mayRole, policyReason } from '../../../src/contract/policy';
import {
  USER_PAGE_MAX,
  USER_PAGE_SIZE,
  type ActivityCounts,
  type ActivityPage,
  type TeamDto,
  type TouchedRecordsPage,
} from '../../../src/contract/userInfo';
import { currentUser, requireAuth } from '../../auth/guard';
import { Forbidden, ValidationError } from '../../errors';
import { ok } from '../../http/envelope';
import { Envelope, refusedWith, withinBounds } from '../../kit/schemas';
import { REASON } from '../../../src/contract/errors';

import { modules as registered } from '../index';
import { NamedEvent, namedEvents, titleColumns, type EventRow } from '../workplace/namedEvents';

/**
 * The user-info page's reads (/user/info): my own events newest first, the records I touched (each once, by my
 * latest event on it), and the staff list with when each member last acted. Every read of the log goes through
 * one member's entries of `events_actor_time_idx` (migration 2026_11_27_0100_events_actor), never the whole log.
 * Newest first is by time, then by position (a fact's time is its transaction's start).
 */

const ACTION = 'userInfo.read';

/** Staff only, as the policy table says (the marketplace apps have no activity page). */
async function mayReadUserInfo(request: FastifyRequest): Promise<void> {
  await requireAuth(request);
  const { role } = currentUser(request);
  if (!mayRole(role, ACTION)) {
    throw new Forbidden(
      `Only staff may read members' activity; you are signed in as ${role}.`,
      policyReason(ACTION),
    );
  }
}

const PageQuery = Type.Object(
  {
    cursor: Type.Optional(
      Type.String({
        pattern: '^[1-9][0-9]{0,17}$',
        ...refusedWith('the next_cursor of the page before (a position in the log)', REASON.cursor),
      }),
    ),
    limit: Type.Optional(
      Type.String({
        pattern: `^(?:[1-9]|[1-9][0-9]|${USER_PAGE_MAX})$`,
        ...withinBounds(1, USER_PAGE_MAX, `default ${USER_PAGE_SIZE}`),
      }),
    ),
  },
  { additionalProperties: false },
);
type PageQuery = { cursor?: string; limit?: string };

const Counts = Type.Object({ last_7_days: Type.Integer(), last_30_days: Type.Integer() });
const Cursor = Type.Union([Type.String(), Type.Null()]);
const ActivityApi = Type.Object({
  items: Type.Array(NamedEvent),
  next_cursor: Cursor,
  counts: Type.Union([Counts, Type.Null()]),
});
const RecordsApi = Type.Object({ items: Type.Array(NamedEvent), next_cursor: Cursor });
const TeamApi = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      email: Type.String(),
      role: Type.Union([Type.Literal('admin'), Type.Literal('user')]),
      avatar: Type.String(),
      last_acted_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
});

const routes: FastifyPluginAsync = async (app) => {
  const titles = titleColumns(registered);

  /** The page's size and where it starts: refused when the cursor is no position in the log. */
  const pageOf = async (query: PageQuery) => {
    const limit = query.limit ? Number(query.limit) : USER_PAGE_SIZE;
    if (query.cursor === undefined) return { limit, after: null };
    const found = await app.db
      .selectFrom('events')
      .select('global_position')
      .where(sql<boolean>`global_position = ${query.cursor}::bigint`)
      .executeTakeFirst();
    if (!found) {
      throw new ValidationError(
        'cursor is not a position in the log: use a next_cursor answered before.',
        'cursor',
        {
          key: 'user.activity.cursor',
        },
      );
    }
    return { limit, after: query.cursor };
  };

  /**
   * My events, newest first, from after the cursor's event; `latestOnRecord` keeps only my latest event on each
   * record (no later event of mine on the same stream: the stream's own unique index answers that).
   */
  const myEvents = async (
    me: number,
    page: { limit: number; after: string | null },
    latestOnRecord: boolean,
  ) => {
    const conditions: RawBuilder<unknown>[] = [sql`e.actor_id = ${me}`];
    if (page.after !== null) {
      // The cursor's time as a scalar subquery (an init plan): its value bounds the index scan. Joined instead, it
      // would only filter the member's entries, walking all of them for a page deep in the log.
      conditions.push(sql`(e.occurred_at, e.global_position) <
        ((select c.occurred_at from events c where c.global_position = ${page.after}::bigint), ${page.after}::bigint)`);
    }
    if (latestOnRecord) {
      conditions.push(sql`not exists (
        select 1 from events l
        where l.stream_type = e.stream_type and l.stream_id = e.stream_id and l.version > e.version
          and l.actor_id = ${me})`);
    }
    const { rows } = await sql<EventRow>`
      select e.global_position, e.stream_type, e.stream_id, e.type, e.occurred_at, e.actor_id, u.name, u.email
      from events e
      left join users u on u.id = e.actor_id
      where ${sql.join(conditions, sql` and `)}
      order by e.occurred_at desc, e.global_position desc
      limit ${page.limit + 1}`.execute(app.db);
    const more = rows.length > page.limit;
    const shown = more ? rows.slice(0, page.limit) : rows;
    return {
      items: await namedEvents(app.db, titles, shown),
      next_cursor: more ? String(shown[shown.length - 1]!.global_position) : null,
    };
  };

  const countsOf = async (me: number): Promise<ActivityCounts> => {
    const { rows } = await sql<ActivityCounts>`
      select count(*) filter (where occurred_at > now() - interval '7 days')::int as last_7_days,
             count(*)::int as last_30_days
      from events
      where actor_id = ${me} and occurred_at > now() - interval '30 days'`.execute(app.db);
    return rows[0]!;
  };

  app.get(
    '/api/user/activity',
    {
      preHandler: mayReadUserInfo,
      schema: {
        tags: ['User'],
        summary:
          'My own events, newest first, a page at a time; on the first page, my actions over 7 and 30 days',
        querystring: PageQuery,
        response: { 200: Envelope(ActivityApi) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const query = request.query as PageQuery;
      const page = await pageOf(query);
      const [events, counts] = await Promise.all([
        myEvents(me, page, false),
        page.after === null ? countsOf(me) : null,
      ]);
      const answer: ActivityPage = { ...events, counts };
      return ok(answer);
    },
  );

  app.get(
    '/api/user/records',
    {
      preHandler: mayReadUserInfo,
      schema: {
        tags: ['User'],
        summary: 'The records I acted on, each once with what I did last, newest first, a page at a time',
        querystring: PageQuery,
        response: { 200: Envelope(RecordsApi) },
      },
    },
    async (request) => {
      const me = currentUser(request).id;
      const page = await pageOf(request.query as PageQuery);
      const answer: TouchedRecordsPage = await myEvents(me, page, true);
      return ok(answer);
    },
  );

  app.get(
    '/api/user/team',
    {
      preHandler: mayReadUserInfo,
      schema: {
        tags: ['User'],
        summary: 'The staff: each member’s name, email, role and when they last acted (nothing secret)',
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { 200: Envelope(TeamApi) },
      },
    },
    async () => {
      const { rows } = await sql<{
        id: number;
        name: string;
        email: string;
        role: 'admin' | 'user';
        avatar: string;
        last_acted_at: Date | string | null;
      }>`
        select u.id, u.name, u.email, u.role, u.avatar,
               (select max(e.occurred_at) from events e where e.actor_id = u.id) as last_acted_at
        from users u
        order by u.id`.execute(app.db);
      const answer: TeamDto = {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          email: r.email,
          role: r.role,
          avatar: r.avatar,
          last_acted_at: r.last_acted_at === null ? null : new Date(r.last_acted_at).toISOString(),
        })),
      };
      return ok(answer);
    },
  );
};

export default routes;
