import { Quill } from 'react-quill';
import {
  FONT_FAMILIES,
  FONT_SIZES,
  PAGE_BREAK_CLASS,
  TABLE_CLASS,
  linkWithScheme,
} from '@/contract/richText';
import { normaliseGrid, type Grid } from './tableGrid';

/**
 * What the editor adds to Quill 1.3.7, registered once when the editor's chunk loads: the SPEC §9 sizes and the
 * font families as inline styles (src/contract/richText.ts lists both, and the sanitiser keeps exactly those), a
 * page-break blot and a table blot, and the icons of the buttons Quill does not draw itself.
 *
 * Why blots of our own: Quill 1 has no table module (Quill 2 has one, but react-quill 2 breaks on Quill 2), and
 * its document model cannot hold editable cells. A table is therefore one block embed whose value is its rows of
 * plain-text cells, edited in a dialog (add and remove rows and columns) and drawn as an ordinary <table>.
 */

const SizeStyle = Quill.import('attributors/style/size') as { whitelist: string[] };
SizeStyle.whitelist = [...FONT_SIZES];
Quill.register(SizeStyle, true);

const FontStyle = Quill.import('attributors/style/font') as { whitelist: string[] };
FontStyle.whitelist = [...FONT_FAMILIES];
Quill.register(FontStyle, true);

// A link typed as "example.com" is https://example.com (linkWithScheme); Quill's own check then drops javascript: and
// the like, as before.
const Link = Quill.import('formats/link') as { sanitize(url: string): string };
const quillSanitize = Link.sanitize.bind(Link);
Link.sanitize = (url: string) => quillSanitize(linkWithScheme(url));

interface BlockEmbedClass {
  new (...args: never[]): object;
  create(value?: unknown): HTMLElement;
}
const BlockEmbed = Quill.import('blots/block/embed') as BlockEmbedClass;

/** `<hr class="ql-page-break">`: shown as a labelled dashed line, and printing starts a new page after it. */
class PageBreakBlot extends BlockEmbed {
  static blotName = 'pagebreak';
  static tagName = 'HR';
  static className = PAGE_BREAK_CLASS;
}

/** `<table class="ql-table">` of plain-text cells; not editable in place (the table dialog edits it). */
export class TableBlot extends BlockEmbed {
  static blotName = 'table';
  static tagName = 'TABLE';
  static className = TABLE_CLASS;

  static create(value: unknown): HTMLElement {
    const node = super.create();
    node.setAttribute('contenteditable', 'false');
    const body = document.createElement('tbody');
    for (const cells of normaliseGrid(Array.isArray(value) ? (value as string[][]) : [])) {
      const row = document.createElement('tr');
      for (const text of cells) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.appendChild(cell);
      }
      body.appendChild(row);
    }
    node.appendChild(body);
    return node;
  }

  /** The rows of any table (also one pasted from a spreadsheet): each cell's text, header cells included. */
  static value(node: HTMLElement): Grid {
    return normaliseGrid(
      [...node.querySelectorAll('tr')].map((row) =>
        [...row.querySelectorAll('td, th')].map((cell) => cell.textContent ?? ''),
      ),
    );
  }
}

Quill.register(PageBreakBlot, true);
Quill.register(TableBlot, true);

const icons = Quill.import('ui/icons') as Record<string, string>;
Object.assign(icons, {
  undo: '<svg viewBox="0 0 18 18"><polygon class="ql-fill ql-stroke" points="6 10 4 12 2 10 6 10"></polygon><path class="ql-stroke" d="M8.09,13.91A4.6,4.6,0,0,0,9,14,5,5,0,1,0,4,9"></path></svg>',
  redo: '<svg viewBox="0 0 18 18"><polygon class="ql-fill ql-stroke" points="12 10 14 12 16 10 12 10"></polygon><path class="ql-stroke" d="M9.91,13.91A4.6,4.6,0,0,1,9,14a5,5,0,1,1,5-5"></path></svg>',
  preview:
    '<svg viewBox="0 0 18 18"><path class="ql-stroke" d="M1.5,9S4.5,3.5,9,3.5,16.5,9,16.5,9,13.5,14.5,9,14.5,1.5,9,1.5,9Z"></path><circle class="ql-stroke" cx="9" cy="9" r="2.5"></circle></svg>',
  pagebreak:
    '<svg viewBox="0 0 18 18"><polyline class="ql-stroke" points="4 2 4 6 14 6 14 2"></polyline><polyline class="ql-stroke" points="4 16 4 12 14 12 14 16"></polyline><line class="ql-stroke" stroke-dasharray="2 2" x1="1" x2="17" y1="9" y2="9"></line></svg>',
  table:
    '<svg viewBox="0 0 18 18"><rect class="ql-stroke" height="12" width="14" x="2" y="3"></rect><line class="ql-stroke" x1="2" x2="16" y1="7" y2="7"></line><line class="ql-stroke" x1="2" x2="16" y1="11" y2="11"></line><line class="ql-stroke" x1="7" x2="7" y1="3" y2="15"></line><line class="ql-stroke" x1="11.5" x2="11.5" y1="3" y2="15"></line></svg>',
  selectall:
    '<svg viewBox="0 0 18 18"><rect class="ql-stroke" stroke-dasharray="2 1.5" height="13" width="13" x="2.5" y="2.5"></rect><line class="ql-stroke" x1="6" x2="12" y1="7" y2="7"></line><line class="ql-stroke" x1="6" x2="12" y1="11" y2="11"></line></svg>',
});

/** The formats of text (cleared by "clear formatting") and of lines (cleared too); the rest are embeds. */
export const INLINE_FORMATS = [
  'font',
  'size',
  'bold',
  'italic',
  'underline',
  'strike',
  'color',
  'background',
  'link',
];
export const BLOCK_FORMATS = ['header', 'align', 'indent', 'list', 'blockquote', 'code-block'];

/** The formats the editor allows (Quill drops any other from pasted content). */
export const FORMATS = [...INLINE_FORMATS, ...BLOCK_FORMATS, 'image', 'video', 'pagebreak', 'table'];
