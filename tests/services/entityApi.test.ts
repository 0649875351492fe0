import { describe, expect, it } from 'vitest';
import { TIME_ZONE_PARAM } from '@/contract/list';
import { listParams, readerTimeZone } from '@/services/entityApi';

describe('a list query as sent', () => {
  it("carries the reader's zone only with a range set, and no unset value", () => {
    expect(listParams({ q: 'clean', state: '', page: '2' })).toEqual({ q: 'clean', page: '2' });
    for (const end of ['placed_from', 'placed_to', 'price_from']) {
      expect(listParams({ q: 'clean', state: '', [end]: '2026-03-01' })).toEqual({
        q: 'clean',
        [end]: '2026-03-01',
        [TIME_ZONE_PARAM]: readerTimeZone(),
      });
    }
    // An end left empty is no range.
    expect(listParams({ placed_from: '', placed_to: '' })).toEqual({});
  });
});
