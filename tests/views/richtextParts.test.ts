import { describe, expect, it } from 'vitest';
import { TABLE_LIMITS } from '@/contract/richText';
import { sanitizeHtml } from '@/contract/sanitizeHtml';
import { messagesFor } from '@/i18n';
import {
  addColumn,
  addRow,
  emptyGrid,
  gridSize,
  normaliseGrid,
  removeColumn,
  removeRow,
  setCell,
} from '@/views/richtext/tableGrid';
import { TEMPLATE_NAMES, isTemplateName } from '@/views/richtext/templates';
import { countText } from '@/contract/textCount';
import { videoEmbedUrl } from '@/views/richtext/videoUrl';
import { browserColour, keptOnPaste } from '@/views/richtext/pasteRules';

describe('what a paste keeps', () => {
  const named: Record<string, string> = { yellow: '#ffff00' };
  const toColour = (v: string) => (/^#/.test(v) ? v : (named[v] ?? null));

  it('leaves out a frame that is not a known video player, and keeps one that is', () => {
    expect(
      keptOnPaste(
        [
          { insert: 'a' },
          { insert: { video: 'https://evil.example/x' } },
          { insert: { video: 'https://www.youtube.com/embed/abc' } },
          { insert: { image: '/uploads/x.png' } },
        ],
        toColour,
      ),
    ).toEqual([
      { insert: 'a' },
      { insert: { video: 'https://www.youtube.com/embed/abc' } },
      { insert: { image: '/uploads/x.png' } },
    ]);
  });

  it('keeps a colour as the toolbar writes one, and leaves out one that cannot be, with nothing else lost', () => {
    expect(
      keptOnPaste(
        [
          { insert: 'hi', attributes: { background: 'yellow', bold: true } },
          { insert: 'there', attributes: { color: 'inherit' } },
          {
            insert: '!',
            attributes: { color: '#ff0000', background: 'rgba(0, 0, 0, 0.5)', link: 'https://a.example' },
          },
          { insert: 'plain' },
        ],
        toColour,
      ),
    ).toEqual([
      { insert: 'hi', attributes: { background: '#ffff00', bold: true } },
      { insert: 'there' },
      { insert: '!', attributes: { color: '#ff0000', link: 'https://a.example' } },
      { insert: 'plain' },
    ]);
  });

  it('reads a colour the toolbar writes as it is, and none without a browser to read the rest', () => {
    expect(browserColour('#00ff00')).toBe('#00ff00');
    expect(browserColour('rgb(1, 2, 3)')).toBe('rgb(1, 2, 3)');
    expect(browserColour('yellow')).toBeNull();
  });
});

describe('the table grid', () => {
  const grid = [
    ['a', 'b'],
    ['c', 'd'],
  ];

  it('adds a row or a column at the end, or after a given one, empty', () => {
    expect(addRow(grid)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['', ''],
    ]);
    expect(addRow(grid, 0)).toEqual([
      ['a', 'b'],
      ['', ''],
      ['c', 'd'],
    ]);
    expect(addColumn(grid)).toEqual([
      ['a', 'b', ''],
      ['c', 'd', ''],
    ]);
    expect(addColumn(grid, 0)).toEqual([
      ['a', '', 'b'],
      ['c', '', 'd'],
    ]);
  });

  it('removes the row or column asked for, and never the last one', () => {
    expect(removeRow(grid, 0)).toEqual([['c', 'd']]);
    expect(removeRow(grid, 1)).toEqual([['a', 'b']]);
    expect(removeColumn(grid, 0)).toEqual([['b'], ['d']]);
    expect(removeColumn(grid, 1)).toEqual([['a'], ['c']]);
    expect(removeRow([['x', 'y']], 0)).toEqual([['x', 'y']]);
    expect(removeColumn([['x'], ['y']], 0)).toEqual([['x'], ['y']]);
    expect(removeRow(grid, 2)).toBe(grid);
    expect(removeRow(grid, -1)).toBe(grid);
    expect(removeColumn(grid, 2)).toBe(grid);
    expect(removeColumn(grid, -1)).toBe(grid);
  });

  it('stops at the limits', () => {
    const tall = emptyGrid(TABLE_LIMITS.rows, 1);
    expect(addRow(tall)).toBe(tall);
    expect(gridSize(addRow(emptyGrid(TABLE_LIMITS.rows - 1, 1)))).toEqual({
      rows: TABLE_LIMITS.rows,
      columns: 1,
    });
    const wide = emptyGrid(1, TABLE_LIMITS.columns);
    expect(addColumn(wide)).toBe(wide);
    expect(gridSize(addColumn(emptyGrid(1, TABLE_LIMITS.columns - 1)))).toEqual({
      rows: 1,
      columns: TABLE_LIMITS.columns,
    });
    const long = 'x'.repeat(TABLE_LIMITS.cellLength + 5);
    expect(setCell(grid, 1, 0, long)[1]![0]).toHaveLength(TABLE_LIMITS.cellLength);
    // Cut in characters: an emoji at the limit is kept whole, not split into half a character.
    const emoji = 'x'.repeat(TABLE_LIMITS.cellLength - 1) + '😀😀';
    expect(setCell(grid, 1, 0, emoji)[1]![0]).toBe('x'.repeat(TABLE_LIMITS.cellLength - 1) + '😀');
    expect(normaliseGrid([[emoji]])[0]![0]).toBe('x'.repeat(TABLE_LIMITS.cellLength - 1) + '😀');
    // Typed into the middle of a full cell: the cell stays as it was.
    const full = setCell(grid, 1, 0, 'a' + 'x'.repeat(TABLE_LIMITS.cellLength - 1));
    expect(setCell(full, 1, 0, 'ab' + 'x'.repeat(TABLE_LIMITS.cellLength - 1))[1]![0]).toBe(full[1]![0]);
  });

  it('sets one cell and leaves the rest', () => {
    expect(setCell(grid, 1, 0, 'z')).toEqual([
      ['a', 'b'],
      ['z', 'd'],
    ]);
    expect(grid).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('makes any stored rows rectangular and within the limits', () => {
    expect(normaliseGrid([['a'], ['b', 'c', 'd'], []])).toEqual([
      ['a', '', ''],
      ['b', 'c', 'd'],
      ['', '', ''],
    ]);
    expect(normaliseGrid([])).toEqual([['']]);
    const huge = Array.from({ length: TABLE_LIMITS.rows + 3 }, () =>
      Array.from({ length: TABLE_LIMITS.columns + 3 }, () => 'x'.repeat(TABLE_LIMITS.cellLength + 1)),
    );
    const cut = normaliseGrid(huge);
    expect(gridSize(cut)).toEqual({ rows: TABLE_LIMITS.rows, columns: TABLE_LIMITS.columns });
    expect(cut[0]![0]).toHaveLength(TABLE_LIMITS.cellLength);
    expect(gridSize([])).toEqual({ rows: 0, columns: 0 });
    expect(emptyGrid()).toEqual([
      ['', '', ''],
      ['', '', ''],
      ['', '', ''],
    ]);
  });
});

describe('the status bar count', () => {
  it.each([
    ['', 0, 0],
    ['\n', 0, 0],
    ['Hello world\n', 2, 11],
    ['Hello, world! 3 times.\n', 4, 22],
    ['服务开始前请联系客户\n', 6, 10],
    ['a\nb\r\nc', 3, 3],
    ['👍🏽 ok', 1, 4],
  ])('%j: %i words, %i characters', (text, words, characters) => {
    expect(countText(text)).toEqual({ words, characters });
  });
});

describe('the templates', () => {
  it.each(['en-US', 'zh-CN'] as const)(
    'in %s: each has a name and is stored exactly as written',
    (locale) => {
      const messages = messagesFor(locale);
      for (const name of TEMPLATE_NAMES) {
        expect(messages[`richtext.template.${name}.name`], name).toBeTruthy();
        const html = messages[`richtext.template.${name}.html`]!;
        expect(html, name).toMatch(/^<(h\d|p)>/);
        expect(sanitizeHtml(html), name).toBe(html);
      }
    },
  );

  it('names only the templates there are', () => {
    expect(TEMPLATE_NAMES.every(isTemplateName)).toBe(true);
    expect(isTemplateName('priceList')).toBe(true);
    expect(isTemplateName('constructor')).toBe(false);
    expect(isTemplateName(undefined)).toBe(false);
  });
});

describe('the video box', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    [
      'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=1',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    ],
    ['youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    [
      'https://www.bilibili.com/video/BV1GJ411x7h7/?spm=1',
      'https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7',
    ],
    [' https://player.vimeo.com/video/1 ', 'https://player.vimeo.com/video/1'],
    // With or without the scheme or the www, as people copy them.
    ['youtube.com/watch?v=abc', 'https://www.youtube.com/embed/abc'],
    ['www.youtube.com/watch?v=abc', 'https://www.youtube.com/embed/abc'],
    ['http://youtu.be/abc', 'https://www.youtube.com/embed/abc'],
    ['vimeo.com/42', 'https://player.vimeo.com/video/42'],
    ['http://vimeo.com/42', 'https://player.vimeo.com/video/42'],
    ['bilibili.com/video/BV1xx', 'https://player.bilibili.com/player.html?bvid=BV1xx'],
    ['http://m.bilibili.com/video/BV1xx', 'https://player.bilibili.com/player.html?bvid=BV1xx'],
    ['https://v.qq.com/txp/iframe/player.html?vid=x', 'https://v.qq.com/txp/iframe/player.html?vid=x'],
  ])('%s plays as %s', (pasted, frame) => {
    expect(videoEmbedUrl(pasted)).toBe(frame);
  });

  it.each([
    'https://evil.example/embed/x',
    'http://player.vimeo.com/video/1',
    'javascript:alert(1)',
    'https://www.youtube.com.evil.example/watch?v=x',
    // A video site's address inside another one is not that site's.
    'https://evil.example/?next=youtube.com/watch?v=x',
    'https://evil.example/?next=youtu.be/x',
    'https://evil.example/?next=vimeo.com/42',
    'https://evil.example/?next=bilibili.com/video/BV1xx',
    'not an address',
    '',
  ])('refuses %j', (pasted) => {
    expect(videoEmbedUrl(pasted)).toBeNull();
  });
});
