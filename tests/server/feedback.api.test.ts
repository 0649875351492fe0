import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildEntity } from '../../server/kit/rebuild';
import { feedbackEntity } from '../../server/modules/feedback/module';
import { APPS_TOKEN, callAs, useAppsToken } from './support/apps';
import { STAFF, createTestApp, type TestApp } from './support/testApp';

// Feedback over HTTP: the apps send it and write again, staff reply and resolve; the conversation is the history;
// bad input is an envelope with a reason key; a rebuild from the log gives the same rows.

useAppsToken();
let app: TestApp;
let staff: string;

beforeAll(async () => {
  app = await createTestApp();
  staff = await app.login(STAFF.email, STAFF.password);
});
afterAll(async () => {
  await app?.close();
});

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  callAs(app, token, method, url, payload);

async function parties() {
  const customer = (await call(staff, 'GET', '/api/customers?page_size=1')).body.data.items[0];
  const orders = (await call(staff, 'GET', '/api/orders?tab=completed&page_size=1')).body.data.items;
  return { customer, order: orders[0] };
}

const send = (id: number, version: number, command: Record<string, unknown>, token = staff) =>
  call(token, 'POST', `/api/feedback/${id}/events`, { ...command, expectedVersion: version });

describe('feedback', () => {
  it('the demo seed has feedback in every state, counted by state', async () => {
    const list = await call(staff, 'GET', '/api/feedback?page_size=100');
    expect(list.status).toBe(200);
    const { counts, items } = list.body.data;
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.replied).toBeGreaterThan(0);
    expect(counts.resolved).toBeGreaterThan(0);
    expect(counts.pending + counts.replied + counts.resolved).toBe(counts.all);
    expect(items.length).toBe(counts.all);
  });

  it('a customer sends feedback about an order; the supplier comes with the order; staff may not send it', async () => {
    const { customer, order } = await parties();
    const body = {
      kind: 'complaint',
      content: '  The floor was left wet.  ',
      images: ['/uploads/photo-1.jpg'],
      contact: '13800000000',
      from: { kind: 'customer', id: customer.id },
      order_id: order.id,
    };
    const byStaff = await call(staff, 'POST', '/api/feedback', body);
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.data.reason_key).toBe('policy.appsOnly');
    const sent = await call(APPS_TOKEN, 'POST', '/api/feedback', body);
    expect(sent.status, sent.body.err_msg).toBe(200);
    expect(sent.body.data).toMatchObject({
      state: 'pending',
      content: 'The floor was left wet.',
      from_kind: 'customer',
      from_name: customer.name,
      order: { id: order.id, orderNo: order.order_no },
      supplier: { id: order.supplier_id, name: order.supplier_name },
      message_count: 1,
      images: ['/uploads/photo-1.jpg'],
    });
  });

  it('staff reply, the sender writes again, staff resolve with a note, the sender reopens it', async () => {
    const { customer } = await parties();
    const sent = await call(APPS_TOKEN, 'POST', '/api/feedback', {
      kind: 'suggestion',
      content: 'Add evening slots.',
      from: { kind: 'customer', id: customer.id },
    });
    const id = sent.body.data.id;
    const blank = await send(id, 1, { type: 'feedback.reply', message: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.data).toMatchObject({
      reason_key: 'feedback.reason.messageRequired',
      field: 'message',
    });
    const replied = await send(id, 1, { type: 'feedback.reply', message: ' We will look into it. ' });
    expect(replied.body.data.feedback).toMatchObject({ state: 'replied', message_count: 2, version: 2 });
    const again = await send(id, 2, { type: 'feedback.addMessage', message: 'Any news?' }, APPS_TOKEN);
    expect(again.body.data.feedback).toMatchObject({ state: 'pending', message_count: 3 });
    const tooLong = await send(id, 3, { type: 'feedback.resolve', note: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data).toMatchObject({ reason_key: 'feedback.reason.noteTooLong', field: 'note' });
    const resolved = await send(id, 3, { type: 'feedback.resolve', note: 'Evening slots from March.' });
    expect(resolved.body.data.feedback).toMatchObject({
      state: 'resolved',
      resolution_note: 'Evening slots from March.',
    });
    const late = await send(id, 4, { type: 'feedback.reply', message: 'One more thing' });
    expect(late.body.data.reason_key).toBe('feedback.reason.resolved');
    const stale = await send(id, 3, { type: 'feedback.addMessage', message: 'Thanks!' }, APPS_TOKEN);
    expect(stale.status).toBe(409);
    expect(stale.body.err_code).toBe(40901);
    const reopened = await send(
      id,
      4,
      { type: 'feedback.addMessage', message: 'Still no slots.' },
      APPS_TOKEN,
    );
    expect(reopened.body.data.feedback).toMatchObject({
      state: 'pending',
      resolution_note: null,
      message_count: 4,
    });
    // The conversation, as the apps read it: every message in order, with who wrote it.
    const history = await call(APPS_TOKEN, 'GET', `/api/feedback/${id}/events`);
    expect(history.status).toBe(200);
    const conversation = [...history.body.data]
      .reverse()
      .map((e: { type: string; data: { message?: string; content?: string }; actor: { role: string } }) => [
        e.type,
        e.actor.role,
        e.data.message ?? e.data.content ?? null,
      ]);
    expect(conversation).toEqual([
      ['FeedbackSubmitted', 'system', 'Add evening slots.'],
      ['FeedbackReplied', 'user', 'We will look into it.'],
      ['FeedbackMessageAdded', 'system', 'Any news?'],
      ['FeedbackResolved', 'user', null],
      ['FeedbackMessageAdded', 'system', 'Still no slots.'],
    ]);
  });

  it('bad input answers 400 with the field and a reason key, and stores nothing', async () => {
    const { customer } = await parties();
    const before = (await call(staff, 'GET', '/api/feedback?page_size=1')).body.data.total;
    const valid = { kind: 'bug', content: 'Crash', from: { kind: 'customer', id: customer.id } };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, kind: 'rant' }, 'kind'],
      [{ ...valid, content: '  ' }, 'content'],
      [{ ...valid, content: 'x'.repeat(2001) }, 'content'],
      [{ ...valid, images: Array(10).fill('/uploads/a.jpg') }, 'images'],
      [{ ...valid, images: ['javascript:alert(1)'] }, 'images'],
      [{ ...valid, from: { kind: 'customer', id: 99_999 } }, 'from'],
      [{ ...valid, from: { kind: 'staff', id: 1 } }, 'from'],
      [{ ...valid, order_id: 99_999 }, 'order_id'],
      [{ ...valid, supplier_id: 99_999 }, 'supplier_id'],
      [{ ...valid, contact: 'x'.repeat(101) }, 'contact'],
    ];
    for (const [body, field] of cases) {
      const res = await call(APPS_TOKEN, 'POST', '/api/feedback', body);
      expect(res.status, `${field}: ${res.body.err_msg}`).toBe(400);
      expect(res.body.data.reason_key, field).toMatch(/^(errors\.validation|feedback\.validation)\./);
      expect(JSON.stringify(res.body.data), field).toContain(field);
    }
    expect((await call(staff, 'GET', '/api/feedback?page_size=1')).body.data.total).toBe(before);
  });

  it('filters by kind and searches the content and the sender; a rebuild from the log gives the same rows', async () => {
    const bugs = await call(staff, 'GET', '/api/feedback?kind=bug&page_size=100');
    for (const f of bugs.body.data.items) expect(f.kind).toBe('bug');
    const found = await call(staff, 'GET', '/api/feedback?q=evening');
    expect(found.body.data.items.map((f: { content: string }) => f.content)).toContain('Add evening slots.');
    const live = await app.db.selectFrom('feedback').selectAll().orderBy('id').execute();
    await rebuildEntity(app.db, feedbackEntity);
    expect(await app.db.selectFrom('feedback').selectAll().orderBy('id').execute()).toEqual(live);
  });
});
