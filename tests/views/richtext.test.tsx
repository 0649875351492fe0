// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/i18n';
import { FONT_SIZES } from '@/contract/richText';
import RichTextEditor, { type RichTextEditorProps } from '@/views/richtext/RichTextEditor';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface QuillApi {
  insertText(index: number, text: string, formats: Record<string, unknown>, source: string): void;
  getLength(): number;
  root: HTMLElement;
  history: { cutoff(): void };
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
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

describe('RichTextEditor (react-quill on quill 1.3.7)', () => {
  it('offers the SPEC font sizes 12px…72px (14px the default) and the toolbar of SPEC §9 that Quill has', async () => {
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

  it('logs "Image upload failed" and inserts nothing when the upload fails', async () => {
    const errors: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    const { changes, container } = await render({
      uploadImage: async () => {
        throw new Error('413 too large');
      },
    });
    await pickImage(container, new File(['x'], 'big.png', { type: 'image/png' }));
    expect(errors.some((args) => args[0] === 'Image upload failed')).toBe(true);
    expect(changes).toEqual([]);
    expect(container.querySelector('.ql-editor img')).toBeNull();
  });
});
