import 'react-quill/dist/quill.snow.css';
import './richtext.css';
import { useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import ReactQuill, { Quill } from 'react-quill';
import type { DeltaOperation, DeltaStatic } from 'quill';
import { apiErrorMessage } from '@/views/common/errorText';
import { showToast } from '@/views/common/toaster';
import { BLOCK_FORMATS, FORMATS, INLINE_FORMATS, TableBlot } from './quillFormats';
import { PreviewDialog } from './PreviewDialog';
import { RichTextToolbar } from './RichTextToolbar';
import { TableDialog } from './TableDialog';
import { emptyGrid, type Grid } from './tableGrid';
import { isTemplateName } from './templates';
import { countText, type TextCount } from '@/contract/textCount';
import { videoEmbedUrl } from './videoUrl';
import { browserColour, keptOnPaste } from './pasteRules';

/**
 * The shared rich-text editor: react-quill 2 on Quill 1.3.7 with the whole toolbar of SPEC.md §9.
 *
 * - Height 300; the eight font sizes (14px the body default) and the font families; blocks (headings, quote, code
 *   block), colours, bold/italic/underline/strikethrough, link, alignment, indent, lists, image, media (video),
 *   undo/redo, clear formatting; and, drawn by this editor: preview, templates, page break, table, select all,
 *   a status bar with the word and character count. Every button has a tooltip in the current language; groups
 *   that do not fit slide into a "more" drawer. What the toolbar can write is src/contract/richText.ts.
 * - Controlled: `value` is HTML; `onChange` fires for every change the user makes, including undo, redo,
 *   templates, tables and inserted images (Quill reports those with source "user"); a value set by the parent
 *   does not echo back.
 * - Images: the image button picks a file, `uploadImage` stores it (the upload endpoint, passed in by the screen,
 *   since views do not call services) and the returned URL is inserted. A failure shows "Image upload failed" with
 *   the server's reason and is logged with console.error.
 * Stored HTML is sanitised by the server; this editor is not a security boundary.
 * Load it through LazyRichTextEditor so quill stays out of every chunk that does not need it.
 */

export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Stores an image and resolves to its URL (the upload endpoint). */
  uploadImage: (file: File) => Promise<string>;
  placeholder?: string;
  invalid?: boolean;
  /** The id of the text under the field (its problem), which describes the editable area. */
  describedBy?: string;
  id?: string;
  readOnly?: boolean;
}

/** Quill builds its pickers' labels once: another language builds another editor (the value is the parent's). */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { i18n } = useTranslation();
  return <EditorInLanguage key={i18n.language} {...props} />;
}

/** Quill's empty document; stored as '' so "required" and "changed" checks see nothing. */
const EMPTY = /^<p>(<br>)?<\/p>$/;
const Delta = Quill.import('delta') as new (ops?: DeltaOperation[]) => DeltaStatic;

type Translate = (key: string | string[], options?: Record<string, unknown>) => string;
type QuillRef = { current: ReactQuill | null };
type Latest = { current: { uploadImage: (file: File) => Promise<string>; t: Translate } };
type TableEdit = { grid: Grid; at: number; editing: boolean };

function EditorInLanguage({
  value,
  onChange,
  uploadImage,
  placeholder,
  invalid,
  describedBy,
  id,
  readOnly,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const toolbarId = `richtext-toolbar-${useId().replace(/[^\w-]/g, '')}`;
  const quillRef = useRef<ReactQuill | null>(null);
  // Handlers are created once (a new `modules` object would re-create the editor); they read the latest props.
  const latest = useRef({ uploadImage, t });
  latest.current = { uploadImage, t };
  const [previewing, setPreviewing] = useState(false);
  const [table, setTable] = useState<TableEdit | null>(null);
  const [count, setCount] = useState<TextCount>({ words: 0, characters: 0 });
  /** The dialog gone, the cursor is back in the editor where it was (Blueprint would leave it on the page). */
  const closeTable = () => {
    setTable(null);
    setTimeout(() => editorOf(quillRef)?.focus(), 0);
  };

  const modules = useMemo(
    () => ({
      toolbar: {
        container: `#${toolbarId}`,
        handlers: {
          undo: () => editorOf(quillRef)?.history.undo(),
          redo: () => editorOf(quillRef)?.history.redo(),
          image: () => pickAndUploadImage(quillRef, latest),
          preview: () => setPreviewing(true),
          template: (name: unknown) => insertTemplate(quillRef, latest, name),
          pagebreak: () => insertPageBreak(quillRef),
          table: () => setTable(tableAtCursor(quillRef)),
          selectall: () => selectAll(quillRef),
          clean: () => clearFormatting(quillRef),
        },
      },
      // Tab moves on to the next control (keyboard users are not trapped); in a list it still indents.
      keyboard: {
        bindings: {
          tab: { key: 9, handler: () => true },
          // Enter on an empty quote line leaves the quote, as Enter on an empty list item leaves the list.
          'quote empty enter': {
            key: 13,
            collapsed: true,
            format: ['blockquote'],
            empty: true,
            handler: () => void editorOf(quillRef)?.format('blockquote', false, 'user'),
          },
        },
      },
      history: { delay: 500, maxStack: 100, userOnly: true },
      // Quill 1 otherwise guesses blank lines from the rendered margins when it reads HTML: a stored document
      // would come back with an empty line added before its lists, one more on every save.
      // A pasted image that is only data (a screenshot in someone's HTML) would be stored without its address:
      // it is left out, and image files pasted or dropped are uploaded instead (below).
      // What is pasted is what will be stored: a frame of another site, a colour the toolbar cannot write, left out
      // at once (pasteRules.ts), not dropped unseen by the server's sanitiser on save. (A stored document, read
      // through the same matchers, holds nothing they change.)
      clipboard: {
        matchVisual: false,
        matchers: [
          ['IMG', withoutDataImages],
          [
            Node.ELEMENT_NODE,
            (_node: Node, delta: DeltaStatic) => new Delta(keptOnPaste(delta.ops ?? [], browserColour)),
          ],
        ],
      },
    }),
    [toolbarId],
  );

  // The editable area is the field to assistive technology: a multi-line text box named by the label that names
  // the editor (its `for` is the editor's id, which no label can name by itself), invalid with its form's problem,
  // read-only where the page does not let it be edited.
  useEffect(() => {
    const root = editorOf(quillRef)?.root;
    if (!root) return;
    root.setAttribute('role', 'textbox');
    root.setAttribute('aria-multiline', 'true');
    const label = id ? document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`) : null;
    if (label) {
      label.id ||= `${id}-label`;
      root.setAttribute('aria-labelledby', label.id);
    }
    const state: Record<string, string | undefined> = {
      'aria-invalid': invalid ? 'true' : undefined,
      'aria-describedby': describedBy,
      'aria-readonly': readOnly ? 'true' : undefined,
    };
    for (const [name, value] of Object.entries(state)) {
      if (value === undefined) root.removeAttribute(name);
      else root.setAttribute(name, value);
    }
  }, [id, invalid, describedBy, readOnly]);

  useEffect(() => {
    const quill = editorOf(quillRef);
    if (!quill) return;
    labelPickers(document.getElementById(toolbarId));
    // The status bar follows every change, the parent's too; counted after a pause in typing.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recount = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setCount(countDocument(quill)), 120);
    };
    setCount(countDocument(quill));
    quill.on('text-change', recount);
    // A click on a table opens it in the table dialog.
    const openTable = (event: MouseEvent) => {
      const node = (event.target as Element | null)?.closest?.('table.ql-table');
      if (!node || readOnly) return;
      const blot = Quill.find(node) as { offset(root: unknown): number } | null;
      if (!blot) return;
      setTable({ grid: TableBlot.value(node as HTMLElement), at: blot.offset(quill.scroll), editing: true });
    };
    quill.root.addEventListener('click', openTable);
    guardLinkAndVideoBox(quill, latest);
    // Image files pasted or dropped in are uploaded like the image button's (Quill would inline them as data).
    const takeImages = (event: ClipboardEvent | DragEvent) => {
      const data = 'clipboardData' in event ? event.clipboardData : event.dataTransfer;
      const images = [...(data?.files ?? [])].filter((file) => file.type.startsWith('image/'));
      if (images.length === 0 || !quill.isEnabled()) return;
      event.preventDefault(); // Quill's own paste handler then leaves it
      for (const file of images) void insertUploadedImage(quillRef, latest, file);
    };
    quill.root.addEventListener('paste', takeImages, true);
    quill.root.addEventListener('drop', takeImages, true);
    return () => {
      quill.root.removeEventListener('paste', takeImages, true);
      quill.root.removeEventListener('drop', takeImages, true);
      clearTimeout(timer);
      quill.off('text-change', recount);
      quill.root.removeEventListener('click', openTable);
    };
  }, [toolbarId, readOnly]);

  return (
    <div
      className={`richtext${invalid ? ' richtext-invalid' : ''}`}
      id={id}
      style={quillLabels(t)}
      data-richtext={toolbarId}
    >
      <RichTextToolbar id={toolbarId} disabled={readOnly} />
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        modules={modules}
        formats={FORMATS}
        // The link and video boxes stay inside the editor (not under the side menu).
        bounds={`[data-richtext="${toolbarId}"]`}
        placeholder={placeholder}
        readOnly={readOnly}
        onChange={(html, _delta, source) => {
          if (source !== 'user') return;
          onChange(EMPTY.test(html) ? '' : html);
        }}
      />
      <div className="richtext-status" aria-live="polite">
        <span>{t('richtext.status.words', { count: count.words })}</span>
        <span>{t('richtext.status.characters', { count: count.characters })}</span>
      </div>
      {previewing && <PreviewDialog html={value} onClose={() => setPreviewing(false)} />}
      {table && (
        <TableDialog
          initial={table.grid}
          editing={table.editing}
          onClose={() => closeTable()}
          onSave={(grid) => {
            saveTable(quillRef, table, grid);
            closeTable();
          }}
          onDelete={() => {
            editorOf(quillRef)?.updateContents(new Delta().retain(table.at).delete(1), 'user');
            closeTable();
          }}
        />
      )}
    </div>
  );
}

type Editor = ReturnType<ReactQuill['getEditor']> & {
  history: { undo(): void; redo(): void };
  isEnabled(): boolean;
};

function editorOf(ref: QuillRef): Editor | null {
  return (ref.current?.getEditor() as Editor | undefined) ?? null;
}

/** Where an insertion goes: the cursor (focusing the editor), or the end. */
function cursor(quill: Editor): number {
  return quill.getSelection(true)?.index ?? quill.getLength() - 1;
}

function insertTemplate(quillRef: QuillRef, latest: Latest, name: unknown): void {
  const quill = editorOf(quillRef);
  if (!quill || !isTemplateName(name)) return;
  const at = lineOfItsOwn(quill, cursor(quill));
  quill.clipboard.dangerouslyPasteHTML(at, latest.current.t(`richtext.template.${name}.html`), 'user');
}

/** Where blocks go: the cursor when its line is empty; otherwise a new line after the cursor's line. */
function lineOfItsOwn(quill: Editor, index: number): number {
  const [line, offset] = quill.getLine(index) as [{ length(): number } | null, number];
  if (!line || line.length() <= 1) return index;
  const end = index - offset + line.length() - 1; // the line's own newline
  quill.insertText(end, '\n', 'user');
  return end + 1;
}

function insertPageBreak(quillRef: QuillRef): void {
  const quill = editorOf(quillRef);
  if (!quill) return;
  const at = cursor(quill);
  quill.insertEmbed(at, 'pagebreak', true, 'user');
  quill.setSelection(at + 1, 0, 'silent');
}

/**
 * The table to edit: the one the selection covers, or the one just before the cursor (the start of the line below
 * a table: where the keyboard reaches it); otherwise a new 3×3 table at the cursor.
 */
function tableAtCursor(quillRef: QuillRef): TableEdit | null {
  const quill = editorOf(quillRef);
  if (!quill) return null;
  const range = quill.getSelection(true);
  const at = range?.index ?? quill.getLength() - 1;
  const tableAt = (index: number) =>
    index < 0
      ? undefined
      : (quill.getContents(index, 1).ops?.[0]?.insert as { table?: Grid } | undefined)?.table;
  for (const index of range?.length === 1 ? [at] : range?.length === 0 ? [at - 1] : []) {
    const grid = tableAt(index);
    if (grid) return { grid, at: index, editing: true };
  }
  return { grid: emptyGrid(), at, editing: false };
}

function saveTable(quillRef: QuillRef, { at, editing }: TableEdit, grid: Grid): void {
  const quill = editorOf(quillRef);
  if (!quill) return;
  const change = new Delta().retain(at);
  quill.updateContents((editing ? change.delete(1) : change).insert({ table: grid }), 'user');
  quill.setSelection(at + 1, 0, 'silent');
}

/** Clipboard matcher: an image whose address is its data (`data:`) is left out of what is pasted. */
function withoutDataImages(node: Node, delta: DeltaStatic): DeltaStatic {
  const src = (node as HTMLImageElement).getAttribute('src') ?? '';
  return /^\s*data:/i.test(src) ? new Delta() : delta;
}

/**
 * The link and video boxes (Quill's own tooltip) take only what may be kept, and say so there, with what works,
 * the box still open on what was typed:
 * - a link must be a web, mail or phone address (Quill would otherwise link `javascript:` and the like to
 *   about:blank without a word);
 * - a video, what a video frame may show: a page of a known video site becomes its player's address (anything else
 *   would be dropped unseen when the server sanitises it).
 */
function guardLinkAndVideoBox(quill: Editor, latest: Latest): void {
  const tooltip = (quill as unknown as { theme: { tooltip: VideoBox } }).theme.tooltip;
  // The box's example, in the page's language (Quill's own are English: "https://quilljs.com", "Embed URL").
  const edit = tooltip.edit.bind(tooltip);
  tooltip.edit = (mode, preview) => {
    tooltip.textbox.setAttribute('data-link', latest.current.t('richtext.linkPlaceholder'));
    tooltip.textbox.setAttribute('data-video', latest.current.t('richtext.videoPlaceholder'));
    edit(mode, preview);
  };
  // Closed, saved or cancelled (Escape), the box gives the keyboard back to the text: Quill only hides it (focus
  // would fall to the page).
  const backToText = () => {
    if (!quill.root.contains(document.activeElement)) quill.focus();
  };
  const cancel = tooltip.cancel.bind(tooltip);
  tooltip.cancel = () => {
    cancel();
    backToText();
  };
  const save = tooltip.save.bind(tooltip);
  tooltip.save = () => {
    const mode = tooltip.root.getAttribute('data-mode');
    if (mode === 'link' && isRefusedLink(tooltip.textbox.value)) {
      showToast({ intent: 'warning', message: latest.current.t('richtext.linkNotAllowed') });
      return;
    }
    if (mode === 'video') {
      const url = videoEmbedUrl(tooltip.textbox.value);
      if (url === null) {
        showToast({ intent: 'warning', message: latest.current.t('richtext.videoNotAllowed') });
        return;
      }
      tooltip.textbox.value = url;
    }
    save();
    backToText();
  };
}

/** A link Quill's own check would turn into about:blank (javascript: and the like): not web, mail or phone. */
function isRefusedLink(typed: string): boolean {
  const LinkFormat = Quill.import('formats/link') as { sanitize(url: string): string; SANITIZED_URL: string };
  return typed.trim() !== '' && LinkFormat.sanitize(typed) === LinkFormat.SANITIZED_URL;
}

interface VideoBox {
  root: HTMLElement;
  textbox: HTMLInputElement;
  edit(mode?: string, preview?: string | null): void;
  save(): void;
  cancel(): void;
}

/** Words and characters of the text and of every table's cells (Quill's own text leaves embeds out). */
function countDocument(quill: Editor): TextCount {
  const cells = (quill.getContents().ops ?? []).flatMap(
    (op) => (op.insert as { table?: Grid } | undefined)?.table?.flat() ?? [],
  );
  return [quill.getText(), ...cells].map(countText).reduce((a, b) => ({
    words: a.words + b.words,
    characters: a.characters + b.characters,
  }));
}

/**
 * Clears the text's formatting, and only that. Quill's own `removeFormat` rebuilds the selection from its plain
 * text, so it deletes every table, page break, image and video in it.
 */
function clearFormatting(quillRef: QuillRef): void {
  const quill = editorOf(quillRef);
  const range = quill?.getSelection();
  if (!quill || !range) return;
  const off = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, false]));
  if (range.length === 0) {
    for (const name of INLINE_FORMATS) quill.format(name, false, 'user'); // what is typed next is plain
    return;
  }
  quill.formatText(range.index, range.length, off(INLINE_FORMATS), 'user');
  quill.formatLine(range.index, range.length, off(BLOCK_FORMATS), 'user');
}

function selectAll(quillRef: QuillRef): void {
  const quill = editorOf(quillRef);
  quill?.setSelection(0, quill.getLength(), 'user');
}

/** Quill draws a picker beside each hidden `<select>`: it gets the select's tooltip; each font shows in itself. */
function labelPickers(toolbar: HTMLElement | null): void {
  for (const item of toolbar?.querySelectorAll<HTMLElement>('.ql-font .ql-picker-item[data-value]') ?? [])
    item.style.fontFamily = item.dataset.value!;
  for (const select of toolbar?.querySelectorAll('select[title]') ?? []) {
    const picker = select.previousElementSibling;
    if (!picker?.classList.contains('ql-picker')) continue;
    const title = select.getAttribute('title')!;
    picker.setAttribute('title', title);
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', title);
  }
}

/**
 * Quill 1 writes some labels with CSS `content:` (no API to translate them): a picker's label when nothing is
 * chosen, the link tooltip, the page break. The editor sets them as CSS custom properties from the current
 * language; richtext.css reads them with `content: var(...)`.
 */
export function quillLabels(t: Translate): CSSProperties {
  const quoted = (key: string) => JSON.stringify(t(key));
  return {
    '--ql-normal': quoted('richtext.quill.normal'),
    '--ql-font-default': quoted('richtext.font.default'),
    '--ql-template': quoted('richtext.template.label'),
    '--ql-page-break': quoted('richtext.quill.pageBreak'),
    '--ql-visit-url': quoted('richtext.quill.visitUrl'),
    '--ql-edit': quoted('richtext.quill.edit'),
    '--ql-remove': quoted('richtext.quill.remove'),
    '--ql-save': quoted('richtext.quill.save'),
    '--ql-enter-link': quoted('richtext.quill.enterLink'),
    '--ql-enter-video': quoted('richtext.quill.enterVideo'),
  } as CSSProperties;
}

function pickAndUploadImage(quillRef: QuillRef, latest: Latest): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'image/*';
  input.onchange = () => {
    const file = input.files?.[0];
    if (file) void insertUploadedImage(quillRef, latest, file);
  };
  input.click();
}

export async function insertUploadedImage(quillRef: QuillRef, latest: Latest, file: File): Promise<void> {
  try {
    const url = await latest.current.uploadImage(file);
    const quill = editorOf(quillRef);
    if (!quill) return;
    const index = quill.getSelection(true)?.index ?? quill.getLength();
    quill.insertEmbed(index, 'image', url, 'user');
    quill.setSelection(index + 1, 0, 'silent');
  } catch (error) {
    console.error('Image upload failed', error);
    const reason = apiErrorMessage(latest.current.t, error);
    showToast({ intent: 'danger', message: latest.current.t('richtext.imageUploadFailed', { reason }) });
  }
}
