/**
 * The regular-expression sanitiser that server/lib/sanitizeHtml.ts replaced (O(n²) on some inputs), frozen as
 * the reference for what markup is accepted: tests/server/lib/sanitizeHtml.test.ts checks that the linear
 * scanner returns exactly what this returned, on many generated inputs. Never use it in the product.
 */

const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'span',
  'div',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'iframe',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);
const VOID_TAGS = new Set(['br', 'img', 'hr']);
/** Dropped together with everything inside them. */
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
const GLOBAL_ATTRS = new Set(['class', 'style', 'title', 'spellcheck']);
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'target', 'rel']),
  img: new Set(['src', 'alt', 'width', 'height']),
  iframe: new Set(['src', 'frameborder', 'allowfullscreen', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
  ol: new Set(['start']),
};
const URL_ATTRS = new Set(['href', 'src']);

// A comment, a tag (with its attributes), a lone angle bracket, or text.
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^>]*>?|<\?[^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[<>]|[^<>]+/g;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

export function referenceSanitizeHtml(input: string): string {
  let out = '';
  TOKEN.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = TOKEN.exec(input)) !== null) {
    const [token, slash, rawName, rawAttrs] = match;
    if (rawName === undefined) {
      if (token.startsWith('<!') || token.startsWith('<?')) continue; // comments, doctype, CDATA
      if (token === '<') out += '&lt;';
      else if (token === '>') out += '&gt;';
      else out += token;
      continue;
    }
    const name = rawName.toLowerCase();
    if (DROP_WITH_CONTENT.has(name)) {
      if (!slash) {
        // Skip to the matching end tag (or the end of the input).
        const end = new RegExp(`</${name}\\s*>`, 'ig');
        end.lastIndex = TOKEN.lastIndex;
        const closing = end.exec(input);
        TOKEN.lastIndex = closing ? end.lastIndex : input.length;
      }
      continue;
    }
    if (!ALLOWED_TAGS.has(name)) continue; // unwrap: drop the tag, keep what is inside
    if (slash) {
      if (!VOID_TAGS.has(name)) out += `</${name}>`;
      continue;
    }
    out += `<${name}${sanitizeAttributes(name, rawAttrs ?? '')}>`;
  }
  return out;
}

function sanitizeAttributes(tag: string, raw: string): string {
  let out = '';
  const seen = new Set<string>();
  ATTR.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTR.exec(raw)) !== null) {
    const name = match[1]!.toLowerCase();
    if (seen.has(name)) continue;
    if (!GLOBAL_ATTRS.has(name) && !TAG_ATTRS[tag]?.has(name)) continue;
    const value = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
    if (URL_ATTRS.has(name) && !(tag === 'iframe' ? isVideoUrl(value) : isSafeUrl(value))) continue;
    const kept = name === 'style' ? cleanStyle(value) : value;
    if (!kept) continue;
    if (name === 'target' && kept !== '_blank') continue;
    seen.add(name);
    out += ` ${name}="${escapeAttribute(kept)}"`;
  }
  if (tag === 'a' && seen.has('target') && !seen.has('rel')) out += ' rel="noopener noreferrer"';
  return out;
}

/** Quill's video embed is an iframe: only the players of known video sites may be framed. */
const VIDEO_HOSTS = new Set([
  'www.youtube.com',
  'youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'player.bilibili.com',
  'v.qq.com',
]);

function isVideoUrl(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && VIDEO_HOSTS.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function isSafeUrl(value: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme: "java\tscript:" is still javascript:.
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  if (!scheme) return true; // relative: /uploads/…, #anchor, page.html
  return ['http', 'https', 'mailto', 'tel'].includes(scheme[1]!);
}

/** The inline styles Quill writes (colours, size, alignment); anything else could restyle or cover the page. */
const STYLE_PROPERTIES = new Set(['color', 'background-color', 'font-size', 'text-align']);

/** Keeps only allowed, harmless declarations; '' when none is left. */
function cleanStyle(value: string): string {
  const kept: string[] = [];
  for (const declaration of value.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const val = declaration.slice(colon + 1).trim();
    if (!STYLE_PROPERTIES.has(property) || !val || !isSafeStyleValue(val)) continue;
    kept.push(`${property}: ${val}`);
  }
  return kept.length ? `${kept.join('; ')};` : '';
}

function isSafeStyleValue(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toLowerCase();
  return !/url\(|expression\(|javascript:|@import|behavior:|-moz-binding|[\\<>]/.test(compact);
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
    return NAMED[body.toLowerCase()] ?? entity;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
