/**
 * Money, one way everywhere: amounts are integer fen (1 yuan = 100 fen) in machines, events and projections, so no
 * float ever touches one. People and the API speak yuan with at most two decimals; these convert exactly, by string
 * manipulation.
 */

/** The yuan text a person may type: 1 to 9 whole digits, at most two decimals, no sign. */
const YUAN = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** "123.45" (yuan, at most two decimals, ≥ 0, surrounding spaces ignored) → 12345 fen; null otherwise. */
export function parseYuan(text: string): number | null {
  const match = YUAN.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Yuan text of the right shape but more whole digits than `parseYuan` takes: too large an amount, not a malformed one. */
export function isTooLargeYuan(text: string): boolean {
  return /^0*[1-9]\d{9,}(?:\.\d{1,2})?$/.test(text.trim());
}

/** 12345 fen → "123.45": money as it is typed, sent and exported (a fraction of a fen is dropped). */
export function formatFen(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 110400 fen → "1,104.00": money as a person reads it in a sentence or a table, thousands grouped (both languages). */
export function formatYuan(fen: number): string {
  return formatFen(fen).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
