import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { byText } from '../db/prepared';

/**
 * Keyset paging for the list query: a page answers where it begins and ends (`cursors.before`, `cursors.after`);
 * the next page is asked for `after` the last row, the previous one `before` the first, and the database reads
 * from there on the sort index instead of stepping over every row of the pages before (OFFSET).
 *
 * A cursor is only an accelerator, never the authority: the page number still says which page is shown. A cursor
 * is signed with a key of this server process, so a hand-edited one, one for another list, direction, sort or order,
 * or one from before a restart is not read (its value could be of the wrong type for the column): the page is then
 * found by its number, as without a cursor. Its signature also covers the page it leads to in the query it was
 * answered for (search, filters, tab, page size): sent with another page number or another query (an address edited
 * by hand), it is not read either, or it would show the rows after its own page under the other page's number.
 */

export interface Cursor {
  /** `after`: the rows following this one in the list's order; `before`: the rows preceding it. */
  direction: 'after' | 'before';
  /** The sort column's value in that row. */
  value: string | number;
  id: number;
}

const KEY = randomBytes(32);
const SIGNATURE_BYTES = 12;

/**
 * Which page of which query a cursor leads to: `query` is the list's query but its page, sort and order (search,
 * filters, tab, page size), in one canonical text. It is not written into the cursor: the signature covers it, so
 * that a cursor sent for another page or query fails its check as a hand-edited one does.
 */
export interface CursorTarget {
  query: string;
  page: number;
}

/**
 * Signatures by the text they sign, each worked out once: a list asked again answers the same two cursors, and an
 * HMAC made anew for each was a tenth of a cheap list request's server CPU in a profile (docs/lists.md, stop 59).
 */
const signatures = byText((text) =>
  createHmac('sha256', KEY).update(text).digest().subarray(0, SIGNATURE_BYTES),
);

/** The signature of `payload` leading to `target`: over both in one JSON text, so that no two pairs sign the same. */
const sign = (payload: string, { query, page }: CursorTarget) =>
  signatures.get(JSON.stringify([payload, page, query]));

/**
 * The cursor text for a row of a list read by `sort` in `order` (value: the row's sort column), to `target`, read
 * in `direction` from it. The direction is signed too: page 1's `after` and page 3's `before` both lead to page 2,
 * and either sent as the other would read from the wrong side of its row.
 */
export function encodeCursor(
  direction: Cursor['direction'],
  sort: string,
  order: 'asc' | 'desc',
  value: unknown,
  id: unknown,
  target: CursorTarget,
): string {
  const key = value instanceof Date ? value.toISOString() : value;
  const payload = JSON.stringify([direction, sort, order, key, id]);
  return `${Buffer.from(payload).toString('base64url')}.${sign(payload, target).toString('base64url')}`;
}

/**
 * The position a cursor text names, or null when it is not one this server answered for this direction, sort and
 * order, leading to `target` (the page asked for, in the query asked).
 */
export function decodeCursor(
  text: string,
  direction: Cursor['direction'],
  sort: string,
  order: 'asc' | 'desc',
  target: CursorTarget,
): Cursor | null {
  const [body, signature, ...rest] = text.split('.');
  if (!body || !signature || rest.length) return null;
  const payload = Buffer.from(body, 'base64url').toString();
  const expected = sign(payload, target);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [d, s, o, value, id] = JSON.parse(payload) as [string, string, string, string | number, number];
  if (d !== direction || s !== sort || o !== order) return null;
  return { direction, value, id };
}
