/**
 * The activity screens in Chromium against the real server and its demo activities: the list's state tabs counted
 * as the server counts them; a new activity written in the form (cities and projects checked, content typed) with
 * the lifecycle's rules answering under the fields; an activity published a few seconds before its start turns
 * from scheduled to running on the open page, and in the list, with nobody reloading; a running one offers only
 * its content, cover and end, and ends early after a confirmation; the labels follow the language. Screenshots of
 * the list and the detail in both themes go to the system's temporary directory (activities-e2e/).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n';
import { localDateTimeOf } from '../../src/machines/screens/localTime';
import { ADMIN, STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, shootDark, signedIn as signedInAs, tabTag } from './support/pages';

const SHOTS = join(tmpdir(), 'activities-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');

let h: Harness;
let staffToken: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await startHarness();
  staffToken = await h.apiLogin(STAFF);
});
afterAll(async () => {
  await h?.stop();
});

interface Activity {
  id: number;
  version: number;
  title: string;
  state: 'draft' | 'scheduled' | 'running' | 'ended';
  starts_at: string;
  ends_at: string;
  cities: string[];
  projects: Array<{ id: number; name: string }>;
  is_enabled: boolean;
}
interface ActivityPage {
  items: Activity[];
  total: number;
  counts: Record<string, number>;
}

const activitiesWhere = (query: string) => h.api<ActivityPage>('GET', `/api/activities?${query}`, staffToken);
const activity = (id: number) => h.api<Activity>('GET', `/api/activities/${id}`, staffToken);
const signedIn = (path: string, locale?: string) =>
  signedInAs(h, STAFF, path, { area: 'activities', locale });

/** An open city and an open project, for an activity written through the API. */
async function cityAndProject() {
  const city = (
    await h.api<{ items: Array<{ name: string }> }>(
      'GET',
      '/api/service-cities?is_enabled=true&page_size=1',
      staffToken,
    )
  ).items[0]!;
  const project = (
    await h.api<{ items: Array<{ id: number }> }>(
      'GET',
      '/api/projects?is_enabled=true&page_size=1',
      staffToken,
    )
  ).items[0]!;
  return { city: city.name, project: project.id };
}

describe('activities', () => {
  it('staff open the list: every state tab is counted as the server counts, each row tagged with its state', async () => {
    const page = await signedIn('/activities/list');
    const { counts } = await activitiesWhere('page_size=1');
    for (const state of ['draft', 'scheduled', 'running', 'ended']) {
      expect(counts[state], state).toBeGreaterThan(0);
      await expect
        .poll(async () => Number(await tabTag(page, en[`activity.tab.${state}`]!).textContent()), SLOW)
        .toBe(counts[state]);
    }
    const running = (await activitiesWhere('tab=running&page_size=100')).items;
    const row = page.locator('[data-activity-state="running"]').first();
    await row.waitFor();
    expect(await page.locator('[data-activity-state="running"]').count()).toBe(running.length);
    await page.getByRole('link', { name: running[0]!.title, exact: true }).waitFor();
    await shoot(page, SHOTS, 'activities-list-light');
    await shootDark(page, SHOTS, 'activities-list-dark');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('list-export').click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('state');
    expect(csv).toContain(running[0]!.title);

    // One city: the rows and the counts are those of the activities that name it.
    const city = running[0]!.cities[0]!;
    await page.getByRole('combobox', { name: en['activity.filter.city'] }).selectOption(city);
    await page.waitForURL((u) => u.searchParams.get('city') === city);
    const inCity = await activitiesWhere(`city=${encodeURIComponent(city)}`); // the page the screen shows
    await expect.poll(() => page.locator('[data-activity-state]').count(), SLOW).toBe(inCity.items.length);
    expect(inCity.items.every((a) => a.cities.includes(city))).toBe(true);
  });

  it('staff write a new activity: the form judges it, checks cities and projects, and saves a draft', async () => {
    const page = await signedIn('/activities/detail');
    const title = page.locator('#activity-title');
    await title.waitFor();
    // Its tab says what the page does: a new one, then (saved) the activity's page.
    const tab = page.getByTestId('tab-bar').locator('[data-tab="ActivityDetail"]');
    expect(await tab.textContent()).toBe(en['activity.title.create']);
    // Nothing filled in: the lifecycle's rules answer under the fields, and nothing is sent.
    await page.getByTestId('detail-save').click();
    await page.getByText(en['activity.validation.title']!).waitFor();
    await page.getByText(en['activity.validation.cities']!).waitFor();
    await page.getByText(en['activity.validation.projects']!).waitFor();

    const TITLE = `Tea week ${Date.now() % 10_000}`;
    await title.fill(TITLE);
    const cities = page.locator('[data-checklist="cities"] label');
    await cities.first().waitFor();
    await cities.nth(0).click();
    await cities.nth(1).click();
    const projects = page.locator('[data-checklist="project_ids"] label');
    await projects.first().click();
    const editor = page.locator('#activity-content .ql-editor');
    await editor.click();
    await page.keyboard.type('A free pot of tea with every cleaning.');
    // The preview shows it as the apps will, as it is typed.
    await page.getByTestId('activity-preview').getByText(TITLE).waitFor();
    await page.getByTestId('activity-preview').getByText('A free pot of tea').waitFor();
    await page.setViewportSize({ width: 1280, height: 1200 });
    await shoot(page, SHOTS, 'activity-new-light');
    await page.getByTestId('detail-save').click();
    await page.waitForURL((u) => u.searchParams.has('id'));
    await expect.poll(() => tab.textContent()).toBe(en['menu.activities.detail']);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await expect
      .poll(() => page.getByTestId('activity-state').textContent(), SLOW)
      .toBe(en['activity.state.draft']);
    const saved = await activity(id);
    expect(saved).toMatchObject({ title: TITLE, state: 'draft' });
    expect(saved.cities).toHaveLength(2);
    expect(saved.projects).toHaveLength(1);
    // Tomorrow at the next full hour, for a week (the form's default window).
    expect(Date.parse(saved.ends_at) - Date.parse(saved.starts_at)).toBe(7 * 86_400_000);
    await shootDark(page, SHOTS, 'activity-draft-dark');

    // Edited: its history says what each changed field was and is.
    await title.fill(`${TITLE}!`);
    await cities.nth(2).click();
    await page.getByTestId('detail-save').click();
    await expect.poll(async () => (await activity(id)).title).toBe(`${TITLE}!`);
    const edit = page.locator('[data-event="ActivityEdited"]').first();
    await edit.waitFor();
    const named = await Promise.all([0, 1, 2].map((i) => cities.nth(i).textContent()));
    await expect
      .poll(() => edit.textContent())
      .toContain(`${en['activity.field.title']}: ${TITLE} → ${TITLE}!`);
    expect(await edit.textContent()).toContain(
      `${en['activity.field.cities']}: ${named[0]}, ${named[1]} → ${named.join(', ')}`,
    );
  });

  it('published a few seconds before its start, it turns running on the open page and in the list by itself', async () => {
    const { city, project } = await cityAndProject();
    // Far enough ahead to sign in and publish it first, even on a busy machine.
    const start = new Date(Date.now() + 15_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const created = await h.api<Activity>('POST', '/api/activities', staffToken, {
      title: 'Flash sale',
      content: '<p>Half price, today only.</p>',
      starts_at: start,
      ends_at: end,
      cities: [city],
      project_ids: [project],
    });
    const page = await signedIn(`/activities/detail?id=${created.id}`);
    const state = page.getByTestId('activity-state');
    await expect.poll(() => state.textContent(), SLOW).toBe(en['activity.state.draft']);
    await page.locator('[data-action="activity.publish"]').click();
    await expect.poll(() => state.textContent(), SLOW).toBe(en['activity.state.scheduled']);
    // End is not offered before it starts, with the lifecycle's reason.
    expect(await page.locator('[data-action="activity.end"]').getAttribute('aria-disabled')).toBe('true');
    // A title typed while it may still change, not saved before the start locks it.
    await page.locator('#activity-title').fill('Flash sale, typed late');

    // Nobody reloads: the screen reads it again once its start has passed.
    await expect.poll(() => state.textContent(), { timeout: 30_000 }).toBe(en['activity.state.running']);
    expect((await activity(created.id)).state).toBe('running');
    // Running: the title, start, cities and projects stay; content, cover and end may change.
    await page.getByTestId('activity-running-hint').waitFor();
    expect(await page.locator('#activity-title').isDisabled()).toBe(true);
    expect(await page.locator('#activity-starts_at').isDisabled()).toBe(true);
    expect(await page.locator('#activity-ends_at').isDisabled()).toBe(false);
    expect(await page.locator('[data-checklist="cities"] input').first().isDisabled()).toBe(true);
    // What may still change is saved; the title typed before the start is not sent, so it does not hold the save back.
    const later = new Date(Date.now() + 2 * 86_400_000);
    later.setSeconds(0, 0);
    await page.locator('#activity-ends_at').fill(localDateTimeOf(later.toISOString()));
    await page.getByTestId('detail-save').click();
    await expect.poll(async () => (await activity(created.id)).ends_at, SLOW).toBe(later.toISOString());
    expect((await activity(created.id)).title).toBe('Flash sale');
    await expect.poll(() => page.locator('#activity-title').inputValue()).toBe('Flash sale');
    await page.setViewportSize({ width: 1280, height: 1300 });
    await shoot(page, SHOTS, 'activity-running-light');

    // End it now, after a confirmation: then it is shown as the apps showed it, not edited any more.
    await page.locator('[data-action="activity.end"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(en['activity.end.text']!).waitFor();
    await dialog.getByRole('button', { name: en['activity.action.end'] }).click();
    await expect.poll(() => state.textContent(), SLOW).toBe(en['activity.state.ended']);
    expect(await page.getByTestId('activity-readonly').textContent()).toBe(en['activity.reason.ended']);
    await page.getByTestId('activity-text').getByText('Half price, today only.').waitFor();
    await shootDark(page, SHOTS, 'activity-ended-dark');
  });

  it('says an end moved into the past beside the end of a running activity, and sends nothing', async () => {
    const { city, project } = await cityAndProject();
    const created = await h.api<Activity>('POST', '/api/activities', staffToken, {
      title: 'Spring clean',
      content: '<p>Ten percent off.</p>',
      starts_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      cities: [city],
      project_ids: [project],
    });
    await h.api('POST', `/api/activities/${created.id}/events`, staffToken, {
      type: 'activity.publish',
      expectedVersion: created.version,
    });
    const running = await activity(created.id);
    expect(running.state).toBe('running');
    const page = await signedIn(`/activities/detail?id=${created.id}`);
    const endField = page.locator('#activity-ends_at');
    await endField.waitFor();
    // After its start, before now: the lifecycle's rule, in the form, before anything is sent.
    await endField.fill(localDateTimeOf(new Date(Date.now() - 3_600_000).toISOString()));
    await page.getByTestId('detail-save').click();
    await page
      .locator('.bp6-form-group:has(#activity-ends_at)')
      .getByText(en['activity.reason.endNotAhead']!)
      .waitFor();
    expect((await activity(created.id)).version, 'nothing was sent').toBe(running.version);
  });

  it('the list moves a row from scheduled to running when its start passes, counts included', async () => {
    const { city, project } = await cityAndProject();
    const created = await h.api<Activity>('POST', '/api/activities', staffToken, {
      title: 'Soon',
      content: '<p>Soon.</p>',
      starts_at: new Date(Date.now() + 12_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      cities: [city],
      project_ids: [project],
    });
    await h.api('POST', `/api/activities/${created.id}/events`, staffToken, {
      type: 'activity.publish',
      expectedVersion: 1,
    });
    const page = await signedIn('/activities/list?q=Soon');
    const tag = page.locator('[data-activity-state]').first();
    await expect.poll(() => tag.getAttribute('data-activity-state'), SLOW).toBe('scheduled');
    const before = (await activitiesWhere('q=Soon')).counts;
    await expect.poll(() => tag.getAttribute('data-activity-state'), { timeout: 30_000 }).toBe('running');
    await expect
      .poll(async () => Number(await tabTag(page, en['activity.tab.running']!).textContent()), SLOW)
      .toBe(before.running! + 1);
  });

  it('asks before closing an activity, from its switch and from its page; cancelled, it stays enabled', async () => {
    const { city, project } = await cityAndProject();
    const title = `Spring ${Date.now() % 1_000_000}`;
    const created = await h.api<Activity>('POST', '/api/activities', staffToken, {
      title,
      content: '<p>Spring.</p>',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      cities: [city],
      project_ids: [project],
    });
    const enabled = async () => (await activity(created.id)).is_enabled;
    expect(await enabled()).toBe(true);
    const page = await signedIn(`/activities/list?q=${encodeURIComponent(title)}`);
    const toggle = page.locator('[data-action="activity.close"]');
    await expect.poll(() => toggle.count(), SLOW).toBe(1);
    await toggle.locator('..').click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain(en['activity.close.text']!);
    expect(await confirm.textContent()).toContain(`Close “${title}”?`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await enabled()).toBe(true);

    await page.goto(h.url(`/activities/detail?id=${created.id}`));
    await page.locator('[data-action="activity.close"]').click();
    await expect.poll(() => confirm.textContent()).toContain(en['activity.close.text']!);
    await confirm.getByRole('button', { name: en['activity.action.close'] }).click();
    await expect.poll(enabled, SLOW).toBe(false);
  });

  it('speaks zh-CN: tabs, states and actions', async () => {
    const page = await signedIn('/activities/list', 'zh-CN');
    for (const state of ['draft', 'scheduled', 'running', 'ended'])
      await page
        .getByRole('main')
        .getByRole('tab', { name: new RegExp(`^${zh[`activity.tab.${state}`]}`) })
        .waitFor();
    await page
      .locator('[data-activity-state="running"]', { hasText: zh['activity.state.running'] })
      .first()
      .waitFor();
    await page.getByRole('button', { name: zh['activity.action.write'] }).waitFor();
    await shoot(page, SHOTS, 'activities-list-zh');
  });

  it('offers a city closed since in the list’s city filter, and finds the activity aimed at it', async () => {
    const adminToken = await h.apiLogin(ADMIN);
    const town = `Closedtown ${Date.now() % 100000}`;
    const created = await h.api<{ id: number; version: number }>('POST', '/api/service-cities', adminToken, {
      name: town,
      ranking: 90,
    });
    const { project } = await cityAndProject();
    const aimed = await h.api<Activity>('POST', '/api/activities', staffToken, {
      title: 'Old town sale',
      content: '<p>For the old town.</p>',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
      ends_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      cities: [town],
      project_ids: [project],
    });
    await h.api('POST', `/api/service-cities/${created.id}/events`, adminToken, {
      type: 'serviceCity.close',
      expectedVersion: created.version,
    });
    const page = await signedIn('/activities/list');
    const filter = page.getByRole('combobox', { name: en['activity.filter.city'] });
    await expect.poll(() => filter.locator('option').allTextContents()).toContain(town);
    await filter.selectOption(town);
    await page.waitForURL((u) => u.searchParams.get('city') === town);
    await page.getByText(aimed.title).first().waitFor();
  });
});
