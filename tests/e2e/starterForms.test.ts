/**
 * The step form and the search table in Chromium against the real server: every SPEC §5 rule of the step form
 * shows its message under its field, step by step, in both languages; a channel created with the keyboard ends on
 * the result page, which leads to the search table where it is listed; there it is found by search and by a
 * keyword, taken offline with its switch once asked (cancelled, it stays online) and counted under the offline tab;
 * staff read the table without the switch or the create button. The group form: the defaults, each limit's message
 * under its field, a save that survives a reload with its history, and a second editor's stale save met by the
 * conflict dialog. Screenshots in both themes go to the system's temporary directory (channels-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS, PROMOTE_HOST } from '../../src/contract/channels';
import { messagesFor } from '../../src/i18n';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { shoot, shootDark, signedIn as signedInAs } from './support/pages';

const SHOTS = join(tmpdir(), 'channels-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');

let h: Harness;
let adminToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  adminToken = await h.apiLogin(ADMIN);
});
afterAll(async () => {
  await h?.stop();
});

interface Channel {
  id: number;
  name: string;
  state: 'online' | 'offline';
  keywords: string[];
}

const signedIn = (who: typeof ADMIN, path: string, locale = 'en-US') =>
  signedInAs(h, who, path, { area: 'channels', locale });
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fill = (page: Page, field: string, value: string) => page.locator(`#channel-${field}`).fill(value);
const errorOf = (page: Page, field: string) => page.locator(`[data-error="${field}"]`);
const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const RULE_VALUES = { host: PROMOTE_HOST, ...CHANNEL_LIMITS };

/**
 * A kept page holding what was typed in `input` asks before its tab is closed (kept, the text stays) and before the
 * browser's tab is (the browser asks; staying keeps the page).
 */
async function asksBeforeDropping(page: Page, input: string, tab: string) {
  await page.locator(input).waitFor();
  await page.locator(input).fill('Typed2026');
  await page.getByTestId('tab-bar').locator(`[data-tab="${tab}"] button`).click();
  const ask = page.getByRole('dialog', { name: en['tabBar.unsaved.title'] });
  await ask.waitFor();
  await ask.getByRole('button', { name: en['tabBar.unsaved.keep_one'] }).click();
  await expect.poll(() => page.locator(input).inputValue()).toBe('Typed2026');
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  expect(await page.locator(input).inputValue()).toBe('Typed2026');
  await page.close();
}

describe('the step form', () => {
  for (const [locale, m] of [
    ['en-US', en],
    ['zh-CN', zh],
  ] as const) {
    it(`shows every rule's message under its field, step by step (${locale})`, async () => {
      const page = await signedIn(ADMIN, '/form/step', locale);
      await page.getByTestId('step-channel').waitFor();
      await page.getByRole('button', { name: m['channel.step.next'] }).click();
      // Nothing typed: each field of step one says what it needs; step two says nothing yet.
      for (const [field, key] of [
        ['name', 'nameRequired'],
        ['channel_type', 'type'],
        ['promote_from', 'time'],
        ['promote_to', 'time'],
        ['promote_link', 'linkRequired'],
      ]) {
        expect(await errorOf(page, field!).textContent(), field).toBe(
          fillText(m[`channel.validation.${key}`]!, RULE_VALUES),
        );
      }
      await fill(page, 'name', 'summer sale!');
      await fill(page, 'promote_link', 'https://elsewhere.example.com');
      await fill(page, 'promote_from', day(5));
      await fill(page, 'promote_to', day(1));
      expect(await errorOf(page, 'name').textContent()).toBe(
        fillText(m['channel.validation.name']!, RULE_VALUES),
      );
      expect(await errorOf(page, 'promote_link').textContent()).toBe(
        fillText(m['channel.validation.link']!, RULE_VALUES),
      );
      expect(await errorOf(page, 'promote_to').textContent()).toBe(m['channel.validation.timeOrder']);
      await fill(page, 'name', '一'.repeat(21));
      expect(await errorOf(page, 'name').textContent()).toBe(
        fillText(m['channel.validation.name']!, RULE_VALUES),
      );
      await fill(page, 'name', '秋季保洁');
      await page.locator('#channel-channel_type').selectOption('web');
      await fill(page, 'promote_to', day(9));
      await fill(page, 'promote_link', `${PROMOTE_HOST}/autumn`);
      expect(await page.locator('[data-error]').count()).toBe(0);
      await page.getByRole('button', { name: m['channel.step.next'] }).click();
      await page.getByTestId('step-advertising').waitFor();
      expect(await page.locator('[data-step="channel"]').getAttribute('data-state')).toBe('finished');

      await page.getByRole('button', { name: m['channel.step.submit'] }).click();
      for (const [field, key] of [
        ['ad_source', 'sourceRequired'],
        ['ad_media', 'mediaRequired'],
        ['keywords', 'keywordRequired'],
        ['ad_content', 'contentRequired'],
      ]) {
        expect(await errorOf(page, field!).textContent(), field).toBe(m[`channel.validation.${key}`]);
      }
      await fill(page, 'ad_content', Array.from({ length: 201 }, (_, i) => `w${i}`).join(' '));
      expect(await errorOf(page, 'ad_content').textContent()).toBe(
        fillText(m['channel.validation.contentTooLong']!, RULE_VALUES),
      );
      // Back keeps what was typed.
      await page.locator('.step-form').getByRole('button', { name: m['channel.step.back'] }).click();
      expect(await page.locator('#channel-name').inputValue()).toBe('秋季保洁');
      if (locale === 'zh-CN') await shoot(page, SHOTS, 'step-form-zh');
    });
  }

  it('asks before its tab is closed, or the browser’s, while it holds what was typed', async () => {
    const page = await signedIn(ADMIN, '/form/step');
    await asksBeforeDropping(page, '#channel-name', 'Step');
  });

  it('creates a channel with the keyboard, ends on the result page and finds it in the search table', async () => {
    const page = await signedIn(ADMIN, '/form/step');
    await page.locator('#channel-name').waitFor();
    await fill(page, 'name', 'Harbour2026');
    await page.locator('#channel-channel_type').selectOption('wechat');
    await fill(page, 'promote_from', day(0));
    await fill(page, 'promote_to', day(20));
    await fill(page, 'promote_link', 'http://example.com/harbour');
    await page.locator('#channel-promote_link').press('Enter');
    await page.getByTestId('step-advertising').waitFor();
    await fill(page, 'ad_source', 'Official account');
    await fill(page, 'ad_media', 'Article');
    await fill(page, 'keywords', 'harbour view, windows，harbour view');
    await fill(page, 'ad_content', 'Window cleaning with a harbour view.');
    await shoot(page, SHOTS, 'step-form-advertising');
    await shootDark(page, SHOTS, 'step-form-advertising-dark');
    await page.locator('#channel-ad_source').press('Enter');

    await page.waitForURL(/\/result\/success/);
    await page.getByText(fillText(en['result.success.made']!, { what: 'Harbour2026' })).waitFor();
    await page.getByRole('button', { name: en['result.success.list'] }).click();
    await page.waitForURL(/\/list\/search-table/);

    const saved = (await h.api<{ items: Channel[] }>('GET', '/api/channels?q=Harbour2026', adminToken)).items;
    expect(saved.map((c) => [c.name, c.state, c.keywords])).toEqual([
      ['Harbour2026', 'online', ['harbour view', 'windows']],
    ]);

    const table = page.locator('.channel-list');
    await table.locator('.kit-search input').fill('Harbour2026');
    await table.locator('.kit-search input').press('Enter');
    await page.waitForURL(/q=Harbour2026/);
    await table.getByText('Harbour2026').waitFor();
    // A keyword narrows the list to the channels that carry it, removably.
    await table.locator('[data-keyword="windows"]').click();
    await page.waitForURL(/keyword=windows/);
    await page.getByTestId('channel-filter-keyword').waitFor();

    // Taken offline with its switch, asked first: cancelled, it stays online; confirmed, it is counted under the
    // offline tab.
    const offlineBefore = (
      await h.api<{ counts: Record<string, number> }>('GET', '/api/channels', adminToken)
    ).counts.offline!;
    const stateOf = async () =>
      (await h.api<Channel>('GET', `/api/channels/${saved[0]!.id}`, adminToken)).state;
    // Named for what "on" means, its checked state says whether it is so: online.
    const takeOffline = table.getByLabel(`Harbour2026: ${en['channel.state.online']}`);
    expect(await takeOffline.isChecked()).toBe(true);
    await takeOffline.click({ force: true });
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain(en['channel.takeOffline.body']);
    expect(await confirm.textContent()).toContain(
      fillText(en['channel.takeOffline.title']!, { name: 'Harbour2026' }),
    );
    await confirm.getByRole('button', { name: en['list.cancel'] }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await stateOf()).toBe('online');
    expect(await takeOffline.isChecked()).toBe(true);
    await takeOffline.click({ force: true });
    await confirm.getByRole('button', { name: en['channel.action.takeOffline'] }).click();
    await expect.poll(stateOf).toBe('offline');
    await table.locator('[data-channel-state]').first().waitFor();
    await page.getByTestId('channel-filter-keyword').locator('button').click();
    await page.waitForURL((url) => !url.search.includes('keyword='));
    await table.locator('.kit-search input').fill('');
    await table.locator('.kit-search input').press('Enter');
    await page
      .getByRole('main')
      .getByRole('tab', { name: new RegExp(`^${en['channel.tab.offline']}`) })
      .click();
    await page.waitForURL(/tab=offline/);
    await table.getByText('Harbour2026').waitFor();
    expect(
      (await h.api<{ counts: Record<string, number> }>('GET', '/api/channels', adminToken)).counts.offline,
    ).toBe(offlineBefore + 1);
    await shoot(page, SHOTS, 'search-table');
    await shootDark(page, SHOTS, 'search-table-dark');
  });

  it('staff read the search table without the create button or the switches, and may not open the step form', async () => {
    const page = await signedIn(STAFF, '/list/search-table');
    const table = page.locator('.channel-list');
    await table.locator('[data-channel-state]').first().waitFor();
    expect(await page.getByRole('button', { name: en['channel.action.create'] }).count()).toBe(0);
    const switches = table.locator('[data-channel-state] input');
    expect(await switches.count()).toBeGreaterThan(0);
    for (const s of await switches.all()) expect(await s.isDisabled()).toBe(true);
    await page.goto(h.url('/form/step'));
    // The route is an admin's: a staff member is taken to the first page they may see.
    await page.waitForURL((url) => url.pathname !== '/form/step');
    expect(await page.getByTestId('step-channel').count()).toBe(0);
  });
});

describe('the group form', () => {
  it('asks before its tab is closed, or the browser’s, while it holds what was typed', async () => {
    const page = await signedIn(ADMIN, '/form/group');
    await asksBeforeDropping(page, '#field-note', 'Group');
  });

  it('shows the limits under their fields, saves with the version read, and meets a stale save with the conflict', async () => {
    const page = await signedIn(ADMIN, '/form/group');
    const fps = page.locator('#field-video_capture_fps');
    await fps.waitFor();
    expect(await fps.inputValue()).toBe('30');
    await fps.fill('31');
    await page.locator('#field-video_bitrate').fill('149');
    await page.getByTestId('detail-save').click();
    const helperOf = (field: string) =>
      page.locator(`.bp6-form-group:has(#field-${field}) .bp6-form-helper-text`).textContent();
    expect(await helperOf('video_capture_fps')).toBe(en['group.validation.fps']);
    expect(await helperOf('video_bitrate')).toBe(en['group.validation.bitrate']);
    await fps.fill('24');
    await page.locator('#field-video_bitrate').fill('1800');
    await page.locator('#field-note').fill('For the night cameras');
    await page.getByTestId('detail-save').click();
    await page.getByText(en['group.event.MediaSettingsSaved']!).first().waitFor();
    await shoot(page, SHOTS, 'group-form');
    await shootDark(page, SHOTS, 'group-form-dark');
    const saved = await h.api<{ version: number; video_capture_fps: number; note: string }>(
      'GET',
      '/api/media-settings',
      adminToken,
    );
    expect(saved).toMatchObject({ video_capture_fps: 24, note: 'For the night cameras' });
    await page.reload();
    await fps.waitFor();
    expect(await fps.inputValue()).toBe('24');
    // Encoding at 25 fps from 24 captured is allowed, and said: frames repeated buy nothing.
    expect(await helperOf('video_encode_fps')).toBe(en['group.hint.fps']);
    expect(await helperOf('video_capture_fps')).toBe('1–30 fps');

    // Someone else saves meanwhile: this page's save is met by the conflict, its edits kept.
    const {
      id: _id,
      version,
      state: _state,
      updated_at: _at,
      ...fields
    } = await h.api<Record<string, unknown>>('GET', '/api/media-settings', adminToken);
    await h.api('PUT', '/api/media-settings', adminToken, {
      ...fields,
      audio_bitrate: 320,
      expectedVersion: version,
    });
    await fps.fill('20');
    await page.getByTestId('detail-save').click();
    await page.getByText(en['detail.conflict.title']!).waitFor();
    await page.getByRole('button', { name: en['detail.conflict.reload'] }).click();
    await expect.poll(() => page.locator('#field-audio_bitrate').inputValue()).toBe('320');
  });
});
