/**
 * What the screen tests do to a page, the same way in every file: sign in (in a language) and open a path, shoot a
 * still page in either theme, read a tooltip or a tab's count, and wait on the server.
 */
import { join } from 'node:path';
import { onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { login, type Harness } from './harness';

/** A poll of the page that waits on the server (a command, a reload): longer than vitest's 1 s default. */
export const SLOW = { timeout: 15_000 };

/** Where a sign-in lands. */
export const WORKPLACE = '/dashboard/workplace';

/**
 * A fresh page signed in as `who`, in `locale` (and `theme`, where given), showing `path` (the workplace: no second
 * load); a failing test leaves a screenshot named after `area` and the test. `opened` sees the page before it loads
 * anything (to watch its requests).
 */
export async function signedIn(
  h: Harness,
  who: { email: string; password: string },
  path: string,
  {
    area,
    locale = 'en-US',
    theme,
    timezoneId,
    timeout = 15_000,
    opened,
  }: {
    area: string;
    locale?: string;
    theme?: 'light' | 'dark';
    /** The browser's time zone (IANA). */
    timezoneId?: string;
    timeout?: number;
    opened?: (page: Page) => void;
  },
): Promise<Page> {
  const page = await h.newPage(timezoneId ? { timezoneId } : undefined);
  page.setDefaultTimeout(timeout);
  opened?.(page);
  onTestFailed(async ({ task }) => {
    const who_ = who.email.split('@')[0];
    await h.screenshot(page, `failed-${area}-${task.name.slice(0, 30).replace(/\W+/g, '-')}-${who_}`);
  });
  // The language (and theme) are in place before the console's first script runs: no second load to take them up.
  // Set only where absent, so that a test's own choice survives its reloads.
  await page.addInitScript(
    ([l, t]) => {
      if (localStorage.getItem('arco-locale') === null) localStorage.setItem('arco-locale', l!);
      if (t && localStorage.getItem('app-settings') === null)
        localStorage.setItem('app-settings', JSON.stringify({ theme: t }));
    },
    [locale, theme] as const,
  );
  await page.goto(h.url('/login'));
  await page.locator('#login-username').waitFor();
  await login(page, who);
  await page.waitForURL(/\/dashboard\/workplace$/);
  if (path !== WORKPLACE) await page.goto(h.url(path));
  return page;
}

/** A screenshot into `dir` once the page is still: no toast, no tooltip, no spinner. */
export async function shoot(page: Page, dir: string, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page
    .locator('.bp6-toast')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await page.locator('.bp6-spinner').first().waitFor({ state: 'detached' });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/** The same page in the dark theme, shot, and back. */
export async function shootDark(page: Page, dir: string, name: string): Promise<void> {
  await page.getByTestId('theme-switch').click();
  await page.locator('body.bp6-dark').waitFor();
  await shoot(page, dir, name);
  await page.getByTestId('theme-switch').click();
  await page.locator('body:not(.bp6-dark)').waitFor();
}

/** The text of the tooltip `control` shows on hover. */
export async function tooltipOf(page: Page, control: Locator): Promise<string> {
  await page.mouse.move(0, 0);
  await page.locator('.bp6-tooltip').waitFor({ state: 'detached' });
  await control.hover();
  const tip = page.locator('.bp6-tooltip');
  await tip.waitFor();
  return ((await tip.textContent()) ?? '').trim();
}

/** The count badge of the list tab labelled `label`. */
export const tabTag = (page: Page, label: string) =>
  page
    .getByRole('main')
    .getByRole('tab', { name: new RegExp(`^${label}`) })
    .locator('.bp6-tag');
