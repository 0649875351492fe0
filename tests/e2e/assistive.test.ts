/**
 * What assistive technology and a keyboard are told, in Chromium against the real server: the menu a narrow window
 * opens over the page says whether it is open, closes with Escape (the keyboard back on its button) and with a click
 * beside it; the user menu is named where the window hides the name; a form field's problem marks it invalid and
 * describes it; the column a list is sorted by says so, and which way; dialogs, the settings drawer and toasts name
 * their × in the page's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { signedIn as signedInAs } from './support/pages';

const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const signedIn = (path: string) => signedInAs(h, ADMIN, path, { area: 'assistive' });

describe('assistive technology and the keyboard', () => {
  it('on a phone, the menu says it is open, closes with Escape and with a click beside it; the user menu has a name', async () => {
    const page = await signedIn('/supply/list');
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByTestId('menu-toggle');
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('#app-sider').count()).toBe(0);

    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('#app-sider').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await toggle.getAttribute('aria-controls')).toBe('app-sider');
    await page.locator('#app-sider button, #app-sider a').first().focus();
    await page.keyboard.press('Escape');
    await page.locator('#app-sider').waitFor({ state: 'detached' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'menu-toggle',
    );

    await toggle.click();
    await page.getByTestId('menu-backdrop').click({ position: { x: 380, y: 400 } });
    await page.locator('#app-sider').waitFor({ state: 'detached' });

    const user = page.getByTestId('user-menu');
    expect(await user.getAttribute('aria-label')).toBe(
      en['navbar.user.menu']!.replace('{{name}}', 'Alice Wang'),
    );

    // A wide table in a card (the wallet's ledger) scrolls inside it: the page does not scroll sideways.
    await page.goto(h.url('/account/detail?id=1'));
    await page.getByTestId('account-ledger').waitFor();
    const widths = () =>
      page.evaluate(() => {
        const content = document.querySelector('.app-content')!;
        const ledger = document.querySelector('[data-testid="account-ledger"]')!;
        return {
          page: Math.max(document.documentElement.scrollWidth, content.scrollWidth),
          viewport: window.innerWidth,
          ledger: ledger.scrollWidth,
          card: ledger.parentElement!.clientWidth,
        };
      });
    const measured = await widths();
    expect(measured.ledger).toBeGreaterThan(measured.card);
    expect(measured.page).toBeLessThanOrEqual(measured.viewport);
  });

  it('a field with a problem is invalid, described by the problem under it; fixed, it is neither', async () => {
    const page = await signedIn('/project/project?id=1');
    const name = page.locator('#project-project_name');
    await name.waitFor();
    await name.fill('');
    await page.getByTestId('detail-save').click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const described = await name.getAttribute('aria-describedby');
    expect(described).toBe('field-project_name-help');
    expect(await page.locator(`#${described}`).textContent()).toBeTruthy();
    await name.fill('Deep clean');
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe(null);
    expect(await name.getAttribute('aria-describedby')).toBe(null);
  });

  it('the column a list is sorted by says so, and which way, in words the arrow only draws', async () => {
    const page = await signedIn('/supply/list');
    const top = page.locator('.bp6-table-quadrant-top');
    const header = top.locator('[data-sort="ranking"]');
    await header.waitFor();
    // Chromium puts a space before the words (they are positioned apart from the name).
    const sorted = (order: 'asc' | 'desc') =>
      top.getByRole('button', {
        name: new RegExp(`^${en['supply.column.ranking']}\\s*${en[`list.sorted.${order}`]}$`),
      });
    // Ranking ascending is the supplier list's default; the other sortable columns say nothing.
    await sorted('asc').waitFor();
    expect(await top.getByRole('button', { name: /sorted/ }).count()).toBe(1);
    const words = header.locator('.kit-visually-hidden');
    expect((await words.boundingBox())?.width).toBeLessThanOrEqual(1);
    await header.click();
    await sorted('desc').waitFor();
    expect(await top.getByRole('button', { name: /sorted/ }).count()).toBe(1);
  });

  it("in Chinese, the settings drawer is a dialog named by its title, and its × and a toast's are named in Chinese", async () => {
    const page = await signedInAs(h, ADMIN, '/supply/list', { area: 'assistive', locale: 'zh-CN' });
    await page.getByRole('button', { name: zh['settings.title'] }).click();
    // The browser tab is titled by the page (as its tab in the tab bar is), then the console, in Chinese.
    const current = page.locator('.app-tabbar [role="tab"][aria-selected="true"]');
    await expect.poll(() => current.textContent()).not.toBe(zh['menu.dashboard.workplace']);
    expect(await page.title()).toBe(`${await current.textContent()} · ${zh['app.title']}`);
    expect(zh['app.title']).not.toBe(en['app.title']);
    const drawer = page.getByRole('dialog', { name: zh['settings.title'] });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: zh['settings.copySettings'] }).click();
    // Copied, or refused by the headless clipboard: a toast either way.
    const toast = page.locator('.bp6-toast', {
      hasText: new RegExp(`${zh['settings.copySettings.message']}|${zh['settings.copySettings.failed']}`),
    });
    await toast.waitFor();
    expect(await page.getByRole('button', { name: 'Close', exact: true }).count()).toBe(0);
    await toast.getByRole('button', { name: zh['dialog.close'] }).click();
    await toast.waitFor({ state: 'detached' });
    await drawer.getByRole('button', { name: zh['dialog.close'] }).click();
    await drawer.waitFor({ state: 'detached' });
  });
});
