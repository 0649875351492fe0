/**
 * The regular-expression tokenizer that src/contract/sanitizeHtml.ts replaced (O(n²) on some inputs), frozen as
 * the reference for how markup is read: tests/contract/sanitizeHtml.test.ts checks that the linear scanner
 * reads every generated input the way this does. Both apply the same policy (src/contract/richText.ts) to what
 * they read. Never use it in the product.
 */

import { richTextPolicy } from '../../src/contract/richText';

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
    if (richTextPolicy.dropsContent(name)) {
      if (!slash) {
        // Skip to the matching end tag (or the end of the input).
        const end = new RegExp(`</${name}\\s*>`, 'ig');
        end.lastIndex = TOKEN.lastIndex;
        const closing = end.exec(input);
        TOKEN.lastIndex = closing ? end.lastIndex : input.length;
      }
      continue;
    }
    if (!richTextPolicy.keepsTag(name)) continue; // unwrap: drop the tag, keep what is inside
    if (slash) {
      if (!richTextPolicy.isVoid(name)) out += `</${name}>`;
      continue;
    }
    out += `<${name}${sanitizeAttributes(name, rawAttrs ?? '')}>`;
  }
  return out;
}

function sanitizeAttributes(tag: string, raw: string): string {
  const pairs: Array<readonly [string, string]> = [];
  ATTR.lastIndex = 0;
  let match: RegExpExecArray | null;
  while ((match = ATTR.exec(raw)) !== null) {
    pairs.push([match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '']);
  }
  return richTextPolicy.attributes(tag, pairs);
}
