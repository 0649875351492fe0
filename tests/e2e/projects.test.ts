/**
 * Projects in Chromium against the real server on a throwaway database (issue 5): create a project with an
 * uploaded cover and a formatted (bold) intro, toggle its display, and see it in the list in ranking order.
 */
import { deflateSync } from 'node:zlib';
import { columnTexts, rowCount, rowOf } from './support/table';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startHarness, type Harness } from './support/harness';
import { WORKPLACE, signedIn as signedInAt } from './support/pages';
import { messagesFor } from '../../src/i18n';

const en = messagesFor('en-US');

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness();
  const res = await fetch(h.url('/api/sanctum-auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});
afterAll(async () => {
  await h?.stop();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(h.url(path), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { err_code: number; err_msg: string; data: T };
  if (json.err_code !== 200) throw new Error(`${method} ${path}: ${json.err_msg}`);
  return json.data;
}

/** A real PNG (solid colour), so the upload endpoint's byte check accepts it. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const signedIn = () => signedInAt(h, ADMIN, WORKPLACE, { area: 'projects' });

describe('projects', () => {
  it('creates a project with an uploaded cover and a bold intro, shows it, and lists it in ranking order', async () => {
    const prefix = `E2E ${Date.now()}`;
    const name = `${prefix} Window cleaning`;
    const page = await signedIn();
    await page.goto(h.url('/project/project'));

    // Validation first: SPEC §5 messages for an empty name and a non-numeric price.
    await page.locator('#project-min_price').fill('abc');
    // Saved from the Save button at the foot of the long form, the name field far above it:
    const save = page.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    const name_ = page.locator('#project-project_name');
    await expect.poll(() => name_.evaluate((e) => e.getBoundingClientRect().bottom)).toBeLessThan(0);
    await save.click();
    await page.getByText('Please enter the project name').waitFor();
    await page.getByText('The minimum price must be a number').waitFor();
    // the first field in trouble is brought into sight and focused, to be typed into at once.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('project-project_name');
    const box = (await name_.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);

    await page.locator('#project-project_name').fill(name);
    await page.locator('#project-summary').fill('Inside and out, up to ten windows.');
    await page.locator('#project-min_price').fill('88');
    await page.locator('#project-max_price').fill('168.5');
    await page.locator('#project-duration').fill('90');
    await page.locator('input[data-field="cover"]').setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: png(160, 100, [45, 114, 210]),
    });
    const preview = page.locator('[data-image="cover"] img');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/\/uploads\//);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(160);

    // The intro, formatted with the toolbar: bold text, then plain text.
    const intro = page.locator('#project-intro .ql-editor');
    await intro.waitFor();
    await intro.click();
    await page.locator('#project-intro button.ql-bold').click();
    await page.keyboard.type('Streak-free glass');
    await page.locator('#project-intro button.ql-bold').click();
    await page.keyboard.type(' with eco detergent.');
    await expect.poll(() => intro.innerHTML()).toContain('<strong>Streak-free glass</strong>');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/project\/project\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('Created', { exact: true }).waitFor();
    await h.screenshot(page, 'project-detail-created');
    // At 1440 px the toolbar fits on one line (no tools left alone on a second row).
    await page.setViewportSize({ width: 1440, height: 900 });
    const toolbar = page.locator('#project-intro .ql-toolbar');
    await expect.poll(() => toolbar.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(48);
    await intro.scrollIntoViewIfNeeded();
    await h.screenshot(page, 'project-detail-intro');

    const saved = await api('GET', `/api/projects/${id}`);
    expect(saved).toMatchObject({
      project_name: name,
      min_price: '88.00',
      max_price: '168.50',
      duration: 90,
      is_display: false,
    });
    expect(saved.intro).toContain('<strong>Streak-free glass</strong> with eco detergent.');

    // Toggle display on the detail page (the lifecycle's show command).
    await page.getByRole('button', { name: 'Show', exact: true }).click();
    await page.getByRole('button', { name: 'Hide', exact: true }).waitFor();
    await page.locator('.bp6-toast').getByText('Project shown to customers.', { exact: true }).waitFor();
    await page.locator('.kit-timeline').getByText('Shown to customers').waitFor(); // the history entry
    expect((await api('GET', `/api/projects/${id}`)).is_display).toBe(true);

    // Its ranking, set on the page (a project.rank command, the value asked in a dialog), then two more
    // projects ranked around it.
    await page.locator('[data-action="project.rank"]').click();
    await page.locator('#command-dialog-ranking').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: 'Set', exact: true }).click();
    await page.getByText('Ranking changed').waitFor();
    expect((await api('GET', `/api/projects/${id}`)).ranking).toBe(2);
    await api('POST', '/api/projects', { project_name: `${prefix} Carpet care`, min_price: 120, ranking: 3 });
    await api('POST', '/api/projects', {
      project_name: `${prefix} Aircon service`,
      min_price: 99,
      ranking: 1,
    });

    await page.goto(h.url('/project/list'));
    const search = page.getByPlaceholder('Search name or summary');
    await search.fill(prefix);
    await search.press('Enter');
    await expect.poll(() => rowCount(page)).toBe(3);
    await expect
      .poll(() => columnTexts(page, 2))
      .toEqual([`${prefix} Aircon service`, name, `${prefix} Carpet care`]);
    const ours = await rowOf(page, name);
    const texts = await ours.allTextContents();
    expect(texts).toContain('¥88.00 – ¥168.50');
    expect(texts).toContain('90 min');
    await expect
      .poll(() => ours.locator('img.project-thumb').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(160);
    // The display switch is on (its flip would hide it).
    expect(await ours.locator('input[data-action="project.hide"]').isChecked()).toBe(true);

    // Toggle display from the list: the hidden "Carpet care" becomes shown.
    const carpet = await rowOf(page, `${prefix} Carpet care`);
    await carpet
      .locator('label.bp6-switch:has(input[data-action="project.show"]) .bp6-control-indicator')
      .click();
    await expect.poll(() => carpet.locator('input[data-action="project.hide"]').isChecked()).toBe(true);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300); // let the toast settle for the screenshot
    await h.screenshot(page, 'project-list-ranked');

    // Only shown projects when filtering by display.
    await page.locator('select[aria-label="Display"]').selectOption('false');
    await expect.poll(() => rowCount(page)).toBe(1);
    expect(await columnTexts(page, 2)).toEqual([`${prefix} Aircon service`]);
    // The filter is in the URL: a reload shows the same list.
    await page.reload();
    await expect.poll(() => rowCount(page)).toBe(1);
    expect(await page.locator('select[aria-label="Display"]').inputValue()).toBe('false');

    // A project may go without a cover: removed on its page and saved, it has none.
    await page.goto(h.url(`/project/project?id=${id}`));
    await preview.waitFor();
    await page.locator('[data-remove="cover"]').click();
    expect(await preview.count()).toBe(0);
    await page.locator('[data-image="cover"]').getByText(en['detail.image.none']!).waitFor();
    await page.getByTestId('detail-save').click();
    await expect.poll(async () => (await api('GET', `/api/projects/${id}`)).cover).toBe('');
    expect(await page.locator('[data-remove="cover"]').count()).toBe(0);
  });

  it('two staff on one project: the one who saved second keeps their changes on top of the first one’s, told where both changed', async () => {
    const name = `Ironing ${Date.now()}`;
    const project = await api('POST', '/api/projects', { project_name: name, min_price: 80, ranking: 6 });
    const path = h.url(`/project/project?id=${project.id}`);
    const [a, b] = [await signedIn(), await signedIn()];
    for (const page of [a, b]) {
      await page.goto(path);
      await page.locator('#project-summary').waitFor();
    }
    // A saves a summary and a price.
    await a.locator('#project-summary').fill('Shirts and bedding');
    await a.locator('#project-min_price').fill('90');
    await a.getByTestId('detail-save').click();
    await expect
      .poll(async () => (await api('GET', `/api/projects/${project.id}`)).version)
      .toBe(project.version + 1);
    // B, on the page as it was, renames it and writes another summary.
    await b.locator('#project-project_name').fill(`${name} (home)`);
    await b.locator('#project-summary').fill('Everything but silk');
    await b.getByTestId('detail-save').click();
    const conflict = b.getByRole('dialog');
    await conflict.getByText(en['detail.conflict.title']!).waitFor();
    // It says what happened since B opened the page, as the page's history says it: A's edit, and what it changed.
    const meanwhile = conflict.getByTestId('conflict-meanwhile');
    expect(await meanwhile.locator('li').evaluateAll((lis) => lis.map((li) => li.dataset.event))).toEqual([
      'ProjectEdited',
    ]);
    expect(await meanwhile.locator('li').innerText()).toContain(en['project.event.ProjectEdited']!);
    await h.screenshot(b, 'project-conflict-meanwhile');
    // Escape chooses nothing: the next save asks again, instead of passing over A's save.
    await b.keyboard.press('Escape');
    await conflict.waitFor({ state: 'hidden' });
    await b.getByTestId('detail-save').click();
    await conflict.getByText(en['detail.conflict.title']!).waitFor();
    await conflict.getByRole('button', { name: en['detail.conflict.keep'] }).click();
    await b.getByTestId('detail-rebased').getByText(en['detail.rebased.overlaps_one']!).waitFor();
    // Theirs where B typed nothing; B's where B typed, the summary marked as changed by both.
    expect(await b.locator('#project-min_price').inputValue()).toBe('90.00');
    expect(await b.locator('#project-project_name').inputValue()).toBe(`${name} (home)`);
    expect(await b.locator('#project-summary').inputValue()).toBe('Everything but silk');
    await b.locator('.bp6-form-group:has(#project-summary)').getByText(en['detail.rebased.field']!).waitFor();
    await b.getByTestId('detail-save').click();
    await b.getByTestId('detail-rebased').waitFor({ state: 'detached' });
    expect(await api('GET', `/api/projects/${project.id}`)).toMatchObject({
      project_name: `${name} (home)`,
      summary: 'Everything but silk',
      min_price: '90.00',
      version: project.version + 2,
    });
  });

  it('asks before closing a project, from its switch and from its page; cancelled, it stays enabled', async () => {
    const name = `Window cleaning ${Date.now()}`;
    const project = await api('POST', '/api/projects', { project_name: name, min_price: 80, ranking: 5 });
    const enabled = async () => (await api('GET', `/api/projects/${project.id}`)).is_enabled as boolean;
    const page = await signedIn();
    await page.goto(h.url('/project/list'));
    const box = page.locator('.kit-search input');
    await box.fill(name);
    await box.press('Enter');
    await (await rowOf(page, name)).locator('[data-action="project.close"]').locator('..').click();
    const confirm = page.getByRole('dialog');
    await expect.poll(() => confirm.textContent()).toContain('leaves the catalogue');
    expect(await confirm.textContent()).toContain(`Close "${name}"`);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await enabled()).toBe(true);

    await page.goto(h.url(`/project/project?id=${project.id}`));
    await page.locator('.project-status [data-action="project.close"]').click();
    await expect.poll(() => confirm.textContent()).toContain('leaves the catalogue');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect.poll(enabled).toBe(false);
    await page.locator('.project-status [data-action="project.enable"]').waitFor();
  });
});
