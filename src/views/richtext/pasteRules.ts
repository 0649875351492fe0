import type { DeltaOperation } from 'quill';
import { isToolbarColour, isVideoUrl } from '@/contract/richText';

/**
 * What is pasted into the editor becomes what the server will store, at once: the editor never shows what a save
 * would silently drop (src/contract/sanitizeHtml.ts keeps only what the toolbar writes). It runs on every document
 * the editor reads as HTML (react-quill converts a stored one the same way), where it changes nothing: a stored
 * document holds only what it keeps.
 * - a frame that is not a known video player (`<iframe src="https://elsewhere">`) is left out;
 * - a text or highlight colour is kept as the toolbar writes colours (`yellow` → `#ffff00`, by `toColour`), or left
 *   out when it cannot be (a colour with transparency, `inherit`).
 * Sizes and fonts need nothing here: their formats take only the toolbar's values (quillFormats.ts).
 */
export function keptOnPaste(
  ops: readonly DeltaOperation[],
  toColour: (value: string) => string | null,
): DeltaOperation[] {
  return ops.flatMap((op) => {
    const video = (op.insert as { video?: unknown } | undefined)?.video;
    if (video !== undefined && !isVideoUrl(String(video))) return [];
    if (!op.attributes) return [op];
    const attributes = { ...op.attributes };
    for (const name of ['color', 'background'] as const) {
      const value = attributes[name];
      if (value === undefined) continue;
      const colour = typeof value === 'string' ? toColour(value) : null;
      if (colour === null) delete attributes[name];
      else attributes[name] = colour;
    }
    const { attributes: _, ...rest } = op;
    return [Object.keys(attributes).length ? { ...rest, attributes } : rest];
  });
}

let context: CanvasRenderingContext2D | null | undefined;

/**
 * Colours that are no fixed colour: the text's own (`currentcolor`, Word's "Automatic" as `windowtext`), the page's,
 * or none. A canvas reads them all as black, which would fix pasted text black (unreadable in the dark theme).
 */
const NO_FIXED_COLOUR =
  /^(?:currentcolor|inherit|initial|unset|revert(?:-layer)?|transparent|accentcolor|accentcolortext|activetext|buttonborder|buttonface|buttontext|canvas|canvastext|field|fieldtext|graytext|highlight|highlighttext|linktext|mark|marktext|selecteditem|selecteditemtext|visitedtext|activeborder|activecaption|appworkspace|background|buttonhighlight|buttonshadow|captiontext|inactiveborder|inactivecaption|inactivecaptiontext|infobackground|infotext|menu|menutext|scrollbar|threeddarkshadow|threedface|threedhighlight|threedlightshadow|threedshadow|window|windowframe|windowtext)$/i;

/**
 * A CSS colour as the toolbar writes one (`#rrggbb`), read by the browser's own colour parser (a canvas's fill
 * style), or null when it is no such colour (transparent, `inherit`, the text's own, a system colour, nonsense).
 */
export function browserColour(value: string): string | null {
  if (isToolbarColour(value)) return value;
  if (NO_FIXED_COLOUR.test(value.trim())) return null;
  context ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return null;
  context.fillStyle = '#000001'; // a value no one pastes: it stays when `value` is not a colour
  context.fillStyle = value;
  const read = String(context.fillStyle);
  return read !== '#000001' && isToolbarColour(read) ? read : null;
}
