/**
 * Security settings in Chromium against the real server: the password rule answers under the fields in the
 * member's language; a changed password signs out the member's other browser (its next load lands on the login
 * page) and keeps this one; the new password is the one that signs in.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, signedIn } from './support/pages';

const SHOTS = join(tmpdir(), 'user-setting-e2e');

const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
let h: Harness;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('my basic information', () => {
  it('asks before its tab closes with what was typed not saved', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' });
    const nickname = page.locator('#profile-nickname');
    await nickname.waitFor();
    const tabs = page.getByTestId('tab-bar');
    const ask = page.getByRole('dialog', { name: en['tabBar.unsaved.title'] });
    // Nothing typed: closing from another tab asks nothing.
    await tabs.locator('[data-tab="Workplace"]').click();
    await tabs.locator('[data-tab="Setting"] button').click();
    await expect.poll(() => tabs.locator('[data-tab="Setting"]').count()).toBe(0);
    expect(await ask.count()).toBe(0);
    await page.goto(h.url('/user/setting'));
    await nickname.waitFor();
    await nickname.fill('Bob Typed');
    await tabs.locator('[data-tab="Workplace"]').click();
    await tabs.locator('[data-tab="Setting"] button').click();
    await ask.waitFor();
    await ask.getByRole('button', { name: en['tabBar.unsaved.drop_one'] }).click();
    await expect.poll(() => tabs.locator('[data-tab="Setting"]').count()).toBe(0);
    await page.close();
  });

  it('keeps what was typed in each section while another is shown, and asks before its tab closes', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' });
    const nickname = page.locator('#profile-nickname');
    await nickname.waitFor();
    await nickname.fill('Bob Kept');
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.security'] }).click();
    await page.locator('#password-next').fill('Half@typed1');
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.certification'] }).click();
    await page.getByTestId('certification').waitFor(SLOW);
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.basic'] }).click();
    expect(await nickname.inputValue()).toBe('Bob Kept');
    // A section opens as it is first shown: its table measured its width then, and shows every column again.
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.certification'] }).click();
    const mine = page.locator('.certification-mine');
    await mine
      .getByText(en['certification.column.actions']!, { exact: true })
      .filter({ visible: true })
      .first()
      .waitFor(SLOW);
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.basic'] }).click();
    // Back as it was here, the page still holds the password being typed in another section: closing asks.
    await nickname.fill('Bob Li');
    const tabs = page.getByTestId('tab-bar');
    await tabs.locator('[data-tab="Workplace"]').click();
    await tabs.locator('[data-tab="Setting"] button').click();
    const ask = page.getByRole('dialog', { name: en['tabBar.unsaved.title'] });
    await ask.waitFor();
    await ask.getByRole('button', { name: en['tabBar.unsaved.keep_one'] }).click();
    await tabs.locator('[data-tab="Setting"]').click();
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.security'] }).click();
    expect(await page.locator('#password-next').inputValue()).toBe('Half@typed1');
    await page.locator('#password-next').fill('');
    // Nothing typed is left in any section: the tab closes without asking.
    await tabs.locator('[data-tab="Workplace"]').click();
    await tabs.locator('[data-tab="Setting"] button').click();
    await expect.poll(() => tabs.locator('[data-tab="Setting"]').count()).toBe(0);
    expect(await ask.count()).toBe(0);
    await page.close();
  });

  it('answers the rules under the fields, and a saved nickname is the one the navbar shows', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' });
    const form = page.getByTestId('profile-form');
    await form.waitFor(SLOW);
    expect(await page.locator('#profile-nickname').inputValue()).toBe('Bob Li');
    await page.locator('#profile-area').fill('');
    await page.locator('#profile-profile').fill(Array(201).fill('word').join(' '));
    await form.getByRole('button', { name: en['user.profile.save'] }).click();
    expect(await form.textContent()).toContain(en['user.profile.areaRequired']);
    expect(await form.textContent()).toContain('At most 200 words.');
    await shoot(page, SHOTS, 'basic-information-errors');
    await page.locator('#profile-area').fill('Pudong');
    await page.locator('#profile-profile').fill('Customer service, orders and refunds.');
    await page.locator('#profile-nickname').fill('Bob L.');
    await form.getByRole('button', { name: en['user.profile.save'] }).click();
    await page.getByTestId('profile-saved').waitFor(SLOW);
    await expect.poll(async () => page.getByTestId('user-menu').textContent(), SLOW).toContain('Bob L.');
    await page.reload();
    await form.waitFor(SLOW);
    expect(await page.locator('#profile-area').inputValue()).toBe('Pudong');
    await page.close();
  });

  it('refuses a save from a page opened before another save, and says so, instead of undoing it', async () => {
    const [a, b] = [
      await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' }),
      await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' }),
    ];
    for (const page of [a, b]) await page.getByTestId('profile-form').waitFor(SLOW);
    await a.locator('#profile-nickname').fill('Bob Li (Refunds)');
    await a.getByTestId('profile-form').getByRole('button', { name: en['user.profile.save'] }).click();
    await a.getByTestId('profile-saved').waitFor(SLOW);
    // B, opened before A saved, changes only the area: refused, with why; A's nickname stays.
    await b.locator('#profile-area').fill('Suzhou');
    await b.getByTestId('profile-form').getByRole('button', { name: en['user.profile.save'] }).click();
    await b.getByText(en['user.profile.changedElsewhere']!).waitFor(SLOW);
    // Said once, above the form: no error toast besides.
    expect(await b.locator('.bp6-toast').count()).toBe(0);
    await b.reload();
    await b.getByTestId('profile-form').waitFor(SLOW);
    expect(await b.locator('#profile-nickname').inputValue()).toBe('Bob Li (Refunds)');
    expect(await b.locator('#profile-area').inputValue()).not.toBe('Suzhou');
    await a.close();
    await b.close();
  });

  it('speaks Chinese', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting', locale: 'zh-CN' });
    const form = page.getByTestId('profile-form');
    await form.waitFor(SLOW);
    await page.locator('#profile-email').fill('not-an-email');
    await form.getByRole('button', { name: zh['user.profile.save'] }).click();
    expect(await form.textContent()).toContain(zh['user.profile.emailInvalid']);
    expect(await form.textContent()).toContain(zh['user.profile.country_region']);
    await shoot(page, SHOTS, 'basic-information-zh');
    await page.close();
  });
});

describe('changing my password', () => {
  it('answers the rule under the fields, in Chinese too', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting', locale: 'zh-CN' });
    await page.getByRole('main').getByRole('tab', { name: zh['user.setting.security'] }).click();
    const form = page.getByTestId('password-form');
    await form.waitFor(SLOW);
    await page.locator('#password-next').fill('abc');
    await page.locator('#password-confirm').fill('abd');
    await form.getByRole('button', { name: zh['user.password.save'] }).click();
    const text = await form.textContent();
    expect(text).toContain(zh['user.password.currentRequired']);
    expect(text).toContain(zh['user.password.tooShort']);
    expect(text).toContain(zh['user.password.mismatch']);
    await page.close();
  });

  it("signs out the member's other browser and keeps this one", async () => {
    const other = await signedIn(h, STAFF, '/dashboard/workplace', { area: 'user-setting' });
    await other.getByTestId('workplace-welcome').waitFor(SLOW);
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting' });
    await page.getByRole('main').getByRole('tab', { name: en['user.setting.security'] }).click();
    await page.getByTestId('password-form').waitFor(SLOW);
    await page.locator('#password-current').fill('wrong');
    await page.locator('#password-next').fill('New@Pass1');
    await page.locator('#password-confirm').fill('New@Pass1');
    await page.getByRole('button', { name: en['user.password.save'] }).click();
    await page
      .getByTestId('password-form')
      .locator('.bp6-form-helper-text', { hasText: en['user.password.wrongCurrent'] })
      .waitFor(SLOW);
    await page.locator('#password-current').fill(STAFF.password);
    await page.getByRole('button', { name: en['user.password.save'] }).click();
    await page.getByTestId('password-changed').waitFor(SLOW);
    expect(await page.getByTestId('password-changed').textContent()).toMatch(
      /^Your password is changed\. Your \d+ other sessions? (was|were) signed out\.$/,
    );
    expect(await page.locator('#password-current').inputValue()).toBe('');

    await other.reload();
    await other.waitForURL(/\/login/, SLOW);
    // This browser stays signed in, on the same tab (it is in the address).
    await page.reload();
    await page.getByTestId('password-form').waitFor(SLOW);
    expect(page.url()).toContain('/user/setting?section=security');
    await expect(h.apiLogin(STAFF)).rejects.toThrow();
    expect(await h.apiLogin({ email: STAFF.email, password: 'New@Pass1' })).toBeTruthy();
    // Changed back from the one browser left (the sign-in just made is its own): one other session, and with none,
    // nothing is said of them.
    const change = async (current: string, next: string) => {
      await page.locator('#password-current').fill(current);
      await page.locator('#password-next').fill(next);
      await page.locator('#password-confirm').fill(next);
      await page.getByRole('button', { name: en['user.password.save'] }).click();
      await page.getByTestId('password-changed').waitFor(SLOW);
      return page.getByTestId('password-changed').textContent();
    };
    expect(await change('New@Pass1', 'New@Pass2')).toBe(
      `${en['user.password.changed']} Your 1 other session was signed out.`,
    );
    await page.reload();
    await page.getByTestId('password-form').waitFor(SLOW);
    expect(await change('New@Pass2', STAFF.password)).toBe(en['user.password.changed']);
    await page.close();
    await other.close();
  });
});
