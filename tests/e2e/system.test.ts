/**
 * System pages in Chromium against the real server on a throwaway database (issue 5): change the commission
 * default rate and see the history entry and the example; add a service city and see it in the list; a city in
 * use cannot be deleted (clear message); a user sees the commission and the service cities read-only; save a
 * settings field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowCount, rowOf } from './support/table';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { WORKPLACE, signedIn as signedInAt } from './support/pages';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const signedIn = (who: { email: string; password: string }) =>
  signedInAt(h, who, WORKPLACE, { area: 'system' });

describe('system pages', () => {
  it('changes the commission default rate, shows the history entry and the example', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/system/commission'));
    const rate = page.locator('#commission-default');
    await expect.poll(() => rate.inputValue()).toBe('10.00');
    // The seeded Beijing override applies in the example when Beijing is chosen.
    // Not an amount, and more digits than an amount is read with: each said as what it is.
    await page.locator('#example-amount').fill('1.005');
    await page.getByText('Enter an amount with at most two decimals').waitFor();
    await page.locator('#example-amount').fill('1234567890');
    await page.getByText('At most 999,999,999.99').waitFor();
    await page.locator('#example-amount').fill('100');
    await page.locator('#example-city').selectOption('Beijing');
    await expect
      .poll(() => page.getByTestId('commission-example').textContent())
      .toContain('12.00% · city override');

    await rate.fill('12.345');
    await page.getByRole('button', { name: 'Save default rate' }).click();
    await page.getByText('Enter a percentage from 0 to 100 with at most two decimals').waitFor();

    await rate.fill('12.5');
    await page.getByRole('button', { name: 'Save default rate' }).click();
    const newest = page.getByTestId('commission-history').locator('li').first();
    await expect.poll(() => newest.textContent()).toContain('Default rate 10.00% → 12.50%');
    // Who made the change: the signed-in admin's name, not the anonymous "system".
    expect(await newest.textContent()).toMatch(/→ 12\.50% .* · by \S/);
    expect(await newest.textContent()).not.toContain('by system');
    await page.locator('#example-city').selectOption('');
    const example = await page.getByTestId('commission-example').textContent();
    expect(example).toContain('12.50% · default rate');
    expect(example).toContain('¥12.50');
    expect(example).toContain('¥87.50');
    await page
      .locator('.bp6-toast')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await page.getByTestId('commission-history').scrollIntoViewIfNeeded();
    await h.screenshot(page, 'system-commission');
  });

  it('adds a project override by choosing the project by its name, and the example applies it', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/system/commission'));
    await page.locator('#override-scope').selectOption('project');
    const target = page.locator('#override-target');
    // The first choice asks for a project; the next are the projects, each by its name and id.
    const project = target.locator('option').nth(1);
    const [id, label] = [await project.getAttribute('value'), await project.textContent()];
    expect(label).toMatch(new RegExp(`^\\S.* \\(#${id}\\)$`));
    await page.getByRole('button', { name: 'Add / update override' }).click();
    await page.getByText('Choose a project', { exact: true }).waitFor();
    await target.selectOption(id!);
    await page.locator('#override-rate').fill('7.25');
    await page.getByRole('button', { name: 'Add / update override' }).click();
    await expect.poll(() => page.locator('.system-table').first().textContent()).toContain(label!);
    await page.locator('#example-amount').fill('200');
    await page.locator('#example-project').selectOption(id!);
    const example = page.getByTestId('commission-example');
    await expect.poll(() => example.textContent()).toContain('7.25% · project override');
    expect(await example.textContent()).toContain('¥14.50');
    await h.screenshot(page, 'system-commission-project-override');

    // Removing it asks first, naming it; cancelled, it stays; confirmed, it is gone.
    const row = page.locator('.system-table').first().locator('tr', { hasText: label! });
    await row.getByRole('button', { name: 'Remove' }).click();
    const question = page.locator('.commission-remove-question');
    await expect.poll(() => question.textContent()).toContain(`${label} (7.25%)`);
    await page.waitForTimeout(300); // let the dialog finish fading in for the screenshot
    await h.screenshot(page, 'system-commission-remove-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('shows the commission read-only to a user, with the reason', async () => {
    const page = await signedIn(STAFF);
    await page.goto(h.url('/system/commission'));
    await page.getByText('Read only: only administrators may change these settings').waitFor();
    expect(await page.locator('#commission-default').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save default rate' }).count()).toBe(0);
    await h.screenshot(page, 'system-commission-user');
  });

  it('shows the service cities read-only to a user: "View", not "Edit", and a read-only page', async () => {
    const page = await signedIn(STAFF);
    await page.goto(h.url('/system/service-city'));
    await page.getByText('Read only: only administrators may change these settings').waitFor();
    const beijing = await rowOf(page, 'Beijing');
    expect(await page.getByRole('button', { name: 'Add city' }).count()).toBe(0);
    expect(await beijing.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await beijing.getByRole('button', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
    await beijing.getByRole('button', { name: 'View' }).click();
    await page.waitForURL(/\/system\/update-service-city\?id=\d+$/);
    await page.getByRole('heading', { name: 'Service city' }).waitFor();
    expect(await page.locator('#city-name').isDisabled()).toBe(true);
  });

  it('adds a service city and sees it in the list; a city in use cannot be deleted', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/system/service-city'));
    await page.locator('[data-city="Beijing"]').waitFor();
    await page.getByRole('button', { name: 'Add city' }).click();
    await page.waitForURL(/\/system\/update-service-city$/);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter a city name of 1 to 50 characters, none of them invisible').waitFor();
    // A name taken, in another case: the server's refusal is said once, under the name.
    await page.locator('#city-name').fill('beijing');
    await page.getByRole('button', { name: 'Save' }).click();
    const taken = 'A service city with this name already exists (names are case-insensitive)';
    await page.locator('.bp6-form-group:has(#city-name)').getByText(taken).waitFor();
    expect(await page.getByText(taken).count()).toBe(1);
    await page.locator('#city-name').fill('  Nanjing ');
    await page.locator('#city-ranking').fill('7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/system\/update-service-city\?id=\d+$/);
    await page.locator('.kit-timeline li').first().waitFor();
    expect(await page.locator('.kit-timeline li').first().textContent()).toContain('Created');
    await h.screenshot(page, 'system-city-edit');

    // Switched off and saved, the city would close: asked first, as the list's switch asks. Cancelled, nothing is
    // sent (read again, it is enabled); confirmed, it closes; switched back on, it saves without asking.
    const enabled = page.getByRole('checkbox', { name: 'Enabled (customers can choose it)' });
    expect(await enabled.isChecked()).toBe(true);
    await page.locator('label.bp6-switch', { hasText: 'Enabled (customers can choose it)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    const askOnSave = page.getByRole('dialog');
    await askOnSave
      .getByText('Close "Nanjing"? New orders and new suppliers can no longer choose it')
      .waitFor();
    await h.screenshot(page, 'system-city-edit-close');
    // It starts on its safe answer: Enter right away sends nothing.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await askOnSave.getByRole('button', { name: 'Cancel' }).click();
    await askOnSave.waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('.kit-timeline li').first().waitFor();
    await expect.poll(() => enabled.isChecked()).toBe(true);
    await page.locator('label.bp6-switch', { hasText: 'Enabled (customers can choose it)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await askOnSave.getByRole('button', { name: 'Close city' }).click();
    // Gone once its closing animation ends: only then does a dialog on the next save count as a new one.
    await askOnSave.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.kit-timeline li').first().textContent()).toContain('Closed');
    await page.locator('label.bp6-switch', { hasText: 'Enabled (customers can choose it)' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.kit-timeline li').first().textContent()).toContain('Enabled');
    expect(await askOnSave.count()).toBe(0);

    await page.getByRole('button', { name: 'Back to service cities' }).click();
    await page.waitForURL(/\/system\/service-city$/);
    await page.locator('[data-city="Nanjing"]').waitFor();
    const row = await rowOf(page, 'Nanjing');
    expect(await row.allTextContents()).toContain('7');

    // Search (the URL keeps it), and close it with the toggle: asked first, cancelled, then confirmed.
    await page.getByPlaceholder('Search city name').fill('nanj');
    await page.getByPlaceholder('Search city name').press('Enter');
    await page.waitForURL(/\?q=nanj$/);
    await expect.poll(() => rowCount(page)).toBe(1);
    const found = await rowOf(page, 'Nanjing');
    await found.locator('label.bp6-switch').click();
    const ask = page.getByRole('dialog');
    await ask.getByText('Close "Nanjing"? New orders and new suppliers can no longer choose it').waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await ask.waitFor({ state: 'detached' });
    // Nothing was sent: read again, the city is still enabled.
    await page.reload();
    await page.locator('[data-city="Nanjing"]').waitFor();
    const again = await rowOf(page, 'Nanjing');
    expect((await again.allTextContents()).join(' ')).toContain('Enabled');
    await again.locator('label.bp6-switch').click();
    await ask.getByRole('button', { name: 'Close city' }).click();
    await expect.poll(async () => (await again.allTextContents()).join(' ')).toContain('Closed');

    // Beijing has demo suppliers: its lifecycle refuses the delete, so the button is off, and says why.
    await page.getByPlaceholder('Search city name').fill('Beijing');
    await page.getByPlaceholder('Search city name').press('Enter');
    await page.locator('[data-city="Beijing"]').waitFor();
    const remove = (await rowOf(page, 'Beijing')).locator('[data-action="serviceCity.delete"]');
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    await remove.hover();
    await page.getByText(/\d+ suppliers are in this city: close it instead/).waitFor();
    // An administrator edits a city with suppliers in it: its ranking and switch are open; its name too (for case and
    // spacing), with the rule for renaming it said under it, and no read-only notice.
    const token = await h.apiLogin(ADMIN);
    const beijing = (
      await h.api<{ items: Array<{ id: number; ranking: number }> }>(
        'GET',
        '/api/service-cities?q=Beijing',
        token,
      )
    ).items[0]!;
    await page.goto(h.url(`/system/update-service-city?id=${beijing.id}`));
    await page.locator('.kit-timeline li').first().waitFor();
    await page
      .getByText(/\d+ suppliers are in this city: only the case and spacing of its name can change\./)
      .waitFor();
    expect(await page.getByText('Read only').count()).toBe(0);
    // The ranking's step buttons are named in the page's language: one step up is one more.
    await page.getByRole('button', { name: 'Increase', exact: true }).click();
    expect(await page.locator('#city-ranking').inputValue()).toBe(String(beijing.ranking + 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.locator('.kit-timeline li').first().textContent())
      .toContain(`Ranking ${beijing.ranking} → ${beijing.ranking + 1}`);
    // Saved, the keyboard goes on from the Save button (disabled while saving, it had lost the focus to the page).
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('detail-save');
    await h.screenshot(page, 'system-city-edit-in-use');
    await page.goto(h.url('/system/service-city'));
    // An empty city can be deleted, after a confirmation.
    await page.getByPlaceholder('Search city name').fill('Nanjing');
    await page.getByPlaceholder('Search city name').press('Enter');
    await page.locator('[data-city="Nanjing"]').waitFor();
    await (await rowOf(page, 'Nanjing')).locator('[data-action="serviceCity.delete"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No service cities match.').waitFor();
    expect(await page.locator('.bp6-toast.bp6-intent-danger').count()).toBe(0);
    await h.screenshot(page, 'system-city-list');
  });

  it('saves a settings field and shows validation messages', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/system/setting'));
    const phone = page.locator('#setting-customer_service_mobile');
    await phone.waitFor();
    await phone.fill('12345');
    // Saved from the bottom of the long page: the field in trouble is brought into sight and focused.
    await page.getByRole('button', { name: 'Save settings' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Enter a phone number, e.g. 13800138000').first().waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('setting-customer_service_mobile');
    expect(await phone.isVisible()).toBe(true);
    expect(await phone.evaluate((e) => e.getBoundingClientRect().top >= 0)).toBe(true);
    await phone.fill('400-800-9999');
    // A supplier name beyond its limit is said under it, with the limit, before anything is sent.
    const supplierName = page.locator('#setting-supplier_name');
    const savedName = await supplierName.inputValue();
    await supplierName.fill('x'.repeat(65));
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page
      .locator('.bp6-form-group:has(#setting-supplier_name)')
      .getByText('The supplier name can have at most 64 characters')
      .waitFor();
    await supplierName.fill(savedName);
    await page.locator('#setting-customer_service_wechat').fill('helper_2026');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    await page.reload();
    await expect
      .poll(() => page.locator('#setting-customer_service_wechat').inputValue())
      .toBe('helper_2026');
    await page.locator('.ql-editor').first().waitFor();
    await h.screenshot(page, 'system-settings');
  });

  it('asks before closing the settings tab with what was typed not saved; keeping keeps it, dropping drops it', async () => {
    const page = await signedIn(ADMIN);
    await page.goto(h.url('/system/setting'));
    const wechat = page.locator('#setting-customer_service_wechat');
    await wechat.waitFor();
    const saved = await wechat.inputValue();
    await wechat.fill('typed_not_saved');
    const tabs = page.getByTestId('tab-bar');
    const settingsTab = tabs.locator('[data-tab="SystemSetting"]');
    const ask = page.getByRole('dialog', { name: 'Close without saving?' });
    // Closed from another tab: asked first; keeping it keeps the tab and what was typed.
    await tabs.locator('[data-tab="Workplace"]').click();
    await page.waitForURL(/\/dashboard\/workplace/);
    await settingsTab.locator('button').click();
    await ask.waitFor();
    expect(await ask.textContent()).toContain('is not saved');
    await h.screenshot(page, 'tab-drop-edits');
    await ask.getByRole('button', { name: 'Keep the tab open' }).click();
    await ask.waitFor({ state: 'detached' });
    await settingsTab.click();
    await expect.poll(() => wechat.inputValue()).toBe('typed_not_saved');
    // Closed while shown: the page is left first, then asked; kept, the person is back on it. "Close all" asks too.
    await settingsTab.locator('button').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Keep the tab open' }).click();
    await page.waitForURL(/\/system\/setting/);
    expect(await settingsTab.count()).toBe(1);
    expect(await wechat.inputValue()).toBe('typed_not_saved');
    await page.getByTestId('tab-actions').click();
    await page.getByRole('menuitem', { name: 'Close all tabs' }).click();
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Close and drop it' }).click();
    await expect.poll(() => settingsTab.count()).toBe(0);
    const adminToken = await h.apiLogin(ADMIN);
    const stored = await h.api<{ customer_service_wechat: string }>('GET', '/api/global/configs', adminToken);
    expect(stored.customer_service_wechat).toBe(saved);
    await page.close();
  });

  it('in zh-CN: a refused city delete gives its Chinese reason once; the menu opens System on a hidden page', async () => {
    const page = await signedIn(ADMIN);
    await page.evaluate(() => localStorage.setItem('arco-locale', 'zh-CN'));
    await page.goto(h.url('/system/service-city'));
    await page.locator('[data-city="Beijing"]').waitFor();
    const remove = (await rowOf(page, 'Beijing')).locator('[data-action="serviceCity.delete"]');
    await remove.hover();
    const reason = page.getByText(/该城市有 \d+ 个供应商：请改为关闭/);
    await reason.first().waitFor();
    expect(await reason.count()).toBe(1);
    expect(await page.getByText('Cannot delete').count()).toBe(0);
    await h.screenshot(page, 'system-city-list-zh');

    await page.goto(h.url('/system/update-service-city'));
    await page.getByText('新增服务城市').first().waitFor();
    await page.getByText('服务城市详情').first().waitFor(); // the tab and breadcrumb: a neutral title
    const group = page
      .getByTestId('side-menu')
      .locator('button.app-menu-group-title', { hasText: '系统设置' });
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    expect(await group.getAttribute('class')).toContain('is-active');
  });

  it('the rich-text editor follows the dark theme, labels Quill in zh-CN and keeps its toolbar on one line', async () => {
    const page = await signedIn(ADMIN);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => {
      localStorage.setItem('arco-locale', 'zh-CN');
      const settings = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('app-settings', JSON.stringify({ ...settings, theme: 'dark' }));
    });
    await page.goto(h.url('/system/setting'));
    const toolbar = page.locator('.richtext .ql-toolbar').first();
    await toolbar.waitFor();
    const look = await toolbar.evaluate((el) => {
      const label = el.querySelector('.ql-header .ql-picker-label')!;
      const editor = el.parentElement!.querySelector('.ql-container')!;
      return {
        toolbarBg: getComputedStyle(el).backgroundColor,
        editorBg: getComputedStyle(editor).backgroundColor,
        heading: getComputedStyle(label, '::before').content,
        height: el.getBoundingClientRect().height,
      };
    });
    expect(look.toolbarBg).toBe('rgb(47, 52, 60)');
    expect(look.editorBg).toBe('rgb(37, 42, 49)');
    expect(look.heading).toBe('"正文"');
    expect(look.height).toBeLessThan(48); // one line of 24 px buttons plus padding
    await toolbar.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'richtext-dark-zh');
  });
});
