/**
 * Suppliers in Chromium against the real server on a throwaway database (issue 4): reject with a reason and see
 * it in the history, approve after resubmission, a concurrent edit refused with the reload offer, and a bulk
 * enable of a mixed selection reported per row.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, STAFF, login, startHarness, type Harness } from './support/harness';

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  h = await startHarness();
  adminToken = await apiLogin(ADMIN);
});
afterAll(async () => {
  await h?.stop();
});

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(h.url(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { err_code: number; err_msg: string; data: T };
  if (json.err_code !== 200) throw new Error(`${method} ${path}: ${json.err_msg}`);
  return json.data;
}

async function apiLogin(who: { email: string; password: string }): Promise<string> {
  const res = await fetch(h.url('/api/sanctum-auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

let seq = 0;
/** A supplier of our own, with a name unique to this run so a search finds exactly it. */
async function createSupplier(name: string): Promise<{ id: number; version: number }> {
  seq++;
  const birthday = `1985-02-${String(10 + seq).padStart(2, '0')}`;
  return api('POST', '/api/suppliers', adminToken, {
    ...validProfile({ name, birthday, id_card_no: idCardFor(birthday, `8${String(seq).padStart(2, '0')}`) }),
  });
}

async function signedIn(who: { email: string; password: string }): Promise<Page> {
  const page = await h.newPage();
  page.setDefaultTimeout(15_000);
  onTestFailed(async ({ task }) => {
    await h.screenshot(
      page,
      `failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}-${who.email.split('@')[0]}`,
    );
  });
  await page.goto(h.url('/login'));
  await page.evaluate(() => localStorage.setItem('arco-locale', 'en-US'));
  await page.reload();
  await page.locator('#login-username').waitFor();
  await login(page, who);
  await page.waitForURL(/\/dashboard\/workplace$/);
  return page;
}

async function searchList(page: Page, text: string): Promise<void> {
  await page.goto(h.url('/supply/list'));
  const search = page.getByPlaceholder('Search name, mobile, real name or ID number');
  await search.fill(text);
  await search.press('Enter');
}

describe('suppliers', () => {
  it('lets staff reject with a reason, see it in the history, and approve after resubmission', async () => {
    const name = `E2E Reject ${Date.now()}`;
    const { id } = await createSupplier(name);
    const page = await signedIn(STAFF);
    await searchList(page, name);
    await page.getByText(name, { exact: true }).waitFor();
    await h.screenshot(page, 'supply-list-search');

    // Close is admin-only: disabled for staff, with the reason on hover.
    await expect
      .poll(() => page.locator('[data-action="supplier.close"]').first().getAttribute('aria-disabled'))
      .toBe('true');

    await page.locator('[data-action="supplier.reject"]').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click(); // empty reason: refused
    await page.getByText('A reason is required.').waitFor();
    await page.locator('#supply-reject-reason').fill('The ID card photo is blurred');
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await h.screenshot(page, 'supply-reject-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('.bp6-table-cell').getByText('Rejected').count()).toBeGreaterThan(0);
    // Approve is now refused by the same machine, with the reason as tooltip.
    await expect
      .poll(() => page.locator('[data-action="supplier.approve"]').first().getAttribute('aria-disabled'))
      .toBe('true');
    await page.locator('[data-action="supplier.approve"]').first().hover();
    await page.getByText('Rejected: must be resubmitted before approval').waitFor();
    await h.screenshot(page, 'supply-list-rejected-tooltip');

    await page.goto(h.url(`/supply/detail?id=${id}`));
    const history = page.locator('.supply-timeline');
    await history.locator('[data-event="SupplierRejected"]').waitFor();
    expect(await history.locator('[data-event="SupplierRejected"]').textContent()).toContain(
      'Reason: The ID card photo is blurred',
    );
    const staffName = (await api<{ name: string }>('POST', '/api/user/info', await apiLogin(STAFF))).name;
    expect(await history.locator('[data-event="SupplierRejected"]').textContent()).toContain(
      `by ${staffName}`,
    );
    await h.screenshot(page, 'supply-detail-rejected');

    await page.locator('.supply-audit [data-action="supplier.resubmit"]').click();
    await page.locator('.supply-audit[data-audit-state="waiting_audit"]').waitFor();
    await page.locator('.supply-audit [data-action="supplier.approve"]').click();
    await page.locator('.supply-audit[data-audit-state="pass"]').waitFor();
    const types = await history
      .locator('li')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-event')));
    expect(types).toEqual([
      'SupplierApproved',
      'SupplierResubmitted',
      'SupplierRejected',
      'SupplierRegistered',
    ]);
    await h.screenshot(page, 'supply-detail-approved');
  });

  it('refuses the second of two concurrent edits and offers to reload', async () => {
    const name = `E2E Conflict ${Date.now()}`;
    const { id } = await createSupplier(name);
    const first = await signedIn(ADMIN);
    const second = await signedIn(STAFF);
    for (const page of [first, second]) {
      await page.goto(h.url(`/supply/detail?id=${id}`));
      await page.locator('#supply-bio').waitFor();
    }
    await first.locator('#supply-bio').fill('Bio written first');
    await first.getByTestId('supply-save').click();
    await first.getByText('Saved.').waitFor();

    await second.locator('#supply-bio').fill('Bio written second');
    await second.getByTestId('supply-save').click();
    const dialog = second.locator('.supply-conflict');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Changed by someone else');
    await second.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await h.screenshot(second, 'supply-conflict');
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await expect.poll(() => second.locator('#supply-bio').inputValue()).toBe('Bio written first');
    const now = await api<{ bio: string; version: number }>('GET', `/api/suppliers/${id}`, adminToken);
    expect(now).toMatchObject({ bio: 'Bio written first', version: 2 });
  });

  it('bulk-enables a mixed selection and reports each row', async () => {
    const tag = `E2E Bulk ${Date.now()}`;
    const open = await createSupplier(`${tag} open`);
    const closed = await createSupplier(`${tag} closed`);
    await api('POST', `/api/suppliers/${closed.id}/events`, adminToken, {
      type: 'supplier.close',
      expectedVersion: 1,
    });

    const page = await signedIn(ADMIN);
    await searchList(page, tag);
    await page.getByText(`${tag} closed`, { exact: true }).waitFor();
    await page.getByLabel('Select all on this page').first().dispatchEvent('click');
    await page.getByText('2 selected').waitFor();
    await page.locator('[data-bulk="supplier.enable"]').click();
    const summary = page.locator('.supply-bulk-summary');
    await summary.waitFor();
    expect(await summary.locator('.supply-bulk-count').textContent()).toBe('1 succeeded, 1 refused');
    expect(await summary.locator(`li[data-ok="true"]`).textContent()).toContain(`#${closed.id}`);
    const refused = await summary.locator(`li[data-ok="false"]`).textContent();
    expect(refused).toContain(`#${open.id}`);
    expect(refused).toContain('already enabled');
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await h.screenshot(page, 'supply-bulk-summary');
    await summary.getByRole('button', { name: 'Done' }).click();
    const after = await api<{ is_enabled: boolean }>('GET', `/api/suppliers/${closed.id}`, adminToken);
    expect(after.is_enabled).toBe(true);
  });

  it('shows every tab with its count on the demo data', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/supply/list'));
    await page.locator('.bp6-table-cell').first().waitFor();
    for (const tab of ['All', 'Taking orders', 'Servicing', 'Resting']) {
      const tag = page.getByRole('tab', { name: new RegExp(tab) }).locator('.bp6-tag');
      await expect.poll(async () => Number(await tag.textContent()), { message: tab }).toBeGreaterThan(0);
    }
    await h.screenshot(page, 'supply-list');
    await page.getByRole('tab', { name: /Servicing/ }).click();
    await expect
      .poll(() => page.locator('.bp6-table-cell').getByText('Servicing', { exact: true }).count())
      .toBeGreaterThan(0);
  });

  it('validates a new supplier in the browser before sending it', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/supply/detail'));
    await page.locator('#supply-name').waitFor();
    await page.getByTestId('supply-save').click();
    await page.getByText('Required').first().waitFor();
    // An ID card image goes through the upload endpoint and shows as a preview.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .locator('input[data-field="id_card_front"]')
      .setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
    const preview = page.locator('[data-image="id_card_front"] img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/\/uploads\/.+\.png$/);
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    await h.screenshot(page, 'supply-detail-new-validation');
  });
});
