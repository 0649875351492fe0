import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectReasonText } from './support/reasonText';
import { ADMIN, bearer, createTestApp, type TestApp } from './support/testApp';

// A reason, a title or a reply of zero-width characters only is as empty as none: refused with the reason a blank
// one gets, nothing stored (src/machines/lifecycles/visibleText.ts, the lifecycles' rules).

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = bearer(await t.login(ADMIN.email, ADMIN.password));
});
afterAll(async () => t?.close());

const BLANK = '\u200b\u2060\u200b';

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes read field by field
  return { status: res.statusCode, body: res.json() as { data: any } };
}

describe('text nobody sees', () => {
  it('is no reason to reject a supplier, one at a time or in bulk', async () => {
    const { items } = (await call('GET', '/api/suppliers?audit_state=waiting_audit&page_size=1')).body.data;
    const s = items[0] as { id: number; version: number };
    const one = await call('POST', `/api/suppliers/${s.id}/events`, {
      type: 'supplier.reject',
      reason: BLANK,
      expectedVersion: s.version,
    });
    expect(one.status).toBe(400);
    expect(expectReasonText(one.body.data)).toBe('supply.reason.reasonRequired');
    const bulk = await call('POST', '/api/suppliers/bulk-events', {
      type: 'supplier.reject',
      reason: ` ${BLANK} `,
      items: [{ id: s.id, expectedVersion: s.version }],
    });
    expect(bulk.body.data.results[0]).toMatchObject({ ok: false });
    const after = await call('GET', `/api/suppliers/${s.id}`);
    expect(after.body.data).toMatchObject({ audit_state: 'waiting_audit', version: s.version });
  });

  it('is no title for a notice, and no content', async () => {
    const notice = { type: 'help', content: '<p>Tap Top up.</p>', audience: 'everyone' };
    const title = await call('POST', '/api/notices', { ...notice, title: BLANK });
    expect(title.status).toBe(400);
    expect(expectReasonText(title.body.data)).toBe('notice.validation.title');
    const content = await call('POST', '/api/notices', {
      ...notice,
      title: 'Top up',
      content: `<p>${BLANK}&nbsp;</p>`,
    });
    expect(content.status).toBe(400);
    expect(expectReasonText(content.body.data)).toBe('notice.validation.content');
  });

  it('is no reply to a feedback', async () => {
    const { items } = (await call('GET', '/api/feedback?tab=pending&page_size=1')).body.data;
    const f = items[0] as { id: number; version: number };
    const reply = await call('POST', `/api/feedback/${f.id}/events`, {
      type: 'feedback.reply',
      message: BLANK,
      expectedVersion: f.version,
    });
    expect(reply.status).toBe(400);
    expectReasonText(reply.body.data);
    expect((await call('GET', `/api/feedback/${f.id}`)).body.data.version).toBe(f.version);
  });
});
