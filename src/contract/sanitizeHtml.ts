import { richTextPolicy } from './richText';

/**
 * The sanitiser for stored rich text: keeps exactly what ./richText.ts allows (the markup of the console's editor)
 * and drops everything else: script-like elements with their content, every attribute not on the list (so every
 * `on…` handler), URLs whose scheme is not http(s), mailto or tel (so `javascript:` and `data:` in any spelling,
 * including entity-encoded), styles and classes the toolbar does not write. Unknown elements are unwrapped
 * (content kept). The server runs it before storing; the editor's preview runs it to show what will be stored.
 */

/** Counts the characters the sanitiser examined: tests use it to prove the work is linear in the input. */
export interface SanitizeMeter {
  steps: number;
}

const LT = 0x3c; // <
const GT = 0x3e; // >
const DQ = 0x22; // "
const SQ = 0x27; // '
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const EQUALS = 0x3d;
const BACKTICK = 0x60;

/**
 * One left-to-right pass; every character is examined a bounded number of times, so the work is linear in the
 * input (no regular expression that can backtrack over unbounded input). It reads HTML the way the regular
 * expression tokenizer it replaced did, token by token: a comment, CDATA, `<!…>` or `<?…>` (dropped); a tag
 * `<name …>` whose `>` is the first one outside quoted attribute values (an unclosed quote means it is no tag); a
 * lone `<` or `>` (escaped); or text (kept).
 */
export function sanitizeHtml(input: string, meter?: SanitizeMeter): string {
  const n = input.length;
  const scan = new Scanner(input, meter);
  let out = '';
  let i = 0;
  while (i < n) {
    const c = input.charCodeAt(i);
    if (c === GT) {
      out += '&gt;';
      i += 1;
      scan.count(1);
      continue;
    }
    if (c !== LT) {
      const next = scan.nextAngle(i);
      const end = next < 0 ? n : next;
      out += input.slice(i, end);
      i = end;
      continue;
    }
    const after = input.charCodeAt(i + 1);
    if (after === BANG || after === QUESTION) {
      // Comments, CDATA, doctype and processing instructions: dropped up to their end (or the end of the input).
      let close = '>';
      let from = i + 2;
      if (input.startsWith('<!--', i)) [close, from] = ['-->', i + 4];
      else if (input.startsWith('<![CDATA[', i)) [close, from] = [']]>', i + 9];
      scan.count(from - i);
      const end = scan.find(close, from);
      i = end < 0 ? n : end + close.length;
      continue;
    }
    const tag = scan.tag(i);
    if (tag === null) {
      out += '&lt;';
      i += 1;
      scan.count(1);
      continue;
    }
    i = tag.end + 1;
    const name = tag.name.toLowerCase();
    if (richTextPolicy.dropsContent(name)) {
      // Skip to the matching end tag (or the end of the input).
      if (!tag.closing) i = scan.skipPast(name, i);
      continue;
    }
    if (!richTextPolicy.keepsTag(name)) continue; // unwrap: drop the tag, keep what is inside
    if (tag.closing) {
      if (!richTextPolicy.isVoid(name)) out += `</${name}>`;
      continue;
    }
    out += `<${name}${sanitizeAttributes(name, input.slice(tag.nameEnd, tag.end), scan)}>`;
  }
  return out;
}

interface Tag {
  closing: boolean;
  name: string;
  /** Where the attributes start. */
  nameEnd: number;
  /** The index of the tag's `>`. */
  end: number;
}

/** The searches of one sanitiser run, each of them linear, with the characters they examine counted. */
class Scanner {
  /** tagEnds[p]: where a tag whose attributes start at p ends (its `>`), or -1 when a quote is never closed. */
  #tagEnds: Int32Array | null = null;
  readonly #endTags = new Map<string, RegExp>();

  constructor(
    private readonly input: string,
    private readonly meter: SanitizeMeter | undefined,
  ) {}

  count(steps: number): void {
    if (this.meter) this.meter.steps += steps;
  }

  /** The next `<` or `>` at or after `from`, or -1. */
  nextAngle(from: number): number {
    const { input } = this;
    let i = from;
    while (i < input.length) {
      const c = input.charCodeAt(i);
      if (c === LT || c === GT) break;
      i += 1;
    }
    this.count(i - from + 1);
    return i < input.length ? i : -1;
  }

  /** The next index at or after `from` of `text`, or -1. */
  find(text: string, from: number): number {
    const at = this.input.indexOf(text, from);
    this.count((at < 0 ? this.input.length : at + text.length) - from + 1);
    return at;
  }

  /** The tag starting at `start` (a `<`), or null when the text there is not a tag. */
  tag(start: number): Tag | null {
    const { input } = this;
    let i = start + 1;
    const closing = input.charCodeAt(i) === SLASH;
    if (closing) i += 1;
    if (!isAsciiLetter(input.charCodeAt(i))) {
      this.count(i - start + 1);
      return null;
    }
    const nameStart = i;
    i += 1;
    while (i < input.length && isNameChar(input.charCodeAt(i))) i += 1;
    this.count(i - start + 1);
    const end = this.tagEnds()[i]!;
    if (end < 0) return null;
    return { closing, name: input.slice(nameStart, i), nameEnd: i, end };
  }

  /**
   * Computed once, right to left: outside a quoted value, a tag ends at the first `>`; a `"` or `'` jumps past
   * its closing quote, and one that is never closed means no tag starting before it can end.
   */
  tagEnds(): Int32Array {
    if (this.#tagEnds) return this.#tagEnds;
    const { input } = this;
    const n = input.length;
    const ends = new Int32Array(n + 1);
    ends[n] = -1;
    let nextDouble = -1;
    let nextSingle = -1;
    for (let p = n - 1; p >= 0; p -= 1) {
      const c = input.charCodeAt(p);
      if (c === GT) ends[p] = p;
      else if (c === DQ) ends[p] = nextDouble < 0 ? -1 : ends[nextDouble + 1]!;
      else if (c === SQ) ends[p] = nextSingle < 0 ? -1 : ends[nextSingle + 1]!;
      else ends[p] = ends[p + 1]!;
      if (c === DQ) nextDouble = p;
      else if (c === SQ) nextSingle = p;
    }
    this.count(n);
    this.#tagEnds = ends;
    return ends;
  }

  /** Where the content of a dropped element ends: after its `</name>` (any case, space before `>`), or the end. */
  skipPast(name: string, from: number): number {
    let end = this.#endTags.get(name);
    if (!end) {
      end = new RegExp(`</${name}\\s*>`, 'ig');
      this.#endTags.set(name, end);
    }
    end.lastIndex = from;
    const closing = end.exec(this.input);
    const to = closing ? end.lastIndex : this.input.length;
    this.count(to - from + 1);
    return to;
  }
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** `[a-zA-Z0-9-]` */
function isNameChar(c: number): boolean {
  return isAsciiLetter(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d;
}

/** JavaScript's `\s`: what the attribute grammar treats as space. */
function isSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** An attribute name character: not space, `"`, `'`, `>`, `/` or `=`. */
function isAttrNameChar(c: number): boolean {
  return !isSpace(c) && c !== DQ && c !== SQ && c !== GT && c !== SLASH && c !== EQUALS;
}

/** An unquoted attribute value character: not space, `"`, `'`, `=`, `<`, `>` or a backtick. */
function isBareValueChar(c: number): boolean {
  return !isSpace(c) && c !== DQ && c !== SQ && c !== EQUALS && c !== LT && c !== GT && c !== BACKTICK;
}

/**
 * Reads `name`, `name=value`, `name="value"`, `name='value'` pairs from a tag's attribute text and keeps the
 * allowed ones. A quote that is never closed leaves the name without a value. Linear: the search for a closing
 * quote remembers where it last looked, and every search starts further right than the one before.
 */
function sanitizeAttributes(tag: string, raw: string, scan: Scanner): string {
  const m = raw.length;
  scan.count(m);
  const nextQuote: Record<number, { from: number; at: number }> = {
    [DQ]: { from: Infinity, at: -1 },
    [SQ]: { from: Infinity, at: -1 },
  };
  const findQuote = (quote: number, from: number): number => {
    const memo = nextQuote[quote]!;
    // No such quote between memo.from and memo.at: the answer from `from` is memo.at when it is still ahead.
    if (from >= memo.from && (memo.at < 0 || memo.at >= from)) return memo.at;
    const at = raw.indexOf(String.fromCharCode(quote), from);
    scan.count((at < 0 ? m : at) - from + 1);
    nextQuote[quote] = { from, at };
    return at;
  };

  const pairs: Array<readonly [string, string]> = [];
  let k = 0;
  while (k < m) {
    if (!isAttrNameChar(raw.charCodeAt(k))) {
      k += 1;
      continue;
    }
    const nameStart = k;
    while (k < m && isAttrNameChar(raw.charCodeAt(k))) k += 1;
    const name = raw.slice(nameStart, k).toLowerCase();
    let value = '';
    let j = k;
    while (j < m && isSpace(raw.charCodeAt(j))) j += 1;
    if (raw.charCodeAt(j) === EQUALS) {
      let v = j + 1;
      while (v < m && isSpace(raw.charCodeAt(v))) v += 1;
      const q = raw.charCodeAt(v);
      if (q === DQ || q === SQ) {
        const close = findQuote(q, v + 1);
        if (close >= 0) {
          value = raw.slice(v + 1, close);
          k = close + 1;
        }
      } else if (v < m && isBareValueChar(q)) {
        let e = v;
        while (e < m && isBareValueChar(raw.charCodeAt(e))) e += 1;
        value = raw.slice(v, e);
        k = e;
      }
    }
    scan.count(value.length);
    pairs.push([name, value]);
  }
  return richTextPolicy.attributes(tag, pairs);
}
