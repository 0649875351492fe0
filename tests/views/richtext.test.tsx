// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n, messagesFor } from '@/i18n';
import { FONT_FAMILIES, FONT_SIZES } from '@/contract/richText';
import RichTextEditor, { type RichTextEditorProps } from '@/views/richtext/RichTextEditor';
import { showToast } from '@/views/common/toaster';
import { ApiError } from '@/services/http';

// The one toaster is app-wide and never unmounted: a real toast's fade-in timer would outlive this file's
// environment (React then reads a window that is gone, an error after the last test). What it is asked to show is
// what matters here.
vi.mock('@/views/common/toaster', () => ({ showToast: vi.fn(), clearToasts: vi.fn() }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface QuillApi {
  insertText(index: number, text: string, formats: Record<string, unknown>, source: string): void;
  getLength(): number;
  setSelection(index: number, length: number): void;
  getSelection(): { index: number; length: number } | null;
  root: HTMLElement;
  history: { cutoff(): void };
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
  vi.mocked(showToast).mockClear();
});

/** Renders the editor controlled by a tiny parent that keeps `value` in state, like a screen machine would. */
async function render(props: Partial<RichTextEditorProps> = {}) {
  const changes: string[] = [];
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
  let value = props.value ?? '';
  const draw = () =>
    root!.render(
      <I18nextProvider i18n={createI18n('en-US')}>
        <RichTextEditor
          value={value}
          uploadImage={props.uploadImage ?? (async () => '/uploads/x.png')}
          readOnly={props.readOnly}
          onChange={(html) => {
            changes.push(html);
            value = html;
            draw();
          }}
        />
      </I18nextProvider>,
    );
  await act(async () => draw());
  const editorEl = container.querySelector('.ql-container') as HTMLElement & { __quill: QuillApi };
  const quill = editorEl.__quill;
  return { changes, quill, container };
}

/** Types into a controlled input the way React notices (the native value setter, then an input event). */
function typeInto(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('RichTextEditor (react-quill on quill 1.3.7)', () => {
  it('offers the SPEC font sizes 12px…72px (14px the default), the font families and the whole toolbar of SPEC §9', async () => {
    const { container } = await render();
    const sizes = [...container.querySelectorAll('select.ql-size option')].map(
      (o) => (o as HTMLOptionElement).value || '14px',
    );
    expect(sizes).toEqual([...FONT_SIZES]);
    for (const button of [
      'undo',
      'redo',
      'bold',
      'italic',
      'underline',
      'strike',
      'link',
      'image',
      'video',
      'code-block',
      'clean',
    ]) {
      expect(container.querySelector(`button.ql-${button}`), button).not.toBeNull();
    }
    for (const picker of ['header', 'color', 'background', 'align'])
      expect(container.querySelector(`select.ql-${picker}`), picker).not.toBeNull();
    expect(container.querySelectorAll('button.ql-list')).toHaveLength(2);
    expect(container.querySelectorAll('button.ql-indent')).toHaveLength(2);
    for (const tool of ['preview', 'pagebreak', 'table', 'selectall'])
      expect(container.querySelector(`button.ql-${tool}`), tool).not.toBeNull();
    for (const picker of ['template', 'font'])
      expect(container.querySelector(`select.ql-${picker}`), picker).not.toBeNull();
    const fonts = [...container.querySelectorAll('select.ql-font option')].map(
      (o) => o.getAttribute('value') ?? '',
    );
    expect(fonts).toEqual(['', ...FONT_FAMILIES]);
  });

  it('gives every control a tooltip in the current language, pickers included', async () => {
    const { container } = await render();
    const controls = [
      ...container.querySelectorAll<HTMLElement>('.richtext-toolbar button, .richtext-toolbar .ql-picker'),
    ];
    expect(controls.length).toBe(28);
    const en = messagesFor('en-US');
    const tips = new Set(
      Object.keys(en)
        .filter((k) => k.startsWith('richtext.tool.'))
        .map((k) => en[k]),
    );
    for (const control of controls)
      expect(tips.has(control.title), control.outerHTML.slice(0, 60)).toBe(true);
    expect(new Set(controls.map((c) => c.title)).size).toBe(tips.size);
  });

  it('inserts a page break at the cursor, as a user change', async () => {
    const { changes, quill, container } = await render();
    await act(async () => quill.insertText(0, 'Page one', {}, 'user'));
    await act(async () => quill.setSelection(8, 0));
    await act(async () => (container.querySelector('button.ql-pagebreak') as HTMLButtonElement).click());
    expect(changes.at(-1)).toBe('<p>Page one</p><hr class="ql-page-break"><p><br></p>');
  });

  it('puts a template on a line of its own, below the line the cursor is on', async () => {
    const { changes, quill, container } = await render();
    await act(async () => quill.insertText(0, 'Before', {}, 'user'));
    await act(async () => quill.setSelection(3, 0));
    const select = container.querySelector('select.ql-template') as HTMLSelectElement;
    await act(async () => {
      select.value = 'contactUs';
      select.dispatchEvent(new Event('change'));
    });
    expect(changes.at(-1)).toMatch(/^<p>Before<\/p><p><strong>Contact us<\/strong><\/p><p>Hotline:/);
  });

  it('selects the whole document', async () => {
    const { quill, container } = await render();
    await act(async () => quill.insertText(0, 'Everything here', {}, 'user'));
    await act(async () => quill.setSelection(2, 0));
    await act(async () => (container.querySelector('button.ql-selectall') as HTMLButtonElement).click());
    // Everything but Quill's own closing newline.
    expect(quill.getSelection()).toEqual({ index: 0, length: quill.getLength() - 1 });
  });

  it("previews the value after the server's sanitiser", async () => {
    const { container } = await render({ value: '<p>Shown</p><p><img src="x.png" onerror="alert(1)"></p>' });
    await act(async () => (container.querySelector('button.ql-preview') as HTMLButtonElement).click());
    const preview = document.querySelector('.richtext-preview')!;
    expect(preview.innerHTML).toBe('<p>Shown</p><p><img src="x.png"></p>');
  });

  it('counts words and characters in the status bar, following every change', async () => {
    vi.useFakeTimers();
    try {
      const { quill, container } = await render({ value: '<p>One two</p>' });
      const status = () => container.querySelector('.richtext-status')!.textContent;
      expect(status()).toBe('2 words7 characters');
      await act(async () => quill.insertText(7, ' three', {}, 'user'));
      await act(async () => vi.advanceTimersByTime(200));
      expect(status()).toBe('3 words13 characters');
    } finally {
      vi.useRealTimers();
    }
  });

  it('inserts a table from its dialog, and edits it when clicked', async () => {
    const { changes, container } = await render();
    await act(async () => (container.querySelector('button.ql-table') as HTMLButtonElement).click());
    const cell = (label: string) =>
      document.querySelector(`.richtext-table-dialog input[aria-label="${label}"]`) as HTMLInputElement;
    const button = (text: string) =>
      [...document.querySelectorAll<HTMLButtonElement>('.richtext-table-dialog button')].find(
        (b) => b.textContent === text,
      )!;
    await act(async () => typeInto(cell('Row 1, column 1'), 'Name'));
    await act(async () => button('Insert').click());
    expect(changes.at(-1)).toBe(
      '<table class="ql-table" contenteditable="false"><tbody>' +
        '<tr><td>Name</td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr><tr><td></td><td></td><td></td></tr>' +
        '</tbody></table><p><br></p>',
    );
    await act(async () => (container.querySelector('.ql-editor table') as HTMLElement).click());
    expect(cell('Row 1, column 1').value).toBe('Name');
    await act(async () =>
      (
        document.querySelector(
          '.richtext-table-dialog button[aria-label="Remove row 3"]',
        ) as HTMLButtonElement
      ).click(),
    );
    await act(async () =>
      (
        document.querySelector(
          '.richtext-table-dialog button[aria-label="Remove column 3"]',
        ) as HTMLButtonElement
      ).click(),
    );
    await act(async () => button('Save').click());
    expect(changes.at(-1)).toBe(
      '<table class="ql-table" contenteditable="false"><tbody><tr><td>Name</td><td></td></tr><tr><td></td><td></td></tr></tbody></table><p><br></p>',
    );
    await act(async () => (container.querySelector('.ql-editor table') as HTMLElement).click());
    await act(async () => button('Delete the table').click());
    expect(changes.at(-1)).toBe('');
  });

  it('emits the HTML on a user change, with formatting, and emits again on undo and redo', async () => {
    const { changes, quill, container } = await render();
    await act(async () => quill.insertText(0, 'Hello', { bold: true }, 'user'));
    expect(changes.at(-1)).toBe('<p><strong>Hello</strong></p>');
    await act(async () => (container.querySelector('button.ql-undo') as HTMLButtonElement).click());
    expect(changes.at(-1)).toBe('');
    await act(async () => (container.querySelector('button.ql-redo') as HTMLButtonElement).click());
    expect(changes.at(-1)).toBe('<p><strong>Hello</strong></p>');
    expect(changes).toHaveLength(3);
  });

  it('read only: the toolbar is out of reach and a table does not open its dialog', async () => {
    const table =
      '<table class="ql-table" contenteditable="false"><tbody><tr><td>a</td></tr></tbody></table>';
    const { container } = await render({ value: table, readOnly: true });
    const toolbar = container.querySelector('.richtext-toolbar')!;
    expect(toolbar.hasAttribute('inert')).toBe(true);
    expect(toolbar.getAttribute('aria-disabled')).toBe('true');
    await act(async () => (container.querySelector('.ql-editor table') as HTMLElement).click());
    expect(document.querySelector('.richtext-table-dialog')).toBeNull();
  });

  const TABLE = (cell: string) =>
    `<table class="ql-table" contenteditable="false"><tbody><tr><td>${cell}</td></tr></tbody></table>`;

  it("clears formatting and keeps the tables, page breaks and images (Quill's removeFormat would delete them)", async () => {
    const { changes, quill, container } = await render({
      value: `<h2><strong>Bold</strong></h2><hr class="ql-page-break">${TABLE('a')}<p><em>it</em><img src="/u/a.png"></p>`,
    });
    await act(async () => quill.setSelection(0, quill.getLength()));
    await act(async () => (container.querySelector('button.ql-clean') as HTMLButtonElement).click());
    expect(changes.at(-1)).toBe(
      `<p>Bold</p><hr class="ql-page-break">${TABLE('a')}<p>it<img src="/u/a.png"></p>`,
    );
  });

  it('opens the table just before the cursor for editing (the keyboard way to a table)', async () => {
    const { quill, container } = await render({ value: `${TABLE('a')}<p>after</p>` });
    await act(async () => quill.setSelection(1, 0)); // the start of the line below the table
    await act(async () => (container.querySelector('button.ql-table') as HTMLButtonElement).click());
    expect(document.querySelector('.richtext-table-dialog .bp6-dialog-header')!.textContent).toContain(
      'Edit the table',
    );
    expect((document.querySelector('.richtext-table-dialog input') as HTMLInputElement).value).toBe('a');
  });

  it('the link box refuses a javascript: link with why, and takes a web address typed without its scheme', async () => {
    const { changes, container, quill } = await render({ value: '<p>our site</p>' });
    const save = async (address: string) => {
      await act(async () => quill.setSelection(0, 8));
      await act(async () => (container.querySelector('button.ql-link') as HTMLButtonElement).click());
      const box = container.querySelector('.ql-tooltip[data-mode="link"] input') as HTMLInputElement;
      box.value = address;
      await act(async () =>
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13 } as KeyboardEventInit)),
      );
      return box;
    };
    const box = await save('javascript:alert(1)');
    expect(changes).toEqual([]);
    expect(box.closest('.ql-tooltip')!.classList.contains('ql-hidden')).toBe(false);
    expect(showToast).toHaveBeenCalledWith({
      intent: 'warning',
      message: expect.stringContaining(
        'Only web addresses (http, https), email (mailto) and phone (tel) links',
      ),
    });
    await save('example.com/help');
    expect(changes.at(-1)).toContain('href="https://example.com/help"');
  });

  it('the video box takes a video page as its player, and refuses a site that cannot be framed', async () => {
    const { changes, container } = await render();
    const save = async (address: string) => {
      await act(async () => (container.querySelector('button.ql-video') as HTMLButtonElement).click());
      const box = container.querySelector('.ql-tooltip[data-mode="video"] input') as HTMLInputElement;
      box.value = address;
      await act(async () =>
        box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13 } as KeyboardEventInit)),
      );
    };
    await save('https://evil.example/embed/x');
    expect(changes).toEqual([]);
    expect(showToast).toHaveBeenCalledWith({
      intent: 'warning',
      message: expect.stringContaining('Only videos from YouTube, Vimeo, Bilibili or Tencent Video'),
    });
    await save('https://www.youtube.com/watch?v=abc');
    expect(changes.at(-1)).toContain('src="https://www.youtube.com/embed/abc"');
  });

  it('leaves out a pasted image that is only data, and uploads image files pasted or dropped in', async () => {
    const uploaded: File[] = [];
    const { changes, quill, container } = await render({
      uploadImage: async (file) => {
        uploaded.push(file);
        return '/uploads/pasted.png';
      },
    });
    await act(async () =>
      (
        quill as unknown as { clipboard: { dangerouslyPasteHTML(i: number, h: string, s: string): void } }
      ).clipboard.dangerouslyPasteHTML(0, '<p>a<img src="data:image/png;base64,AAAA">b</p>', 'user'),
    );
    expect(changes.at(-1)).toBe('<p>ab</p>');
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    const paste = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(paste, 'clipboardData', { value: { files: [file] } });
    await act(async () => {
      container.querySelector('.ql-editor')!.dispatchEvent(paste);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(paste.defaultPrevented).toBe(true);
    expect(uploaded).toEqual([file]);
    expect(changes.at(-1)).toContain('<img src="/uploads/pasted.png">');
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [file, new File(['t'], 'a.txt')] } });
    await act(async () => {
      container.querySelector('.ql-editor')!.dispatchEvent(drop);
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(uploaded).toEqual([file, file]); // the text file is not an image
  });

  it('leaves a quote on Enter at an empty quote line, as a list is left', async () => {
    const { changes, quill } = await render({ value: '<blockquote>q</blockquote>' });
    const enter = () =>
      quill.root.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', keyCode: 13, bubbles: true } as KeyboardEventInit),
      );
    await act(async () => quill.setSelection(1, 0));
    await act(async () => enter());
    expect(changes.at(-1)).toBe('<blockquote>q</blockquote><blockquote><br></blockquote>');
    await act(async () => enter());
    expect(changes.at(-1)).toBe('<blockquote>q</blockquote><p><br></p>');
  });

  it('counts the words in tables too', async () => {
    const { container } = await render({ value: `<p>One</p>${TABLE('two three')}` });
    expect(container.querySelector('.richtext-status')!.textContent).toBe('3 words12 characters');
  });

  it('does not echo a value set by the parent', async () => {
    const { changes } = await render({ value: '<p>from the server</p>' });
    expect(changes).toEqual([]);
  });

  async function pickImage(container: HTMLElement, file: File) {
    const clicked: HTMLInputElement[] = [];
    vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(function (this: HTMLInputElement) {
      clicked.push(this);
    });
    await act(async () => (container.querySelector('button.ql-image') as HTMLButtonElement).click());
    const picker = clicked[0];
    expect(picker?.type).toBe('file');
    Object.defineProperty(picker!, 'files', { value: [file] });
    await act(async () => {
      picker!.onchange?.(new Event('change'));
      await new Promise((r) => setTimeout(r, 0));
    });
  }

  it('uploads a picked image through uploadImage and inserts it by URL (a model change)', async () => {
    const uploaded: File[] = [];
    const { changes, container } = await render({
      uploadImage: async (file) => {
        uploaded.push(file);
        return '/uploads/abc.png';
      },
    });
    const file = new File(['x'], 'photo.png', { type: 'image/png' });
    await pickImage(container, file);
    expect(uploaded).toEqual([file]);
    expect(changes.at(-1)).toContain('<img src="/uploads/abc.png">');
  });

  it('logs "Image upload failed", says so in a toast with the server’s reason and inserts nothing when the upload fails', async () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    const { changes, container } = await render({
      uploadImage: async () => {
        throw new ApiError('The file is not a PNG, JPEG, GIF or WebP image.', 400, 400, {
          reason_key: 'errors.fileType.image',
        });
      },
    });
    await pickImage(container, new File(['x'], 'big.png', { type: 'image/png' }));
    expect(errors.some((args) => args[0] === 'Image upload failed')).toBe(true);
    expect(showToast).toHaveBeenCalledWith({
      intent: 'danger',
      message:
        'Image upload failed: The file is not a PNG, JPEG, GIF or WebP image (its content was checked, not its name).',
    });
    expect(changes).toEqual([]);
    expect(container.querySelector('.ql-editor img')).toBeNull();
  });
});
