import { describe, expect, it } from 'vitest';
import { yuan } from '@/views/common/money';

describe('yuan', () => {
  it('shows fen as yuan with two decimals, thousands grouped, a minus sign before the symbol', () => {
    expect(yuan(0)).toBe('¥0.00');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(99_999)).toBe('¥999.99');
    expect(yuan(110_400)).toBe('¥1,104.00');
    expect(yuan(100_000_000)).toBe('¥1,000,000.00');
    expect(yuan(-2_000)).toBe('-¥20.00');
    expect(yuan(-123_456_789)).toBe('-¥1,234,567.89');
  });
});
