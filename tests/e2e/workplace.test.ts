/**
 * The workplace in Chromium against the real server and its demo month: each count of the work waiting is the
 * server's and opens its list filtered, where the tab shows the same number; today's figures are the server's; a
 * colleague's approval shows first in the feed after a refresh, the supplier named and linked; zh-CN labels.
 * Screenshots in both themes go to the system's temporary directory (workplace-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkplaceDto } from '../../src/contract/workplace';
import { dayStarts } from '../../src/machines/screens/workplaceMachine';
import { messagesFor } from '../../src/i18n';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn as signedInAs, tabTag } from './support/pages';

const SHOTS = join(tmpdir(), 'workplace-e2e');
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

const workplace = (token: string) =>
  h.api<WorkplaceDto>('GET', `/api/workplace?${new URLSearchParams({ ...dayStarts(new Date()) })}`, token);

describe('the workplace', () => {
  it("shows the server's counts, each opening its list with the same number in the tab", async () => {
    const page = await signedInAs(h, ADMIN, '/dashboard/workplace', { area: 'workplace' });
    await page.getByTestId('work-feedbackPending').waitFor(SLOW);
    const api = await workplace(adminToken);
    for (const w of api.work) {
      expect(await page.getByTestId(`work-${w.key}`).getAttribute('data-count'), w.key).toBe(String(w.count));
    }
    // The refunds to send the admin granted are another's to send (four-eyes): the tile says how many.
    const toSend = api.work.find((w) => w.key === 'refundsToSend')!;
    expect(toSend.yours).toBeGreaterThan(0);
    const yours = page.getByTestId('work-refundsToSend-yours');
    expect(await yours.textContent()).toBe(
      toSend.yours === toSend.count
        ? toSend.count === 1
          ? 'You granted it: another member sends it (four-eyes rule)'
          : 'You granted them all: another member sends them (four-eyes rule)'
        : `${toSend.yours} you granted: another member sends ${toSend.yours === 1 ? 'it' : 'them'} (four-eyes rule)`,
    );
    const pending = api.work.find((w) => w.key === 'feedbackPending')!;
    expect(pending.count).toBeGreaterThan(0);
    for (const f of ['orders', 'paid_fen'] as const) {
      expect(await page.getByTestId(`figure-${f}`).getAttribute('data-today')).toBe(
        String(api.figures.today[f]),
      );
    }
    await shoot(page, SHOTS, 'workplace-light');
    await shootDark(page, SHOTS, 'workplace-dark');
    await page.getByTestId('work-feedbackPending').click();
    await page.waitForURL(/\/feedback\/feedbacklist\?tab=pending$/, SLOW);
    await expect
      .poll(async () => (await tabTag(page, en['feedback.tab.pending']!).textContent())?.trim(), SLOW)
      .toBe(String(pending.count));
    await page.close();
  });

  it("puts a colleague's approval first in the feed after a refresh, the supplier named and linked", async () => {
    const page = await signedInAs(h, ADMIN, '/dashboard/workplace', { area: 'workplace' });
    await page.getByTestId('workplace-events').waitFor(SLOW);
    const waiting = await h.api<{ items: Array<{ id: number; version: number; name: string }> }>(
      'GET',
      '/api/suppliers?audit_state=waiting_audit&page_size=1',
      staffToken,
    );
    const supplier = waiting.items[0]!;
    await h.api('POST', `/api/suppliers/${supplier.id}/events`, staffToken, {
      type: 'supplier.approve',
      expectedVersion: supplier.version,
    });
    await page.getByTestId('workplace-refresh').click();
    const first = page.getByTestId('workplace-event').first();
    await expect.poll(async () => first.getAttribute('data-type'), SLOW).toBe('SupplierApproved');
    const text = (await first.textContent()) ?? '';
    expect(text).toContain(supplier.name);
    expect(text).toContain(en['supply.event.SupplierApproved']);
    await first.getByRole('link', { name: supplier.name }).click();
    await page.waitForURL(new RegExp(`/supply/detail\\?id=${supplier.id}$`), SLOW);
    await page.close();
  });

  it('speaks Chinese, and shows a member only the work their role may do', async () => {
    const page = await signedInAs(h, STAFF, '/dashboard/workplace', { area: 'workplace', locale: 'zh-CN' });
    await page.getByTestId('workplace-work').waitFor(SLOW);
    const work = page.getByTestId('workplace-work');
    expect(await work.textContent()).toContain(zh['workplace.work.title']);
    expect(await work.textContent()).toContain(zh['workplace.work.feedbackPending']);
    expect(await page.getByTestId('work-refundsToGrant').count()).toBe(0);
    expect(await page.getByTestId('workplace-figures').textContent()).toContain(
      zh['workplace.figures.orders'],
    );
    await shoot(page, SHOTS, 'workplace-zh');
    // A page the role may not open, asked for by its address: the member lands on the workplace, told why.
    await page.goto(h.url('/dashboard/monitor'));
    await page.waitForURL((u) => u.pathname === '/dashboard/workplace', SLOW);
    const said = zh['errors.routeDenied'].replace('{{page}}', zh['menu.dashboard.monitor']);
    await expect
      .poll(
        async () => (await page.locator('.bp6-toast').allTextContents()).some((t) => t.includes(said)),
        SLOW,
      )
      .toBe(true);
    await page.close();
  });
});

describe('the result pages', () => {
  it('say what failed (SPEC §8) or what was saved, without a breadcrumb, which other pages keep', async () => {
    const page = await signedInAs(h, ADMIN, '/result/error', { area: 'workplace' });
    const error = page.getByTestId('result-error');
    await error.waitFor(SLOW);
    expect(await error.textContent()).toContain(en['result.error.domain']);
    expect(await error.textContent()).toContain(en['result.error.authority']);
    expect(await page.locator('.app-breadcrumb').count()).toBe(0);
    await page.goto(h.url('/result/success?what=Spring%20promotion&list=%2Fnotice%2Flist'));
    const success = page.getByTestId('result-success');
    await success.waitFor(SLOW);
    expect(await success.textContent()).toContain('“Spring promotion” was saved.');
    await success.getByRole('button', { name: en['result.success.list'] }).click();
    await page.waitForURL(/\/notice\/list/, SLOW);
    await page.locator('.app-breadcrumb').waitFor(SLOW);
    // One navigation landmark for it, named in the page's language.
    expect(await page.getByRole('navigation', { name: /breadcrumb/i }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: en['breadcrumb.label'], exact: true }).count()).toBe(1);
    await page.close();
  });
});

describe('the theme colour', () => {
  it("chosen in the settings drawer, is Blueprint's primary colour in both themes, and stays after a reload", async () => {
    const page = await signedInAs(h, ADMIN, '/dashboard/workplace', { area: 'workplace' });
    await page.getByTestId('workplace-welcome').waitFor(SLOW);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-theme-color').fill('#00b42a');
    const copy = page.getByRole('button', { name: en['settings.copySettings'] });
    const background = () => copy.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background, SLOW).toBe('rgb(0, 180, 42)');
    await page.keyboard.press('Escape');
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    await page.reload();
    await page.getByTestId('workplace-welcome').waitFor(SLOW);
    await page.getByTestId('settings-open').click();
    await expect.poll(background, SLOW).toBe('rgb(0, 180, 42)');
    await page.close();
  });
});
