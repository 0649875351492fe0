import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type Cursor } from '../../../server/kit/listCursor';

// A cursor is read only where it was answered for: the same direction, sort and order, leading to the page asked
// in the query asked; anything else (edited by hand, or sent elsewhere) is not read and the page goes by its number.

const target = { query: '["Li",{"city":"Beijing"},"all",20]', page: 3 };
const made = encodeCursor('after', 'ranking', 'asc', 7, 42, target);
const read = (
  text: string,
  direction: Cursor['direction'] = 'after',
  sort = 'ranking',
  order = 'asc' as const,
) => decodeCursor(text, direction, sort, order, target);

describe('list cursors', () => {
  it('reads back the position it was made for', () => {
    expect(read(made)).toEqual({ direction: 'after', value: 7, id: 42 });
    const at = new Date('2026-11-30T10:00:00.123Z');
    const before = encodeCursor('before', 'created_at', 'desc', at, 5, target);
    expect(decodeCursor(before, 'before', 'created_at', 'desc', target)).toEqual({
      direction: 'before',
      value: '2026-11-30T10:00:00.123Z',
      id: 5,
    });
  });

  it('is not read in the other direction, sort or order', () => {
    expect(read(made, 'before')).toBeNull();
    expect(read(made, 'after', 'created_at')).toBeNull();
    expect(decodeCursor(made, 'after', 'ranking', 'desc', target)).toBeNull();
  });

  it('is not read for another page or another query', () => {
    expect(decodeCursor(made, 'after', 'ranking', 'asc', { ...target, page: 4 })).toBeNull();
    expect(
      decodeCursor(made, 'after', 'ranking', 'asc', { ...target, query: '["Li",{},"all",20]' }),
    ).toBeNull();
  });

  it('is not read when edited by hand', () => {
    const [body, signature] = made.split('.') as [string, string];
    const edited = Buffer.from(Buffer.from(body, 'base64url').toString().replace('42', '43')).toString(
      'base64url',
    );
    for (const text of [
      `${edited}.${signature}`,
      `${body}.${signature.slice(1)}`,
      `${body}.${signature}.x`,
      body,
      '',
    ]) {
      expect(read(text), text).toBeNull();
    }
  });
});
