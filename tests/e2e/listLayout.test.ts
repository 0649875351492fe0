/**
 * Every list as staff see it, in both languages: no tag in a row (a state, a type) is cut short, and no row's
 * actions wrap onto a second line. Columns are declared in pixels; these catch a width too narrow for its words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { signedIn } from './support/pages';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const LISTS = [
  '/supply/list',
  '/project/list',
  '/activities/list',
  '/order/server',
  // The longest payment state, which the first page may not show.
  '/order/server?payment=partly_refunded',
  '/order/renew',
  '/order/refuse',
  '/order/refund',
  '/order/renewandrefund',
  '/account/list',
  '/notice/list',
  // The longest audit state on screen, whichever notices the first page shows.
  '/notice/list?audit_state=waiting_audit',
  '/feedback/feedbacklist',
  '/system/service-city',
  '/list/search-table',
];

describe.each(['en-US', 'zh-CN'])('the lists in %s', (locale) => {
  it('cut no tag short and keep each row’s actions on one line', async () => {
    const page = await signedIn(h, ADMIN, LISTS[0]!, { area: 'list-layout', locale });
    const found: Record<string, string[]> = {};
    for (const path of LISTS) {
      if (path !== LISTS[0]) await page.goto(h.url(path));
      await page.locator('.bp6-table-quadrant-main .bp6-table-cell').first().waitFor();
      const problems = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('.bp6-table-quadrant-main .bp6-table-cell')];
        const cut = cells
          .flatMap((c) => [...c.querySelectorAll<HTMLElement>('.bp6-tag .bp6-text-overflow-ellipsis')])
          .filter((e) => e.scrollWidth > e.clientWidth)
          .map((e) => `cut: ${e.textContent}`);
        const wrapped = cells
          .flatMap((c) => [...c.querySelectorAll<HTMLElement>('.kit-row-actions')])
          .filter((e) => {
            const tops = new Set([...e.children].map((b) => Math.round(b.getBoundingClientRect().top)));
            return tops.size > 1;
          })
          .map((e) => `wrapped: ${e.textContent}`);
        return [...new Set([...cut, ...wrapped])];
      });
      if (problems.length) found[path] = problems;
    }
    expect(found).toEqual({});
  });
});

describe('a list reached by the keyboard', () => {
  it('keeps each row whole when focus moves to a row’s checkbox below the fold: the table follows its frozen column', async () => {
    const page = await signedIn(h, ADMIN, '/supply/list?page_size=20', { area: 'list-layout' });
    const checks = page.locator('.bp6-table-quadrant-left .kit-check input');
    await expect.poll(() => checks.count()).toBeGreaterThan(15);
    // Focused as a keyboard moves focus: the browser scrolls the frozen column by itself to show it.
    await checks.last().focus();
    const focused = await page.evaluate(() => {
      const cell = document.activeElement?.closest<HTMLElement>('.bp6-table-cell');
      const row = [...(cell?.classList ?? [])].find((c) => c.startsWith('bp6-table-cell-row-'));
      const pane = document.querySelector('.bp6-table-quadrant-left .bp6-table-quadrant-scroll-container');
      return {
        row,
        frozenTop: Math.round(cell?.getBoundingClientRect().top ?? -1),
        scrolled: pane?.scrollTop,
      };
    });
    expect(focused.scrolled, 'the frozen column scrolled to show it').toBeGreaterThan(0);
    expect(focused.row).toMatch(/^bp6-table-cell-row-1\d$/);
    await expect
      .poll(() =>
        page.evaluate(
          (row) =>
            Math.round(
              document.querySelector(`.bp6-table-quadrant-main .${row}`)!.getBoundingClientRect().top,
            ),
          focused.row,
        ),
      )
      .toBe(focused.frozenTop);
  });
});
