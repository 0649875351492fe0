import { describe, expect, it } from 'vitest';
import { fillWidths } from '@/views/kit/columnWidths';

describe('fillWidths', () => {
  it('widens narrower columns in proportion to fill the room, to the pixel', () => {
    expect(fillWidths([100, 200, 100], 800)).toEqual([200, 400, 200]);
    const odd = fillWidths([64, 140, 120], 1000);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(odd).toEqual([197, 432, 371]);
  });

  it('keeps the declared widths when they fill the room or more (the table scrolls)', () => {
    expect(fillWidths([100, 200], 300)).toEqual([100, 200]);
    expect(fillWidths([100, 200], 250)).toEqual([100, 200]);
    expect(fillWidths([100, 200], 0)).toEqual([100, 200]);
  });

  it('keeps the fixed leading columns as they are', () => {
    expect(fillWidths([36, 100, 100], 436, 1)).toEqual([36, 200, 200]);
    expect(fillWidths([36], 400, 1)).toEqual([36]);
  });
});
