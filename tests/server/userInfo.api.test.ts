import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyReason } from '../../src/contract/policy';
import type { ActivityPage, TeamDto, TouchedRecordsPage } from '../../src/contract/userInfo';
import type { WorkplaceEvent } from '../../src/contract/workplace';
import { APPS_TOKEN, callAs, useAppsToken, type Answer } from './support/apps';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// The user-info page's reads on the demo month: each member sees exactly their own events, newest first, paged
// without a gap or a repeat; the counts are what the log holds; each record touched shows once, by the latest
// event of mine on it; the team is every member, with nothing secret.

useAppsToken();
let app: TestApp;
let adminToken: string;
let staffToken: string;
let adminId: number;
let staffId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  adminToken = await app.login(ADMIN.email, ADMIN.password);
  staffToken = await app.login(STAFF.email, STAFF.password);
  const users = await app.db.selectFrom('users').select(['id', 'email']).execute();
  adminId = users.find((u) => u.email === ADMIN.email)!.id;
  staffId = users.find((u) => u.email === STAFF.email)!.id;
});
afterAll(async () => app?.close());

const get = (token: string, url: string): Promise<Answer> => callAs(app, token, 'GET', url);

async function data<T>(token: string, url: string): Promise<T> {
  const res = await get(token, url);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as T;
}

/** Every page of `path`, `limit` at a time, following next_cursor to the end. */
async function allPages<T extends { items: WorkplaceEvent[]; next_cursor: string | null }>(
  token: string,
  path: string,
  limit: number,
): Promise<{ pages: T[]; items: WorkplaceEvent[] }> {
  const pages: T[] = [];
  let cursor: string | null = null;
  do {
    const page: T = await data<T>(token, `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor !== null && pages.length < 1000);
  return { pages, items: pages.flatMap((p) => p.items) };
}

/** A member's events as the log holds them, newest first (time, then position). */
async function logOf(actorId: number) {
  const { rows } = await sql<{
    global_position: string;
    stream_type: string;
    stream_id: string;
    version: number;
    occurred_at: Date;
  }>`
    select global_position, stream_type, stream_id, version, occurred_at from events
    where actor_id = ${actorId} order by occurred_at desc, global_position desc`.execute(app.db);
  return rows;
}

const newestFirst = (items: WorkplaceEvent[]) =>
  items.every(
    (e, i) =>
      i === 0 ||
      items[i - 1]!.occurred_at > e.occurred_at ||
      (items[i - 1]!.occurred_at === e.occurred_at && items[i - 1]!.position > e.position),
  );

async function approveAWaitingSupplier(token: string) {
  const waiting = await app.db
    .selectFrom('suppliers')
    .select(['id', 'version', 'name'])
    .where('audit_state', '=', 'waiting_audit')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const res = await callAs(app, token, 'POST', `/api/suppliers/${waiting.id}/events`, {
    type: 'supplier.approve',
    expectedVersion: waiting.version,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waiting;
}

describe('my activity', () => {
  it('is exactly my own events, newest first, for each of two members', async () => {
    const supplier = await approveAWaitingSupplier(staffToken);
    for (const [token, id, email] of [
      [staffToken, staffId, STAFF.email],
      [adminToken, adminId, ADMIN.email],
    ] as const) {
      const { items } = await allPages<ActivityPage>(token, '/api/user/activity', 100);
      const log = await logOf(id);
      expect(log.length, email).toBeGreaterThan(0);
      expect(items.map((e) => e.position)).toEqual(log.map((r) => Number(r.global_position)));
      expect(items.every((e) => e.actor.id === id && e.actor.email === email)).toBe(true);
      expect(newestFirst(items)).toBe(true);
    }
    const [mine] = (await data<ActivityPage>(staffToken, '/api/user/activity')).items;
    expect(mine).toMatchObject({
      stream_type: 'supplier',
      stream_id: String(supplier.id),
      type: 'SupplierApproved',
      title: supplier.name,
    });
    const admins = await data<ActivityPage>(adminToken, '/api/user/activity');
    expect(
      admins.items.some((e) => e.type === 'SupplierApproved' && e.stream_id === String(supplier.id)),
    ).toBe(false);
  });

  it('comes a page at a time, with no gap or repeat, the counts on the first page only', async () => {
    const first = await data<ActivityPage>(staffToken, '/api/user/activity');
    expect(first.items).toHaveLength(20);
    expect(first.next_cursor).toBe(String(first.items[19]!.position));
    const { pages, items } = await allPages<ActivityPage>(staffToken, '/api/user/activity', 7);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every((p) => p.items.length === 7)).toBe(true);
    expect(pages.at(-1)!.next_cursor).toBeNull();
    expect(new Set(items.map((e) => e.position)).size).toBe(items.length);
    expect(items.map((e) => e.position)).toEqual(
      (await logOf(staffId)).map((r) => Number(r.global_position)),
    );
    expect(pages[0]!.counts).not.toBeNull();
    expect(pages.slice(1).every((p) => p.counts === null)).toBe(true);
  });

  it('counts my actions over the last 7 and 30 days as the log holds them, and counts a new one', async () => {
    const now = Date.now();
    const count = async (id: number, days: number) =>
      (await logOf(id)).filter((r) => new Date(r.occurred_at).getTime() > now - days * DAY).length;
    for (const [token, id] of [
      [staffToken, staffId],
      [adminToken, adminId],
    ] as const) {
      const { counts } = await data<ActivityPage>(token, '/api/user/activity');
      expect(counts).toEqual({ last_7_days: await count(id, 7), last_30_days: await count(id, 30) });
    }
    const before = (await data<ActivityPage>(adminToken, '/api/user/activity')).counts!;
    expect(before.last_30_days).toBeGreaterThan(before.last_7_days);
    await approveAWaitingSupplier(adminToken);
    const after = (await data<ActivityPage>(adminToken, '/api/user/activity')).counts!;
    expect(after).toEqual({ last_7_days: before.last_7_days + 1, last_30_days: before.last_30_days + 1 });
    const staffs = (await data<ActivityPage>(staffToken, '/api/user/activity')).counts!;
    expect(staffs.last_7_days).toBe(await count(staffId, 7));
  });
});

describe('the records I touched', () => {
  it('are each record I acted on once, by my latest event on it, newest first, paged', async () => {
    const { pages, items } = await allPages<TouchedRecordsPage>(staffToken, '/api/user/records', 9);
    expect(pages.length).toBeGreaterThan(1);
    const log = await logOf(staffId);
    const latest = new Map<string, number>();
    for (const r of log) {
      const key = `${r.stream_type}:${r.stream_id}`;
      if (!latest.has(key)) latest.set(key, Number(r.global_position));
    }
    const keys = items.map((e) => `${e.stream_type}:${e.stream_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(latest.size);
    expect(items.map((e) => e.position)).toEqual([...latest.values()]);
    expect(newestFirst(items)).toBe(true);
    expect(items.every((e) => e.actor.id === staffId)).toBe(true);
    expect(items.some((e) => e.title !== null)).toBe(true);
  });

  it('put a record I act on again first, and only once', async () => {
    const a = await approveAWaitingSupplier(adminToken);
    const b = await approveAWaitingSupplier(adminToken);
    const isSupplier = (id: number) => (e: WorkplaceEvent) =>
      e.stream_type === 'supplier' && e.stream_id === String(id);
    const before = await data<TouchedRecordsPage>(adminToken, '/api/user/records?limit=100');
    expect(before.items.findIndex(isSupplier(b.id))).toBe(0);
    expect(before.items.findIndex(isSupplier(a.id))).toBe(1);
    const show = await callAs(app, adminToken, 'POST', `/api/suppliers/${a.id}/events`, {
      type: 'supplier.show',
      expectedVersion: a.version + 1,
    });
    expect(show.status, JSON.stringify(show.body)).toBe(200);
    const after = await data<TouchedRecordsPage>(adminToken, '/api/user/records?limit=100');
    expect(after.items[0]).toMatchObject({ stream_id: String(a.id), type: 'SupplierShown', title: a.name });
    expect(after.items.filter(isSupplier(a.id))).toHaveLength(1);
    expect(after.items[1]).toEqual(before.items[0]);
    expect(after.items.slice(2, 99)).toEqual(before.items.slice(2, 99));
  });
});

describe('the team', () => {
  it('is every member, with when they last acted, and nothing secret', async () => {
    const { items } = await data<TeamDto>(staffToken, '/api/user/team');
    const users = await app.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role'])
      .orderBy('id')
      .execute();
    expect(items.map((m) => ({ id: m.id, email: m.email, name: m.name, role: m.role }))).toEqual(users);
    expect(items.map((m) => m.email)).toEqual(expect.arrayContaining([ADMIN.email, STAFF.email]));
    for (const member of items) {
      expect(Object.keys(member).sort()).toEqual(['avatar', 'email', 'id', 'last_acted_at', 'name', 'role']);
      const [last] = await logOf(member.id);
      expect(member.last_acted_at).toBe(last ? new Date(last.occurred_at).toISOString() : null);
    }
    const raw = JSON.stringify(items);
    expect(raw).not.toMatch(/password|hash|token|session|\$argon|\$2[aby]\$/i);
  });
});

describe('who may ask, and what', () => {
  it('is staff: the marketplace apps are refused, a guest must sign in', async () => {
    for (const path of ['/api/user/activity', '/api/user/records', '/api/user/team']) {
      const apps = await get(APPS_TOKEN, path);
      expect(apps.status, path).toBe(403);
      expect(apps.body.data).toMatchObject({ reason_key: policyReason('userInfo.read') });
      const nobody = await app.app.inject({ method: 'GET', url: path });
      expect(nobody.statusCode, path).toBe(401);
    }
  });

  it('refuses a bad page with 400 and a reason, never a 5xx', async () => {
    const bad = [
      ['/api/user/activity?limit=0', 'limit'],
      ['/api/user/activity?limit=101', 'limit'],
      ['/api/user/records?limit=ten', 'limit'],
      ['/api/user/activity?cursor=abc', 'cursor'],
      ['/api/user/records?cursor=-5', 'cursor'],
      ['/api/user/activity?cursor=99999999999999999', 'cursor'],
      ['/api/user/activity?page=2', 'page'],
      ['/api/user/team?limit=5', 'limit'],
    ] as const;
    for (const [url, field] of bad) {
      const res = await get(adminToken, url);
      expect(res.status, url).toBe(400);
      expect(res.body.data.field, url).toBe(field);
      expect(res.body.data.reason_key, url).toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    }
    // A limit out of its bounds names them, for the console to say in either language.
    const over = await get(adminToken, '/api/user/activity?limit=101');
    expect(over.body.data).toMatchObject({
      reason_key: 'errors.validation.range',
      values: { min: 1, max: 100 },
    });
    const unknown = await get(adminToken, '/api/user/activity?cursor=99999999999999999');
    expect(unknown.body.data.reason_key).toBe('user.activity.cursor');
  });
});
