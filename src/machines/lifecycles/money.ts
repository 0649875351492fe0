/**
 * Money, one way everywhere: amounts are integer fen (1 yuan = 100 fen) in machines, events and projections, so no
 * float ever touches one. People and the API speak yuan with at most two decimals; these convert exactly, by string
 * manipulation.
 */

/** The yuan text a person may type: 1 to 9 whole digits, at most two decimals, no sign. */
const YUAN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;
/** Yuan text of the same shape with 10 or more whole digits (leading zeros aside). */
const TOO_LARGE_YUAN = /^0*[1-9]\d{9,}(?:\.\d{1,2})?$/;

/** The largest amount `readYuan` reads exactly: 999,999,999.99 yuan (its commission stays exact, commissionRules.ts). */
export const MAX_READABLE_FEN = 99_999_999_999;

/**
 * A typed number as ASCII: the full-width digits, point, plus and minus a Chinese input method types (１２０,
 * ＋８６ １３８…, ４００－８００) as their half-width forms, its wide space as a space; anything else as it is.
 */
export function halfWidthDigits(text: string): string {
  return text
    .replace(/[０-９．－＋]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replaceAll('\u3000', ' ');
}

/**
 * A typed whole number (a ranking, a duration, a bitrate) as the number it stands for, read through
 * `halfWidthDigits` and trimmed; NaN when it is not digits alone (a sign only where `signed`), so its rule refuses it.
 */
export function readWholeNumber(text: unknown, { signed = false } = {}): number {
  const digits = halfWidthDigits(String(text ?? '')).trim();
  return (signed ? /^-?\d+$/ : /^\d+$/).test(digits) ? Number(digits) : Number.NaN;
}

/**
 * A typed amount as ASCII: as `halfWidthDigits`, the full stop typed for the point (１２。５) as a point; and written
 * as the console shows money (¥1,223.00, pasted from a balance line), without its yuan sign and its thousands
 * separators, where they group thousands (a sign before it stays: -¥5 is -5; "1,22" is left as it is, not an amount).
 */
export function halfWidthAmount(text: string): string {
  const ascii = halfWidthDigits(text).replaceAll('。', '.').replaceAll('，', ',');
  const unsigned = ascii.replace(/^(\s*[-+]?)\s*[¥￥]\s*/, '$1');
  return /^\s*[-+]?\d{1,3}(?:,\d{3})+(?:\.\d*)?\s*$/.test(unsigned) ? unsigned.replaceAll(',', '') : unsigned;
}

/**
 * A typed amount (surrounding spaces ignored, full-width digits read as digits): its fen; 'tooLarge' when it has the shape of yuan but more whole
 * digits than 9, so more than any amount the product takes; 'format' when it is not yuan text.
 */
export function readYuan(text: string): number | 'format' | 'tooLarge' {
  const trimmed = halfWidthAmount(text).trim();
  const match = YUAN.exec(trimmed);
  if (match) return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return TOO_LARGE_YUAN.test(trimmed) ? 'tooLarge' : 'format';
}

/**
 * The fen a lifecycle is asked to judge for a typed amount: its own; for a too-large one the least it stands for,
 * which is more than any amount the product takes, so the lifecycle says of it what it says of too much; null when
 * it is not an amount.
 */
export function fenToJudge(text: string): number | null {
  const fen = readYuan(text);
  if (fen === 'format') return null;
  return fen === 'tooLarge' ? MAX_READABLE_FEN + 1 : fen;
}

/** "123.45" (yuan, at most two decimals, ≥ 0, surrounding spaces ignored) → 12345 fen; null otherwise. */
export function parseYuan(text: string): number | null {
  const fen = readYuan(text);
  return typeof fen === 'number' ? fen : null;
}

/** 12345 fen → "123.45": money as it is typed, sent and exported (a fraction of a fen is dropped). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 110400 fen → "1,104.00": money as a person reads it in a sentence or a table, thousands grouped (both languages). */
export function formatYuan(fen: number): string {
  return groupThousands(formatFen(fen));
}

/** "99999.00" → "99,999.00": an amount as the API writes it, with its thousands grouped as `formatYuan` groups them. */
export function groupThousands(amount: string): string {
  return amount.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
