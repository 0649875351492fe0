/**
 * The notice screens in Chromium against the real server and its demo notices: staff write a help notice (title
 * and rich text), which waits for audit and which they may not approve; the admin's bell counts the notices
 * waiting for audit and leads to them, and the admin approves one from the list; the tabs count by type; a
 * rejection asks for a reason; the labels follow the language; the list's tab and filters survive a reload.
 * Screenshots of the list and a notice in both themes go to the system's temporary directory (notices-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, signedIn as signedInAs, tabTag, tooltipOf } from './support/pages';
import { rowOf } from './support/table';

const SHOTS = join(tmpdir(), 'notices-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');

let h: Harness;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  adminToken = await h.apiLogin(ADMIN);
  staffToken = await h.apiLogin(STAFF);
});
afterAll(async () => {
  await h?.stop();
});

interface Notice {
  id: number;
  version: number;
  title: string;
  audit_state: string;
  audit_failed_reason: string | null;
}
interface NoticePage {
  items: Notice[];
  total: number;
  counts: Record<string, number>;
}

const noticesWhere = (query: string) => h.api<NoticePage>('GET', `/api/notices?${query}`, adminToken);
const signedIn = (who: { email: string; password: string }, path: string) =>
  signedInAs(h, who, path, { area: 'notices' });

const TITLE = `How to book a deep clean ${Date.now()}`;
let written: number;

describe('notices', () => {
  it('staff write a help notice; it waits for audit and they may not approve it', async () => {
    const page = await signedIn(STAFF, '/notice/list');
    await page.getByRole('button', { name: 'Write a notice' }).click();
    await page.waitForURL((u) => u.pathname === '/notice/detail' && !u.search.includes('id='));
    await page.locator('#notice-type').selectOption('help');
    await page.locator('#notice-audience').selectOption('customers');
    // Nothing typed yet: the lifecycle's rules answer under the fields, and nothing is sent.
    await page.getByTestId('detail-save').click();
    await page.getByText(en['notice.validation.title']!).waitFor();
    await page.getByText(en['notice.validation.content']!).waitFor();
    await page.locator('#notice-title').fill(TITLE);
    const editor = page.locator('#notice-content .ql-editor');
    // The editable area is a text box named by the field's label, marked invalid with the form's problem.
    expect(
      await page.getByRole('textbox', { name: en['notice.field.content'] }).evaluate((e) => e.className),
    ).toContain('ql-editor');
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await editor.getAttribute('aria-describedby')}`).innerText()).toBe(
      en['notice.validation.content'],
    );
    await editor.click();
    await page.keyboard.type('Open the app, choose ');
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Deep clean');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' and pick a time.');
    // One supplier: the form wants one, found by name and picked from the matches by keyboard.
    await page.locator('#notice-audience').selectOption('supplier');
    await page.getByTestId('detail-save').click();
    await page.getByText(en['notice.form.recipientRequired.supplier']!).waitFor();
    const recipient = page.locator('#notice-recipient_id');
    await recipient.fill('chen');
    const matches = page.getByRole('listbox', { name: en['notice.field.recipient.matches.supplier'] });
    await expect.poll(() => matches.getByRole('option').count(), SLOW).toBeGreaterThan(1);
    // A screen reader hears how many matched, from the one live region the field is described by.
    expect(await page.locator('#notice-recipient-status').textContent()).toMatch(/^\d+ matches/);
    expect(await recipient.getAttribute('aria-describedby')).toContain('notice-recipient-status');
    const second = matches.getByRole('option').nth(1);
    const secondText = await second.innerText();
    await recipient.press('ArrowDown');
    expect(await second.getAttribute('aria-selected')).toBe('true');
    expect(await recipient.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    const writes: string[] = [];
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().includes('/api/notices') && writes.push(r.url()),
    );
    await recipient.press('Enter');
    const pickedId = /#(\d+)/.exec(secondText)![1]!;
    await expect
      .poll(() => page.getByTestId('notice-recipient-name').textContent(), SLOW)
      .toContain(`#${pickedId}`);
    expect(writes, 'Enter picked, it did not save').toEqual([]);
    expect(await page.getByTestId('notice-recipient-name').getByRole('link').getAttribute('href')).toBe(
      `/supply/detail?id=${pickedId}`,
    );
    // A customer is someone else: the supplier picked is dropped.
    await page.locator('#notice-audience').selectOption('customer');
    expect(await recipient.inputValue()).toBe('');
    await page.getByTestId('detail-save').click();
    await page.getByText(en['notice.form.recipientRequired.customer']!).waitFor();
    expect(new URL(page.url()).searchParams.get('id'), 'nothing was written').toBeNull();
    await page.locator('#notice-audience').selectOption('customers');
    await page.getByTestId('detail-save').click();
    await page.waitForURL(/\/notice\/detail\?id=\d+/);
    written = Number(new URL(page.url()).searchParams.get('id'));

    await expect.poll(() => page.getByTestId('notice-audit-state').textContent(), SLOW).toBe('Waiting audit');
    const stored = await h.api<Notice & { content: string; type: string }>(
      'GET',
      `/api/notices/${written}`,
      staffToken,
    );
    expect(stored).toMatchObject({ title: TITLE, type: 'help', audit_state: 'waiting_audit' });
    expect(stored.content).toContain('<strong>Deep clean</strong>');
    // Still theirs to edit (waiting for audit), but the approval is an admin's: offered disabled, with why.
    expect(await page.locator('#notice-title').inputValue()).toBe(TITLE);
    const approve = page.locator('.notice-audit [data-action="notice.approve"]');
    expect(await approve.getAttribute('aria-disabled')).toBe('true');
    expect(await tooltipOf(page, approve)).toBe(en['policy.adminOnly']);
    await expect
      .poll(() => page.locator('.kit-timeline li[data-event="NoticeWritten"]').count(), SLOW)
      .toBe(1);
    await shoot(page, SHOTS, 'notice-detail-staff-light');

    // The staff member's bell counts the rejected notices they wrote, theirs to fix, and leads to them.
    // Someone else's rejected notice is not theirs.
    const others = await h.api<{ id: number; version: number }>('POST', '/api/notices', adminToken, {
      type: 'help',
      title: `Not the staff member's ${Date.now()}`,
      content: '<p>x</p>',
      audience: 'everyone',
    });
    await h.api('POST', `/api/notices/${others.id}/events`, adminToken, {
      type: 'notice.reject',
      reason: 'Not needed',
      expectedVersion: others.version,
    });
    await page.reload();
    const me = await h.api<{ id: number }>('POST', '/api/user/info', staffToken);
    const rejected = (await noticesWhere(`audit_state=reject&from_user_id=${me.id}&page_size=1`)).total;
    expect(rejected).toBeLessThan((await noticesWhere('audit_state=reject&page_size=1')).total);
    await expect.poll(() => page.getByTestId('notice-bell-count').textContent(), SLOW).toBe(String(rejected));
    expect(await page.getByTestId('notice-bell').getAttribute('aria-label')).toContain('rejected');
    await page.getByTestId('notice-bell').click();
    await page.waitForURL((u) => u.searchParams.get('from_user_id') === String(me.id));
    await page
      .getByTestId('notice-from_user_id-filter')
      .getByText(en['notice.filter.writtenByYou']!)
      .waitFor();
  });

  it('says a failed recipient search, and Enter searches again', async () => {
    const page = await signedIn(ADMIN, '/notice/detail');
    await page.locator('#notice-audience').selectOption('supplier');
    // The supplier search fails once (the network drops it); the next one goes through.
    let dropped = 0;
    await page.route('**/api/suppliers?**', async (route) => {
      if (dropped++ === 0) await route.abort('connectionreset');
      else await route.continue();
    });
    const recipient = page.locator('#notice-recipient_id');
    await recipient.fill('chen');
    const status = page.locator('#notice-recipient-status');
    await expect.poll(() => status.textContent(), SLOW).toContain(en['notice.field.recipient.retryHint']!);
    expect(await recipient.getAttribute('aria-expanded')).toBe('true');
    await recipient.press('Enter');
    const matches = page.getByRole('listbox', { name: en['notice.field.recipient.matches.supplier'] });
    await matches.getByRole('option').first().waitFor(SLOW);
    expect(await status.textContent()).toMatch(/^\d+ match/);
    expect(dropped).toBe(2);
    await page.close();
  });

  it('writes a notice to one customer picked by pointer; the notice keeps them, and the form shows them by name', async () => {
    const { items } = await h.api<{ items: Array<{ id: number; name: string; mobile: string }> }>(
      'GET',
      '/api/customers?page_size=1',
      adminToken,
    );
    const customer = items[0]!;
    const page = await signedIn(ADMIN, '/notice/detail');
    await page.locator('#notice-title').fill(`For one customer ${Date.now()}`);
    await page.locator('#notice-content .ql-editor').click();
    await page.keyboard.type('Your refund is on its way.');
    await page.locator('#notice-audience').selectOption('customer');
    const recipient = page.locator('#notice-recipient_id');
    // Typed by the start of the mobile, as the customer list searches.
    await recipient.fill(customer.mobile.slice(0, 9));
    const matches = page.locator('#notice-recipient-matches').getByRole('option');
    await matches.first().waitFor();
    expect(await recipient.getAttribute('aria-expanded')).toBe('true');
    await recipient.press('Escape');
    expect(await recipient.getAttribute('aria-expanded'), 'Escape closes the matches').toBe('false');
    expect(await matches.count()).toBe(0);
    await recipient.click();
    const option = matches.filter({ hasText: `#${customer.id}` });
    await option.click();
    expect(await recipient.inputValue()).toBe(customer.name);
    await page.getByTestId('detail-save').click();
    await page.waitForURL(/\/notice\/detail\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const stored = await h.api<Notice & { to_user_id: number; to_user_name: string }>(
      'GET',
      `/api/notices/${id}`,
      adminToken,
    );
    expect(stored).toMatchObject({
      audience: 'customer',
      to_user_id: customer.id,
      to_user_name: customer.name,
    });
    await page.reload();
    await expect.poll(() => recipient.inputValue(), SLOW).toBe(customer.name);
    expect(await page.getByTestId('notice-recipient-name').getByRole('link').getAttribute('href')).toBe(
      `/account/detail?id=${customer.id}`,
    );
  });

  it("the admin's bell counts the notices waiting for audit and leads to them; the admin approves one", async () => {
    const waiting = (await noticesWhere('audit_state=waiting_audit&page_size=1')).total;
    expect(waiting).toBeGreaterThan(0);
    const page = await signedIn(ADMIN, '/dashboard/workplace');
    const count = page.getByTestId('notice-bell-count');
    await expect.poll(() => count.textContent(), SLOW).toBe(String(waiting));
    await page.getByTestId('notice-bell').click();
    await page.waitForURL((u) => u.pathname === '/notice/list');
    expect(new URL(page.url()).searchParams.get('audit_state')).toBe('waiting_audit');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Audit' }).inputValue(), SLOW)
      .toBe('waiting_audit');
    await page.getByText(`${waiting} record${waiting === 1 ? '' : 's'}`, { exact: true }).waitFor();
    await shoot(page, SHOTS, 'notice-list-admin-light');

    const row = await rowOf(page, TITLE);
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.locator('.bp6-toast').getByText(en['toast.notice.approve']!, { exact: true }).waitFor();
    // Approved, it leaves the list of those waiting, and the bell counts one fewer at once (not in a minute).
    await page.getByText(`${waiting - 1} record${waiting - 1 === 1 ? '' : 's'}`, { exact: true }).waitFor();
    expect((await h.api<Notice>('GET', `/api/notices/${written}`, adminToken)).audit_state).toBe('pass');
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe(String(waiting - 1));

    // A passed notice is no longer edited: its text as the apps show it, and why.
    await page.goto(h.url(`/notice/detail?id=${written}`));
    await page.getByTestId('notice-text').waitFor();
    expect(await page.locator('.kit-rich-text strong').textContent()).toBe('Deep clean');
    expect(await page.getByTestId('notice-readonly').textContent()).toBe(en['notice.reason.passedNoEdit']);
    expect(await page.locator('#notice-title').count()).toBe(0);
    // For every customer, read by none of them yet.
    const customers = await h.api<{ total: number }>('GET', '/api/customers?page_size=1', adminToken);
    expect(await page.getByTestId('notice-unread-count').textContent()).toBe(String(customers.total));
    await expect
      .poll(() => page.locator('.kit-timeline li[data-event="NoticeApproved"]').count(), SLOW)
      .toBe(1);
    await shoot(page, SHOTS, 'notice-detail-passed-light');
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    await shoot(page, SHOTS, 'notice-detail-passed-dark');
    await page.getByTestId('theme-switch').click();
  });

  it('counts every tab by type, as the server does', async () => {
    const page = await signedIn(ADMIN, '/notice/list');
    const labels: Record<string, string> = {
      all: 'All',
      system: 'System',
      help: 'Help',
      new_order: 'New order',
      renew_order: 'Renew order',
    };
    for (const [tab, label] of Object.entries(labels)) {
      await expect
        .poll(
          async () => [
            Number(await tabTag(page, label).textContent()),
            (await noticesWhere('page_size=1')).counts[tab],
          ],
          { ...SLOW, message: label },
        )
        .toSatisfy(([shown, counted]) => shown === counted);
    }
    const counts = (await noticesWhere('page_size=1')).counts;
    expect(counts.new_order, 'the demo month writes new-order notices').toBeGreaterThan(0);
    // An order notice is titled from what it is about, in the reader's language.
    await page
      .getByRole('main')
      .getByRole('tab', { name: /^New order/ })
      .click();
    await expect.poll(() => page.url(), SLOW).toContain('tab=new_order');
    const first = page.locator('.notice-title-link', { hasText: /^New order SO/ }).first();
    await first.waitFor();
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    await shoot(page, SHOTS, 'notice-list-new-order-dark');
    await page.getByTestId('theme-switch').click();
    // The system wrote it: read-only, with a link to its order.
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL((u) => u.pathname === '/notice/detail');
    await page.getByTestId('notice-text').waitFor();
    expect(await page.locator('.notice-text-title').textContent()).toBe(title);
    expect(await page.getByTestId('notice-readonly').textContent()).toBe(en['notice.reason.automatic']);
    expect(await page.getByTestId('notice-ref').textContent()).toBe(
      `Open order ${title.slice('New order '.length)}`,
    );
    await shoot(page, SHOTS, 'notice-detail-order-light');
  });

  it('a rejection needs a reason, asked in a dialog; the reason shows on the notice', async () => {
    const notice = await h.api<Notice>('POST', '/api/notices', staffToken, {
      type: 'system',
      title: `Holiday schedule ${Date.now()}`,
      content: '<p>Service hours change during the holiday.</p>',
      audience: 'everyone',
    });
    const page = await signedIn(ADMIN, `/notice/detail?id=${notice.id}`);
    await page.locator('[data-action="notice.reject"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.getByText(en['notice.reason.reasonRequired']!).waitFor();
    expect((await h.api<Notice>('GET', `/api/notices/${notice.id}`, adminToken)).audit_state).toBe(
      'waiting_audit',
    );
    await dialog.locator('textarea').fill('The dates are not confirmed yet.');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByTestId('notice-audit-state').textContent(), SLOW).toBe('Rejected');
    expect(await page.getByTestId('notice-audit-reason').textContent()).toContain(
      'The dates are not confirmed yet.',
    );
    expect(await h.api<Notice>('GET', `/api/notices/${notice.id}`, adminToken)).toMatchObject({
      audit_state: 'reject',
      audit_failed_reason: 'The dates are not confirmed yet.',
    });
    // Rejected, it is the writer's to fix: the form again, which says a save sends it back for audit.
    await page.getByTestId('notice-resubmit-hint').waitFor();
    await shoot(page, SHOTS, 'notice-detail-rejected-light');
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    await page.locator('#notice-content .ql-editor').waitFor();
    await shoot(page, SHOTS, 'notice-detail-rejected-dark');
    await page.getByTestId('theme-switch').click();
  });

  it('approved with the keyboard on its page, the keyboard stays in the page: on its title once the button is gone', async () => {
    const notice = await h.api<Notice>('POST', '/api/notices', staffToken, {
      type: 'system',
      title: `Keyboard approval ${Date.now()}`,
      content: '<p>Approved with Enter.</p>',
      audience: 'everyone',
    });
    const page = await signedIn(ADMIN, `/notice/detail?id=${notice.id}`);
    const approve = page.locator('.notice-audit [data-action="notice.approve"]');
    await approve.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('notice-audit-state').textContent(), SLOW).toBe('Passed');
    const focused = () =>
      page.evaluate(() => {
        const at = document.activeElement;
        if (at?.classList.contains('page-frame-title')) return `title: ${at.textContent}`;
        return at?.closest('.notice-audit') ? `audit: ${at.getAttribute('data-action')}` : at?.tagName;
      });
    // The button that had focus went with the form it sat beside; the next Tab goes on in the page.
    await expect.poll(focused).toBe(`title: Notice #${notice.id}`);
  });

  it('asks before leaving a notice with what was typed not saved: staying keeps it, leaving drops it', async () => {
    const notice = await h.api<Notice>('POST', '/api/notices', staffToken, {
      type: 'system',
      title: `Spring cleaning ${Date.now()}`,
      content: '<p>Book early.</p>',
      audience: 'everyone',
    });
    const page = await signedIn(STAFF, `/notice/detail?id=${notice.id}`);
    const title = page.locator('#notice-title');
    await title.fill(`${notice.title} (draft)`);
    const menuLink = page.locator('.app-sider').getByText('Notice list', { exact: true });
    await menuLink.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en['detail.leave.body']!).waitFor();
    await dialog.getByRole('button', { name: en['detail.leave.stay'] }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/notice/detail');
    expect(await title.inputValue()).toBe(`${notice.title} (draft)`);
    // Closing its tab asks too; staying keeps the tab.
    const tab = page.getByTestId('tab-bar').locator('[data-tab="NoticeDetail"]');
    await tab.locator('button').click();
    await dialog.getByRole('button', { name: en['detail.leave.stay'] }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(await title.inputValue()).toBe(`${notice.title} (draft)`);
    // Leaving from its tab's close button: the page is left and its tab closed.
    await tab.locator('button').click();
    await dialog.getByRole('button', { name: en['detail.leave.discard'] }).click();
    await page.waitForURL((u) => u.pathname !== '/notice/detail');
    await expect.poll(() => tab.count()).toBe(0);
    // (The question closes with a short animation: gone before the next page is judged.)
    await dialog.waitFor({ state: 'hidden' });
    await page.goBack();
    await title.waitFor();
    await title.fill(`${notice.title} (draft)`);
    // Typed back as it was, nothing is asked.
    await title.fill(notice.title);
    await menuLink.click();
    await page.waitForURL((u) => u.pathname === '/notice/list');
    await page.getByRole('button', { name: 'Write a notice' }).waitFor();
    expect(await dialog.count()).toBe(0);
    // Typed again, and left: the notice is as it was.
    await page.goBack();
    await title.waitFor();
    await title.fill('Dropped');
    await menuLink.click();
    await dialog.getByRole('button', { name: en['detail.leave.discard'] }).click();
    await page.waitForURL((u) => u.pathname === '/notice/list');
    expect((await h.api<Notice>('GET', `/api/notices/${notice.id}`, adminToken)).title).toBe(notice.title);
  });

  it('an edit kept after a conflict is not put on a notice approved meanwhile: the page says so and shows it as it is', async () => {
    const notice = await h.api<Notice>('POST', '/api/notices', staffToken, {
      type: 'system',
      title: `Autumn prices ${Date.now()}`,
      content: '<p>Prices change in autumn.</p>',
      audience: 'everyone',
    });
    const page = await signedIn(STAFF, `/notice/detail?id=${notice.id}`);
    const title = page.locator('#notice-title');
    await title.fill(`${notice.title} (new)`);
    await h.api('POST', `/api/notices/${notice.id}/events`, adminToken, {
      type: 'notice.approve',
      expectedVersion: notice.version,
    });
    await page.getByTestId('detail-save').click();
    const conflict = page.getByRole('dialog');
    await conflict.getByText(en['detail.conflict.body']!).waitFor();
    await conflict.getByRole('button', { name: en['detail.conflict.keep'] }).click();
    const said = page.getByTestId('detail-not-kept');
    await said.waitFor();
    expect(await said.textContent()).toContain(
      en['detail.rebased.notKept']!.replace('{{reason}}', en['notice.reason.passedNoEdit']!),
    );
    // What was typed is there to copy, under its field's name; nothing else is.
    expect(await said.getByTestId('detail-set-aside').textContent()).toBe(
      `${en['detail.setAside.typed']}${en['notice.field.title']}${notice.title} (new)`,
    );
    // Approved, it is read, not edited: its title as stored, no form and no "check it, then save".
    await page.getByTestId('notice-text').getByText(notice.title, { exact: true }).waitFor();
    expect(await title.count()).toBe(0);
    expect(await page.getByTestId('detail-rebased').count()).toBe(0);
    expect((await h.api<Notice>('GET', `/api/notices/${notice.id}`, adminToken)).title).toBe(notice.title);
    await shoot(page, SHOTS, 'notice-detail-not-kept');
  });

  it('a title of one word as long as allowed breaks inside its box: the page never scrolls sideways', async () => {
    const notice = await h.api<Notice>('POST', '/api/notices', staffToken, {
      type: 'help',
      title: 'W'.repeat(100),
      content: '<p>How to read a very long title.</p>',
      audience: 'everyone',
    });
    await h.api('POST', `/api/notices/${notice.id}/events`, adminToken, {
      type: 'notice.approve',
      expectedVersion: notice.version,
    });
    const page = await signedIn(ADMIN, `/notice/detail?id=${notice.id}`);
    const content = page.locator('.app-content');
    const sideways = () => content.evaluate((e) => e.scrollWidth - e.clientWidth);
    await page.getByTestId('notice-text').getByText(notice.title, { exact: true }).waitFor();
    expect(await sideways()).toBe(0);
    // On the workplace too, whose help card lists it and whose feed of what staff did names it.
    await page.goto(h.url('/dashboard/workplace'));
    await page.getByTestId('workplace-help').getByText(notice.title).waitFor();
    expect(await sideways()).toBe(0);
  });

  it('speaks zh-CN once switched: tabs, titles of order notices, the bell', async () => {
    const page = await signedIn(ADMIN, '/notice/list?tab=new_order');
    await page.locator('.notice-title-link').first().waitFor();
    await page.getByTestId('locale-switch').click();
    await page
      .getByRole('main')
      .getByRole('tab', { name: new RegExp(`^${zh['notice.tab.new_order']}`) })
      .waitFor();
    expect(await page.getByRole('main').getByRole('tab', { name: /^帮助/ }).count()).toBe(1);
    await page
      .locator('.notice-title-link', { hasText: /^新订单 SO/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('notice-bell').getAttribute('aria-label')).toMatch(/待审核/);
    await shoot(page, SHOTS, 'notice-list-zh-light');
  });

  it('asks before closing a notice, from its switch and from its page; cancelled, it stays enabled', async () => {
    const enabled = async () =>
      (await h.api<{ is_enabled: boolean }>('GET', `/api/notices/${written}`, adminToken)).is_enabled;
    expect(await enabled()).toBe(true);
    const page = await signedIn(ADMIN, '/notice/list');
    const box = page.locator('.kit-search input');
    await box.fill(TITLE);
    await box.press('Enter');
    await (await rowOf(page, TITLE)).locator('[data-action="notice.close"]').locator('..').click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain(en['notice.close.body']!);
    expect(await confirm.textContent()).toContain(`Close "${TITLE}"`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await enabled()).toBe(true);

    await page.goto(h.url(`/notice/detail?id=${written}`));
    await page.locator('.notice-audit [data-action="notice.close"]').click();
    await expect.poll(() => confirm.textContent()).toContain(en['notice.close.body']!);
    await confirm.getByRole('button', { name: en['notice.action.close'] }).click();
    await expect.poll(() => page.getByTestId('notice-enabled').textContent(), SLOW).toBe('Closed');
    expect(await enabled()).toBe(false);
  });

  it('keeps the tab and the filters in the address: a reload shows the same list', async () => {
    const page = await signedIn(STAFF, '/notice/list');
    await page.getByRole('main').getByRole('tab', { name: /^Help/ }).click();
    await page.getByRole('combobox', { name: 'Audit' }).selectOption('pass');
    await expect.poll(() => page.url(), SLOW).toContain('audit_state=pass');
    expect(page.url()).toContain('tab=help');
    const expected = (await noticesWhere('tab=help&audit_state=pass&page_size=1')).total;
    await page.getByText(`${expected} record${expected === 1 ? '' : 's'}`, { exact: true }).waitFor();
    await page.reload();
    await page.getByText(`${expected} record${expected === 1 ? '' : 's'}`, { exact: true }).waitFor();
    expect(
      await page.getByRole('main').getByRole('tab', { name: /^Help/ }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(await page.getByRole('combobox', { name: 'Audit' }).inputValue()).toBe('pass');
    expect(await page.locator('.notice-title-link', { hasText: TITLE }).count()).toBe(1);
  });
});
