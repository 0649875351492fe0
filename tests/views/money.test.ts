import { describe, expect, it } from 'vitest';
import { yuan } from '@/views/common/money';
import { priceText } from '@/views/project/ProjectListPage';

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

describe("a project's price in its list and cards", () => {
  it('reads an amount as the API writes it with its thousands grouped, a range too', () => {
    const t = (key: string, o?: Record<string, unknown>) => `${key} ${JSON.stringify(o)}`;
    const row = (min_price: string, max_price: string | null) =>
      ({ min_price, max_price }) as Parameters<typeof priceText>[1];
    expect(priceText(t, row('99999.00', null))).toBe('project.price.single {"min":"99,999.00"}');
    expect(priceText(t, row('499.00', '1299.00'))).toBe(
      'project.price.range {"min":"499.00","max":"1,299.00"}',
    );
    expect(priceText(t, row('1000000.00', '1000000.00'))).toBe('project.price.single {"min":"1,000,000.00"}');
  });
});
