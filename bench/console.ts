/**
 * Console speed (issue 3, "Speed"): serves the production build through the real server and measures in
 * headless Chromium, over RUNS cold browser contexts (no cache), the login page's transferred bytes and
 * request count, its first contentful paint, and the time from clicking "login" to the Workplace rendered.
 * Also lists what the login page loaded, to check no chart/editor code and no full icon sets come early.
 *
 *   npm run build && npx tsx bench/console.ts      → prints a table, writes bench/results/console.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { ADMIN, ROOT, assertBuilt, launchChromium, startServer } from '../tests/e2e/support/harness';
import { median } from './stats';

const RUNS = Number(process.env.RUNS ?? 7);

/** The list screens, by menu group and route name (data-route in the side menu). */
const LISTS = [
  ['supply', 'SupplyList'],
  ['project', 'ProjectList'],
  ['system', 'ServiceCity'],
  ['order', 'OrderServer'],
  ['order', 'OrderRenew'],
  ['order', 'OrderRefuse'],
  ['order', 'OrderRefund'],
  ['order', 'OrderRenewAndRefund'],
  ['account', 'AccountList'],
] as const;

/**
 * Menu click → the list's rows on screen, for every list: signed in once, then per run a fresh tab (the HTTP cache
 * warm, the page's code already fetched once) opened on Workplace; measured inside the page from the click to the
 * frame after the table holds rows and no loading skeleton. The click comes as soon as the menu entry shows, or
 * `settleMs` after (a person reads the page before choosing another: the console loads the lists' code meanwhile,
 * src/app/preloadPages.ts). Chromium's counters are read around each click (`Work`).
 */
async function routeChanges(settleMs = 0): Promise<RouteChange[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(`localStorage.setItem('arco-locale', 'en-US')`);
  const first = await context.newPage();
  await first.goto(`${server.baseUrl}/login`);
  await first.locator('#login-username').fill(ADMIN.email);
  await first.locator('#login-password').fill(ADMIN.password);
  await first.locator('button[type="submit"]').click();
  await first.waitForURL(/\/dashboard\/workplace$/);
  const out = [];
  for (const [group, route] of LISTS) {
    const samples: number[] = [];
    const work: Work[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await page.goto(`${server.baseUrl}/dashboard/workplace`);
      await page.locator('[data-testid="workplace-welcome"]').waitFor();
      const item = page.locator(`[data-route="${route}"]`);
      if (!(await item.isVisible())) await page.locator(`[data-route="${group}"]`).click();
      await item.waitFor();
      if (settleMs) await page.waitForTimeout(settleMs);
      const before = await metrics(cdp);
      const ms = (await page.evaluate(`new Promise((resolve) => {
        const ready = () => document.querySelector('.bp6-table-container .bp6-table-cell') &&
          !document.querySelector('.bp6-table-container .bp6-skeleton, .bp6-table-container .bp6-loading');
        const observer = new MutationObserver(() => {
          if (ready()) {
            observer.disconnect();
            requestAnimationFrame(() => resolve(performance.now() - t0));
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
        const t0 = performance.now();
        document.querySelector('[data-route="${route}"]').click();
      })`)) as number;
      // The first visit fetches the page's code: the runs after it are the warm ones.
      const after = await metrics(cdp);
      if (i > 0) {
        samples.push(Math.round(ms));
        work.push({
          layouts: after.LayoutCount! - before.LayoutCount!,
          stylePasses: after.RecalcStyleCount! - before.RecalcStyleCount!,
          scriptMs: (after.ScriptDuration! - before.ScriptDuration!) * 1000,
          layoutMs: (after.LayoutDuration! - before.LayoutDuration!) * 1000,
          styleMs: (after.RecalcStyleDuration! - before.RecalcStyleDuration!) * 1000,
        });
      }
      await page.close();
    }
    const medianOf = (key: keyof Work) => Math.round(median(work.map((w) => w[key])));
    out.push({
      route,
      medianMs: median(samples),
      samples,
      work: {
        layouts: medianOf('layouts'),
        stylePasses: medianOf('stylePasses'),
        scriptMs: medianOf('scriptMs'),
        layoutMs: medianOf('layoutMs'),
        styleMs: medianOf('styleMs'),
      },
    });
    console.log(`${route}${settleMs ? `, ${settleMs} ms after the page showed` : ''}: ${median(samples)} ms`);
  }
  await context.close();
  return out;
}

/**
 * Chromium's own counters over a route change (one run's, or the medians of a list's runs): layouts and style
 * passes, and the main thread's time in script, layout and style. The counts do not move with the box's speed, as
 * the times do.
 */
interface Work {
  layouts: number;
  stylePasses: number;
  scriptMs: number;
  layoutMs: number;
  styleMs: number;
}
type RouteChange = { route: string; medianMs: number; samples: number[]; work: Work };

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
}

assertBuilt();
const server = await startServer();
const browser = await launchChromium();
const listRoutes: RouteChange[] = [];
const settledRoutes: typeof listRoutes = [];
const SETTLED_MS = 2000;
const runs: {
  bytes: number;
  requests: number;
  fcp: number;
  loginButtonAfterFcp: number;
  loginToWorkplace: number;
  urls: string[];
}[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    const urls: string[] = [];
    let counting = true;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (counting) {
        requests++;
        urls.push(e.request.url.replace(server.baseUrl, ''));
      }
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (counting) bytes += e.encodedDataLength;
    });
    // When the login button first exists (the page records it from its first script on).
    await page.addInitScript(`new MutationObserver((_, observer) => {
      if (document.querySelector('button[type="submit"]')) {
        window.__loginButtonAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });`);
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-username').waitFor();
    counting = false;
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
    const loginButtonAt = (await page.evaluate('window.__loginButtonAt')) as number;
    await page.locator('#login-username').fill(ADMIN.email);
    await page.locator('#login-password').fill(ADMIN.password);
    // Measured inside the page: from the click to the Workplace welcome being in the DOM and painted.
    // (A string, not a function: tsx would wrap named inner functions in a helper the page does not have.)
    const loginToWorkplace = (await page.evaluate(`new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="workplace-welcome"]')) {
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
      const t0 = performance.now();
      document.querySelector('button[type="submit"]').click();
    })`)) as number;
    runs.push({ bytes, requests, fcp, loginButtonAfterFcp: loginButtonAt - fcp, loginToWorkplace, urls });
    await context.close();
  }
  listRoutes.push(...(await routeChanges()));
  settledRoutes.push(...(await routeChanges(SETTLED_MS)));
} finally {
  await browser.close();
  await server.stop();
}

const loginUrls = runs[0]!.urls;
const result = {
  date: new Date().toISOString(),
  runs: RUNS,
  median: {
    loginTransferredKiB: Math.round((median(runs.map((r) => r.bytes)) / 1024) * 10) / 10,
    loginRequests: median(runs.map((r) => r.requests)),
    firstContentfulPaintMs: Math.round(median(runs.map((r) => r.fcp))),
    // Negative: the button was there before the first paint (it is part of it).
    loginButtonAfterFirstPaintMs: Math.round(median(runs.map((r) => r.loginButtonAfterFcp))),
    loginToWorkplaceMs: Math.round(median(runs.map((r) => r.loginToWorkplace))),
  },
  targets: { loginTransferredKiB: 290, loginToWorkplaceMs: 250, supplierListRouteChangeMs: 150 },
  // Menu click → the list's rows rendered, warm cache (median of RUNS first visits, one fresh tab each).
  routeChangesMs: Object.fromEntries(listRoutes.map((r) => [r.route, r.medianMs])),
  // The same, the click SETTLED_MS after the Workplace showed.
  routeChangesSettledMs: Object.fromEntries(settledRoutes.map((r) => [r.route, r.medianMs])),
  settledAfterMs: SETTLED_MS,
  // Chromium's counters over each settled route change (medians): see `Work`.
  routeChangesSettledWork: Object.fromEntries(settledRoutes.map((r) => [r.route, r.work])),
  checks: {
    editorOrChartCodeOnLogin: loginUrls.filter((u) => /quill|chart|echarts/i.test(u)),
    fullIconSetsOnLogin: loginUrls.filter((u) => /blueprint-icons-(16|20)px-paths|icons-all-paths/.test(u)),
  },
  loginPageRequests: loginUrls,
  samples: runs.map(({ urls: _u, ...r }) => r),
  routeChangeSamples: listRoutes,
  settledRouteChangeSamples: settledRoutes,
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/console.json'), JSON.stringify(result, null, 2) + '\n');
console.table(result.median);
console.table(
  Object.fromEntries(
    listRoutes.map((r, i) => [
      r.route,
      { now: r.medianMs, settled: settledRoutes[i]?.medianMs, ...settledRoutes[i]?.work },
    ]),
  ),
);
console.log('checks', result.checks);
console.log('login page requests', loginUrls);
