/**
 * Whether `term` starts a word of `value`, as a list's word search means it (`search.words`, src/contract/list.ts),
 * read independently of the SQL that does it: found where the character before it is not a-z or 0-9, or where it
 * begins with a character beyond ASCII; case-insensitive; spaces and ASCII punctuation at the term's start are left
 * off it, and a term of nothing else finds nothing.
 */
export function startsAWord(value: string | null, term: string): boolean {
  const text = (value ?? '').toLowerCase();
  const wanted = term.toLowerCase().replace(/^[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/, '');
  if (!wanted) return false;
  for (let at = text.indexOf(wanted); at >= 0; at = text.indexOf(wanted, at + 1)) {
    if (at === 0 || !/[a-z0-9]/.test(text[at - 1]!) || /[^\x00-\x7f]/.test(text[at]!)) return true;
  }
  return false;
}
