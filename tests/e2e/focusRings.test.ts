/**
 * Focus rings for a keyboard-only user, in Chromium against the real server: a list's column sort button, the notice
 * list's recipient filter ("Supplier: …"), the rich-text editor of the notice and activity forms, a tab of the tab
 * bar and the current tab's close button, and the menus of the navbar's user button and of the tab bar, each reached with the keyboard, draw a ring (Blueprint's: a solid
 * 2px outline) that nothing around them clips, in the light and the dark theme; a mouse click draws none.
 * Close-ups of each ring go to the system's temporary directory (focus-rings-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { signedIn as signedInAs } from './support/pages';

const SHOTS = join(tmpdir(), 'focus-rings-e2e');

let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

type Theme = 'light' | 'dark';

async function signedIn(path: string, theme: Theme): Promise<Page> {
  const page = await signedInAs(h, ADMIN, path, { area: 'focus-rings', theme });
  await page.locator(theme === 'dark' ? 'body.bp6-dark' : 'body:not(.bp6-dark)').waitFor();
  return page;
}

/** Presses `key` until the focused element matches `selector`, as a keyboard user gets there. */
async function pressUntilFocused(page: Page, selector: string, key = 'Tab', max = 120): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`${max} presses of ${key} never reached ${selector}`);
}

interface Ring {
  /** Whether the focused element takes :focus-visible (the keyboard's focus, not a click's). */
  focusVisible: boolean;
  style: string;
  width: number;
  /** The ring's colour: alpha, and the sum of its red, green and blue. */
  alpha: number;
  brightness: number;
  /** No ancestor's overflow (nor the window) cuts any of the ring off. */
  unclipped: boolean;
}

/** The outline `selector`'s element draws, brought into view first. */
function ringOf(page: Page, selector: string): Promise<Ring> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const s = getComputedStyle(el);
    const width = parseFloat(s.outlineWidth) || 0;
    const reach = (parseFloat(s.outlineOffset) || 0) + width; // from the border box to the ring's outer edge
    const r = el.getBoundingClientRect();
    const ring = {
      left: r.left - reach,
      top: r.top - reach,
      right: r.right + reach,
      bottom: r.bottom + reach,
    };
    let unclipped = ring.left >= 0 && ring.top >= 0 && ring.right <= innerWidth && ring.bottom <= innerHeight;
    for (let a = el.parentElement; a; a = a.parentElement) {
      const as = getComputedStyle(a);
      const b = a.getBoundingClientRect();
      const left = b.left + a.clientLeft;
      const top = b.top + a.clientTop;
      if (as.overflowX !== 'visible' && (ring.left < left - 0.5 || ring.right > left + a.clientWidth + 0.5))
        unclipped = false;
      if (as.overflowY !== 'visible' && (ring.top < top - 0.5 || ring.bottom > top + a.clientHeight + 0.5))
        unclipped = false;
    }
    const [red = 0, green = 0, blue = 0, alpha = 1] = (s.outlineColor.match(/[\d.]+/g) ?? []).map(Number);
    return {
      focusVisible: document.activeElement?.matches(':focus-visible') ?? false,
      style: s.outlineStyle,
      width,
      alpha,
      brightness: red + green + blue,
      unclipped,
    };
  }, selector);
}

/** A ring a keyboard user sees: solid, 2px, opaque enough, uncut, and light on the dark theme, dark on the light. */
async function expectRing(page: Page, selector: string, theme: Theme, shot: string): Promise<void> {
  const ring = await ringOf(page, selector);
  expect(ring.focusVisible, 'focus came from the keyboard').toBe(true);
  expect(ring.style, `${shot}: outline style`).toBe('solid');
  expect(ring.width, `${shot}: outline width`).toBeGreaterThanOrEqual(2);
  expect(ring.alpha, `${shot}: outline opacity`).toBeGreaterThan(0.5);
  expect(ring.unclipped, `${shot}: the ring is drawn whole`).toBe(true);
  if (theme === 'dark') expect(ring.brightness, `${shot}: a light ring on dark`).toBeGreaterThan(3 * 128);
  else expect(ring.brightness, `${shot}: a dark ring on light`).toBeLessThan(3 * 128);
  const box = (await page.locator(selector).boundingBox())!;
  const x = Math.max(0, box.x - 24);
  const y = Math.max(0, box.y - 24);
  await page.screenshot({
    path: join(SHOTS, `${shot}-${theme}.png`),
    clip: { x, y, width: Math.min(box.width + 48, 1280 - x), height: Math.min(box.height + 48, 800 - y) },
  });
}

const MENU = '.bp6-overlay-open .bp6-popover-transition-container:has(.bp6-menu)';

/** Opens the menu of the button `testId` with the keyboard; its box shows the ring, and again once Tab is on it. */
async function expectMenuRing(page: Page, testId: string, theme: Theme, shot: string): Promise<void> {
  await pressUntilFocused(page, `[data-testid="${testId}"]`);
  await page.keyboard.press('Enter');
  await page.locator(`${MENU}.bp6-popover-enter-done`).waitFor();
  // Opening puts focus on Blueprint's focus trap before the box, which has no size of its own.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.matches('.bp6-overlay-start-focus-trap')))
    .toBe(true);
  await expectRing(page, MENU, theme, `${shot}-opened`);
  await page.keyboard.press('Tab');
  await expect.poll(() => page.evaluate((s) => document.activeElement?.matches(s), MENU)).toBe(true);
  await expectRing(page, ':focus', theme, shot);
  await page.keyboard.press('Escape');
  await page.locator(MENU).waitFor({ state: 'detached' });
  // Closed, the menu gives the keyboard back to its button, not to the page.
  await expect
    .poll(() => page.evaluate((s) => document.activeElement?.matches(s), `[data-testid="${testId}"]`))
    .toBe(true);
}

describe.each(['light', 'dark'] as const)('focus rings, %s theme', (theme) => {
  it('on a list column sort button', async () => {
    const page = await signedIn('/supply/list', theme);
    await page.locator('.kit-sort >> visible=true').first().waitFor();
    // The header row comes after the rows' checkboxes, just before the pager: backwards from the pager's size.
    await page.locator('.kit-pagination select').focus();
    await pressUntilFocused(page, '.kit-sort', 'Shift+Tab');
    await expectRing(page, ':focus', theme, 'sort-button');
  });

  it("on the notice list's recipient filter", async () => {
    const page = await signedIn('/notice/list', theme);
    await page.locator('.notice-link-button >> visible=true').first().waitFor();
    await page.locator('.kit-search input').focus();
    await pressUntilFocused(page, '.notice-link-button');
    await expectRing(page, ':focus', theme, 'notice-recipient-filter');
  });

  it('on the rich-text editor of a notice and of an activity', async () => {
    const page = await signedIn('/notice/detail', theme);
    await page.locator('#notice-content .ql-editor').waitFor();
    await page.locator('#notice-title').focus();
    await pressUntilFocused(page, '#notice-content .ql-editor');
    await expectRing(page, ':focus', theme, 'notice-editor');

    await page.goto(h.url('/activities/detail'));
    await page.locator('#activity-content .ql-editor').waitFor();
    await page.locator('#activity-title').focus();
    await pressUntilFocused(page, '#activity-content .ql-editor');
    await expectRing(page, ':focus', theme, 'activity-editor');
  });

  it("on a tab of the tab bar, whole, and on the current tab's close button, white on its blue", async () => {
    const page = await signedIn('/supply/list', theme);
    await page.locator('.app-tab[aria-selected="false"]').first().waitFor();
    // From the page's first stop, the skip link: the navbar, the menu, then the tabs.
    await page.locator('.app-skip-link').focus();
    await pressUntilFocused(page, '.app-tab[aria-selected="false"]');
    await expectRing(page, ':focus', theme, 'tab');
    await pressUntilFocused(page, '.app-tab[aria-selected="true"] .bp6-tag-remove');
    const ring = await ringOf(page, ':focus');
    expect(ring).toMatchObject({ focusVisible: true, style: 'solid', unclipped: true, brightness: 3 * 255 });
  });

  it("on the user menu's and the tab bar's menu boxes", async () => {
    const page = await signedIn('/supply/list', theme);
    await page.getByTestId('tab-actions').waitFor();
    await expectMenuRing(page, 'user-menu', theme, 'user-menu');
    await expectMenuRing(page, 'tab-actions', theme, 'tab-actions-menu');
  });
});

describe('a mouse click', () => {
  it('draws no ring on a sort button nor on a menu box', async () => {
    const page = await signedIn('/supply/list', 'light');
    await page.locator('.kit-sort >> visible=true').first().click();
    expect(await page.evaluate(() => document.activeElement?.matches('.kit-sort'))).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('none');

    await page.getByTestId('user-menu').click();
    await page.locator(`${MENU}.bp6-popover-enter-done`).waitFor();
    expect(await page.locator(MENU).evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('none');
  });
});
