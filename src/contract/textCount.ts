/**
 * The status bar's counts for a document's plain text: words as a reader counts them (Chinese split into words
 * by the dictionary, a run of letters or digits: Intl.Segmenter's word-like segments) and characters (user-perceived
 * characters, not UTF-16 units; line breaks not counted).
 */
export interface TextCount {
  words: number;
  characters: number;
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function countText(text: string): TextCount {
  let wordCount = 0;
  for (const segment of words.segment(text)) if (segment.isWordLike) wordCount += 1;
  let characters = 0;
  for (const { segment } of graphemes.segment(text))
    if (segment !== '\n' && segment !== '\r\n') characters += 1;
  return { words: wordCount, characters };
}
