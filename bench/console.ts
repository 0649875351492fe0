/**
 * Console speed (issue 3, "Speed"): serves the production build through the real server and measures in
 * headless Chromium, over RUNS cold browser contexts (no cache), the login page's transferred bytes and
 * request count, its first contentful paint, and the time from clicking "login" to the Workplace rendered.
 * Also lists what the login page loaded, to check no chart/editor code and no full icon sets come early.
 *
 *   npx rsbuild build && npx tsx bench/console.ts      → prints a table, writes bench/results/console.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN, ROOT, assertBuilt, launchChromium, startServer } from '../tests/e2e/support/harness';

const RUNS = Number(process.env.RUNS ?? 7);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

assertBuilt();
const server = await startServer();
const browser = await launchChromium();
const runs: { bytes: number; requests: number; fcp: number; loginToWorkplace: number; urls: string[] }[] = [];
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
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'networkidle' });
    await page.locator('#login-username').waitFor();
    counting = false;
    const fcp = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    );
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
    runs.push({ bytes, requests, fcp, loginToWorkplace, urls });
    await context.close();
  }
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
    loginToWorkplaceMs: Math.round(median(runs.map((r) => r.loginToWorkplace))),
  },
  targets: { loginTransferredKiB: 290, loginToWorkplaceMs: 250 },
  checks: {
    editorOrChartCodeOnLogin: loginUrls.filter((u) => /quill|chart|echarts/i.test(u)),
    fullIconSetsOnLogin: loginUrls.filter((u) => /blueprint-icons-(16|20)px-paths|icons-all-paths/.test(u)),
  },
  loginPageRequests: loginUrls,
  samples: runs.map(({ urls: _u, ...r }) => r),
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(join(ROOT, 'bench/results/console.json'), JSON.stringify(result, null, 2) + '\n');
console.table(result.median);
console.log('checks', result.checks);
console.log('login page requests', loginUrls);
