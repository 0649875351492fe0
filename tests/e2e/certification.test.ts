/**
 * Real-name certification in Chromium against the real server (the certification tab of /user/setting): a member
 * withdraws their request and asks again, the rules answering under the fields in their language; an
 * administrator sees everyone's requests, is offered no review of their own, rejects with a reason and certifies;
 * the member then reads where they stand.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { idCardCheckDigit } from '../../src/machines/lifecycles/supplierProfile';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn } from './support/pages';

const SHOTS = join(tmpdir(), 'certification-e2e');

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

const idNumber = (first17: string) => first17 + idCardCheckDigit(first17);

async function openTab(page: Page, m: Record<string, string>) {
  await page.getByRole('main').getByRole('tab', { name: m['user.setting.certification'] }).click();
  const standing = page.getByTestId('certification-standing');
  await standing.waitFor(SLOW);
  return standing;
}

describe('my certification', () => {
  it('withdraws the request under review, then asks again: the rules answer under the fields', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'certification' });
    const standing = await openTab(page, en);
    // The demo: the staff member's second request waits for review, their first was rejected.
    expect(await standing.getAttribute('data-state')).toBe('reviewing');
    const mine = page.locator('.certification-mine');
    await mine.locator('[data-state="rejected"]').waitFor(SLOW);
    await shoot(page, SHOTS, 'certification-reviewing-light');
    await standing.getByRole('button', { name: en['certification.action.withdraw'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en['certification.withdraw.text']).waitFor();
    await dialog.getByRole('button', { name: en['certification.action.withdraw'] }).click();
    await expect.poll(() => standing.getAttribute('data-state'), SLOW).toBe('none');
    await mine.locator('[data-state="withdrawn"]').waitFor(SLOW);

    const form = page.getByTestId('certification-form');
    await form.getByRole('button', { name: en['certification.submit'] }).click();
    expect(await form.textContent()).toContain(en['certification.validation.nameRequired']);
    expect(await form.textContent()).toContain(en['certification.validation.idRequired']);
    await page.locator('#certification-real_name').fill('李');
    await form.getByRole('button', { name: en['certification.submit'] }).click();
    expect(await form.textContent()).toContain('The name must be 2 to 30 characters.');
    const number = idNumber('31011519880412567');
    await page.locator('#certification-real_name').fill('李敏');
    await page
      .locator('#certification-id_number')
      .fill(number.slice(0, 17) + (number[17] === '1' ? '2' : '1'));
    await form.getByRole('button', { name: en['certification.submit'] }).click();
    expect(await form.textContent()).toContain(en['certification.validation.idChecksum']);
    expect(await form.textContent()).not.toContain(en['certification.validation.nameRequired']);
    await shoot(page, SHOTS, 'certification-form-errors');
    await page.locator('#certification-id_number').fill(number);
    await form.getByRole('button', { name: en['certification.submit'] }).click();
    await expect.poll(() => standing.getAttribute('data-state'), SLOW).toBe('reviewing');
    expect(await standing.textContent()).toContain(`3101**********${number.slice(-4)}`);
    expect(await page.textContent('body')).not.toContain(number);
    // A member reviews nobody: no review list, and no certify button on their own request.
    expect(await page.getByTestId('certification-review').count()).toBe(0);
    expect(await mine.locator('[data-action="certification.approve"]').count()).toBe(0);
    await page.close();
  });

  it('speaks Chinese, in both themes', async () => {
    const page = await signedIn(h, STAFF, '/user/setting', { area: 'certification', locale: 'zh-CN' });
    const standing = await openTab(page, zh);
    expect(await standing.textContent()).toContain(zh['certification.state.reviewing']);
    expect(await page.locator('.certification-mine').textContent()).toContain(
      zh['certification.state.rejected'],
    );
    await shoot(page, SHOTS, 'certification-zh-light');
    await shootDark(page, SHOTS, 'certification-zh-dark');
    await page.close();
  });
});

describe('reviewing certification', () => {
  it('an administrator rejects with a reason and certifies others, never their own request', async () => {
    const page = await signedIn(h, ADMIN, '/user/setting', { area: 'certification-review' });
    await openTab(page, en);
    const review = page.getByTestId('certification-review');
    await review.waitFor(SLOW);
    await review.getByRole('tab', { name: new RegExp(`^${en['certification.state.reviewing']}`) }).click();
    // The admin's own request (the demo's) is listed, with no certify or reject: another administrator must.
    const own = await h.api<{ items: Array<{ id: number; applicant_email: string }> }>(
      'GET',
      '/api/certifications?tab=reviewing',
      await h.apiLogin(ADMIN),
    );
    const adminsOwn = own.items.find((r) => r.applicant_email === ADMIN.email)!;
    const ownActions = review.locator(`[data-certification-id="${adminsOwn.id}"]`);
    await ownActions.waitFor(SLOW);
    expect(await ownActions.locator('[data-action="certification.approve"]').count()).toBe(0);
    expect(await ownActions.locator('[data-action="certification.withdraw"]').count()).toBe(1);
    const staffs = own.items.find((r) => r.applicant_email === STAFF.email)!;
    const actions = review.locator(`[data-certification-id="${staffs.id}"]`);
    await actions.waitFor(SLOW);
    expect(await review.textContent()).toContain(en['certification.state.reviewing']);
    await actions.scrollIntoViewIfNeeded();
    await shoot(page, SHOTS, 'certification-review-light');
    await actions.locator('[data-action="certification.reject"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: en['certification.action.reject'] }).click();
    expect(await dialog.textContent()).toContain(en['certification.reason.reasonRequired']);
    await dialog.locator('textarea').fill('The photo of the card is blurred.');
    await dialog.getByRole('button', { name: en['certification.action.reject'] }).click();
    await dialog.waitFor({ state: 'detached', ...SLOW });
    await expect.poll(() => actions.count(), SLOW).toBe(0);
    await page.close();

    // The member reads the reason above the form, and asks again; the administrator certifies.
    const member = await signedIn(h, STAFF, '/user/setting', { area: 'certification' });
    const standing = await openTab(member, en);
    await expect.poll(() => standing.getAttribute('data-state'), SLOW).toBe('none');
    expect(await member.getByTestId('certification-rejected').textContent()).toContain(
      'The photo of the card is blurred.',
    );
    await member.locator('#certification-real_name').fill('李敏');
    await member.locator('#certification-id_number').fill(idNumber('31011519880412567'));
    await member.getByRole('button', { name: en['certification.submit'] }).click();
    await expect.poll(() => standing.getAttribute('data-state'), SLOW).toBe('reviewing');

    // The tab is in the address: a link opens it.
    const admin = await signedIn(h, ADMIN, '/user/setting?section=certification', {
      area: 'certification-review',
    });
    await admin.getByTestId('certification-review').waitFor(SLOW);
    const again = await h.api<{ items: Array<{ id: number; applicant_email: string }> }>(
      'GET',
      '/api/certifications?tab=reviewing',
      await h.apiLogin(ADMIN),
    );
    const next = again.items.find((r) => r.applicant_email === STAFF.email)!;
    await admin
      .locator(`[data-certification-id="${next.id}"] [data-action="certification.approve"]`)
      .click(SLOW);
    // Certifying asks first.
    const confirm = admin.getByRole('dialog');
    await confirm.getByText(en['certification.approve.text']).waitFor(SLOW);
    await confirm.getByRole('button', { name: en['certification.action.approve'] }).click();
    await expect.poll(() => admin.locator(`[data-certification-id="${next.id}"]`).count(), SLOW).toBe(0);
    // Withdrawn from the card at the top, the admin's own request leaves the review list below too.
    const ownRow = admin
      .getByTestId('certification-review')
      .locator(`[data-certification-id="${adminsOwn.id}"]`);
    await ownRow.waitFor(SLOW);
    const card = admin.getByTestId('certification-standing');
    await card.getByRole('button', { name: en['certification.action.withdraw'] }).click();
    await confirm.getByRole('button', { name: en['certification.action.withdraw'] }).click();
    await expect.poll(() => card.getAttribute('data-state'), SLOW).toBe('none');
    await expect.poll(() => ownRow.count(), SLOW).toBe(0);
    await admin.close();

    // A reload stays on the tab.
    expect(new URL(member.url()).searchParams.get('section')).toBe('certification');
    await member.reload();
    const certified = member.getByTestId('certification-standing');
    await certified.waitFor(SLOW);
    await expect.poll(() => certified.getAttribute('data-state'), SLOW).toBe('certified');
    expect(await certified.textContent()).toContain(en['certification.standing.certified']);
    await shoot(member, SHOTS, 'certification-certified');
    await member.close();
  });
});
