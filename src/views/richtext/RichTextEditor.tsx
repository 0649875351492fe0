import 'react-quill/dist/quill.snow.css';
import './richtext.css';
import { useMemo, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import ReactQuill, { Quill } from 'react-quill';
import { showToast } from '@/views/common/toaster';

/**
 * The shared rich-text editor: react-quill 2 on quill 1.3.7, configured as close to SPEC.md §9 as Quill allows.
 *
 * - Height 300; font sizes 12px…72px through a style attributor whitelist, default body size 14px;
 *   headings and blocks (blockquote, code block), colours, bold/italic/underline/strike, link, alignment, indent,
 *   lists, image, video (media), clean; undo/redo buttons on Quill's history.
 * - Not available in Quill 1 (SPEC §9 lists them for another editor): preview, templates, font family list,
 *   page break, tables, select-all button, status bar.
 * - Controlled: `value` is HTML; `onChange` fires for every change the user makes, including undo and redo and
 *   inserted images (Quill reports those with source "user"); programmatic value updates do not echo back.
 * - Images: the toolbar's image button picks a file, `uploadImage` stores it (the upload endpoint, passed in by
 *   the screen, since views do not call services) and the returned URL is inserted. A failure shows
 *   "Image upload failed" and is logged with console.error.
 * Stored HTML is sanitised by the server; this editor is not a security boundary.
 * Load it through LazyRichTextEditor so quill stays out of every chunk that does not need it.
 */

export const FONT_SIZES = ['12px', '14px', '16px', '18px', '22px', '24px', '36px', '72px'] as const;

const SizeStyle = Quill.import('attributors/style/size') as { whitelist: string[] };
SizeStyle.whitelist = [...FONT_SIZES];
Quill.register(SizeStyle, true);

const icons = Quill.import('ui/icons') as Record<string, string>;
icons.undo =
  '<svg viewBox="0 0 18 18"><polygon class="ql-fill ql-stroke" points="6 10 4 12 2 10 6 10"></polygon><path class="ql-stroke" d="M8.09,13.91A4.6,4.6,0,0,0,9,14,5,5,0,1,0,4,9"></path></svg>';
icons.redo =
  '<svg viewBox="0 0 18 18"><polygon class="ql-fill ql-stroke" points="12 10 14 12 16 10 12 10"></polygon><path class="ql-stroke" d="M9.91,13.91A4.6,4.6,0,0,1,9,14a5,5,0,1,1,5-5"></path></svg>';

export const TOOLBAR = [
  ['undo', 'redo'],
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ size: ['12px', false, '16px', '18px', '22px', '24px', '36px', '72px'] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  ['link'],
  [{ align: [] }],
  [{ indent: '-1' }, { indent: '+1' }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'code-block'],
  ['image', 'video'],
  ['clean'],
];

export const FORMATS = [
  'header',
  'size',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'link',
  'align',
  'indent',
  'list',
  'blockquote',
  'code-block',
  'image',
  'video',
];

/**
 * Quill 1 writes its picker and tooltip labels with CSS `content:` (no API to translate them). The editor sets
 * them as CSS custom properties from the current language; richtext.css reads them with `content: var(...)`.
 */
export function quillLabels(t: (key: string, options?: Record<string, unknown>) => string): CSSProperties {
  const quoted = (text: string) => JSON.stringify(text);
  const labels: Record<string, string> = {
    '--ql-normal': quoted(t('richtext.quill.normal')),
    '--ql-visit-url': quoted(t('richtext.quill.visitUrl')),
    '--ql-edit': quoted(t('richtext.quill.edit')),
    '--ql-remove': quoted(t('richtext.quill.remove')),
    '--ql-save': quoted(t('richtext.quill.save')),
    '--ql-enter-link': quoted(t('richtext.quill.enterLink')),
    '--ql-enter-video': quoted(t('richtext.quill.enterVideo')),
  };
  for (let level = 1; level <= 6; level++)
    labels[`--ql-h${level}`] = quoted(t('richtext.quill.heading', { level }));
  return labels as CSSProperties;
}

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Stores an image and resolves to its URL (the upload endpoint). */
  uploadImage: (file: File) => Promise<string>;
  placeholder?: string;
  invalid?: boolean;
  id?: string;
  readOnly?: boolean;
}

/** Quill's empty document; stored as '' so "required" and "changed" checks see nothing. */
const EMPTY = /^<p>(<br>)?<\/p>$/;

interface QuillLike {
  getSelection(focus?: boolean): { index: number } | null;
  getLength(): number;
  insertEmbed(index: number, type: string, value: string, source: string): void;
  setSelection(index: number, length: number, source: string): void;
  history: { undo(): void; redo(): void };
}

export default function RichTextEditor({
  value,
  onChange,
  uploadImage,
  placeholder,
  invalid,
  id,
  readOnly,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const quillRef = useRef<ReactQuill | null>(null);
  // Handlers are created once (a new `modules` object would re-create the editor); they read the latest props.
  const latest = useRef({ uploadImage, t });
  latest.current = { uploadImage, t };

  const modules = useMemo(
    () => ({
      toolbar: {
        container: TOOLBAR,
        handlers: {
          undo: () => editorOf(quillRef.current)?.history.undo(),
          redo: () => editorOf(quillRef.current)?.history.redo(),
          image: () => pickAndUploadImage(quillRef, latest),
        },
      },
      history: { delay: 500, maxStack: 100, userOnly: true },
    }),
    [],
  );

  return (
    <div className={`richtext${invalid ? ' richtext-invalid' : ''}`} id={id} style={quillLabels(t)}>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        modules={modules}
        formats={FORMATS}
        placeholder={placeholder}
        readOnly={readOnly}
        onChange={(html, _delta, source) => {
          if (source !== 'user') return;
          onChange(EMPTY.test(html) ? '' : html);
        }}
      />
    </div>
  );
}

function editorOf(ref: ReactQuill | null): QuillLike | null {
  return (ref?.getEditor() as unknown as QuillLike | undefined) ?? null;
}

function pickAndUploadImage(
  quillRef: { current: ReactQuill | null },
  latest: { current: { uploadImage: (file: File) => Promise<string>; t: (key: string) => string } },
): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.onchange = () => {
    const file = input.files?.[0];
    if (file) void insertUploadedImage(quillRef, latest, file);
  };
  input.click();
}

export async function insertUploadedImage(
  quillRef: { current: ReactQuill | null },
  latest: { current: { uploadImage: (file: File) => Promise<string>; t: (key: string) => string } },
  file: File,
): Promise<void> {
  try {
    const url = await latest.current.uploadImage(file);
    const quill = editorOf(quillRef.current);
    if (!quill) return;
    const index = quill.getSelection(true)?.index ?? quill.getLength();
    quill.insertEmbed(index, 'image', url, 'user');
    quill.setSelection(index + 1, 0, 'silent');
  } catch (error) {
    console.error('Image upload failed', error);
    showToast({ intent: 'danger', message: latest.current.t('richtext.imageUploadFailed') });
  }
}
