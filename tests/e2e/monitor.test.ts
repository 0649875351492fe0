/**
 * The real-time monitor in Chromium against the real server: two monitors open at once show a colleague's fact
 * as it happens, each once; the server restarts under them, they say they are reconnecting, come back by
 * themselves and show the facts made since, still each once; the chart and the open orders are the server's.
 * Screenshots in both themes go to the system's temporary directory (monitor-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitorSummary } from '../../src/contract/monitor';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn } from './support/pages';

const SHOTS = join(tmpdir(), 'monitor-e2e');
let h: Harness;
let staffToken: string;
let adminToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  staffToken = await h.apiLogin(STAFF);
  adminToken = await h.apiLogin(ADMIN);
});
afterAll(async () => {
  await h?.stop();
});

/** A colleague approves the next supplier waiting for audit; its id. */
async function approveOne(): Promise<string> {
  const page = await h.api<{ items: Array<{ id: number; version: number }> }>(
    'GET',
    '/api/suppliers?audit_state=waiting_audit&page_size=1',
    staffToken,
  );
  const s = page.items[0]!;
  await h.api('POST', `/api/suppliers/${s.id}/events`, staffToken, {
    type: 'supplier.approve',
    expectedVersion: s.version,
  });
  return String(s.id);
}

const status = (page: Page) => page.getByTestId('monitor-status').getAttribute('data-status');
const factIds = (page: Page) =>
  page.getByTestId('monitor-fact').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')));
const approvalsOf = (page: Page, supplierId: string) =>
  page
    .locator(`[data-testid="monitor-fact"][data-type="SupplierApproved"]`)
    .filter({ has: page.locator(`a[href="/supply/detail?id=${supplierId}"]`) })
    .count();

describe('the real-time monitor', () => {
  it('says no count while its summary cannot be read, and says why', async () => {
    const page = await signedIn(h, ADMIN, '/dashboard/workplace', { area: 'monitor' });
    await page.route('**/api/monitor/summary', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ err_code: 503, err_msg: 'Down for a moment.', data: null }),
      }),
    );
    await page.goto(h.url('/dashboard/monitor'));
    await page.getByText('The summary could not be read; it is tried again every half minute.').waitFor(SLOW);
    expect(await page.getByTestId('monitor-total').textContent()).toBe('—');
    expect(await page.getByTestId('monitor-per-minute').getAttribute('data-total')).toBeNull();
    await page.close();
  });

  let a: Page;
  let b: Page;

  it("shows a colleague's fact as it happens on every monitor open, once", async () => {
    a = await signedIn(h, ADMIN, '/dashboard/monitor', { area: 'monitor' });
    b = await signedIn(h, ADMIN, '/dashboard/monitor', { area: 'monitor', locale: 'zh-CN' });
    for (const page of [a, b]) await expect.poll(() => status(page), SLOW).toBe('live');
    const supplier = await approveOne();
    for (const page of [a, b]) {
      await expect.poll(() => approvalsOf(page, supplier), SLOW).toBe(1);
    }
    // The supplier by name, as the workplace's feed names it, not by number.
    const { name } = await h.api<{ name: string }>('GET', `/api/suppliers/${supplier}`, adminToken);
    expect(
      await a.locator(`[data-testid="monitor-fact"] a[href="/supply/detail?id=${supplier}"]`).textContent(),
    ).toBe(name);
    const summary = await h.api<MonitorSummary>('GET', '/api/monitor/summary', adminToken);
    expect(summary.health.monitors).toBe(2);
    const shown = await a
      .getByTestId('monitor-open-orders')
      .locator('[data-count]')
      .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-count'))));
    expect(shown).toEqual(Object.values(summary.open_orders));
    await shoot(a, SHOTS, 'monitor-light');
    await shootDark(a, SHOTS, 'monitor-dark');
    await shoot(b, SHOTS, 'monitor-zh');
    // How long it has been up, in each one's language.
    expect(await a.getByTestId('monitor-health').textContent()).toMatch(/Up for\d+d \d+h \d+m/);
    expect(await b.getByTestId('monitor-health').textContent()).toMatch(/已运行\d+ 天 \d+ 小时 \d+ 分钟/);
  });

  it('stays live through a server restart, showing what happened meanwhile, nothing twice', async () => {
    const before = await factIds(a);
    const restarting = h.server.restart();
    await expect.poll(() => status(a), SLOW).not.toBe('live');
    await restarting;
    const supplier = await approveOne();
    for (const page of [a, b]) {
      await expect.poll(() => status(page), { timeout: 30_000 }).toBe('live');
      await expect.poll(() => approvalsOf(page, supplier), SLOW).toBe(1);
      const ids = await factIds(page);
      expect(new Set(ids).size, 'no fact shown twice').toBe(ids.length);
    }
    const after = await factIds(a);
    for (const id of before) expect(after).toContain(id);
  });
});
