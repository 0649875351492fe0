/**
 * What the API takes as text, in one place for the server that refuses and the console that reads links: no NUL
 * (`\u0000`: PostgreSQL cannot store one), no lone UTF-16 surrogate (not Unicode: a jsonb column refuses it, a text
 * column silently turns it into U+FFFD), and a length counted in characters (Unicode code points, as the schemas'
 * `maxLength` counts them: 𠮷 or an emoji is one, not two UTF-16 units).
 */

export type TextProblem = 'nul' | 'loneSurrogate';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What makes `text` unfit to store, or null. */
export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'loneSurrogate';
  return null;
}

/** Whether the API takes `text` where at most `max` characters are allowed. */
export function isApiText(text: string, max: number): boolean {
  if (textProblem(text) !== null) return false;
  let characters = 0;
  for (const _ of text) if ((characters += 1) > max) return false;
  return true;
}
