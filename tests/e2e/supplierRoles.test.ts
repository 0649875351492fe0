/**
 * The supplier screens as the `user` role (issue 8, item 7), in Chromium against the real server: what the role
 * may do works, what it may not is offered disabled with the policy's reason, and the server refuses it anyway
 * when sent directly. The admin sees the same screens with those actions open, for contrast.
 *
 * The rule, as the policy table states it (src/contract/policy.ts, POLICY): of the supplier commands, enabling and
 * closing a supplier are admin decisions; audit (approve, reject, resubmit), service status (take orders, rest),
 * display (show, hide), ranking and profile edits are day-to-day staff work. The lists below restate that rule on
 * purpose, rather than reading POLICY: a change to the table must show up here as a failing test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { messagesFor } from '../../src/i18n';
import { idCardFor, validProfile } from '../machines/lifecycles/supplierFixtures';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { WORKPLACE, signedIn as signedInAt } from './support/pages';
import { rowOf } from './support/table';

const ADMIN_ONLY = ['supplier.enable', 'supplier.close'];
const STAFF_MAY = [
  'supplier.approve',
  'supplier.reject',
  'supplier.resubmit',
  'supplier.takeOrders',
  'supplier.rest',
  'supplier.show',
  'supplier.hide',
  'supplier.rank',
  'supplier.edit',
];
const POLICY_REASON = messagesFor('en-US')['policy.adminOnly'];
const POLICY_REASON_ZH = messagesFor('zh-CN')['policy.adminOnly'];

let h: Harness;
let adminToken: string;
let staffToken: string;

beforeAll(async () => {
  h = await startHarness();
  adminToken = await h.apiLogin(ADMIN);
  staffToken = await h.apiLogin(STAFF);
});
afterAll(async () => {
  await h?.stop();
});

type Envelope<T> = { status: number; err_code: number; err_msg: string; data: T };

async function send<T>(method: string, path: string, token: string, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(h.url(path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as Omit<Envelope<T>, 'status'>) };
}

async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const answer = await send<T>(method, path, token, body);
  if (answer.err_code !== 200) throw new Error(`${method} ${path}: ${answer.err_msg}`);
  return answer.data;
}

interface Supplier {
  id: number;
  version: number;
  name: string;
  audit_state: string;
  is_enabled: boolean;
  is_display: boolean;
  state: string | null;
  ranking: number;
}

let seq = 0;
async function createSupplier(name: string): Promise<Supplier> {
  seq++;
  const birthday = `1986-03-${String(10 + seq).padStart(2, '0')}`;
  return api('POST', '/api/suppliers', adminToken, {
    ...validProfile({ name, birthday, id_card_no: idCardFor(birthday, `7${String(seq).padStart(2, '0')}`) }),
  });
}

async function command(s: Supplier, type: string): Promise<Supplier> {
  const now = await api<Supplier>('GET', `/api/suppliers/${s.id}`, adminToken);
  const r = await api<{ supplier: Supplier }>('POST', `/api/suppliers/${s.id}/events`, adminToken, {
    type,
    expectedVersion: now.version,
  });
  return r.supplier;
}

const getSupplier = (id: number) => api<Supplier>('GET', `/api/suppliers/${id}`, adminToken);

/** Three suppliers of one tag: waiting for audit; passed (enabled, hidden); passed and closed. */
async function trio(label: string) {
  const tag = `E2E ${label} ${Date.now()}`;
  const waiting = await createSupplier(`${tag} waiting`);
  const passed = await command(await createSupplier(`${tag} passed`), 'supplier.approve');
  const closed = await command(
    await command(await createSupplier(`${tag} closed`), 'supplier.approve'),
    'supplier.close',
  );
  return { tag, waiting, passed, closed };
}

const signedIn = (who: { email: string; password: string }, locale = 'en-US') =>
  signedInAt(h, who, WORKPLACE, { area: 'supplier-roles', locale });

/** The supplier list searched for `tag` (the search lives in the URL), once its rows are shown. */
async function listOf(page: Page, tag: string, count: number): Promise<void> {
  await page.goto(h.url(`/supply/list?q=${encodeURIComponent(tag)}`));
  await page.getByText(`${count} records`, { exact: true }).waitFor();
}

/** The text of the tooltip a control shows on hover ('' when it shows none within a second). */
async function tooltipOf(page: Page, control: Locator): Promise<string> {
  await page.mouse.move(0, 0);
  // Every tooltip gone, the one closing included: on a busy machine the last one and its closing copy can both be
  // there, which a (strict) locator's wait for "detached" refuses.
  await page.waitForFunction(() => document.querySelectorAll('.bp6-tooltip').length === 0);
  await control.hover();
  const tip = page.locator('.bp6-tooltip');
  try {
    await tip.waitFor({ timeout: 1000 });
  } catch {
    return '';
  }
  return ((await tip.textContent()) ?? '').trim();
}

const isDisabled = async (control: Locator) =>
  (await control.getAttribute('aria-disabled')) === 'true' || (await control.isDisabled());

/**
 * Every action control in `scope` (`[data-action]` or `[data-bulk]`), judged against the rule: an admin-only
 * one is disabled with the policy's reason; a staff one is never refused for the policy (it may be disabled by
 * the lifecycle, with the lifecycle's reason). Returns the types seen and which of them were enabled.
 */
async function checkAgainstRule(page: Page, scope: Locator, attribute: 'data-action' | 'data-bulk') {
  const controls = scope.locator(`[${attribute}]`);
  await controls.first().waitFor();
  const seen: Record<string, boolean> = {};
  for (const control of await controls.all()) {
    const type = (await control.getAttribute(attribute))!;
    const disabled = await isDisabled(control);
    const tip = disabled ? await tooltipOf(page, control) : '';
    if (ADMIN_ONLY.includes(type)) {
      expect(disabled, `${type} is admin-only: disabled for a user`).toBe(true);
      expect(tip, `${type}: the policy's reason`).toBe(POLICY_REASON);
    } else {
      expect(STAFF_MAY, `${type} is a supplier command the rule names`).toContain(type);
      expect(tip, `${type} is staff work: never refused for the policy`).not.toBe(POLICY_REASON);
      if (disabled) expect(tip, `${type}: disabled with the lifecycle's reason`).not.toBe('');
    }
    seen[type] = !disabled;
  }
  return seen;
}

/** Clicks a disabled control the hard way and proves no command left the browser. */
async function expectClickSendsNothing(page: Page, control: Locator): Promise<void> {
  const sent: string[] = [];
  const listener = (r: { url(): string; method(): string }) => {
    if (r.method() !== 'GET' && /\/api\/suppliers\//.test(r.url())) sent.push(r.url());
  };
  page.on('request', listener);
  await control.click({ force: true });
  await page.waitForTimeout(500);
  page.off('request', listener);
  expect(sent).toEqual([]);
}

describe('suppliers as the user role', () => {
  it('the list: admin-only row and bulk actions are disabled with the reason; approve, reject, rank work', async () => {
    const { tag, waiting, passed, closed } = await trio('User list');
    const page = await signedIn(STAFF);
    await listOf(page, tag, 3);
    await h.screenshot(page, 'supply-list-as-user');

    // Every row action, each row: admin-only ones refused for the policy, staff ones never.
    const waitingRow = await rowOf(page, waiting.name);
    expect(await checkAgainstRule(page, waitingRow, 'data-action')).toEqual({
      'supplier.approve': true,
      'supplier.reject': true,
      'supplier.close': false,
      'supplier.rank': true,
    });
    const passedRow = await rowOf(page, passed.name);
    expect(await checkAgainstRule(page, passedRow, 'data-action')).toMatchObject({
      'supplier.approve': false, // already passed: the lifecycle's reason, checked above
      'supplier.close': false,
      'supplier.rank': true,
    });
    const closedRow = await rowOf(page, closed.name);
    expect(await checkAgainstRule(page, closedRow, 'data-action')).toMatchObject({
      'supplier.enable': false,
      'supplier.rank': true,
    });
    await closedRow.locator('[data-action="supplier.enable"]').hover();
    await page.locator('.bp6-tooltip', { hasText: POLICY_REASON }).waitFor();
    await h.screenshot(page, 'supply-list-as-user-admin-only');
    await expectClickSendsNothing(page, closedRow.locator('[data-action="supplier.enable"]'));
    expect((await getSupplier(closed.id)).is_enabled).toBe(false);

    // Bulk: enable and close are refused for the policy; approve is offered.
    await page.getByLabel('Select all on this page').last().locator('..').click();
    await page.getByText('3 selected').waitFor();
    const bulk = page.locator('.kit-bulk');
    expect(await checkAgainstRule(page, bulk, 'data-bulk')).toEqual({
      'supplier.approve': true,
      'supplier.enable': false,
      'supplier.close': false,
    });
    await expectClickSendsNothing(page, bulk.locator('[data-bulk="supplier.close"]'));
    await bulk.locator('[data-bulk="supplier.approve"]').click();
    const summary = page.locator('.kit-bulk-summary');
    await summary.waitFor();
    expect(await summary.locator('.kit-bulk-count').textContent()).toBe('1 succeeded, 2 refused');
    expect(await summary.locator('li[data-ok="true"]').textContent()).toContain(`#${waiting.id}`);
    await summary.getByRole('button', { name: 'Done' }).click();
    expect(await getSupplier(waiting.id)).toMatchObject({ audit_state: 'pass', is_enabled: true });

    // Ranking is staff work: the dialog saves it.
    await (await rowOf(page, passed.name)).locator('[data-action="supplier.rank"]').click();
    await page.locator('#command-dialog-ranking').fill('42');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await getSupplier(passed.id)).ranking).toBe(42);

    // Reject with a reason, from the row.
    await (await rowOf(page, passed.name)).locator('[data-action="supplier.reject"]').click();
    await page.locator('#command-dialog-reason').fill('Licence expired');
    await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await getSupplier(passed.id)).audit_state).toBe('reject');
    // Nothing admin-only happened along the way.
    expect((await getSupplier(closed.id)).is_enabled).toBe(false);
    expect((await getSupplier(waiting.id)).is_enabled).toBe(true);
  });

  it('the detail page: enable and close disabled with the reason; show, hide, take orders and edits work', async () => {
    const { passed, closed } = await trio('User detail');
    const page = await signedIn(STAFF);
    await page.goto(h.url(`/supply/detail?id=${passed.id}`));
    const panel = page.locator('.supply-audit[data-audit-state="pass"]');
    await panel.waitFor();
    const offered = await checkAgainstRule(page, panel, 'data-action');
    expect(offered).toMatchObject({
      'supplier.enable': false,
      'supplier.close': false,
      'supplier.show': true,
      'supplier.takeOrders': true,
      'supplier.approve': false,
      'supplier.reject': true,
    });
    await panel.locator('[data-action="supplier.close"]').hover();
    await page.locator('.bp6-tooltip', { hasText: POLICY_REASON }).waitFor();
    await h.screenshot(page, 'supply-detail-as-user');
    await expectClickSendsNothing(page, panel.locator('[data-action="supplier.close"]'));

    await panel.locator('[data-action="supplier.show"]').click();
    await page.locator('.kit-timeline [data-event="SupplierShown"]').waitFor();
    await expect.poll(() => isDisabled(panel.locator('[data-action="supplier.hide"]'))).toBe(false);
    await panel.locator('[data-action="supplier.hide"]').click();
    await page.locator('.kit-timeline [data-event="SupplierHidden"]').waitFor();
    await expect.poll(() => isDisabled(panel.locator('[data-action="supplier.takeOrders"]'))).toBe(false);
    await panel.locator('[data-action="supplier.takeOrders"]').click();
    await page.locator('.kit-timeline [data-event="SupplierStartedTakingOrders"]').waitFor();
    await page.locator('#supply-bio').fill('Edited by staff');
    await page.getByTestId('detail-save').click();
    await page.getByText('Saved.').waitFor();
    expect(await getSupplier(passed.id)).toMatchObject({
      is_display: false,
      state: 'taking_orders',
      is_enabled: true,
    });
    expect((await api<{ bio: string }>('GET', `/api/suppliers/${passed.id}`, adminToken)).bio).toBe(
      'Edited by staff',
    );

    // A closed supplier: enable is the admin's; the user still edits its profile.
    await page.goto(h.url(`/supply/detail?id=${closed.id}`));
    const closedPanel = page.locator('.supply-audit[data-audit-state="pass"]');
    await closedPanel.waitFor();
    expect(await checkAgainstRule(page, closedPanel, 'data-action')).toMatchObject({
      'supplier.enable': false,
      'supplier.close': false,
    });
    expect((await getSupplier(closed.id)).is_enabled).toBe(false);
  });

  it('the server refuses an admin-only command sent directly by a user: 403 with a translated reason', async () => {
    const { passed, closed } = await trio('User api');
    const close = await send('POST', `/api/suppliers/${passed.id}/events`, staffToken, {
      type: 'supplier.close',
      expectedVersion: passed.version,
    });
    expect(close.status).toBe(403);
    expect(close).toMatchObject({ err_code: 403, data: { reason_key: 'policy.adminOnly' } });
    expect(close.err_msg).toBe('Only administrators may close this supplier; you are signed in as a user.');
    const enable = await send('POST', `/api/suppliers/${closed.id}/events`, staffToken, {
      type: 'supplier.enable',
      expectedVersion: closed.version,
    });
    expect(enable.status).toBe(403);
    expect(enable.data).toMatchObject({ reason_key: 'policy.adminOnly' });
    const bulk = await send<{ results: Array<{ id: number; ok: boolean; err_code: number; data: unknown }> }>(
      'POST',
      '/api/suppliers/bulk-events',
      staffToken,
      { type: 'supplier.enable', items: [{ id: closed.id, expectedVersion: closed.version }] },
    );
    expect(bulk.data.results).toEqual([
      expect.objectContaining({
        id: closed.id,
        ok: false,
        err_code: 403,
        data: { reason_key: 'policy.adminOnly' },
      }),
    ]);
    // Nothing changed.
    expect(await getSupplier(passed.id)).toMatchObject({ version: passed.version, is_enabled: true });
    expect(await getSupplier(closed.id)).toMatchObject({ version: closed.version, is_enabled: false });
    // A staff command from the same user goes through.
    const show = await send('POST', `/api/suppliers/${passed.id}/events`, staffToken, {
      type: 'supplier.show',
      expectedVersion: passed.version,
    });
    expect(show.status).toBe(200);

    // The reason key is a text in both languages, and the console shows it in the user's.
    expect(POLICY_REASON).toBeTruthy();
    expect(POLICY_REASON_ZH).toBeTruthy();
    expect(POLICY_REASON_ZH).not.toBe(POLICY_REASON);
    const page = await signedIn(STAFF, 'zh-CN');
    await page.goto(h.url(`/supply/detail?id=${closed.id}`));
    const enableButton = page.locator('.supply-audit [data-action="supplier.enable"]');
    await enableButton.waitFor();
    expect(await tooltipOf(page, enableButton)).toBe(POLICY_REASON_ZH);
  });

  it('as admin, for contrast: enable and close are offered on rows, in bulk and on the detail page', async () => {
    const { tag, waiting, closed } = await trio('Admin list');
    const page = await signedIn(ADMIN);
    await listOf(page, tag, 3);
    const waitingRow = await rowOf(page, waiting.name);
    expect(await isDisabled(waitingRow.locator('[data-action="supplier.close"]'))).toBe(false);
    const closedRow = await rowOf(page, closed.name);
    expect(await isDisabled(closedRow.locator('[data-action="supplier.enable"]'))).toBe(false);
    await page.getByLabel('Select all on this page').last().locator('..').click();
    await page.getByText('3 selected').waitFor();
    for (const type of ADMIN_ONLY) {
      expect(await isDisabled(page.locator(`[data-bulk="${type}"]`)), type).toBe(false);
    }
    // Closing the selected suppliers asks first, about the two not closed yet; cancelled, nothing is sent.
    await page.locator('[data-bulk="supplier.close"]').click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('Close 2 suppliers');
    expect(await confirm.textContent()).toContain('Only 2 of the 3 selected can be done now');
    expect(await confirm.textContent()).toContain('will not be assigned new orders');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await getSupplier(waiting.id)).toMatchObject({ version: waiting.version, is_enabled: true });
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByText('3 selected').waitFor({ state: 'hidden' });
    // A row's close asks too.
    await waitingRow.locator('[data-action="supplier.close"]').click();
    await expect.poll(() => confirm.textContent()).toContain(`Close ${waiting.name}`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await getSupplier(waiting.id)).toMatchObject({ version: waiting.version, is_enabled: true });
    await (await rowOf(page, closed.name)).locator('[data-action="supplier.enable"]').click();
    await expect.poll(async () => (await getSupplier(closed.id)).is_enabled).toBe(true);

    await page.goto(h.url(`/supply/detail?id=${waiting.id}`));
    const panel = page.locator('.supply-audit');
    await panel.waitFor();
    expect(await isDisabled(panel.locator('[data-action="supplier.close"]'))).toBe(false);
    await panel.locator('[data-action="supplier.close"]').click();
    // The detail page's close asks first, as the list's.
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('will not be assigned new orders');
    await dialog.locator('.bp6-dialog-footer').getByRole('button', { name: 'Close' }).click();
    await page.locator('.kit-timeline [data-event="SupplierClosed"]').waitFor();
    expect((await getSupplier(waiting.id)).is_enabled).toBe(false);
  });
});
