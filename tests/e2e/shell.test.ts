/**
 * The console shell in Chromium against the real server on a throwaway database (issue 3, "End-to-end").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messagesFor } from '@/i18n';
import { ADMIN, STAFF, login, startHarness, type Harness } from './support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

async function signedIn(who: { email: string; password: string }, path = '/login'): Promise<Page> {
  const page = await h.newPage();
  await page.goto(h.url(path));
  await page.locator('#login-username').waitFor();
  await login(page, who);
  await page.getByTestId('workplace-welcome').or(page.locator('.page-frame')).first().waitFor();
  return page;
}

describe('login', () => {
  it('paints the form in its first paint, not a progress spinner before it', async () => {
    const page = await h.newPage();
    await page.addInitScript(`new MutationObserver((_, observer) => {
      if (document.querySelector('button[type="submit"]')) {
        window.__loginButtonAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });`);
    await page.goto(h.url('/login'));
    await page.locator('#login-username').waitFor();
    const firstPaint = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true }),
        ),
    );
    const buttonAt = (await page.evaluate('window.__loginButtonAt')) as number;
    expect(buttonAt).toBeLessThanOrEqual(firstPaint);
  });

  it('shows both validation messages when the fields are empty', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/login'));
    await page.locator('#login-username').fill('');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').allTextContents())
      .toEqual(['用户名不能为空', '密码不能为空']);
    await h.screenshot(page, 'login-validation');
    expect(page.url()).toBe(h.url('/login'));
  });

  it('shows a wrong password once, translated, and leaves no error toast after a later login', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/login'));
    await login(page, { email: ADMIN.email, password: 'wrong-password' });
    const callout = page.getByTestId('login-error');
    await expect.poll(() => callout.textContent()).toContain('登录出错，请刷新重试');
    expect(await callout.textContent()).toContain('邮箱或密码不正确。');
    expect(await page.locator('body').textContent()).not.toContain('Incorrect email or password');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The global error toast would have been shown together with the rejection; give it time to render.
    await page.waitForTimeout(600);
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    await h.screenshot(page, 'login-wrong-password');

    await page.locator('#login-password').fill(ADMIN.password);
    await page.locator('#login-password').press('Enter');
    await page.waitForURL(/\/dashboard\/workplace$/);
    await page.locator('.bp6-toast').first().waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.bp6-toast').allTextContents()).toEqual(['欢迎使用']);
    expect(await page.locator('.bp6-toast.bp6-intent-danger').count()).toBe(0);
  });

  it('says how long to wait when logins are throttled, without "refresh and try again"', async () => {
    const email = 'throttled@example.com';
    for (let i = 0; i < 5; i += 1) {
      const res = await fetch(h.url('/api/sanctum-auth/login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ email, password: 'nope' }),
      });
      expect(res.status).toBe(401);
    }
    const page = await h.newPage();
    await page.goto(h.url('/login'));
    await login(page, { email, password: 'nope-again' });
    const callout = page.getByTestId('login-error');
    await expect.poll(() => callout.textContent()).toContain('登录尝试次数过多');
    const text = (await callout.textContent()) ?? '';
    expect(text).toMatch(/尝试次数过多，请在 1[45] 分钟后重试。/);
    expect(text).not.toContain('刷新');
    expect(text).not.toMatch(/Z\b|Too many/);
    await h.screenshot(page, 'login-throttled');
  });

  it('lands an admin on Workplace with name and role', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/'));
    await page.waitForURL(/\/login$/);
    await h.screenshot(page, 'login');
    await login(page, ADMIN);
    await page.waitForURL(/\/dashboard\/workplace$/);
    await expect.poll(() => page.getByTestId('workplace-role').getAttribute('data-role')).toBe('admin');
    expect(await page.getByTestId('workplace-welcome').textContent()).toMatch(/欢迎回来，\S+/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.waitForTimeout(300); // let the welcome toast finish sliding in for the screenshot
    await h.screenshot(page, 'workplace-light');
  });

  it('returns to a deep link after login', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/list/card?page=2'));
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('Card');
    expect(url.searchParams.get('page')).toBe('2');
    await login(page, STAFF);
    await page.waitForURL(/\/list\/card\?page=2$/);
    await page.getByRole('heading', { name: '卡片列表' }).first().waitFor();
  });
});

describe('access', () => {
  it('sends a `user` away from an admin-only route', async () => {
    const page = await signedIn(STAFF);
    await page.goto(h.url('/form/step'));
    await page.waitForURL(/\/dashboard\/workplace$/);
    await expect.poll(() => page.getByTestId('workplace-role').getAttribute('data-role')).toBe('user');
    // The admin sees the same page.
    const admin = await signedIn(ADMIN);
    await admin.goto(h.url('/form/step'));
    await admin.getByTestId('step-channel').waitFor();
    expect(new URL(admin.url()).pathname).toBe('/form/step');
  });

  it('shows the re-login modal when the token is revoked server-side, and Re-Login returns to login', async () => {
    const page = await signedIn(ADMIN);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const revoked = await fetch(h.url('/api/sanctum-auth/logout'), {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(revoked.status).toBe(200);
    // Any API call now meets 50008: turning on "menu from server" fetches the menu. The page's own refreshes (the
    // workplace's, the notice bell's) may meet it first, the modal then covering the settings button: either shows it.
    const modal = page.locator('.confirm-logout');
    const menuFromServer = async () => {
      await page.getByTestId('settings-open').click();
      await page.locator('label', { has: page.getByTestId('setting-menuFromServer') }).click();
    };
    const trigger = menuFromServer();
    await Promise.race([modal.waitFor(), trigger]);
    await modal.waitFor();
    // Once the modal shows, a click it covers no longer matters.
    void trigger.catch(() => undefined);
    expect(await modal.textContent()).toContain('您已经登出，您可以取消以留在此页面，或者重新登录');
    await h.screenshot(page, 're-login-modal');
    await modal.getByRole('button', { name: '重新登录' }).click();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});

describe('not found', () => {
  it('follows the dark theme, sits centred like the other exception pages, and leads back home', async () => {
    const page = await h.newPage();
    await page.goto(h.url('/login'));
    await page.locator('#login-username').waitFor();
    await page.evaluate(() => {
      const settings = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('app-settings', JSON.stringify({ ...settings, theme: 'dark' }));
    });
    await page.goto(h.url('/nope'));
    const view = page.getByTestId('exception-404');
    await view.waitFor();
    expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
    const colours = await page.evaluate(() => {
      const bg = (sel: string) => getComputedStyle(document.querySelector(sel)!).backgroundColor;
      return { page: bg('.standalone-page'), card: bg('.standalone-page .page-frame') };
    });
    expect(colours.page).toBe('rgb(28, 33, 39)');
    expect(colours.card).not.toBe('rgb(255, 255, 255)');
    // Not clipped: the whole card, icon included, is inside the viewport, with room above it.
    const card = (await page.locator('.standalone-page .page-frame').boundingBox())!;
    const icon = (await view.locator('.bp6-non-ideal-state-visual').boundingBox())!;
    expect(card.y).toBeGreaterThan(24);
    expect(icon.y).toBeGreaterThan(card.y);
    expect(card.y + card.height).toBeLessThanOrEqual(800);
    expect(await view.getByRole('button').allTextContents()).toEqual(['返回首页']);
    await h.screenshot(page, 'not-found-dark');
    await view.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/login/);
  });

  it('says a link with a NUL in its path is no page, as any unknown link, not with the API’s refusal', async () => {
    const page = await h.newPage();
    const response = await page.goto(h.url('/notice/%00'));
    expect(response?.status()).toBe(200);
    await page.getByTestId('exception-404').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('err_code');
  });
});

describe('preferences and tabs', () => {
  it('keeps locale and theme across a reload', async () => {
    const page = await signedIn(ADMIN);
    await page.getByTestId('locale-switch').click();
    await page.getByRole('heading', { name: 'Workplace' }).first().waitFor();
    await page.getByTestId('theme-switch').click();
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Workplace' }).first().waitFor();
    expect(await page.evaluate(() => document.body.getAttribute('arco-theme'))).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    expect(await page.evaluate(() => localStorage.getItem('arco-locale'))).toBe('en-US');
    await h.screenshot(page, 'workplace-dark');
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-drawer').waitFor();
    await page.waitForTimeout(400); // drawer slide-in
    await h.screenshot(page, 'settings-drawer-dark');
  });

  it('shows the settings drawer and the floating button when the navbar is hidden', async () => {
    const page = await signedIn(ADMIN);
    await page.getByTestId('settings-open').click();
    const drawer = page.getByTestId('settings-drawer');
    await drawer.waitFor();
    expect(Math.round((await page.locator('.settings-drawer').boundingBox())!.width)).toBe(300);
    await page.waitForTimeout(400);
    await h.screenshot(page, 'settings-drawer');
    await page.locator('label', { has: page.getByTestId('setting-navbar') }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('floating-settings').waitFor();
    expect(await page.locator('.app-navbar').count()).toBe(0);
  });

  it('lays the menu across the navbar when "top menu" is on, and its dropdowns navigate', async () => {
    const zh = messagesFor('zh-CN');
    const page = await signedIn(ADMIN);
    await page.getByTestId('settings-open').click();
    await page.getByTestId('settings-drawer').waitFor();
    await page.locator('label', { has: page.getByTestId('setting-topMenu') }).click();
    await page.keyboard.press('Escape');
    const top = page.getByTestId('top-menu');
    await top.waitFor();
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    await top.getByRole('button', { name: zh['menu.supply'] }).click();
    await page.getByRole('menuitem', { name: zh['menu.supply.list'] }).click();
    await page.waitForURL(/\/supply\/list/);
    await page.locator('.supply-list').waitFor();
    await h.screenshot(page, 'top-menu');
  });

  it('opens and closes tabs, and a cached page keeps its typed-in state', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/list/search-table'));
    const keyword = page.locator('.channel-list .kit-search input');
    await keyword.fill('plumbers in Hangzhou');
    const tabs = page.getByTestId('tab-bar');
    await tabs.locator('[data-tab="SearchTable"]').waitFor();
    await tabs.locator('[data-tab="Workplace"]').click();
    await page.waitForURL(/\/dashboard\/workplace$/);
    // Each is a tab to assistive technology, the one shown selected; Enter opens one from the keyboard.
    const searchTab = tabs.locator('[data-tab="SearchTable"]');
    expect(await searchTab.getAttribute('role')).toBe('tab');
    // The address changes a moment before the tab bar shows the new selection.
    await expect.poll(() => searchTab.getAttribute('aria-selected')).toBe('false');
    await searchTab.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/list\/search-table$/);
    await expect.poll(() => searchTab.getAttribute('aria-selected')).toBe('true');
    expect(await keyword.inputValue()).toBe('plumbers in Hangzhou');

    // Closing the tab drops its cache: reopening starts empty. Its close button says which tab it closes, in the page's language (Chinese here).
    const closeTab = tabs.locator('[data-tab="SearchTable"] button');
    expect(await closeTab.getAttribute('aria-label')).toBe(
      `关闭“${await tabs.locator('[data-tab="SearchTable"]').innerText()}”`,
    );
    await closeTab.click();
    await page.waitForURL(/\/dashboard\/workplace$/);
    expect(await tabs.locator('[data-tab="SearchTable"]').count()).toBe(0);
    await page.goto(h.url('/list/search-table'));
    expect(await page.locator('.channel-list .kit-search input').inputValue()).toBe('');

    // Close others from the actions menu keeps the home tab and the current one.
    await page.goto(h.url('/list/card'));
    await tabs.locator('[data-tab="Card"]').waitFor();
    await page.getByTestId('tab-actions').click();
    await page.getByText('关闭其它标签页').click();
    await expect
      .poll(() => tabs.locator('[data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab'))))
      .toEqual(['Workplace', 'Card']);
  });
});

describe('the keyboard', () => {
  // A new browser speaks the console's default language.
  const zh = messagesFor('zh-CN');
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

  it('starts at a skip link that takes it past the navbar, menu and tabs to the page', async () => {
    const page = await signedIn(STAFF, '/supply/list');
    await page.locator('.page-frame-title').waitFor();
    // The keyboard from the top of the document (signing in put it on the page's title).
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute('tabindex');
    });
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe(zh['layout.skipToContent']);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedText(page)).toBe(zh['supply.title.list']);
    // The next stop is in the page, not the navbar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.app-content') !== null)).toBe(true);
  });

  it('lands on the page’s title after choosing a page in the menu', async () => {
    const page = await signedIn(STAFF, '/supply/list');
    const menu = page.getByTestId('side-menu');
    await menu.locator('button.app-menu-group-title', { hasText: zh['menu.notice'] }).click();
    const item = menu.getByRole('menuitem', { name: zh['menu.notice.list'] });
    await item.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/notice/list');
    await expect.poll(() => focusedText(page)).toBe(zh['notice.title.list']);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('page-frame-title'))).toBe(
      true,
    );
  });
});
