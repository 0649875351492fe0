/**
 * The order and account screens in Chromium against the real server and its simulated month of demo orders:
 * the service-order list with its tabs and search, an order's page with its settlement, a refund granted by one
 * admin and (under the four-eyes rule) sent by another staff member, a refused order reassigned through the
 * supplier picker, and a wallet adjusted with a reason.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { signedIn } from './support/pages';
import { columnTexts, rowOf } from './support/table';
import { yuan } from '../../src/views/common/money';

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

interface Order {
  id: number;
  version: number;
  order_no: string;
  fulfilment: string;
  payment: string;
  customer_id: number;
  refundable_fen: number;
  reserved_fen: number;
  settlement: { commissionFen: number; payoutFen: number } | null;
  refuse_reason: string | null;
}
interface Refund {
  id: number;
  state: string;
  order_no: string;
  granted_by_name: string | null;
  sent_by_name: string | null;
}
type Page_<T> = { items: T[]; total: number };

const signIn = (who: typeof ADMIN, path: string) => signedIn(h, who, path, { area: 'orders' });

async function search(page: Page, text: string) {
  const box = page.locator('.kit-search input');
  await box.fill(text);
  await box.press('Enter');
}

describe('orders', () => {
  it('lists service orders with a count per state, finds one by number and opens it with its settlement', async () => {
    const page = await signIn(ADMIN, '/order/server');
    for (const tab of ['All', 'Awaiting assignment', 'Completed', 'Refused', 'Cancelled']) {
      const tag = page
        .getByRole('main')
        .getByRole('tab', { name: new RegExp(`^${tab}`) })
        .locator('.bp6-tag');
      await expect.poll(async () => Number(await tag.textContent()), { message: tab }).toBeGreaterThan(0);
    }
    await h.screenshot(page, 'orders-list');
    // A row's actions are in sight as the list opens, without scrolling the table sideways.
    const view = page.locator('.kit-row-actions').first().getByRole('button', { name: 'View' });
    const [button, table] = [(await view.boundingBox())!, (await page.locator('.kit-table').boundingBox())!];
    expect(button.x + button.width).toBeLessThanOrEqual(table.x + table.width);
    await page.getByRole('combobox', { name: 'City' }).selectOption('Beijing');
    await expect.poll(() => page.url()).toContain('city=Beijing');
    await expect.poll(async () => [...new Set(await columnTexts(page, 8))]).toEqual(['Beijing']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).not.toContain('city=');
    const [project] = (
      await h.api<Page_<{ id: number; project_name: string }>>('GET', '/api/projects?page_size=1', adminToken)
    ).items;
    await page.getByRole('combobox', { name: 'Project' }).selectOption({ label: project!.project_name });
    await expect.poll(() => page.url()).toContain(`project_id=${project!.id}`);
    await expect.poll(async () => [...new Set(await columnTexts(page, 5))]).toEqual([project!.project_name]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).not.toContain('project_id=');
    // An amount range the wrong way round is marked where it was typed; the list is not asked for it.
    const amount = page.getByRole('group', { name: 'Amount (¥)' });
    // Typed with a Chinese input method's full-width digits, it is asked for as the amount it is.
    await amount.getByLabel('from', { exact: true }).fill('５００');
    await amount.getByLabel('from', { exact: true }).press('Enter');
    await expect.poll(() => page.url()).toContain('amount_from=500');
    await amount.getByLabel('to', { exact: true }).fill('300');
    await amount.getByLabel('to', { exact: true }).press('Enter');
    await expect
      .poll(() => amount.getByRole('alert').textContent())
      .toBe(
        'The lower end of the range must not be more than the upper end. The list still uses “from ¥500.00”.',
      );
    expect(await amount.getByLabel('to', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).not.toContain('amount_to=');
    expect(await page.getByText('The list could not be loaded').count()).toBe(0);
    await h.screenshot(page, 'orders-range-reversed');
    // Said under the range's ends, it leaves the toolbar's buttons on their line.
    const top = async (l: Locator) => Math.round((await l.boundingBox())!.y);
    const toEnd = await top(amount.getByLabel('to', { exact: true }));
    expect(await top(page.getByRole('button', { name: 'Reload' }))).toBe(toEnd);
    expect(await top(page.getByTestId('list-export'))).toBe(toEnd);
    expect(await top(amount.getByRole('alert'))).toBeGreaterThan(toEnd);
    // While it is so, the tab and the page wait for the range to be put right: they stay those of the rows shown.
    await page
      .getByRole('main')
      .getByRole('tab', { name: /^Refused/ })
      .click();
    expect(
      await page.getByRole('main').getByRole('tab', { name: /^All/ }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(page.url()).not.toContain('tab=');
    // An end typed wrong beside a range the wrong way round: what the list still uses is what it was asked, not the
    // range the fields show.
    await amount.getByLabel('from', { exact: true }).fill('5x');
    await expect
      .poll(() => amount.getByRole('alert').textContent())
      .toBe(
        'An amount in yuan from 0 to 999,999,999.99, with at most two decimals (e.g. 199.50). The list still uses “from ¥500.00”.',
      );
    await amount.getByLabel('from', { exact: true }).fill('500');
    await amount.getByLabel('from', { exact: true }).press('Enter');
    await amount.getByLabel('to', { exact: true }).fill('800');
    await amount.getByLabel('to', { exact: true }).press('Enter');
    await expect.poll(() => page.url()).toContain('amount_to=800');
    expect(await amount.getByRole('alert').count()).toBe(0);
    // An end that is not an amount says what an amount is, and is not sent: the list still uses the one applied.
    await amount.getByLabel('from', { exact: true }).fill('-50');
    await expect
      .poll(() => amount.getByRole('alert').textContent())
      .toBe(
        'An amount in yuan from 0 to 999,999,999.99, with at most two decimals (e.g. 199.50). The list still uses “from ¥500.00”.',
      );
    await amount.getByLabel('from', { exact: true }).press('Enter');
    expect(await amount.getByLabel('from', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toContain('amount_from=500');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    // Cleared, the end shows the filter as it is now, and nothing is wrong.
    await expect.poll(() => amount.getByLabel('from', { exact: true }).inputValue()).toBe('');
    expect(await amount.getByRole('alert').count()).toBe(0);
    // So is an end left empty and typed wrong, though its value (none) did not change.
    await page.getByRole('combobox', { name: 'City' }).selectOption('Beijing');
    await expect.poll(() => page.url()).toContain('city=Beijing');
    await amount.getByLabel('to', { exact: true }).fill('abc');
    // Nothing applied at that end: nothing is said to be still in use.
    await expect
      .poll(() => amount.getByRole('alert').textContent())
      .toBe('An amount in yuan from 0 to 999,999,999.99, with at most two decimals (e.g. 199.50).');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => amount.getByLabel('to', { exact: true }).inputValue()).toBe('');
    expect(await amount.getByRole('alert').count()).toBe(0);
    // A date typed with the keyboard is asked for once its year is whole, not at each digit of the year (0002, 0020,
    // 0202 are dates too).
    const placedAsked: string[] = [];
    page.on('request', (request) => {
      const asked = new URL(request.url());
      const from = asked.searchParams.get('placed_from');
      if (asked.pathname === '/api/orders' && from) placedAsked.push(from);
    });
    const placedFrom = page.getByRole('group', { name: 'Placed' }).getByLabel('from', { exact: true });
    await placedFrom.focus();
    await page.keyboard.type('05012026', { delay: 50 });
    await expect.poll(() => placedAsked).toEqual(['2026-05-01']);
    expect(page.url()).toContain('placed_from=2026-05-01');
    // Its day typed again, a digit at a time: the 28th is asked for once the keys pause, not the 2nd on the way.
    // (The field is still on its year: one step left is the day.)
    await placedFrom.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('28', { delay: 50 });
    await expect.poll(() => placedAsked).toEqual(['2026-05-01', '2026-05-28']);
    expect(page.url()).toContain('placed_from=2026-05-28');
    // The 30th typed, and the year begun within the pause: the 30th of 2026 is not asked for behind the year being
    // typed (0002), nor is the field set back to it; the whole year is asked for once the keys pause.
    await placedFrom.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('302', { delay: 50 });
    await page.waitForTimeout(800);
    expect(placedAsked).toEqual(['2026-05-01', '2026-05-28']);
    expect(await placedFrom.inputValue()).toBe('0002-05-30');
    await page.keyboard.type('026', { delay: 50 });
    await expect.poll(() => placedAsked).toEqual(['2026-05-01', '2026-05-28', '2026-05-30']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.url()).not.toContain('placed_from=');
    const [completed] = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=completed&page_size=1', adminToken)
    ).items;
    await search(page, completed!.order_no);
    await expect.poll(() => page.url()).toContain(`q=${completed!.order_no}`);
    await page.getByRole('link', { name: completed!.order_no }).click();
    await page.waitForURL((u) => u.pathname === '/order/detail');
    await expect.poll(() => page.getByTestId('order-fulfilment').textContent()).toBe('Completed');
    const settlement = page.getByTestId('order-settlement');
    await expect.poll(() => settlement.textContent()).toContain('Platform commission');
    const fen = (n: number) =>
      `¥${Math.floor(n / 100).toLocaleString('en-US')}.${String(n % 100).padStart(2, '0')}`;
    expect(await settlement.textContent()).toContain(fen(completed!.settlement!.commissionFen));
    expect(await settlement.textContent()).toContain(fen(completed!.settlement!.payoutFen));
    await expect.poll(() => page.locator('.kit-timeline li[data-event="OrderSettled"]').count()).toBe(1);
    await h.screenshot(page, 'order-detail');
  });

  it('grants a refund as one admin, refuses the same admin the sending (four eyes), and sends it as another', async () => {
    const paid = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=accepted&payment=paid&page_size=100', adminToken)
    ).items;
    const order = paid.find((o) => o.reserved_fen === 0 && o.refundable_fen >= 1000)!;
    const before = await h.api<{ balance_fen: number }>(
      'GET',
      `/api/customers/${order.customer_id}`,
      adminToken,
    );
    await h.api('POST', '/api/refunds', staffToken, {
      kind: 'order',
      target_id: order.id,
      amount_fen: 1000,
      reason: 'The cleaner came an hour late',
    });

    const admin = await signIn(ADMIN, '/order/refund');
    await search(admin, order.order_no);
    let row = await rowOf(admin, order.order_no);
    // The row's actions are in sight as the list opens, without scrolling the table sideways.
    const grant = row.getByRole('button', { name: 'Grant' });
    const box = (await grant.boundingBox())!;
    const list = (await admin.locator('.kit-table').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width);
    await grant.click();
    // Granting asks first, as sending does.
    const asked = admin.getByRole('dialog');
    await expect.poll(() => asked.textContent()).toContain('The money leaves only when the refund is sent.');
    await asked.getByRole('button', { name: 'Grant' }).click();
    // The toast says what was done.
    await admin.locator('.bp6-toast', { hasText: 'Refund granted.' }).waitFor();
    await expect
      .poll(async () => (await rowOf(admin, order.order_no)).locator('.bp6-tag').first().textContent())
      .toBe('Granted');
    row = await rowOf(admin, order.order_no);
    const send = row.getByRole('button', { name: 'Send to wallet' });
    await expect.poll(() => send.getAttribute('aria-disabled')).toBe('true');
    await send.hover();
    await expect
      .poll(() => admin.locator('.bp6-tooltip').textContent())
      .toContain('another staff member must send it');
    await h.screenshot(admin, 'refund-four-eyes');

    const staff = await signIn(STAFF, '/order/refund');
    await search(staff, order.order_no);
    await (await rowOf(staff, order.order_no)).getByRole('button', { name: 'Send to wallet' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Send to wallet' }).click();
    await expect
      .poll(async () => (await rowOf(staff, order.order_no)).locator('.bp6-tag').first().textContent())
      .toBe('Sent');
    const sentTitle = await (
      await rowOf(staff, order.order_no)
    )
      .locator('.bp6-tag')
      .first()
      .getAttribute('title');
    const after = await h.api<{ balance_fen: number }>(
      'GET',
      `/api/customers/${order.customer_id}`,
      adminToken,
    );
    expect(after.balance_fen - before.balance_fen).toBe(1000);
    const refunds = await h.api<Page_<Refund>>('GET', `/api/refunds?order_id=${order.id}`, adminToken);
    expect(refunds.items.map((r) => r.state)).toEqual(['sent']);
    // The order's page lists it under headed columns.
    await staff.goto(h.url(`/order/detail?id=${order.id}`));
    const table = staff.getByTestId('order-refunds');
    await expect.poll(() => table.locator('thead').textContent()).toContain('Refund of');
    expect(await table.locator('tbody tr').first().textContent()).toContain('Sent');
    // Who granted it and who sent it: two people, named.
    const [{ granted_by_name: granter, sent_by_name: sender }] = refunds.items;
    expect(granter && sender && granter !== sender).toBe(true);
    expect(await table.locator('tbody tr').first().textContent()).toContain(`${granter} / ${sender}`);
    // Where the money went, in the table and in the sending's step of the history.
    await expect.poll(() => table.locator('thead').textContent()).toContain('Paid back to');
    expect(await table.locator('tbody tr').first().textContent()).toContain('Wallet');
    // The list says it on hover of the state.
    expect(sentTitle).toBe(`Granted / sent by: ${granter} / ${sender}`);
    await table.scrollIntoViewIfNeeded();
    // All its columns are in sight at a laptop's width: nothing to scroll to.
    const related = staff.locator('.order-related');
    expect(await related.evaluate((e) => e.scrollWidth - e.clientWidth)).toBe(0);
    await h.screenshot(staff, 'order-refunds');
    // The order's history tells the refund's grant and sending too, each by its person: the four eyes, on record.
    const refundId = refunds.items[0]!.id;
    const history = staff.locator('.kit-timeline');
    const stepOf = (what: string) => history.locator('li', { hasText: `Refund #${refundId}: ${what}` });
    expect(await stepOf('granted').textContent()).toContain(`by ${granter}`);
    expect(await stepOf('sent').textContent()).toContain(`by ${sender}`);
    expect(await stepOf('sent').textContent()).toContain('To: Wallet');
    // The order's own money moves name the refund they were for, rather than repeat its steps.
    for (const move of [`Held for refund #${refundId}`, `Refunded by refund #${refundId}`])
      expect(await history.locator('li', { hasText: move }).textContent()).toContain('¥10.00');
    // Each refund links to its list, searched for the order: where it is acted on.
    await table.locator('tbody tr').first().getByRole('link', { name: 'Refund orders' }).click();
    await staff.waitForURL((u) => u.pathname === '/order/refund');
    expect(await staff.locator('.kit-search input').inputValue()).toBe(order.order_no);
    await expect.poll(() => staff.getByTestId('list-total').textContent()).toBe('1 record');
    await rowOf(staff, order.order_no);
  });

  it('keeps a typed rejection when someone else changed the refund first, and says so; refuses a grant that came too late', async () => {
    const paid = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=completed&payment=paid&page_size=100', adminToken)
    ).items;
    const [first, second] = paid.filter((o) => o.reserved_fen === 0 && o.refundable_fen >= 700);
    const ask = (order: Order) =>
      h.api<{ id: number; version: number }>('POST', '/api/refunds', staffToken, {
        kind: 'order',
        target_id: order.id,
        amount_fen: 700,
        reason: 'The sofa was only half cleaned',
      });
    // Another admin, in another browser, grants it meanwhile.
    const grantElsewhere = (refund: { id: number; version: number }) =>
      h.api('POST', `/api/refunds/${refund.id}/events`, adminToken, {
        type: 'refund.grant',
        expectedVersion: refund.version,
      });
    const stateOf = (id: number) =>
      h.api<Refund & { reject_reason: string | null }>('GET', `/api/refunds/${id}`, adminToken);

    const page = await signIn(ADMIN, '/order/refund');
    onTestFailed(() => void h.screenshot(page, 'refund-race-failed'));
    const dialog = page.getByRole('dialog');

    // A rejection typed while someone else granted the refund: offered again, the reason kept, the change said.
    const rejected = await ask(first!);
    await search(page, first!.order_no);
    await (await rowOf(page, first!.order_no)).getByRole('button', { name: 'Reject' }).click();
    await dialog.getByRole('textbox').fill('The customer withdrew the complaint');
    await grantElsewhere(rejected);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect
      .poll(() => dialog.locator('.kit-dialog-changed').textContent())
      .toContain('Someone else changed');
    expect(await dialog.getByRole('textbox').inputValue()).toBe('The customer withdrew the complaint');
    await expect
      .poll(async () => (await rowOf(page, first!.order_no)).locator('.bp6-tag').first().textContent())
      .toBe('Granted');
    await h.screenshot(page, 'refund-race-dialog');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const after = await stateOf(rejected.id);
    expect([after.state, after.reject_reason]).toEqual(['rejected', 'The customer withdrew the complaint']);

    // A grant confirmed after someone else's: refused above the list, and the row shows what it is now.
    const granted = await ask(second!);
    await search(page, second!.order_no);
    await (await rowOf(page, second!.order_no)).getByRole('button', { name: 'Grant' }).click();
    await dialog.getByRole('button', { name: 'Grant' }).waitFor();
    await grantElsewhere(granted);
    await dialog.getByRole('button', { name: 'Grant' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Said as it appears (an alert), not only shown.
    await expect
      .poll(() => page.locator('.kit-action-error[role="alert"]').textContent())
      .toBe(
        `Someone else changed “${second!.order_no} · ¥7.00” in the meantime. The list has been read again.`,
      );
    await expect
      .poll(async () => (await rowOf(page, second!.order_no)).locator('.bp6-tag').first().textContent())
      .toBe('Granted');
    await h.screenshot(page, 'refund-race-banner');
    expect((await stateOf(granted.id)).state).toBe('granted');
    // In the dark theme too, a refused action is grey, whatever its intent; an allowed one keeps its colour.
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    const row = await rowOf(page, second!.order_no);
    const colour = (name: string) =>
      row.getByRole('button', { name }).evaluate((el) => getComputedStyle(el).color);
    expect(await colour('Grant')).toBe('rgba(171, 179, 191, 0.45)');
    expect(await colour('Reject')).not.toBe('rgba(171, 179, 191, 0.45)');
    await h.screenshot(page, 'refund-actions-dark');
    await page.getByTestId('theme-switch').click();
  });

  it('asks before sending the selected refunds in bulk, and sends nothing when cancelled', async () => {
    const paid = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=completed&payment=paid&page_size=100', adminToken)
    ).items;
    const order = paid.find((o) => o.reserved_fen === 0 && o.refundable_fen >= 500)!;
    const asked = await h.api<{ id: number; version: number }>('POST', '/api/refunds', staffToken, {
      kind: 'order',
      target_id: order.id,
      amount_fen: 500,
      reason: 'A window was left unwashed',
    });
    await h.api('POST', `/api/refunds/${asked.id}/events`, adminToken, {
      type: 'refund.grant',
      expectedVersion: asked.version,
    });
    const stateOf = async () => (await h.api<Refund>('GET', `/api/refunds/${asked.id}`, adminToken)).state;

    const page = await signIn(STAFF, '/order/refund');
    onTestFailed(() => void h.screenshot(page, 'refund-bulk-send-failed'));
    await search(page, order.order_no);
    await (await rowOf(page, order.order_no)).getByLabel(`#${asked.id}`).locator('..').click();
    await page.getByText('1 selected').waitFor();
    const bulkSend = page.locator('[data-bulk="refund.send"]');
    await bulkSend.click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('This cannot be undone.');
    expect(await dialog.textContent()).toContain('Send 1 refund');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await stateOf()).toBe('granted');

    await bulkSend.click();
    await dialog.getByRole('button', { name: 'Send to wallet' }).click();
    const summary = page.locator('.kit-bulk-summary');
    await summary.waitFor();
    expect(await summary.locator('.kit-bulk-count').textContent()).toBe('1 succeeded, 0 refused');
    expect(await stateOf()).toBe('sent');
  });

  it('meets each header control of the refund table once on Tab, every stop in sight', async () => {
    const page = await signIn(ADMIN, '/order/refund');
    onTestFailed(() => void h.screenshot(page, 'refund-tab-order-failed'));
    await page.locator('.kit-table .bp6-table-cell').first().waitFor();
    await page.locator('.kit-table').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Export CSV' }).focus();
    // Each stop: what it is and whether a person sees it (Blueprint draws the header row in several quadrants).
    const stops: Array<{ name: string; visible: boolean }> = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (!e?.closest('.kit-table')) return null;
        const name = e.getAttribute('aria-label') ?? e.dataset.sort ?? e.textContent ?? '';
        return { name, visible: getComputedStyle(e).visibility === 'visible' };
      });
      if (stop) stops.push(stop);
      else if (stops.length > 0) break;
    }
    const named = (name: string) => stops.filter((s) => s.name === name).length;
    expect(named('Select all on this page')).toBe(1);
    expect(named('amount')).toBe(1);
    expect(stops.filter((s) => !s.visible)).toEqual([]);
    // Every row's box and its order's link are reached too.
    expect(stops.filter((s) => /^#\d+$/.test(s.name)).length).toBeGreaterThan(5);
  });

  it('says before a bulk grant how many of the selected refunds can be granted now', async () => {
    const rows = (await h.api<Page_<Refund>>('GET', '/api/refunds?kind=order&page_size=100', adminToken))
      .items;
    const able = rows.filter((r) => r.state === 'requested').length;
    expect(able, 'a page with refunds to grant and others').toBeGreaterThan(0);
    expect(able).toBeLessThan(rows.length);
    const page = await signIn(ADMIN, '/order/refund?page_size=100');
    onTestFailed(() => void h.screenshot(page, 'refund-bulk-partly-failed'));
    await page.locator('.kit-table .bp6-table-cell').first().waitFor();
    await page.getByLabel('Select all on this page').last().locator('..').click();
    await page.getByText(`${rows.length} selected`).waitFor();
    await page.locator('[data-bulk="refund.grant"]').click();
    const dialog = page.getByRole('dialog');
    await expect
      .poll(() => dialog.getByTestId('bulk-partly').textContent())
      .toBe(
        `Only ${able} of the ${rows.length} selected can be done now: the other ${rows.length - able} will be refused, each with its reason.`,
      );
    // And it asks about those it can grant.
    await dialog
      .getByText(able === 1 ? 'Grant 1 refund' : `Grant ${able} refunds`, { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('says a refund returned to a wallet payment went back to the wallet', async () => {
    type Sent = Refund & { destination: string | null; paid_with: string | null };
    const sent = (
      await h.api<Page_<Sent>>('GET', '/api/refunds?kind=order&tab=sent&page_size=100', adminToken)
    ).items;
    const back = sent.find((r) => r.destination === 'original' && r.paid_with === 'wallet');
    expect(back, 'a sent refund of a wallet payment, returned the way it was paid').toBeDefined();
    const page = await signIn(STAFF, '/order/refund?tab=sent');
    onTestFailed(() => void h.screenshot(page, 'refund-original-wallet-failed'));
    await search(page, back!.order_no);
    await rowOf(page, back!.order_no);
    // The column is to the right of what a laptop's width shows: the table draws it once scrolled to.
    await page
      .locator('.kit-table .bp6-table-quadrant-main .bp6-table-quadrant-scroll-container')
      .evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await page.locator('.kit-table').getByText('Original payment: wallet', { exact: true }).first().waitFor();
  });

  it('reassigns a refused order through the supplier picker', async () => {
    const refused = (await h.api<Page_<Order>>('GET', '/api/orders?tab=refused&page_size=100', adminToken))
      .items;
    let target: Order | undefined;
    for (const o of refused) {
      const candidates = await h.api<Array<{ id: number }>>(
        'GET',
        `/api/orders/${o.id}/candidates`,
        adminToken,
      );
      if (candidates.length > 0 && o.payment === 'paid') {
        target = o;
        break;
      }
    }
    expect(target, 'a refused, paid order with a supplier able to take it').toBeDefined();
    const page = await signIn(STAFF, '/order/refuse');
    onTestFailed(() => void h.screenshot(page, 'order-reassign-failed'));
    // A tab for where each refused order is now, opening on those still refused; none waits for a first supplier.
    const selected = page.getByRole('main').getByRole('tab', { selected: true });
    await expect.poll(() => selected.textContent()).toMatch(/^Refused\d/);
    expect(
      await page
        .getByRole('main')
        .getByRole('tab', { name: /^Awaiting assignment/ })
        .count(),
    ).toBe(0);
    await search(page, target!.order_no);
    const row = await rowOf(page, target!.order_no);
    // Why the supplier refused it, beside the actions.
    expect(target!.refuse_reason).toBeTruthy();
    await row.getByText(target!.refuse_reason!, { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Reassign' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Supplier' }).waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(`Reassign order ${target!.order_no}`);
    await h.screenshot(page, 'order-reassign');
    // A search that finds none of them says so, not that none can take the order.
    const searchBox = dialog.getByRole('textbox', { name: 'Search suppliers by name, mobile or ID number' });
    await searchBox.fill('Qxzzy');
    await dialog
      .getByText('No supplier who can take this order matches “Qxzzy”.', { exact: false })
      .waitFor();
    await searchBox.fill('');
    const supplier = dialog.getByRole('combobox', { name: 'Supplier' });
    await supplier.waitFor();
    // No supplier is chosen for the staff: the dialog cannot assign until one is.
    expect(await supplier.inputValue()).toBe('');
    const confirm = dialog.getByRole('button', { name: 'Reassign', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await supplier.selectOption({ index: 1 });
    // The confirming button says what the title says.
    await confirm.click();
    await expect
      .poll(async () => (await h.api<Order>('GET', `/api/orders/${target!.id}`, adminToken)).fulfilment)
      .toBe('assigned');
    await expect.poll(() => page.locator('.bp6-non-ideal-state').count()).toBe(1);
    // Reassigned, it is still on the refused list, on the tab of where it is now.
    await page
      .getByRole('main')
      .getByRole('tab', { name: /^Assigned/ })
      .click();
    await (await rowOf(page, target!.order_no)).getByText('Assigned', { exact: true }).waitFor();
    expect(await page.locator('.bp6-non-ideal-state').count()).toBe(0);
    await h.screenshot(page, 'order-refused-reassigned');
  });

  it('says a page past the last one is past it, steps back to the last, and goes back to the first', async () => {
    const page = await signIn(STAFF, '/order/server?page=999');
    onTestFailed(() => void h.screenshot(page, 'order-past-last-page-failed'));
    const state = page.locator('.bp6-non-ideal-state');
    await expect
      .poll(() => state.textContent())
      .toContain('There is no page 999: the records end before it.');
    // The page before it is the last one, not page 998.
    const pages = Number((await page.getByTestId('list-page').textContent())!.match(/of (\d+)/)![1]);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => page.getByTestId('list-page').textContent()).toBe(`Page ${pages} of ${pages}`);
    expect(await state.count()).toBe(0);
    await page.goto(h.url('/order/server?page=999'));
    await expect
      .poll(() => state.textContent())
      .toContain('There is no page 999: the records end before it.');
    await state.getByRole('button', { name: 'Go to the first page' }).click();
    await expect.poll(() => page.getByTestId('list-page').textContent()).toMatch(/^Page 1 of \d+/);
    expect(await page.locator('.bp6-non-ideal-state').count()).toBe(0);
  });

  it('says what a link asked for that the list could not use, and lists the rest', async () => {
    const page = await signIn(
      STAFF,
      '/order/server?amount_from=500&amount_to=100&placed_from=2026-02-30&tab=bogus&payment=paid',
    );
    onTestFailed(() => void h.screenshot(page, 'order-link-ignored-failed'));
    const said = page.getByTestId('list-link-ignored');
    await expect
      .poll(() => said.textContent())
      .toBe(
        'Part of this link could not be used and is left out: Placed (from), Amount (¥) (from), Amount (¥) (to), the tab.',
      );
    await h.screenshot(page, 'order-link-ignored');
    // What it could use, it does: the paid orders, on every tab.
    const paid = await h.api<Page_<Order>>('GET', '/api/orders?payment=paid', adminToken);
    await expect.poll(() => page.getByTestId('list-total').textContent()).toBe(`${paid.total} records`);
    // Once the person changes the query, the list is theirs: nothing more to say about the link.
    await page
      .getByRole('main')
      .getByRole('tab', { name: /Completed/ })
      .click();
    await said.waitFor({ state: 'detached' });
    // A link asking only for what the list cannot use shows the plain list, and says so; the menu's own link to it
    // (the same list, nothing to load) says nothing more.
    await page.goto(h.url('/order/server?tab=bogus'));
    await expect
      .poll(() => said.textContent())
      .toBe('Part of this link could not be used and is left out: the tab.');
    await page.getByTestId('side-menu').getByRole('menuitem', { name: 'Service orders' }).click();
    await said.waitFor({ state: 'detached' });
  });

  it('shows a city filter from a link as it is when no city has that name, not as any city', async () => {
    const page = await signIn(STAFF, '/order/server?city=Atlantis');
    onTestFailed(() => void h.screenshot(page, 'order-stray-city-failed'));
    await page.getByText('No orders match').waitFor();
    const city = page.getByLabel('City', { exact: true });
    await expect
      .poll(() => city.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('Atlantis');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect
      .poll(() => city.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe('Any city');
    expect(await city.locator('option', { hasText: 'Atlantis' }).count()).toBe(0);
  });

  it('offers to keep the order beside cancelling it, counts the reason, and keeping it sends nothing', async () => {
    const [waiting] = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=awaiting_assignment&page_size=1', adminToken)
    ).items;
    const page = await signIn(STAFF, `/order/detail?id=${waiting!.id}`);
    onTestFailed(() => void h.screenshot(page, 'order-cancel-keep-failed'));
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog');
    // The reason's limit is counted as it is typed, before any send is refused.
    const count = dialog.getByTestId('char-count');
    expect(await count.textContent()).toBe('0 / 200');
    await dialog.getByRole('textbox').fill('x'.repeat(201));
    await expect.poll(() => count.textContent()).toBe('201 / 200');
    expect(await count.evaluate((e) => e.classList.contains('kit-count-over'))).toBe(true);
    await dialog.getByRole('button', { name: 'Keep the order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const now = await h.api<Order>('GET', `/api/orders/${waiting!.id}`, adminToken);
    expect([now.fulfilment, now.version]).toEqual([waiting!.fulfilment, waiting!.version]);
  });

  it('asks for a refund from an order’s page with the keyboard: the amount first, all that is refundable', async () => {
    const orders = (await h.api<Page_<Order>>('GET', '/api/orders?tab=completed&page_size=50', adminToken))
      .items;
    const order = orders.find((o) => o.refundable_fen > 0 && o.reserved_fen === 0);
    expect(order, 'a completed order with money to refund').toBeTruthy();
    const page = await signIn(STAFF, `/order/detail?id=${order!.id}`);
    onTestFailed(() => void h.screenshot(page, 'order-refund-request-failed'));
    await page.getByRole('button', { name: 'Request a refund' }).click();
    const dialog = page.getByRole('dialog');
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    // The amount has the focus at once: what is typed goes there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('refund-amount');
    expect(await amount.inputValue()).toBe(yuan(order!.refundable_fen).slice(1).replace(/,/g, ''));
    // Enter asks: without a reason, the reason says what it needs, and nothing is sent.
    await amount.press('Enter');
    await dialog.getByText('A reason of 1 to 200 characters is required.').waitFor();
    // A field's problem is the field's own to assistive technology: marked invalid, and its description.
    const reason = dialog.getByRole('textbox', { name: 'Reason' });
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    const described = await reason.getAttribute('aria-describedby');
    expect(await page.locator(`#${described}`).innerText()).toContain(
      'A reason of 1 to 200 characters is required.',
    );
    await amount.fill('0');
    await expect.poll(() => amount.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${await amount.getAttribute('aria-describedby')}`).innerText()).toBe(
      'An amount in yuan above zero, with at most two decimals.',
    );
    await reason.fill('Customer asked by phone');
    await amount.fill('0.01');
    expect(await amount.getAttribute('aria-invalid')).toBeNull();
    await amount.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    // Done, it says so.
    await page.locator('.bp6-toast', { hasText: 'Refund requested.' }).waitFor();
    const refunds = await h.api<Page_<Refund>>(
      'GET',
      `/api/refunds?q=${encodeURIComponent(order!.order_no)}`,
      adminToken,
    );
    expect(refunds.items.map((r) => r.order_no)).toContain(order!.order_no);
  });

  it('says a refund refused for an order someone changed meanwhile may show old figures, and reloads them', async () => {
    const orders = (await h.api<Page_<Order>>('GET', '/api/orders?tab=completed&page_size=50', adminToken))
      .items;
    const order = orders.find((o) => o.refundable_fen > 2000 && o.reserved_fen === 0);
    expect(order, 'a completed order with more than ¥20 to refund').toBeTruthy();
    const page = await signIn(STAFF, `/order/detail?id=${order!.id}`);
    onTestFailed(() => void h.screenshot(page, 'order-refund-stale-failed'));
    await page.getByRole('button', { name: 'Request a refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Customer asked by phone');
    // Meanwhile another member asks for all but ¥10 of it.
    await h.api('POST', '/api/refunds', adminToken, {
      kind: 'order',
      target_id: order!.id,
      amount_fen: order!.refundable_fen - 1000,
      reason: 'Asked at the desk',
    });
    await dialog.getByRole('button', { name: 'Request a refund' }).click();
    await dialog.getByTestId('refund-stale').waitFor();
    await dialog
      .getByText(/¥10\.00/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Reload' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The page reads the order again: what is still refundable now.
    const refundable = page.locator('.order-field').filter({ hasText: 'Still refundable' });
    await expect.poll(() => refundable.locator('span').last().textContent()).toBe('¥10.00');
  });

  it('says an order that is not there is missing, with nothing to retry', async () => {
    const page = await signIn(STAFF, '/order/detail?id=2147483647');
    onTestFailed(() => void h.screenshot(page, 'order-missing-failed'));
    const state = page.locator('.bp6-non-ideal-state');
    await expect.poll(() => state.textContent()).toContain('There is no such record');
    expect(await state.getByRole('button').count()).toBe(0);
    await h.screenshot(page, 'order-missing');
  });

  it('says a cancelled order is never settled, and that renewals are settled apart from their order', async () => {
    const [cancelled] = (
      await h.api<Page_<Order>>('GET', '/api/orders?tab=cancelled&page_size=1', adminToken)
    ).items;
    const page = await signIn(STAFF, `/order/detail?id=${cancelled!.id}`);
    onTestFailed(() => void h.screenshot(page, 'order-settlement-failed'));
    const money = page.getByTestId('order-money');
    await expect.poll(() => money.textContent()).toContain('Not settled: the order was cancelled.');
    expect(await money.textContent()).not.toContain('Settled when the service is completed');
    type Settled = {
      order_id: number;
      settlement: { commissionFen: number; payoutFen: number; rateBp: number };
    };
    const [renewal] = (
      await h.api<Page_<Settled>>('GET', '/api/renewals?tab=confirmed&page_size=1', adminToken)
    ).items;
    await page.goto(h.url(`/order/detail?id=${renewal!.order_id}`));
    await expect
      .poll(() => page.getByTestId('order-renewals-apart').textContent())
      .toBe(
        'Its renewals are settled on their own, each as it is confirmed, at the rate that applies then (see Renewals).',
      );
    // Each confirmed renewal shows its own commission and the supplier's payout.
    const row = page.getByTestId('order-renewals').locator('tr', { hasText: 'Confirmed' }).first();
    const { commissionFen, payoutFen } = renewal!.settlement;
    expect(await row.locator('td').nth(3).textContent()).toBe(
      `${yuan(commissionFen)} · ${(renewal!.settlement.rateBp / 100).toFixed(2)}%`,
    );
    expect(await row.locator('td').nth(4).textContent()).toBe(yuan(payoutFen));
    await row.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'order-renewals-settled');
  });

  it('confirms a paid renewal after saying it settles it, from actions in sight', async () => {
    type Renewal = { id: number; order_no: string; state: string; settlement: object | null };
    const [paid] = (await h.api<Page_<Renewal>>('GET', '/api/renewals?tab=paid&page_size=1', staffToken))
      .items;
    const page = await signIn(STAFF, '/order/renew?tab=paid');
    onTestFailed(() => void h.screenshot(page, 'renewal-confirm-failed'));
    await search(page, paid!.order_no);
    const confirm = (await rowOf(page, paid!.order_no)).getByRole('button', { name: 'Confirm' });
    const [box, list] = [(await confirm.boundingBox())!, (await page.locator('.kit-table').boundingBox())!];
    expect(box.x + box.width).toBeLessThanOrEqual(list.x + list.width);
    await confirm.click();
    const asked = page.getByRole('dialog');
    await expect
      .poll(() => asked.textContent())
      .toContain('It is settled now, at the commission rate that applies today');
    await h.screenshot(page, 'renewal-confirm');
    await asked.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(async () => (await h.api<Renewal>('GET', `/api/renewals/${paid!.id}`, staffToken)).state)
      .toBe('confirmed');
    expect((await h.api<Renewal>('GET', `/api/renewals/${paid!.id}`, staffToken)).settlement).not.toBeNull();
  });

  it('says a link whose id is no record’s is missing, and never opens a new record for it', async () => {
    const page = await signIn(ADMIN, '/supply/detail?id=abc');
    onTestFailed(() => void h.screenshot(page, 'supplier-bad-id-failed'));
    await expect
      .poll(() => page.locator('.bp6-non-ideal-state').textContent())
      .toContain('There is no such record');
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await page.goto(h.url('/account/detail?id=0'));
    await expect
      .poll(() => page.locator('.bp6-non-ideal-state').textContent())
      .toContain('There is no such record');
  });
});

describe('customer accounts', () => {
  it('adjusts a wallet with a reason (admin only) and shows it in the ledger with the balance after it', async () => {
    const [customer] = (
      await h.api<Page_<{ id: number; name: string; balance_fen: number }>>(
        'GET',
        '/api/customers?is_enabled=true&sort=balance&order=desc&page_size=1',
        adminToken,
      )
    ).items;
    // The richest: its balance is written with a thousands separator (¥1,223.00) where it shows.
    expect(customer!.balance_fen).toBeGreaterThanOrEqual(100_000);
    const staff = await signIn(STAFF, `/account/detail?id=${customer!.id}`);
    onTestFailed(() => void h.screenshot(staff, 'account-failed-staff'));
    const staffAdjust = staff.getByRole('button', { name: 'Adjust balance' });
    await expect.poll(() => staffAdjust.getAttribute('aria-disabled')).toBe('true');

    const page = await signIn(ADMIN, '/account/list');
    onTestFailed(() => void h.screenshot(page, 'account-failed-admin'));
    await search(page, customer!.name);
    // Closing an account from its switch asks first, as on its page; cancelled, it stays open.
    await (await rowOf(page, customer!.name)).locator('[data-action="customer.close"]').locator('..').click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('will not be able to place orders');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      (await h.api<{ is_enabled: boolean }>('GET', `/api/customers/${customer!.id}`, adminToken)).is_enabled,
    ).toBe(true);
    // Closing the selected accounts asks first too; cancelled, nothing is sent.
    await page.getByLabel('Select all on this page').last().locator('..').click();
    const selected = Number((await page.locator('.kit-bulk-count').textContent())!.match(/\d+/)![0]);
    await page.locator('[data-bulk="customer.close"]').click();
    await expect
      .poll(() => confirm.textContent())
      .toContain(selected === 1 ? 'Close 1 account' : `Close ${selected} accounts`);
    expect(await confirm.textContent()).toContain('will not be able to place orders');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(
      (await h.api<{ is_enabled: boolean }>('GET', `/api/customers/${customer!.id}`, adminToken)).is_enabled,
    ).toBe(true);
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await (await rowOf(page, customer!.name)).getByRole('button', { name: 'View' }).first().click();
    await page.waitForURL((u) => u.pathname === '/account/detail');
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    // Nothing typed: both fields say what they need, at the first try (Enter in the amount tries, as the button).
    await dialog.locator('#adjust-amount').press('Enter');
    await expect.poll(() => dialog.textContent()).toContain('Enter an amount in yuan.');
    expect(await dialog.textContent()).toContain('A reason of 1 to 200 characters is required.');
    // A reason too long beside an amount that is none: both said at the first try too.
    await dialog.locator('#adjust-reason').fill('x'.repeat(201));
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    expect(await dialog.textContent()).toContain('Enter an amount in yuan.');
    expect(await dialog.textContent()).toContain('A reason of 1 to 200 characters is required.');
    await dialog.locator('#adjust-reason').fill('');
    // Three decimals is not an amount: said as such, not as a range.
    await dialog.locator('#adjust-amount').fill('10.005');
    await expect.poll(() => dialog.textContent()).toContain('An amount in yuan with at most two decimals');
    expect(await dialog.textContent()).not.toContain('An amount is from');
    // More digits than any amount: said as the range, as 2,000,000 is, not as a malformed amount.
    for (const tooLarge of ['-99999999999', '2000000']) {
      await dialog.locator('#adjust-amount').fill(tooLarge);
      await expect
        .poll(() => dialog.textContent())
        .toContain('The amount must be between ¥0.01 and ¥1,000,000.00');
      expect(await dialog.textContent()).not.toContain('An amount in yuan with at most two decimals');
    }
    // More taken out than the wallet holds: the balance said as the page shows money (¥1,223.00).
    await dialog.locator('#adjust-reason').fill('Goodwill for a late visit');
    await dialog.locator('#adjust-amount').fill(`-${(customer!.balance_fen + 100) / 100}`);
    await expect
      .poll(() => dialog.textContent())
      .toContain(`The balance (${yuan(customer!.balance_fen)}) is too low.`);
    await dialog.locator('#adjust-reason').fill('');
    await dialog.locator('#adjust-amount').fill('12.34');
    await expect
      .poll(() => dialog.textContent())
      .not.toContain('An amount in yuan with at most two decimals');
    expect(await dialog.textContent()).toContain('A reason of 1 to 200 characters is required.');
    await dialog.locator('#adjust-reason').fill('Goodwill for a late visit');
    // Sent with the keyboard: done, the focus is back on the page's button, not lost to the page's top.
    await dialog.getByRole('button', { name: 'Adjust balance' }).press('Enter');
    const first = page.getByTestId('account-ledger').locator('tbody tr').first();
    await expect.poll(() => first.getAttribute('data-type')).toBe('WalletAdjusted');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-action')))
      .toBe('customer.adjust');
    expect(await first.textContent()).toContain('Goodwill for a late visit');
    expect(await first.textContent()).toContain('Adjustment by Alice Wang');
    expect(await first.textContent()).toContain('+¥12.34');
    const balance = customer!.balance_fen + 1234;
    const shown = `¥${Math.floor(balance / 100).toLocaleString('en-US')}.${String(balance % 100).padStart(2, '0')}`;
    expect(await page.getByTestId('account-balance').textContent()).toContain(shown);
    await page.getByTestId('lifecycle-open-button').click();
    await expect.poll(() => page.getByTestId('lifecycle-current').textContent()).toContain('enabled');
    await h.screenshot(page, 'account-detail');
    await page.keyboard.press('Escape');

    // Done, the next adjustment starts empty; refused because someone else adjusted first, it keeps what was typed.
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    expect(await dialog.locator('#adjust-amount').inputValue()).toBe('');
    expect(await dialog.locator('#adjust-reason').inputValue()).toBe('');
    const now = await h.api<{ version: number }>('GET', `/api/customers/${customer!.id}`, adminToken);
    await h.api('POST', `/api/customers/${customer!.id}/events`, adminToken, {
      type: 'customer.adjust',
      amountFen: 100,
      reason: 'Someone else first',
      expectedVersion: now.version,
    });
    await dialog.locator('#adjust-amount').fill('5');
    await dialog.locator('#adjust-reason').fill('A second goodwill');
    await dialog.getByRole('button', { name: 'Adjust balance' }).click();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Adjust balance' }).click();
    expect(await dialog.locator('#adjust-amount').inputValue()).toBe('5');
    expect(await dialog.locator('#adjust-reason').inputValue()).toBe('A second goodwill');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Closing an account with money in it says the money stays.
    await page.getByRole('button', { name: 'Close account' }).click();
    const closing = page.getByRole('dialog');
    const held = customer!.balance_fen + 1234 + 100;
    await expect
      .poll(() => closing.textContent())
      .toContain(
        `The wallet keeps its balance of ¥${Math.floor(held / 100).toLocaleString('en-US')}.${String(held % 100).padStart(2, '0')}.`,
      );
    await closing.getByRole('button', { name: 'Cancel' }).click();
  });

  it('links a ledger entry to the order the money moved for', async () => {
    type Entry = { ref: { kind: string; orderNo: string } | null; order_id: number | null };
    // A refund credited to a wallet: its entry refers to the refund, and links to the refund's order.
    const refunded = (
      await h.api<Page_<Order>>('GET', '/api/orders?payment=partly_refunded&page_size=50', adminToken)
    ).items.concat(
      (await h.api<Page_<Order>>('GET', '/api/orders?payment=refunded&page_size=50', adminToken)).items,
    );
    let customerId = 0;
    let entry: Entry | undefined;
    for (const order of refunded) {
      const ledger = await h.api<Page_<Entry>>(
        'GET',
        `/api/customers/${order.customer_id}/ledger`,
        adminToken,
      );
      entry = ledger.items.find((e) => e.ref?.kind === 'refund' && e.order_id !== null);
      customerId = order.customer_id;
      if (entry) break;
    }
    expect(entry).toBeDefined();
    const page = await signIn(STAFF, `/account/detail?id=${customerId}`);
    onTestFailed(() => void h.screenshot(page, 'ledger-link-failed'));
    // The customer's orders are under headed columns, as the ledger is.
    await expect
      .poll(() => page.getByTestId('account-orders').locator('thead').textContent())
      .toBe('Order numberProjectServiceAmountPlaced at');
    await page.getByTestId('account-ledger').getByRole('link', { name: entry!.ref!.orderNo }).first().click();
    await page.waitForURL((u) => u.pathname === '/order/detail');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(entry!.order_id));
  });
});
