/**
 * What stored rich text may contain: exactly the markup the console's editor (src/views/richtext, Quill 1.3.7 with
 * the toolbar of SPEC.md §9) produces, and nothing more. Read by both sides: the editor registers these sizes,
 * families and blots; the sanitiser (./sanitizeHtml.ts) keeps only what this policy accepts, so the server stores,
 * and the preview shows, the same thing. Pure: no imports.
 */

/** SPEC §9: the eight font sizes; 14px is the body default (written as no size at all). */
export const FONT_SIZES = ['12px', '14px', '16px', '18px', '22px', '24px', '36px', '72px'] as const;
export const DEFAULT_FONT_SIZE = '14px';

/** The font families of the toolbar's picker (CSS family names; no quotes, so Quill reads them back unchanged). */
export const FONT_FAMILIES = [
  'Microsoft YaHei',
  'SimSun',
  'SimHei',
  'KaiTi',
  'FangSong',
  'Arial',
  'Georgia',
  'Times New Roman',
  'Courier New',
] as const;

/** The page-break blot: `<hr class="ql-page-break">`; printing starts a new page after it. */
export const PAGE_BREAK_CLASS = 'ql-page-break';
/** The table blot: `<table class="ql-table" contenteditable="false"><tbody><tr><td>…` (plain-text cells). */
export const TABLE_CLASS = 'ql-table';
/** A table's size limits (the editor's table dialog and the blot both keep to them). */
export const TABLE_LIMITS = { rows: 30, columns: 10, cellLength: 500 } as const;

/** Quill's video embed is an iframe: only the players of known video sites may be framed. */
export const VIDEO_HOSTS: ReadonlySet<string> = new Set([
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'player.bilibili.com',
  'v.qq.com',
]);

/** Quill's block formats, written as classes: alignment and indent (on any block, embeds too). */
const BLOCK_CLASS = /^ql-(?:align-(?:center|right|justify)|indent-[1-8])$/;
const INLINE = ['span', 'strong', 'em', 'u', 's', 'a'];
const BLOCKS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'li'];

/** Per element: the attributes it may carry, each with the rule its value must follow. */
type Rule = (value: string) => string | null;
const ELEMENTS: Record<string, Record<string, Rule>> = {
  br: {},
  ol: {},
  ul: {},
  tbody: {},
  tr: {},
  td: {},
  img: { src: (v) => safeUrl(v) },
  iframe: {
    class: classes((c) => c === 'ql-video' || BLOCK_CLASS.test(c)),
    src: (v) => (isVideoUrl(v) ? v : null),
    frameborder: exactly('0'),
    allowfullscreen: exactly('true'),
  },
  pre: { class: classes((c) => c === 'ql-syntax' || BLOCK_CLASS.test(c)), spellcheck: exactly('false') },
  hr: { class: classes((c) => c === PAGE_BREAK_CLASS || BLOCK_CLASS.test(c)) },
  table: {
    class: classes((c) => c === TABLE_CLASS || BLOCK_CLASS.test(c)),
    contenteditable: exactly('false'),
  },
};
for (const tag of BLOCKS) ELEMENTS[tag] = { class: classes((c) => BLOCK_CLASS.test(c)) };
for (const tag of INLINE) ELEMENTS[tag] = { style: cleanStyle };
ELEMENTS.a = {
  ...ELEMENTS.a,
  href: (v) => safeUrl(v),
  target: exactly('_blank'),
  rel: exactly('noopener noreferrer'),
};

/** Elements never kept: dropped together with everything inside them (other unknown elements are unwrapped). */
const DROP_WITH_CONTENT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'object',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'title',
  'head',
  'frame',
  'frameset',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
]);
const VOID = new Set(['br', 'img', 'hr']);

export const richTextPolicy = {
  keepsTag: (tag: string): boolean => Object.hasOwn(ELEMENTS, tag),
  isVoid: (tag: string): boolean => VOID.has(tag),
  dropsContent: (tag: string): boolean => DROP_WITH_CONTENT.has(tag),
  /**
   * The attributes kept from a tag's `[name, raw value]` pairs (names lower case, values as written, entities
   * not yet decoded), as markup: ` name="value"…`. The first of a repeated name counts.
   */
  attributes(tag: string, pairs: ReadonlyArray<readonly [string, string]>): string {
    const rules = ELEMENTS[tag] ?? {};
    const seen = new Set<string>();
    const kept = new Map<string, string>();
    for (const [name, raw] of pairs) {
      if (seen.has(name)) continue;
      seen.add(name);
      const rule = Object.hasOwn(rules, name) ? rules[name]! : undefined;
      const value = rule?.(decodeEntities(raw));
      if (value) kept.set(name, value);
    }
    // A link opening a new tab never gets a handle on this page (Quill writes both; a hand-made one may not).
    if (kept.has('target') && !kept.has('rel')) kept.set('rel', 'noopener noreferrer');
    let out = '';
    for (const [name, value] of kept) out += ` ${name}="${escapeAttribute(value)}"`;
    return out;
  },
};

function exactly(allowed: string): Rule {
  return (value) => (value === allowed ? value : null);
}

function classes(keep: (name: string) => boolean): Rule {
  return (value) => value.split(/\s+/).filter(keep).join(' ') || null;
}

/**
 * A link as the editor keeps it: one typed without its scheme that names a host ("example.com/help",
 * "www.example.com") is that web address over https, and a bare e-mail address ("name@example.com") a mail link,
 * not a path relative to the page showing it (broken in the apps); one with a scheme ("mailto:12345@qq.com"), a
 * path ("/help") or an anchor ("#top") is kept as typed (the sanitiser then decides).
 */
export function linkWithScheme(typed: string): string {
  const link = typed.trim();
  // A scheme: letters before a colon, unless they are a host with its port ("example.cn:8080").
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(link);
  if (scheme && !(scheme[1]!.includes('.') && /^[^:]+:\d/.test(link))) return link;
  if (/^[/#?]/.test(link)) return link;
  if (/^[^\s@/:]+@[^\s@/:]+\.[a-z]{2,}$/i.test(link)) return `mailto:${link}`;
  return /^[^\s/@]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(link) ? `https://${link}` : link;
}

/** An https address on one of the VIDEO_HOSTS: what a video frame may show. */
export function isVideoUrl(value: string): boolean {
  try {
    const url = new URL(value); // the URL parser itself ignores surrounding spaces
    return url.protocol === 'https:' && VIDEO_HOSTS.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** http(s), mailto, tel or a relative address; anything else (javascript:, data:, vbscript:…) is dropped. */
function safeUrl(value: string): string | null {
  // Browsers ignore control characters and whitespace inside a scheme: "java\tscript:" is still javascript:.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (!scheme) return value; // relative: /uploads/…, #anchor, page.html
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!) ? value : null;
}

const COLOUR = /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\))$/i;
/** A colour as the toolbar writes it (hex or rgb): the only kind stored rich text keeps. */
export const isToolbarColour = (value: string) => COLOUR.test(value);
/** The inline styles the toolbar writes, each with the values it can write. */
const STYLES: Record<string, (value: string) => string | null> = {
  color: (v) => (COLOUR.test(v) ? v : null),
  'background-color': (v) => (COLOUR.test(v) ? v : null),
  'font-size': (v) => ((FONT_SIZES as readonly string[]).includes(v) ? v : null),
  // The browser quotes a family with a space ("Microsoft YaHei"): kept as written, quotes and all.
  'font-family': (v) => {
    const family = /^(["']?)([^"']*)\1$/.exec(v)?.[2];
    return (FONT_FAMILIES as readonly (string | undefined)[]).includes(family) ? v : null;
  },
};

/** Keeps only the declarations the toolbar writes; null when none is left. */
function cleanStyle(value: string): string | null {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const check = Object.hasOwn(STYLES, property) ? STYLES[property]! : undefined;
    const val = check?.(declaration.slice(colon + 1).trim());
    if (val) kept.push(`${property}: ${val}`);
  }
  return kept.length ? `${kept.join('; ')};` : null;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
};

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return Object.hasOwn(NAMED, body.toLowerCase()) ? NAMED[body.toLowerCase()]! : entity;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
