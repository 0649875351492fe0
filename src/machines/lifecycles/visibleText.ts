/**
 * Whether a text says something a reader sees. A reason, a title or a reply made only of white space or of
 * characters Unicode says to ignore in display (a zero-width space, a joiner, a word joiner, a soft hyphen, a byte
 * order mark) is as empty as one never typed: `trim()` keeps those, and a list would show a blank title nobody can
 * click.
 */

const INVISIBLE = /[\s\p{Default_Ignorable_Code_Point}]/gu;

/** Whether `text` has a character a reader sees. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}

// Named references are case-sensitive (`&NBSP;` is shown as typed); numbered ones take x or X and any hex case.
const ENTITY =
  /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|(nbsp|ensp|emsp|thinsp|zwj|zwnj|shy|ZeroWidthSpace|NoBreak));/g;
const NAMED: Record<string, string> = {
  nbsp: '\u00a0',
  ensp: '\u2002',
  emsp: '\u2003',
  thinsp: '\u2009',
  zwj: '\u200d',
  zwnj: '\u200c',
  shy: '\u00ad',
  ZeroWidthSpace: '\u200b',
  NoBreak: '\u2060',
};

/** The characters of an HTML fragment's text (its tags dropped, its space and numbered entities read). */
function textOfHtml(html: string): string {
  return html.replace(/<[^<>]*>/g, '').replace(ENTITY, (_, dec?: string, hex?: string, name?: string) => {
    if (name) return NAMED[name] ?? '';
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd'; // shown as �
  });
}

/** Whether rich text shows something: an image, a video or a frame, or text a reader sees. */
export function hasVisibleContent(html: string): boolean {
  return /<(img|iframe|video)\b/i.test(html) || hasVisibleText(textOfHtml(html));
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/**
 * How many characters `text` has, as the API's schemas count them (`maxLength`: Unicode code points): a character
 * beyond the first 65,536 (an emoji, a rare character of a Chinese name such as 𠮷) is one, not the two UTF-16
 * units `length` counts. (An emoji joined of several, such as a family, is as many as it joins.)
 */
export function textLength(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

/** The first `max` characters of `text`, counted as `textLength` counts them: a cut never splits a character in two. */
export function cutText(text: string, max: number): string {
  if (textLength(text) <= max) return text;
  return [...text].slice(0, Math.max(0, max)).join('');
}

/**
 * What a box that holds at most `max` characters shows when its text goes from `previous` to `next` (a key typed,
 * a paste, a selection replaced): the text around the change stays, and only as much of what was put in as fits
 * is kept, as a browser's `maxlength` does (which counts UTF-16 units, so it cannot be used). Typing into the
 * middle of a full box changes nothing; cutting the end of `next` would drop the box's last characters instead.
 */
export function fitText(previous: string, next: string, max: number): string {
  if (textLength(next) <= max) return next;
  const before = [...previous];
  const after = [...next];
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start += 1;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end += 1;
  const room = max - start - end;
  if (room < 0) return cutText(next, max);
  const put = after.slice(start, after.length - end).slice(0, room);
  return [...after.slice(0, start), ...put, ...after.slice(after.length - end)].join('');
}
