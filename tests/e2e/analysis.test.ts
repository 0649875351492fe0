/**
 * The analysis pages in Chromium against the real server and its demo month: the overview's totals and supplier
 * ranking are the server's, a change of period asks for it, a backward range asks nothing; the pivot's table and
 * its CSV hold the server's figures; the charting code is loaded by these pages only (not by the login page, the
 * workplace or a list). Screenshots in both themes and languages go to the system's temporary directory
 * (analysis-e2e/).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FigureRow, SupplierRank } from '../../src/contract/analysis';
import { lastDays, localZone } from '../../src/machines/screens/analysisMachine';
import { messagesFor } from '../../src/i18n';
import { ADMIN, login, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn } from './support/pages';

const SHOTS = join(tmpdir(), 'analysis-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
/** An attribute ECharts sets on every chart it draws: found in its code and on its charts. */
const ECHARTS_MARK = '_echarts_instance_';

let h: Harness;
let token: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  token = await h.apiLogin(ADMIN);
});
afterAll(async () => {
  await h?.stop();
});

const range = () => ({ ...lastDays(30), tz: localZone() });
const figures = (by: string) =>
  h.api<{ rows: FigureRow[] }>(
    'GET',
    `/api/analysis/figures?${new URLSearchParams({ ...range(), by })}`,
    token,
  );

/** Every script the page fetches from now on, with its text. */
function scriptsOf(page: Page): Array<Promise<string>> {
  const scripts: Array<Promise<string>> = [];
  page.on('response', (res) => {
    if (res.url().endsWith('.js')) scripts.push(res.text().catch(() => ''));
  });
  return scripts;
}

describe('data analysis', () => {
  it("shows the range's totals and top suppliers as the server counts them, and asks again for another period", async () => {
    const page = await signedIn(h, ADMIN, '/visualization/data-analysis', { area: 'analysis' });
    await page.locator(`[data-testid="analysis-trend"][${ECHARTS_MARK}]`).waitFor(SLOW);
    const cities = (await figures('city')).rows;
    const orders = cities.reduce((sum, r) => sum + r.orders, 0);
    expect(orders).toBeGreaterThan(0);
    const total = page.locator('[data-testid="analysis-totals"] [data-measure="orders"] strong');
    expect((await total.textContent())?.replace(/\D/g, '')).toBe(String(orders));
    const top = await h.api<{ rows: SupplierRank[] }>(
      'GET',
      `/api/analysis/top-suppliers?${new URLSearchParams(range())}`,
      token,
    );
    const firstRow = page.locator('[data-testid="analysis-suppliers"] tbody tr').first();
    expect(await firstRow.textContent()).toContain(top.rows[0]!.supplier_name);
    for (const chart of ['analysis-cities', 'analysis-projects']) {
      await page.locator(`[data-testid="${chart}"] canvas`).waitFor();
    }
    await shoot(page, SHOTS, 'data-analysis-light');
    await shootDark(page, SHOTS, 'data-analysis-dark');

    const asked = page.waitForRequest(
      (req) => req.url().includes('/api/analysis/figures') && req.url().includes('by=week'),
    );
    await page.getByTestId('analysis-unit').getByText(en['analysis.dimension.week']!).click();
    await asked;
    await page.locator('[data-testid="analysis-body"][data-state="ready"]').waitFor(SLOW);

    // A range running backwards asks the server nothing and says why.
    await page.locator('#analysis-from').fill(lastDays(1).to);
    await page.locator('[data-testid="analysis-body"][data-state="ready"]').waitFor(SLOW);
    let askedAfter = false;
    page.on('request', (req) => {
      if (req.url().includes('/api/analysis/')) askedAfter = true;
    });
    await page.locator('#analysis-to').fill(lastDays(5).from);
    await page.getByTestId('analysis-invalid').waitFor();
    expect(askedAfter).toBe(false);
    // Both ends are marked, and say where why is written.
    for (const end of ['#analysis-from', '#analysis-to']) {
      expect(await page.locator(end).getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(end).getAttribute('aria-describedby')).toBe('analysis-invalid');
    }
    // Put right, the marks go.
    await page.locator('#analysis-to').fill(lastDays(1).to);
    await page.getByTestId('analysis-invalid').waitFor({ state: 'detached' });
    expect(await page.locator('#analysis-to').getAttribute('aria-invalid')).toBeNull();
    await page.close();
  });

  it('reads in Chinese', async () => {
    const page = await signedIn(h, ADMIN, '/visualization/data-analysis', {
      area: 'analysis',
      locale: 'zh-CN',
    });
    await page.locator(`[data-testid="analysis-trend"][${ECHARTS_MARK}]`).waitFor(SLOW);
    const text = (await page.getByTestId('analysis-controls').textContent()) ?? '';
    for (const key of ['analysis.range.last30', 'analysis.dimension.month', 'analysis.range.from']) {
      expect(text, key).toContain(zh[key]);
    }
    expect(await page.locator('.analysis-grid').textContent()).toContain(zh['analysis.suppliers.title']);
    // The ranking says what it sums: orders placed in the period, not their renewals.
    expect(await page.getByTestId('analysis-suppliers-note').textContent()).toBe(
      zh['analysis.suppliers.note'],
    );
    await shoot(page, SHOTS, 'data-analysis-zh');
    await page.close();
  });
});

describe('multi-dimension analysis', () => {
  it("pivots the server's figures by the chosen rows and columns, and downloads them as CSV", async () => {
    const page = await signedIn(h, ADMIN, '/visualization/multi-dimension-data-analysis', {
      area: 'analysis',
    });
    await page.locator(`[data-testid="pivot-chart"][${ECHARTS_MARK}]`).waitFor(SLOW);
    await page.locator('#pivot-rows').selectOption('project');
    await page.locator('#pivot-columns').selectOption('city');
    await page.locator('#pivot-measure').selectOption('orders');
    await page.locator('[data-testid="analysis-body"][data-state="ready"]').waitFor(SLOW);
    const rows = (await figures('project,city')).rows;
    const orders = rows.reduce((sum, r) => sum + r.orders, 0);
    await expect
      .poll(async () => (await page.getByTestId('pivot-total').textContent())?.replace(/\D/g, ''))
      .toBe(String(orders));
    const cities = new Set(rows.map((r) => r.city));
    // A heading for the rows, one per city, one for the total.
    expect(await page.locator('[data-testid="pivot-table"] thead th').count()).toBe(cities.size + 2);
    await shoot(page, SHOTS, 'pivot-light');
    await shootDark(page, SHOTS, 'pivot-dark');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('pivot-download').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]!.startsWith(`${en['analysis.dimension.project']},`)).toBe(true);
    expect(lines[0]!.endsWith(`,${en['analysis.pivot.total']}`)).toBe(true);
    expect(lines.at(-1)!.endsWith(`,${orders}`)).toBe(true);
    expect(lines.length).toBe(new Set(rows.map((r) => r.project_id)).size + 2);
    await page.close();
  });
});

describe('the charting code', () => {
  it('is loaded by the analysis pages only: not by the login page, the workplace or a list', async () => {
    const page = await h.newPage();
    const scripts = scriptsOf(page);
    await page.goto(h.url('/login'));
    await login(page, ADMIN);
    await page.waitForURL(/\/dashboard\/workplace$/);
    await page.getByTestId('workplace-welcome').waitFor(SLOW);
    await page.goto(h.url('/supply/list'));
    await page.getByTestId('list-total').waitFor(SLOW);
    const early = await Promise.all([...scripts]);
    expect(early.length).toBeGreaterThan(3);
    expect(early.filter((text) => text.includes(ECHARTS_MARK))).toEqual([]);

    await page.goto(h.url('/visualization/data-analysis'));
    await page.locator(`[data-testid="analysis-trend"][${ECHARTS_MARK}]`).waitFor(SLOW);
    const all = await Promise.all(scripts);
    expect(all.some((text) => text.includes(ECHARTS_MARK))).toBe(true);
    await page.close();
  });
});

describe('a page whose stylesheet does not arrive', () => {
  it('says "Unable to preload CSS" where the page would be, and a reload brings the page', async () => {
    const page = await signedIn(h, ADMIN, '/dashboard/workplace', { area: 'analysis' });
    await page.getByTestId('workplace-welcome').waitFor(SLOW);
    // Only the analysis pages' own stylesheet fails (found by what it holds); the console's own arrives.
    await page.route('**/static/css/async/**', async (route) => {
      const response = await route.fetch();
      if ((await response.text()).includes('.analysis-controls')) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await page.goto(h.url('/visualization/data-analysis'));
    const failed = page.getByTestId('page-load-error');
    await failed.waitFor(SLOW);
    expect(await failed.getAttribute('data-failure')).toBe('stylesheet');
    expect(await failed.textContent()).toContain('Unable to preload CSS');
    // The console around it still works: the menu and the header are there.
    await page.getByTestId('theme-switch').waitFor();
    await shoot(page, SHOTS, 'stylesheet-failed');
    await page.unroute('**/static/css/async/**');
    await page.getByTestId('page-reload').click();
    await page.getByTestId('analysis-controls').waitFor(SLOW);
    await page.close();
  });
});
