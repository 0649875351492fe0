/**
 * The rich-text editor in Chromium, on the notice form against the real server: every control of the toolbar used
 * once (headings, quote, the four inline styles, both colours, a font family and a size, alignment, indent, both
 * lists, code block, link, video, an uploaded image, page break, a table edited in its dialog, a template, undo and
 * redo, clear formatting, select all, preview), then saved: the server stores exactly what the editor wrote,
 * byte for byte, so its sanitiser accepts everything the toolbar produces. The toolbar slides instead of wrapping,
 * the status bar counts, and every control has its tooltip in English and in Chinese; the Chinese run is in the
 * dark theme. Screenshots go to the system's temporary directory (richtext-e2e/).
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sanitizeHtml } from '../../src/contract/sanitizeHtml';
import { messagesFor } from '../../src/i18n';
import { STAFF, startHarness, type Harness } from './support/harness';
import { SLOW, shoot, signedIn as signedInAs } from './support/pages';

const SHOTS = join(tmpdir(), 'richtext-e2e');
const en = messagesFor('en-US');
const zh = messagesFor('zh-CN');
// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

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

const signedIn = (path: string, locale = 'en-US') => signedInAs(h, STAFF, path, { area: 'richtext', locale });

async function newNotice(locale = 'en-US'): Promise<Page> {
  const page = await signedIn('/notice/detail', locale);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.locator('#notice-content .ql-editor').waitFor();
  return page;
}

const toolbar = (page: Page) => page.locator('#notice-content .richtext-toolbar');
const editorHtml = (page: Page) => page.locator('#notice-content .ql-editor').innerHTML();
/** The keyboard is in the notice's text (the editable area), not in a box or the page. */
const textHasFocus = (page: Page) =>
  page.evaluate(() => document.activeElement?.matches('#notice-content .ql-editor') ?? false);

/** The editor's document (Quill's delta). */
const contents = (page: Page) =>
  page
    .locator('#notice-content .ql-container')
    .evaluate((el) => (el as unknown as { __quill: { getContents(): unknown } }).__quill.getContents());

/** Opens the "more" drawer when the control is in it. */
async function reveal(page: Page, selector: string): Promise<void> {
  const control = toolbar(page).locator(selector).first();
  if (await control.isVisible()) return;
  await toolbar(page).locator('.richtext-more').click();
  await control.waitFor();
}

async function press(page: Page, format: string, value?: string): Promise<void> {
  const selector = value ? `button.ql-${format}[value="${value}"]` : `button.ql-${format}`;
  await reveal(page, selector);
  await toolbar(page).locator(selector).click();
}

async function pick(page: Page, format: string, value: string): Promise<void> {
  await reveal(page, `.ql-picker.ql-${format}`);
  await toolbar(page).locator(`.ql-picker.ql-${format} .ql-picker-label`).click();
  await toolbar(page).locator(`.ql-picker.ql-${format} .ql-picker-item[data-value="${value}"]`).click();
}

/** A picker's default item (the one without a value: left, normal, default font…). */
async function pickDefault(page: Page, format: string): Promise<void> {
  await reveal(page, `.ql-picker.ql-${format}`);
  await toolbar(page).locator(`.ql-picker.ql-${format} .ql-picker-label`).click();
  await toolbar(page).locator(`.ql-picker.ql-${format} .ql-picker-item:not([data-value])`).click();
}

/** Types a line and selects it (Shift+Home). */
async function typeSelected(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Home');
}

describe('the rich-text editor', () => {
  it('every toolbar control writes its markup, and the server stores exactly what the editor wrote', async () => {
    const page = await newNotice();
    await page.locator('#notice-title').fill(`Every tool ${Date.now()}`);
    await page.locator('#notice-content .ql-editor').click();

    await page.keyboard.type('Our services');
    await pick(page, 'header', '2');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A quote');
    await press(page, 'blockquote');
    await page.keyboard.press('Enter');
    await press(page, 'blockquote'); // out of the quote again
    await typeSelected(page, 'Styled words');
    for (const format of ['bold', 'italic', 'underline', 'strike']) await press(page, format);
    await pick(page, 'color', '#e60000');
    await pick(page, 'background', '#ffff00');
    await pick(page, 'font', 'SimSun');
    await pick(page, 'size', '18px');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await press(page, 'clean'); // the new line starts plain
    await page.keyboard.type('Centred and indented');
    await pick(page, 'align', 'center');
    await press(page, 'indent', '+1');
    await page.keyboard.press('Enter');
    await pickDefault(page, 'align'); // back to the left
    await press(page, 'indent', '-1');
    await press(page, 'list', 'ordered');
    await page.keyboard.type('First');
    await page.keyboard.press('Enter');
    await press(page, 'list', 'bullet');
    await page.keyboard.type('Second');
    await page.keyboard.press('Enter');
    await press(page, 'list', 'bullet');
    await press(page, 'code-block');
    await page.keyboard.type('let x = 1;');
    await page.keyboard.press('Enter');
    await press(page, 'code-block');
    await typeSelected(page, 'our site');
    await press(page, 'link');
    // Typed without its scheme, as people do: stored as its https address (below), not a relative path.
    await page.locator('#notice-content .ql-tooltip[data-mode="link"] input').fill('example.com/help');
    await page.keyboard.press('Enter');
    // Saved, the box gives the keyboard back to the text.
    await expect.poll(() => textHasFocus(page)).toBe(true);
    await page.locator('#notice-content .ql-editor').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await press(page, 'video');
    await page
      .locator('#notice-content .ql-tooltip[data-mode="video"] input')
      .fill('https://www.youtube.com/embed/abc');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+End');
    const chooser = page.waitForEvent('filechooser');
    await press(page, 'image');
    await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => page.locator('#notice-content .ql-editor img').count(), SLOW).toBe(1);
    await page.keyboard.press('Control+End');
    await press(page, 'pagebreak');

    // A table: inserted from the dialog, then opened again by a click and reshaped.
    await press(page, 'table');
    const dialog = page.locator('.richtext-table-dialog');
    await dialog.getByLabel('Row 1, column 1').fill('Project');
    await dialog.getByLabel('Row 1, column 2').fill('Price');
    await dialog.getByRole('button', { name: en['richtext.table.insert'] }).click();
    await dialog.waitFor({ state: 'detached' });
    const table = page.locator('#notice-content .ql-editor table.ql-table');
    expect(await table.locator('tr').count()).toBe(3);
    await table.click();
    await dialog.getByRole('button', { name: en['richtext.table.addRow'] }).click();
    await dialog.getByRole('button', { name: en['richtext.table.addColumn'] }).click();
    await dialog.getByRole('button', { name: 'Remove column 3' }).click();
    await dialog.getByRole('button', { name: 'Remove row 2' }).click();
    await dialog.getByLabel('Row 3, column 3').fill('Note');
    await dialog.getByRole('button', { name: en['richtext.table.save'] }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await table.locator('tr').count()).toBe(3);
    expect(await table.locator('tr').first().locator('td').allTextContents()).toEqual([
      'Project',
      'Price',
      '',
    ]);
    expect(await table.locator('tr').last().locator('td').allTextContents()).toEqual(['', '', 'Note']);

    // A template at the end; undone, then redone.
    await page.keyboard.press('Control+End');
    await pick(page, 'template', 'contactUs');
    await expect.poll(() => editorHtml(page)).toContain('mailto:service@example.com');
    await press(page, 'undo');
    await expect.poll(() => editorHtml(page)).not.toContain('mailto:service@example.com');
    await press(page, 'redo');
    await expect.poll(() => editorHtml(page)).toContain('mailto:service@example.com');

    const written = await editorHtml(page);
    for (const markup of [
      '<h2>Our services</h2>',
      '<blockquote>A quote</blockquote>',
      'color: rgb(230, 0, 0)',
      'background-color: rgb(255, 255, 0)',
      'font-family: SimSun',
      'font-size: 18px',
      '<p class="ql-align-center ql-indent-1">Centred and indented</p>',
      '<ol><li>First</li></ol><ul><li>Second</li></ul>',
      '<pre class="ql-syntax" spellcheck="false">let x = 1;\n</pre>',
      '<a href="https://example.com/help" rel="noopener noreferrer" target="_blank">our site</a>',
      '<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc">',
      '<img src="/uploads/',
      '<hr class="ql-page-break">',
      '<table class="ql-table" contenteditable="false"><tbody><tr><td>Project</td>',
    ]) {
      expect(written, markup).toContain(markup);
    }

    // Select all selects the whole document; the status bar counts it.
    await press(page, 'selectall');
    expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toContain('Our services');
    // The status bar counts the text (after a pause in typing): the template's words are in, and the table's.
    const status = page.locator('#notice-content .richtext-status');
    await expect.poll(() => status.textContent(), SLOW).toMatch(/^34 words\d+ characters$/);

    // The preview shows what the server will store: here, all of it.
    await press(page, 'preview');
    const preview = page.locator('.richtext-preview');
    await preview.waitFor();
    expect(await preview.innerHTML()).toBe(written);
    await shoot(page, SHOTS, 'preview-en');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    const document = await contents(page);
    await page.getByTestId('detail-save').click();
    await page.waitForURL(/\/notice\/detail\?id=\d+/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const stored = await h.api<{ content: string }>('GET', `/api/notices/${id}`, staffToken);
    expect(stored.content).toBe(written);
    // Opened again, it is the same document (Quill may write its styles in another order).
    await page.reload();
    await page.locator('#notice-content .ql-editor table').waitFor();
    expect(await contents(page)).toEqual(document);
  });

  it('keeps of what is pasted only what will be stored: a highlight as the toolbar writes it, no frame of another site', async () => {
    const page = await newNotice();
    await page.locator('#notice-content .ql-editor').click();
    // Quill's own paste path: the pasted HTML converted by its clipboard, with the editor's matchers.
    await page.evaluate(() => {
      const container = document.querySelector('#notice-content .ql-container') as unknown as {
        __quill: { clipboard: { dangerouslyPasteHTML(at: number, html: string, source: string): void } };
      };
      container.__quill.clipboard.dangerouslyPasteHTML(
        0,
        '<p>Read <span style="background:yellow">this</span> first</p>' +
          // Colours by other names: one the toolbar can write, and ones that are no fixed colour or cannot be kept.
          '<p><span style="color: hsl(0, 100%, 50%)">red</span> <span style="color: windowtext">auto</span> ' +
          '<span style="color: currentcolor">own</span> <span style="color: rgba(0, 0, 0, 0.5)">half</span></p>' +
          // A frame of a site not allowed (about:blank: another's would also meet the console's CSP as Quill reads it).
          '<iframe src="about:blank"></iframe>' +
          '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
        'user',
      );
    });
    await expect.poll(() => editorHtml(page)).toContain('this</span>');
    const html = await editorHtml(page);
    expect(html).toContain('<span style="background-color: rgb(255, 255, 0);">this</span>');
    expect(html).not.toContain('about:blank');
    expect(html).toContain('<span style="color: rgb(255, 0, 0);">red</span> auto own half</p>');
    expect(html).toContain('src="https://www.youtube.com/embed/abc"');
    // What the editor shows is what the server keeps.
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('slides: groups that do not fit wait in the "more" drawer; every control has its English tooltip', async () => {
    const page = await newNotice();
    await page.setViewportSize({ width: 1000, height: 900 });
    const more = toolbar(page).locator('.richtext-more');
    await more.waitFor();
    const hidden = toolbar(page).locator('.ql-formats[data-overflow]');
    expect(await hidden.count()).toBeGreaterThan(0);
    expect(await hidden.first().isVisible()).toBe(false);
    // One line once the "more" button has taken its place (the toolbar measures again when its size changes:
    // a frame or two on a slow machine).
    await expect.poll(async () => (await toolbar(page).boundingBox())!.height).toBeLessThan(40);
    const closed = (await toolbar(page).boundingBox())!.height;
    await more.click();
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await hidden.first().waitFor();
    expect((await toolbar(page).boundingBox())!.height).toBeGreaterThan(closed);
    await shoot(page, SHOTS, 'toolbar-open-en');
    await more.click();
    await hidden.first().waitFor({ state: 'hidden' });
    // Wide enough for everything: no drawer.
    await page.setViewportSize({ width: 2400, height: 900 });
    await expect.poll(() => more.isVisible()).toBe(false);
    expect(await hidden.count()).toBe(0);

    expect(await tooltips(page)).toEqual(expectedTooltips(en));

    // An image over the upload limit: the toast says the limit, as the server words it.
    await page.locator('#notice-content .ql-editor').click();
    const chooser = page.waitForEvent('filechooser');
    await press(page, 'image');
    await (
      await chooser
    ).setFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
    });
    const reason = en['errors.upload.tooLarge']!.replace('{{limit}}', '5 MiB');
    await page
      .locator('.bp6-toast')
      .getByText(en['richtext.imageUploadFailed']!.replace('{{reason}}', reason), { exact: true })
      .waitFor(SLOW);
    expect(await page.locator('#notice-content .ql-editor img').count()).toBe(0);

    // Tab leaves the editor (no tab character typed): keyboard users are not trapped in it.
    await page.locator('#notice-content .ql-editor').click();
    await page.keyboard.type('x');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.ql-editor') === null)).toBe(true);
    expect(await editorHtml(page)).toBe('<p>x</p>');
  });

  it('in Chinese and the dark theme: tooltips, labels, the table dialog and the preview', async () => {
    const page = await signedIn('/notice/list', 'zh-CN');
    await page.getByTestId('theme-switch').click();
    await page.locator('body.bp6-dark').waitFor();
    await page.goto(h.url('/notice/detail'));
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.locator('#notice-content .ql-editor').waitFor();
    expect(await tooltips(page)).toEqual(expectedTooltips(zh));
    const label = (format: string) =>
      toolbar(page)
        .locator(`.ql-picker.ql-${format} .ql-picker-label`)
        .evaluate((el) => getComputedStyle(el, '::before').content);
    expect(await label('template')).toBe('"模板"');
    expect(await label('header')).toBe('"正文"');
    expect(await label('font')).toBe('"默认字体"');
    const look = await toolbar(page).evaluate((el) => ({
      toolbar: getComputedStyle(el).backgroundColor,
      editor: getComputedStyle(el.parentElement!.querySelector('.ql-container')!).backgroundColor,
    }));
    expect(look).toEqual({ toolbar: 'rgb(47, 52, 60)', editor: 'rgb(37, 42, 49)' });

    // The link and video boxes' examples are in Chinese too, not Quill's own English ones.
    await page.locator('#notice-content .ql-editor').click();
    await press(page, 'video');
    const box = page.locator('#notice-content .ql-tooltip[data-mode="video"] input');
    expect(await box.getAttribute('placeholder')).toBe(zh['richtext.videoPlaceholder']);
    await page.keyboard.press('Escape');
    // Closed, the box gives the keyboard back to the text (not to the page).
    await expect.poll(() => textHasFocus(page)).toBe(true);
    await page.locator('#notice-content .ql-editor').click();
    await page.keyboard.type('链接');
    await page.keyboard.press('Shift+Home');
    await press(page, 'link');
    const link = page.locator('#notice-content .ql-tooltip[data-mode="link"] input');
    expect(await link.getAttribute('placeholder')).toBe(zh['richtext.linkPlaceholder']);
    await page.keyboard.press('Escape');
    await page.locator('#notice-content .ql-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.type('服务开始前请联系客户');
    await expect
      .poll(() => page.locator('#notice-content .richtext-status').textContent())
      .toMatch(/^\d+ 个词10 个字符$/);
    await pick(page, 'template', 'priceList');
    // A template starts on a line of its own: the typed line stays as it was.
    await expect
      .poll(() => editorHtml(page))
      .toMatch(/^<p>服务开始前请联系客户<\/p><h3>价目表<\/h3><table class="ql-table"/);
    await page.locator('#notice-content .ql-editor table.ql-table').click();
    const dialog = page.locator('.richtext-table-dialog');
    await dialog.getByText('编辑表格').waitFor();
    expect(await dialog.getByLabel('第 2 行第 1 列').inputValue()).toBe('[项目]');
    await shoot(page, SHOTS, 'table-dialog-zh-dark');
    await dialog.getByRole('button', { name: '取消' }).click();
    await press(page, 'pagebreak');
    await press(page, 'preview');
    await page.locator('.richtext-preview table.ql-table').waitFor();
    await page.getByText(zh['richtext.preview.note']!).waitFor();
    await shoot(page, SHOTS, 'preview-zh-dark');
  });
});

/** Every tooltip of the toolbar, in order: buttons and pickers (Quill's picker beside its hidden select). */
function tooltips(page: Page): Promise<string[]> {
  return toolbar(page).evaluate((el) =>
    [...el.querySelectorAll<HTMLElement>('button, .ql-picker')].map((control) => control.title),
  );
}

function expectedTooltips(messages: Record<string, string>): string[] {
  const tip = (name: string) => messages[`richtext.tool.${name}`]!;
  return [
    'preview',
    'template',
    'undo',
    'redo',
    'color',
    'background',
    'bold',
    'italic',
    'underline',
    'strike',
    'link',
    'header',
    'blockquote',
    'font',
    'size',
    'align',
    'indentLess',
    'indentMore',
    'listOrdered',
    'listBullet',
    'pagebreak',
    'image',
    'video',
    'table',
    'codeBlock',
    'selectAll',
    'clean',
    'more',
  ].map(tip);
}
