/**
 * The feedback screens in Chromium against the real server, its demo feedback and the apps (the system actor's
 * token): staff see the tabs counted by state, open a pending item, reply with the keyboard (the reply shows in the
 * conversation and the state changes) and resolve it with a note, after which reply and resolve are no longer
 * offered; a conversation with images, a reopening and its order and supplier one click away; a reply on a stale
 * version is the kit's conflict; the labels follow the language; the list's tab and filters survive a reload.
 * Screenshots of the list and the detail in both themes go to the system's temporary directory (feedback-e2e/).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn as signedInAs, tabTag, tooltipOf } from './support/pages';

const SHOTS = join(tmpdir(), 'feedback-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
/** The marketplace apps' service token for this server (SYSTEM_API_TOKEN). */
const APPS = 'feedback-e2e-apps-token-0123456789abcdef';

let h: Harness;
let staffToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness({ SYSTEM_API_TOKEN: APPS });
  staffToken = await h.apiLogin(STAFF);
});
afterAll(async () => {
  await h?.stop();
});

interface Feedback {
  id: number;
  version: number;
  kind: string;
  state: 'pending' | 'replied' | 'resolved';
  content: string;
  from_name: string;
  message_count: number;
  resolution_note: string | null;
  order: { id: number; orderNo: string } | null;
  supplier: { id: number; name: string } | null;
}
interface FeedbackPage {
  items: Feedback[];
  total: number;
  counts: Record<string, number>;
}

const feedbackWhere = (query: string) => h.api<FeedbackPage>('GET', `/api/feedback?${query}`, staffToken);
const feedback = (id: number) => h.api<Feedback>('GET', `/api/feedback/${id}`, staffToken);
/** A command as the apps or staff send it, on the feedback's current version. */
const signedIn = (path: string) => signedInAs(h, STAFF, path, { area: 'feedback' });

async function command(id: number, body: Record<string, unknown>, token: string): Promise<Feedback> {
  const { version } = await feedback(id);
  return (
    await h.api<{ feedback: Feedback }>('POST', `/api/feedback/${id}/events`, token, {
      ...body,
      expectedVersion: version,
    })
  ).feedback;
}

const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;

describe('feedback', () => {
  it('staff open the list: every state tab is counted as the server counts, and the rows say what each is', async () => {
    const page = await signedIn('/feedback/feedbacklist');
    const labels: Record<string, string> = {
      all: en['feedback.tab.all']!,
      pending: en['feedback.tab.pending']!,
      replied: en['feedback.tab.replied']!,
      resolved: en['feedback.tab.resolved']!,
    };
    const { counts, total } = await feedbackWhere('page_size=1');
    for (const state of ['pending', 'replied', 'resolved']) expect(counts[state], state).toBeGreaterThan(0);
    for (const [tab, label] of Object.entries(labels)) {
      await expect
        .poll(async () => Number(await tabTag(page, label).textContent()), { ...SLOW, message: label })
        .toBe(counts[tab]);
    }
    await page.getByText(records(total), { exact: true }).waitFor();
    // A row: its content leads to its conversation; its sender, order, supplier, state and messages are shown.
    const demo = (await feedbackWhere('page_size=100')).items;
    const withOrder = demo.find((f) => f.order && f.supplier);
    expect(withOrder, 'the demo has feedback about an order').toBeDefined();
    const link = page.locator('.feedback-content-link', { hasText: withOrder!.content.slice(0, 30) });
    expect(await link.getAttribute('href')).toBe(`/feedback/feedbackdetail?id=${withOrder!.id}`);
    await page.getByRole('link', { name: withOrder!.order!.orderNo, exact: true }).first().waitFor();
    expect(
      await page
        .getByRole('link', { name: withOrder!.order!.orderNo, exact: true })
        .first()
        .getAttribute('href'),
    ).toBe(`/order/detail?id=${withOrder!.order!.id}`);
    await shoot(page, SHOTS, 'feedback-list-light');
    await shootDark(page, SHOTS, 'feedback-list-dark');

    // The export is every row of the list as it is filtered, as CSV.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('list-export').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('kind');
    expect(csv).toContain(withOrder!.order!.orderNo);
  });

  it('staff open a pending item from the demo, reply with Ctrl+Enter, then resolve it with a note; nothing more is offered', async () => {
    const pending = (await feedbackWhere('tab=pending&page_size=100')).items;
    const item = pending.find((f) => f.kind === 'suggestion') ?? pending[0]!;
    const page = await signedIn('/feedback/feedbacklist');
    await page
      .getByRole('main')
      .getByRole('tab', { name: new RegExp(`^${en['feedback.tab.pending']}`) })
      .click();
    await expect.poll(() => page.url(), SLOW).toContain('tab=pending');
    await page.locator('.feedback-content-link', { hasText: item.content.slice(0, 30) }).click();
    await page.waitForURL((u) => u.pathname === '/feedback/feedbackdetail');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(item.id));

    const state = page.getByTestId('feedback-state');
    await expect.poll(() => state.textContent(), SLOW).toBe(en['feedback.state.pending']);
    const thread = page.getByTestId('feedback-conversation');
    await thread.locator('[data-side="sender"]', { hasText: item.content }).waitFor();

    // An empty reply is not sent: the lifecycle's rule answers under the box.
    const box = page.locator('#feedback-reply');
    await box.focus();
    await page.keyboard.press('Control+Enter');
    await page.getByText(en['feedback.reason.messageRequired']!).waitFor();
    expect((await feedback(item.id)).state).toBe('pending');
    await page.setViewportSize({ width: 1280, height: 1000 });
    await shoot(page, SHOTS, 'feedback-detail-empty-reply-light');

    const REPLY = `Thank you, we will pass it on to the team. (${Date.now()})`;
    await box.fill(REPLY);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => state.textContent(), SLOW).toBe(en['feedback.state.replied']);
    await page.getByText(en['feedback.toast.replied']!).waitFor();
    await thread.locator('[data-side="staff"]', { hasText: REPLY }).waitFor();
    expect(await box.inputValue(), 'the box is empty again').toBe('');
    expect(await page.getByTestId('feedback-message-count').textContent()).toBe(
      `${item.message_count + 1} messages`,
    );
    expect(await feedback(item.id)).toMatchObject({
      state: 'replied',
      message_count: item.message_count + 1,
    });

    // Resolve, with a note: the lifecycle judges its length in the dialog before anything is sent. A reply typed
    // and not sent is set aside once resolved, to be copied, rather than dropped.
    const DRAFT = 'A second reply, typed and never sent.';
    await box.fill(DRAFT);
    await page.locator('.feedback-status [data-action="feedback.resolve"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('textarea').fill('x'.repeat(501));
    await dialog.getByRole('button', { name: en['feedback.action.resolve'] }).click();
    await dialog.getByText(en['feedback.reason.noteTooLong']!).waitFor();
    const NOTE = 'Passed on to product; it is on the roadmap for spring.';
    await dialog.locator('textarea').fill(NOTE);
    await dialog.getByRole('button', { name: en['feedback.action.resolve'] }).click();
    await expect.poll(() => state.textContent(), SLOW).toBe(en['feedback.state.resolved']);
    expect(await page.getByTestId('feedback-resolution-note').textContent()).toContain(NOTE);
    await thread.locator('[data-event="resolved"]', { hasText: NOTE }).waitFor();
    expect(await feedback(item.id)).toMatchObject({ state: 'resolved', resolution_note: NOTE });
    const setAside = page.getByTestId('detail-not-kept');
    expect(await setAside.textContent()).toContain(
      en['detail.setAside.afterCommand']!.replace('{{reason}}', en['feedback.reason.resolved']!),
    );
    expect(await setAside.getByTestId('detail-set-aside').textContent()).toContain(DRAFT);
    // Done, and no "save your changes" for a form that is gone.
    const done = page.locator('.bp6-toast', { hasText: en['toast.feedback.resolve']! });
    expect(await done.textContent()).not.toContain('not saved yet');

    // Resolved: no reply box, and neither reply nor resolve is possible, with the lifecycle's reason.
    expect(await box.count()).toBe(0);
    expect(await page.getByTestId('feedback-reply-closed').textContent()).toBe(
      en['feedback.reason.resolved'],
    );
    for (const type of ['feedback.reply', 'feedback.resolve']) {
      const button = page.locator(`.feedback-status [data-action="${type}"]`);
      expect(await button.getAttribute('aria-disabled'), type).toBe('true');
    }
    expect(await tooltipOf(page, page.locator('.feedback-status [data-action="feedback.resolve"]'))).toBe(
      en['feedback.reason.resolved'],
    );
    // The lifecycle panel, like every detail page's: where it is, and why reply and resolve are not open.
    await page.getByTestId('lifecycle-open-button').click();
    const panel = page.getByTestId('lifecycle-panel');
    await panel.locator('.statechart-diagram[data-state="drawn"] svg').first().waitFor({ timeout: 60_000 });
    expect(await panel.getByTestId('lifecycle-current').textContent()).toMatch(/resolved/i);
    expect(
      (await page.getByTestId('lifecycle-refused').locator('li').allTextContents()).map((t) => t.trim()),
    ).toEqual([
      `${en['feedback.action.reply']} — ${en['feedback.reason.resolved']}`,
      `${en['feedback.action.resolve']} — ${en['feedback.reason.resolved']}`,
    ]);
    await page.setViewportSize({ width: 1280, height: 1400 });
    await shoot(page, SHOTS, 'feedback-detail-resolved-light');
    await shootDark(page, SHOTS, 'feedback-detail-resolved-dark');
  });

  it('a conversation with images and a reopening, its order and supplier one click away', async () => {
    // A photo the customer attaches (stored through the upload endpoint, as the apps' uploads are).
    const shot = await h.newPage({ viewport: { width: 240, height: 160 } });
    await shot.setContent(
      '<body style="margin:0;height:160px;background:linear-gradient(135deg,#2d72d2,#72ca9b)">' +
        '<h1 style="margin:0;color:#fff;font:28px sans-serif;padding:56px 24px">Wet floor</h1></body>',
    );
    const png = await shot.screenshot();
    await shot.close();
    const photos: string[] = [];
    for (const name of ['floor-1.png', 'floor-2.png']) {
      const form = new FormData();
      form.append('type', 'image');
      form.append('usage_type', 'feedback');
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
      const res = await fetch(h.url('/api/file-storage/file/upload'), {
        method: 'POST',
        headers: { authorization: `Bearer ${staffToken}` },
        body: form,
      });
      photos.push(((await res.json()) as { data: { url: string } }).data.url);
    }
    const customer = (
      await h.api<{ items: Array<{ id: number; name: string }> }>(
        'GET',
        '/api/customers?page_size=1',
        staffToken,
      )
    ).items[0]!;
    const order = (
      await h.api<{
        items: Array<{ id: number; order_no: string; supplier_id: number; supplier_name: string }>;
      }>('GET', '/api/orders?tab=completed&page_size=1', staffToken)
    ).items[0]!;
    const sent = await h.api<Feedback>('POST', '/api/feedback', APPS, {
      kind: 'complaint',
      content: 'The floor was left wet and slippery.\nMy son almost fell.',
      images: photos,
      contact: '138 0000 0000',
      from: { kind: 'customer', id: customer.id },
      order_id: order.id,
    });
    await command(
      sent.id,
      { type: 'feedback.reply', message: 'We are very sorry. We have told the supplier.' },
      staffToken,
    );
    await command(
      sent.id,
      { type: 'feedback.resolve', note: 'Supplier warned; mops dry next time.' },
      staffToken,
    );
    await command(sent.id, { type: 'feedback.addMessage', message: 'It happened again today.' }, APPS);

    const page = await signedIn(`/feedback/feedbackdetail?id=${sent.id}`);
    const thread = page.getByTestId('feedback-conversation');
    await thread.locator('[data-side="sender"]', { hasText: 'It happened again today.' }).waitFor();
    await expect
      .poll(() => page.getByTestId('feedback-state').textContent(), SLOW)
      .toBe(en['feedback.state.pending']);
    // In order: the feedback, the reply, the resolution with its note, the reopening, the new message.
    expect(
      await thread
        .locator(':scope > li')
        .evaluateAll((els) =>
          els.map((e) => (e as HTMLElement).dataset.side ?? (e as HTMLElement).dataset.event),
        ),
    ).toEqual(['sender', 'staff', 'resolved', 'reopened', 'sender']);
    await thread.locator('[data-event="resolved"]', { hasText: 'Supplier warned' }).waitFor();
    // The reopening cleared the note on the record; the history keeps it.
    expect(await page.getByTestId('feedback-resolution-note').count()).toBe(0);
    // The photos, as thumbnails that load, each a link to the full image.
    const thumbs = page.getByTestId('feedback-images').locator('img');
    expect(await thumbs.count()).toBe(2);
    await expect
      .poll(
        () => thumbs.evaluateAll((els) => els.every((e) => (e as HTMLImageElement).naturalWidth > 0)),
        SLOW,
      )
      .toBe(true);
    expect(await page.getByTestId('feedback-images').locator('a').first().getAttribute('href')).toBe(
      photos[0],
    );
    expect(await page.getByTestId('feedback-contact').textContent()).toBe('138 0000 0000');
    expect(await page.getByTestId('feedback-from').locator('a').getAttribute('href')).toBe(
      `/account/detail?id=${customer.id}`,
    );
    expect(
      await page
        .getByTestId('feedback-supplier')
        .getByRole('link', { name: order.supplier_name })
        .getAttribute('href'),
    ).toBe(`/supply/detail?id=${order.supplier_id}`);
    await page.setViewportSize({ width: 1280, height: 1100 });
    await shoot(page, SHOTS, 'feedback-detail-images-light');
    await shootDark(page, SHOTS, 'feedback-detail-images-dark');

    // One click to the order.
    await page.getByTestId('feedback-order').getByRole('link', { name: order.order_no }).click();
    await page.waitForURL((u) => u.pathname === '/order/detail' && u.search === `?id=${order.id}`);
    await page.getByText(order.order_no).first().waitFor();
  });

  it('a reply on a version someone else moved on is the kit’s conflict: reload shows the new message', async () => {
    const pending = (await feedbackWhere('tab=pending&page_size=100')).items;
    const item = pending[pending.length - 1]!;
    const page = await signedIn(`/feedback/feedbackdetail?id=${item.id}`);
    const box = page.locator('#feedback-reply');
    await box.waitFor();
    // Meanwhile the sender writes again through the app.
    const LATE = `Hello? Anyone there? (${Date.now()})`;
    await command(item.id, { type: 'feedback.addMessage', message: LATE }, APPS);
    await box.fill('We are on it.');
    await box.press('Control+Enter');
    const conflict = page.getByRole('dialog');
    await conflict.getByText(en['detail.conflict.title']!).waitFor();
    expect((await feedback(item.id)).message_count).toBe(item.message_count + 1);
    await conflict.getByRole('button', { name: en['detail.conflict.reload'] }).click();
    await page
      .getByTestId('feedback-conversation')
      .locator('[data-side="sender"]', { hasText: LATE })
      .waitFor();
    expect(
      await page
        .getByTestId('feedback-conversation')
        .locator('[data-side="staff"]', { hasText: 'We are on it.' })
        .count(),
    ).toBe(0);
  });

  it('a resolution sent on a version someone else moved on says it was not done, and offers no changes to keep', async () => {
    const pending = (await feedbackWhere('tab=pending&page_size=100')).items;
    const item = pending[pending.length - 2]!;
    const page = await signedIn(`/feedback/feedbackdetail?id=${item.id}`);
    await page.locator('#feedback-reply').waitFor();
    // Meanwhile another member replies.
    await command(item.id, { type: 'feedback.reply', message: 'Looking into it.' }, staffToken);
    await page.locator('.feedback-status [data-action="feedback.resolve"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('textarea').fill('Paid now');
    await dialog.getByRole('button', { name: en['feedback.action.resolve'] }).click();
    const conflict = page.getByRole('dialog');
    await conflict.getByText(en['detail.conflict.bodyNoEdits']!).waitFor();
    expect(await conflict.getByRole('button', { name: en['detail.conflict.keep'] }).count()).toBe(0);
    await conflict
      .locator('.bp6-dialog-footer')
      .getByRole('button', { name: en['detail.conflict.close'] })
      .click();
    await page
      .getByTestId('feedback-conversation')
      .locator('[data-side="staff"]', { hasText: 'Looking into it.' })
      .waitFor();
    // The latest is shown as it is: nothing was put on top of it to check and save.
    expect(await page.getByTestId('detail-rebased').count()).toBe(0);
    expect((await feedback(item.id)).state).toBe('replied');
  });

  it('speaks zh-CN once switched: tabs, columns, states', async () => {
    const page = await signedIn('/feedback/feedbacklist');
    await page.locator('.feedback-content-link').first().waitFor();
    await page.getByTestId('locale-switch').click();
    await page
      .getByRole('main')
      .getByRole('tab', { name: new RegExp(`^${zh['feedback.tab.pending']}`) })
      .waitFor();
    expect(
      await page
        .getByRole('main')
        .getByRole('tab', { name: new RegExp(`^${zh['feedback.tab.resolved']}`) })
        .count(),
    ).toBe(1);
    // The header seen (Blueprint draws copies under it, hidden).
    await page
      .getByText(zh['feedback.column.content']!, { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor();
    await page.locator('[data-feedback-state]', { hasText: zh['feedback.state.resolved'] }).first().waitFor();
    expect(await page.getByPlaceholder(zh['feedback.search.placeholder']!).count()).toBe(1);
    // The filters' carets are decoration, not an English "Open dropdown" in a Chinese page.
    expect(await page.locator('.bp6-html-select').count()).toBeGreaterThan(0);
    expect(await page.locator('.bp6-html-select svg title').count()).toBe(0);
    expect(await page.locator('.bp6-html-select .bp6-icon[aria-hidden="true"]').count()).toBe(
      await page.locator('.bp6-html-select').count(),
    );
    await shoot(page, SHOTS, 'feedback-list-zh-light');
    await page.locator('.feedback-content-link').first().click();
    await page.getByTestId('feedback-conversation').waitFor();
    await page.getByText(zh['feedback.section.conversation']!, { exact: true }).waitFor();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await shoot(page, SHOTS, 'feedback-detail-zh-light');
    // Back to English for whoever signs in next in this browser.
    await page.getByTestId('locale-switch').click();
  });

  it('keeps the tab and the filters in the address: a reload shows the same list', async () => {
    const page = await signedIn('/feedback/feedbacklist');
    await page
      .getByRole('main')
      .getByRole('tab', { name: new RegExp(`^${en['feedback.tab.replied']}`) })
      .click();
    await page.getByRole('combobox', { name: en['feedback.column.from'] }).selectOption('customer');
    await page.getByRole('combobox', { name: en['feedback.column.kind'] }).selectOption('complaint');
    await expect.poll(() => page.url(), SLOW).toContain('kind=complaint');
    expect(page.url()).toContain('tab=replied');
    expect(page.url()).toContain('from_kind=customer');
    const expected = (await feedbackWhere('tab=replied&from_kind=customer&kind=complaint&page_size=1')).total;
    expect(expected, 'the demo has an answered complaint from a customer').toBeGreaterThan(0);
    await page.getByText(records(expected), { exact: true }).waitFor();
    await page.reload();
    await page.getByText(records(expected), { exact: true }).waitFor();
    expect(
      await page
        .getByRole('tab', { name: new RegExp(`^${en['feedback.tab.replied']}`) })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(await page.getByRole('combobox', { name: en['feedback.column.kind'] }).inputValue()).toBe(
      'complaint',
    );
    expect(await page.getByRole('combobox', { name: en['feedback.column.from'] }).inputValue()).toBe(
      'customer',
    );
    const states = await page
      .locator('[data-feedback-state]')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.feedbackState));
    expect(new Set(states)).toEqual(new Set(['replied']));
  });
});
