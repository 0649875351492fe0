/**
 * Security settings in Chromium against the real server: the password rule answers under the fields in the
 * member's language; a changed password signs out the member's other browser (its next load lands on the login
 * page) and keeps this one; the new password is the one that signs in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, signedIn } from './support/pages';

const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

describe('changing my password', () => {
  it('answers the rule under the fields, in Chinese too', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'user-setting', locale: 'zh-CN' });
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
    expect(await page.locator('#password-current').inputValue()).toBe('');

    await other.reload();
    await other.waitForURL(/\/login/, SLOW);
    await page.reload();
    await page.getByTestId('password-form').waitFor(SLOW);
    expect(page.url()).toContain('/user/setting');
    await expect(h.apiLogin(STAFF)).rejects.toThrow();
    expect(await h.apiLogin({ email: STAFF.email, password: 'New@Pass1' })).toBeTruthy();
    await page.close();
    await other.close();
  });
});
