/**
 * The user-info page in Chromium against the real server and its demo month: a member approves a supplier, then
 * sees it first in their overview in words, counted, and first among the records they touched with a link that
 * opens the supplier; more of their events come a page at a time; the team lists both demo members; zh-CN labels.
 * Screenshots in both themes go to the system's temporary directory (user-info-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../src/contract/userInfo';
import { messagesFor } from '../../src/i18n';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn } from './support/pages';

const SHOTS = join(tmpdir(), 'user-info-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');

let h: Harness;
let staffToken: string;
let supplier: { id: number; version: number; name: string };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  staffToken = await h.apiLogin(STAFF);
  const waiting = await h.api<{ items: Array<{ id: number; version: number; name: string }> }>(
    'GET',
    '/api/suppliers?audit_state=waiting_audit&page_size=1',
    staffToken,
  );
  supplier = waiting.items[0]!;
  await h.api('POST', `/api/suppliers/${supplier.id}/events`, staffToken, {
    type: 'supplier.approve',
    expectedVersion: supplier.version,
  });
});
afterAll(async () => {
  await h?.stop();
});

describe('the user-info page', () => {
  it('shows who I am, my counts, and what I just did first, in words, a page at a time', async () => {
    const page = await signedIn(h, STAFF, '/user/info', { area: 'user-info' });
    const me = page.getByTestId('user-info-me');
    await me.waitFor(SLOW);
    expect(await me.textContent()).toContain(STAFF.email);
    expect(await page.getByTestId('user-info-role').textContent()).toBe(en['role.user']);
    const first = page.getByTestId('user-info-event').first();
    await expect.poll(async () => first.getAttribute('data-type'), SLOW).toBe('SupplierApproved');
    const text = (await first.textContent()) ?? '';
    expect(text).toContain(en['supply.event.SupplierApproved']);
    expect(text).toContain(en['workplace.kind.supplier']);
    expect(text).toContain(supplier.name);
    const api = await h.api<ActivityPage>('GET', '/api/user/activity', staffToken);
    for (const key of ['last_7_days', 'last_30_days'] as const) {
      expect(await page.getByTestId(`user-info-count-${key}`).getAttribute('data-count'), key).toBe(
        String(api.counts![key]),
      );
    }
    expect(api.counts!.last_7_days).toBeGreaterThan(0);
    await shoot(page, SHOTS, 'user-info-overview-light');
    await shootDark(page, SHOTS, 'user-info-overview-dark');
    expect(await page.getByTestId('user-info-event').count()).toBe(api.items.length);
    expect(api.next_cursor).not.toBeNull();
    await page.getByTestId('user-info-lately-more').click();
    await expect
      .poll(async () => page.getByTestId('user-info-event').count(), SLOW)
      .toBeGreaterThan(api.items.length);
    await first.getByRole('link', { name: supplier.name }).click();
    await page.waitForURL(new RegExp(`/supply/detail\\?id=${supplier.id}$`), SLOW);
    await page.close();
  });

  it('lists the supplier first among the records I touched, with a link that opens it', async () => {
    const page = await signedIn(h, STAFF, '/user/info', { area: 'user-info' });
    await page.getByRole('main').getByRole('tab', { name: en['userInfo.tab.records'] }).click();
    // The tab is kept in the address: a reload opens it again.
    await page.waitForURL(/\/user\/info\?section=records$/, SLOW);
    await page.reload();
    const first = page.getByTestId('user-info-record').first();
    await first.waitFor(SLOW);
    expect(await first.getAttribute('data-kind')).toBe('supplier');
    expect(await first.getAttribute('data-id')).toBe(String(supplier.id));
    expect(await first.textContent()).toContain(en['supply.event.SupplierApproved']);
    const ids = await page
      .getByTestId('user-info-record')
      .evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-kind')}:${r.getAttribute('data-id')}`));
    expect(new Set(ids).size).toBe(ids.length);
    await shoot(page, SHOTS, 'user-info-records-light');
    await shootDark(page, SHOTS, 'user-info-records-dark');
    await first.getByRole('link', { name: supplier.name }).click();
    await page.waitForURL(new RegExp(`/supply/detail\\?id=${supplier.id}$`), SLOW);
    // The detail page, not the user-info page kept alive behind its tab (which also names the supplier).
    await page.locator('#supply-name').waitFor(SLOW);
    await expect.poll(() => page.locator('#supply-name').inputValue(), SLOW).toBe(supplier.name);
    await page.close();
  });

  it('lists both demo members in the team, and speaks Chinese', async () => {
    const page = await signedIn(h, ADMIN, '/user/info', { area: 'user-info', locale: 'zh-CN' });
    await page.getByTestId('user-info-me').waitFor(SLOW);
    expect(await page.getByTestId('user-info-lately').textContent()).toContain(zh['userInfo.lately.title']);
    expect(await page.getByTestId('user-info-count-last_7_days').textContent()).toContain(
      zh['userInfo.counts.last7'],
    );
    expect(await page.getByTestId('user-info-role').textContent()).toBe(zh['role.admin']);
    await page.getByTestId('user-info-event').first().waitFor(SLOW);
    await shoot(page, SHOTS, 'user-info-overview-zh');
    await page.getByRole('main').getByRole('tab', { name: zh['userInfo.tab.team'] }).click();
    const rows = page.getByTestId('user-info-member');
    await rows.first().waitFor(SLOW);
    const emails = await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-email')));
    expect(emails).toEqual(expect.arrayContaining([ADMIN.email, STAFF.email]));
    const staffRow = page.locator(`[data-testid="user-info-member"][data-email="${STAFF.email}"]`);
    expect(await staffRow.textContent()).toContain(zh['role.user']);
    // The staff member approved a supplier a moment ago: their last action is minutes old, not "never".
    expect(await staffRow.textContent()).not.toContain(zh['userInfo.team.never']);
    expect(await page.getByTestId('user-info-team').textContent()).toContain(zh['userInfo.team.lastActed']);
    await shoot(page, SHOTS, 'user-info-team-zh-light');
    await shootDark(page, SHOTS, 'user-info-team-zh-dark');
    await page.close();
  });
});
