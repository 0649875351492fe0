import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp } from '../../server/events/follower';
import { noticesModule } from '../../server/modules/notices/module';
import { APPS_TOKEN, callAs, useAppsToken } from './support/apps';
import { expectReasonText, reasonText } from './support/reasonText';
import { ADMIN, STAFF, createTestApp, type TestApp } from './support/testApp';

// Notices over HTTP: staff write, an admin audits, the apps mark read; every refusal is an envelope with a reason
// key; order notices come from the log follower, once per fact.

useAppsToken();
let app: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  app = await createTestApp();
  admin = await app.login(ADMIN.email, ADMIN.password);
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await app?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(app, token, method, url, payload);

const help = (extra: Record<string, unknown> = {}) => ({
  type: 'help',
  title: 'How to top up',
  content: '<p>Open the wallet and tap <strong>Top up</strong>.</p>',
  audience: 'customers',
  ...extra,
});

async function write(body: Record<string, unknown>) {
  const res = await call(staff, 'POST', '/api/notices', body);
  expect(res.status, res.body.err_msg).toBe(200);
  return res.body.data as { id: number; version: number; audit_state: string };
}

const send = (token: string, id: number, version: number, command: Record<string, unknown>) =>
  call(token, 'POST', `/api/notices/${id}/events`, { ...command, expectedVersion: version });

const follower = noticesModule.followers![0]!;

describe('notices', () => {
  it('the demo seed has staff notices in every audit state, counted by type', async () => {
    const list = await call(staff, 'GET', '/api/notices?page_size=100');
    expect(list.status).toBe(200);
    const states = new Set(list.body.data.items.map((n: { audit_state: string }) => n.audit_state));
    expect(states).toEqual(new Set(['waiting_audit', 'pass', 'reject']));
    const { counts } = list.body.data;
    expect(counts.system + counts.help + counts.new_order + counts.renew_order).toBe(counts.all);
    expect(counts.system).toBeGreaterThan(0);
    expect(counts.help).toBeGreaterThan(0);
  });

  it('a staff notice waits for audit; staff may not approve it; an admin does, once', async () => {
    const notice = await write(help());
    expect(notice.audit_state).toBe('waiting_audit');
    const byStaff = await send(staff, notice.id, notice.version, { type: 'notice.approve' });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.data.reason_key).toBe('policy.adminOnly');
    const approved = await send(admin, notice.id, notice.version, { type: 'notice.approve' });
    expect(approved.status, approved.body.err_msg).toBe(200);
    expect(approved.body.data.notice).toMatchObject({ audit_state: 'pass', version: 2 });
    const stale = await send(admin, notice.id, notice.version, { type: 'notice.approve' });
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const again = await send(admin, notice.id, 2, { type: 'notice.approve' });
    expect(again.status).toBe(409);
    expect(again.body.data.reason_key).toBe('notice.reason.notWaiting');
  });

  it('a rejection needs a reason; editing a rejected notice sends it back to audit; a passed one is not edited', async () => {
    const notice = await write(help());
    const noReason = await send(admin, notice.id, 1, { type: 'notice.reject', reason: '   ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data).toMatchObject({ reason_key: 'notice.reason.reasonRequired', field: 'reason' });
    const rejected = await send(admin, notice.id, 1, { type: 'notice.reject', reason: ' Too vague ' });
    expect(rejected.body.data.notice).toMatchObject({
      audit_state: 'reject',
      audit_failed_reason: 'Too vague',
    });
    const edited = await call(staff, 'PUT', `/api/notices/${notice.id}`, {
      title: 'How to top up your wallet',
      expectedVersion: 2,
    });
    expect(edited.status, edited.body.err_msg).toBe(200);
    expect(edited.body.data.notice).toMatchObject({
      audit_state: 'waiting_audit',
      title: 'How to top up your wallet',
      version: 3,
    });
    const history = await call(staff, 'GET', `/api/notices/${notice.id}/events`);
    const edit = history.body.data.find((e: { type: string }) => e.type === 'NoticeEdited');
    expect(edit.data).toEqual({
      changes: { title: 'How to top up your wallet' },
      previous: { title: 'How to top up' },
    });
    const approved = await send(admin, notice.id, 3, { type: 'notice.approve' });
    expect(approved.body.data.notice.audit_failed_reason).toBeNull();
    const passedEdit = await call(staff, 'PUT', `/api/notices/${notice.id}`, {
      title: 'x',
      expectedVersion: 4,
    });
    expect(passedEdit.status).toBe(409);
    expect(passedEdit.body.data.reason_key).toBe('notice.reason.passedNoEdit');
  });

  it('bad input answers 400 with the field and a reason key, and stores nothing', async () => {
    const before = (await call(staff, 'GET', '/api/notices?page_size=1')).body.data.total;
    const cases: Array<[Record<string, unknown>, string]> = [
      [help({ title: '' }), 'title'],
      [help({ title: 'x'.repeat(101) }), 'title'],
      [help({ type: 'new_order' }), 'type'],
      [help({ audience: 'supplier' }), 'recipient_id'],
      [help({ audience: 'supplier', recipient_id: 99_999 }), 'recipient_id'],
      [help({ audience: 'customers', recipient_id: 1 }), 'recipient_id'],
      [help({ content: '<script>alert(1)</script>' }), 'content'],
      [help({ notice_time: 'tomorrow' }), 'notice_time'],
      [help({ notice_time: '0001-01-01T00:00:00Z' }), 'notice_time'],
      [help({ notice_time: '9999-12-31T23:59:00Z' }), 'notice_time'],
      [{ ...help(), extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await call(staff, 'POST', '/api/notices', body);
      expect(res.status, `${field}: ${res.body.err_msg}`).toBe(400);
      expect(res.body.data.reason_key, field).toMatch(/^(errors\.validation|notice\.validation)\./);
      expect(JSON.stringify(res.body.data), field).toContain(field);
      // Said in both languages, every nested text found (a broadcast's recipient once named no reader).
      expectReasonText(res.body.data, field);
    }
    const orderNotice = await call(staff, 'POST', '/api/notices', help({ type: 'new_order' }));
    expect(orderNotice.body.err_msg).toBe(
      'type must be system or help (order notices are written by the system), not "new_order".',
    );
    // A time out of the years any plan falls in says which years, in either language.
    const farOut = await call(staff, 'POST', '/api/notices', help({ notice_time: '0001-01-01T00:00:00Z' }));
    expect(farOut.body.data).toMatchObject({
      reason_key: 'errors.validation.moment',
      values: { from: 2000, to: 2099 },
    });
    expect(reasonText(farOut.body.data, 'zh-CN')).toContain('2000 年至 2099 年');
    expect((await call(staff, 'GET', '/api/notices?page_size=1')).body.data.total).toBe(before);
  });

  it('stores rich text sanitised', async () => {
    const notice = await write(
      help({
        content: '<p onclick="steal()">Hi<script>alert(1)</script><a href="javascript:x">link</a></p>',
      }),
    );
    const got = await call(staff, 'GET', `/api/notices/${notice.id}`);
    expect(got.body.data.content).not.toMatch(/script|onclick|javascript/i);
    expect(got.body.data.content).toContain('Hi');
  });

  it('the apps mark a notice read: once per reader, only readers in its audience, only when published', async () => {
    const suppliers = (await call(staff, 'GET', '/api/suppliers?page_size=3')).body.data.items;
    const customers = (await call(staff, 'GET', '/api/customers?page_size=1')).body.data.items;
    const [a, b] = suppliers as Array<{ id: number }>;
    const broadcast = await write(help({ audience: 'suppliers' }));
    const early = await send(APPS_TOKEN, broadcast.id, 1, {
      type: 'notice.markRead',
      reader: { kind: 'supplier', id: a!.id },
    });
    expect(early.status).toBe(409);
    expect(early.body.data.reason_key).toBe('notice.reason.notPublished');
    await send(admin, broadcast.id, 1, { type: 'notice.approve' });
    const read = (version: number, reader: object) =>
      send(APPS_TOKEN, broadcast.id, version, { type: 'notice.markRead', reader });
    expect((await read(2, { kind: 'supplier', id: a!.id })).status).toBe(200);
    const twice = await read(3, { kind: 'supplier', id: a!.id });
    expect(twice.status).toBe(409);
    expect(twice.body.data.reason_key).toBe('notice.reason.alreadyRead');
    const second = await read(3, { kind: 'supplier', id: b!.id });
    expect(second.body.data.notice).toMatchObject({ read_count: 2, is_read: true });
    // Read by 2 of every supplier: the list and the detail say how many it is for.
    const supplierTotal = (await call(staff, 'GET', '/api/suppliers?page_size=1')).body.data.total;
    const customerTotal = (await call(staff, 'GET', '/api/customers?page_size=1')).body.data.total;
    expect((await call(staff, 'GET', `/api/notices/${broadcast.id}`)).body.data.audience_size).toBe(
      supplierTotal,
    );
    const listed = (await call(staff, 'GET', '/api/notices?page_size=100&sort=created_at')).body.data.items;
    const sizes = new Map(listed.map((n: { id: number; audience_size: number }) => [n.id, n.audience_size]));
    expect(sizes.get(broadcast.id)).toBe(supplierTotal);
    const everyone = listed.find((n: { audience: string }) => n.audience === 'everyone');
    expect(everyone.audience_size).toBe(supplierTotal + customerTotal);
    const customer = await read(4, { kind: 'customer', id: customers[0].id });
    expect(customer.body.data.reason_key).toBe('notice.reason.notInAudience');
    const nobody = await read(4, { kind: 'supplier', id: 99_999 });
    expect(nobody.status).toBe(400);
    expect(nobody.body.data.reason_key).toBe('notice.validation.no_supplier');
    const byStaff = await send(staff, broadcast.id, 4, {
      type: 'notice.markRead',
      reader: { kind: 'supplier', id: a!.id },
    });
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.data.reason_key).toBe('policy.appsOnly');

    const single = await write(help({ audience: 'supplier', recipient_id: b!.id, type: 'system' }));
    expect(single).toMatchObject({ audit_state: 'waiting_audit' });
    const got = await call(staff, 'GET', `/api/notices/${single.id}`);
    expect(got.body.data).toMatchObject({
      to_user_id: b!.id,
      audience: 'supplier',
      is_read: false,
      audience_size: 1,
    });
    expect(got.body.data.to_user_name).toBeTruthy();
    await send(admin, single.id, 1, { type: 'notice.approve' });
    const other = await send(APPS_TOKEN, single.id, 2, {
      type: 'notice.markRead',
      reader: { kind: 'supplier', id: a!.id },
    });
    expect(other.body.data.reason_key).toBe('notice.reason.notInAudience');
    const own = await send(APPS_TOKEN, single.id, 2, {
      type: 'notice.markRead',
      reader: { kind: 'supplier', id: b!.id },
    });
    expect(own.body.data.notice).toMatchObject({ is_read: true, read_count: 1 });
  });

  it("filters by writer: a staff member's own notices (what their bell counts)", async () => {
    const mine = await write(help({ title: 'Written by the staff member' }));
    const adminsOwn = await call(admin, 'POST', '/api/notices', help({ title: 'Written by the admin' }));
    const me = (await call(staff, 'POST', '/api/user/info')).body.data.id as number;
    const theirs = (await call(admin, 'POST', '/api/user/info')).body.data.id as number;
    expect(me).not.toBe(theirs);
    const ids = async (writer: number) =>
      (
        (await call(staff, 'GET', `/api/notices?from_user_id=${writer}&page_size=100`)).body.data.items as {
          id: number;
          from_user_id: number;
        }[]
      ).map((n) => {
        expect(n.from_user_id).toBe(writer);
        return n.id;
      });
    expect(await ids(me)).toContain(mine.id);
    expect(await ids(me)).not.toContain(adminsOwn.body.data.id);
    expect(await ids(theirs)).toContain(adminsOwn.body.data.id);
    const bad = await call(staff, 'GET', '/api/notices?from_user_id=me');
    expect(bad.status).toBe(400);
    expect(bad.body.data.field).toBe('from_user_id');
  });

  it('filters by audit state and searches titles; exports the filtered list as CSV', async () => {
    const waiting = await call(staff, 'GET', '/api/notices?audit_state=waiting_audit&page_size=100');
    expect(waiting.body.data.items.length).toBeGreaterThan(0);
    for (const n of waiting.body.data.items) expect(n.audit_state).toBe('waiting_audit');
    const found = await call(staff, 'GET', '/api/notices?q=maintenance');
    expect(found.body.data.items.map((n: { title: string }) => n.title)).toContain(
      'Platform maintenance on Saturday night',
    );
    const ticket = await call(staff, 'POST', '/api/download-tickets', { path: '/api/notices/export.csv' });
    const csv = await app.app.inject({
      method: 'GET',
      url: `/api/notices/export.csv?audit_state=reject&ticket=${ticket.body.data.ticket}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('audit_state');
    expect(lines.length - 1).toBe(
      (await call(staff, 'GET', '/api/notices?audit_state=reject')).body.data.total,
    );
    // A ticket is good for one download: used again, it says so (not that the person was logged out).
    const again = await app.app.inject({
      method: 'GET',
      url: `/api/notices/export.csv?audit_state=reject&ticket=${ticket.body.data.ticket}`,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      err_code: 50008,
      err_msg: 'This download link has expired or was used already. Start the export again.',
      data: { reason_key: 'errors.downloadExpired' },
    });
  });
});

describe('order notices (the log follower)', () => {
  it('writes a new-order notice to the supplier an order is assigned to, once, across restarts', async () => {
    await catchUp(app.db, follower);
    const before = (await call(staff, 'GET', '/api/notices?tab=new_order&page_size=1')).body.data.total;
    const assigned = await app.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('type', '=', 'OrderAssigned')
      .executeTakeFirstOrThrow();
    // The demo month's assignments, every one told to its supplier.
    expect(before).toBe(Number(assigned.n));
    expect(await catchUp(app.db, follower)).toBe(0);

    const orders = await call(staff, 'GET', '/api/orders?tab=awaiting_assignment&payment=paid&page_size=100');
    let order: { id: number; version: number; order_no: string } | undefined;
    let supplier: { id: number } | undefined;
    for (const candidate of orders.body.data.items) {
      const suppliers = await call(staff, 'GET', `/api/orders/${candidate.id}/candidates`);
      if (suppliers.body.data.length) [order, supplier] = [candidate, suppliers.body.data[0]];
      if (order) break;
    }
    if (!order || !supplier)
      throw new Error('the demo data has a paid order awaiting assignment with a candidate');
    const assign = await call(staff, 'POST', `/api/orders/${order.id}/events`, {
      type: 'order.assign',
      supplierId: supplier.id,
      expectedVersion: order.version,
    });
    expect(assign.status, assign.body.err_msg).toBe(200);
    expect(await catchUp(app.db, follower)).toBe(1);
    expect(await catchUp(app.db, follower)).toBe(0);
    const notices = await call(
      staff,
      'GET',
      `/api/notices?tab=new_order&to_user_id=${supplier.id}&page_size=100`,
    );
    const mine = notices.body.data.items.filter(
      (n: { ref: { id: number } | null }) => n.ref?.id === order.id,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'new_order',
      audience: 'supplier',
      audit_state: 'pass',
      from_user_id: null,
      ref: { kind: 'order', orderNo: order.order_no },
    });
  });
});
