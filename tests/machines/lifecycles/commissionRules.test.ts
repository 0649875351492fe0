import { describe, expect, it } from 'vitest';
import {
  MAX_RATE_BP,
  cityKey,
  commissionFor,
  commissionOf,
  formatPercent,
  isValidRateBp,
  parsePercent,
  rateFor,
  type CommissionSettings,
} from '../../../src/machines/lifecycles/commissionRules';
import {
  fenToJudge,
  formatFen,
  formatYuan,
  MAX_READABLE_FEN,
  parseYuan,
  readYuan,
} from '../../../src/machines/lifecycles/money';

/**
 * The commission rules at their edges: what a rate, a percentage and an amount may be, and which override an order
 * takes. The server stores and the console shows what these return (commissionMachine.test.ts has the rest).
 */

describe('a rate is whole basis points from 0 to 100 %', () => {
  it('takes both ends and refuses anything past them, fractions and non-numbers', () => {
    for (const ok of [0, 1, 1250, MAX_RATE_BP]) expect(isValidRateBp(ok), String(ok)).toBe(true);
    for (const bad of [-1, MAX_RATE_BP + 1, 12.5, NaN, Infinity, '1250', null, undefined])
      expect(isValidRateBp(bad), String(bad)).toBe(false);
  });
});

describe('a percentage typed or sent', () => {
  it('is read with zero, one or two decimals', () => {
    expect(parsePercent('12')).toBe(1200);
    expect(parsePercent('7.5')).toBe(750);
    expect(parsePercent('7.05')).toBe(705);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('0.01')).toBe(1);
    expect(parsePercent('100')).toBe(10000);
    expect(parsePercent('100.00')).toBe(10000);
    expect(parsePercent('\t12.50\n')).toBe(1250);
  });

  it('as a number, is read as it prints; not a finite number is no percentage', () => {
    expect(parsePercent(12.5)).toBe(1250);
    expect(parsePercent(0)).toBe(0);
    for (const bad of [NaN, Infinity, -Infinity, -1, 100.01, 1e-7])
      expect(parsePercent(bad), String(bad)).toBeNull();
  });

  it('refuses anything around the number, more than three digits before the point or two after it', () => {
    for (const bad of ['x12', '12x', '12 %', '1234', '0100', '12.', '.5', '1.2.3', '12.345', '+5', '1,5'])
      expect(parsePercent(bad), bad).toBeNull();
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('999')).toBeNull();
  });

  it('is neither a boolean, an object nor a list', () => {
    for (const bad of [true, {}, ['12'], undefined])
      expect(parsePercent(bad), JSON.stringify(bad)).toBeNull();
  });

  it('is shown with two decimals, from 0 to 100', () => {
    expect(formatPercent(0)).toBe('0.00');
    expect(formatPercent(1205)).toBe('12.05');
    expect(formatPercent(1299)).toBe('12.99');
    expect(formatPercent(MAX_RATE_BP)).toBe('100.00');
  });
});

describe('an amount of money', () => {
  it('is shown in yuan with two decimals, a negative one with its sign', () => {
    expect(formatFen(0)).toBe('0.00');
    expect(formatFen(199)).toBe('1.99');
    expect(formatFen(100)).toBe('1.00');
    expect(formatFen(-12345)).toBe('-123.45');
    expect(formatFen(-7)).toBe('-0.07');
  });

  it('is read by a person with its thousands grouped, the decimals and sign as typed', () => {
    expect(formatYuan(110_400)).toBe('1,104.00');
    expect(formatYuan(100_000_000)).toBe('1,000,000.00');
    expect(formatYuan(99_999)).toBe('999.99');
    expect(formatYuan(-123_456_789)).toBe('-1,234,567.89');
    expect(formatYuan(5)).toBe('0.05');
  });

  it('is read from yuan with at most two decimals, spaces around it ignored', () => {
    expect(parseYuan('12')).toBe(1200);
    expect(parseYuan(' 12.3 ')).toBe(1230);
    expect(parseYuan('0.05')).toBe(5);
    expect(parseYuan('123456789.99')).toBe(12345678999);
    // As a Chinese input method types them: full-width digits and point.
    expect(parseYuan('１２．３')).toBe(1230);
    for (const bad of ['', ' ', '-1', '1234567890', '1.', '.5', 'a1', '1a', '1 000', '1,5'])
      expect(parseYuan(bad), bad).toBeNull();
  });

  it('tells an amount too large to read from one that is not an amount', () => {
    expect(readYuan(' 999999999.99 ')).toBe(MAX_READABLE_FEN);
    for (const tooLarge of ['1234567890', ' 99999999999.5 ', '0001000000000.00'])
      expect(readYuan(tooLarge), tooLarge).toBe('tooLarge');
    for (const bad of ['', '-1234567890', '1234567890.123', '0000000000001.5', '1e10', '12345678901a'])
      expect(readYuan(bad), bad).toBe('format');
    // A lifecycle judges a too-large amount as the least it stands for: more than any amount it takes.
    expect(fenToJudge('1234567890')).toBe(MAX_READABLE_FEN + 1);
    expect(fenToJudge('12.30')).toBe(1230);
    expect(fenToJudge('1.234')).toBeNull();
  });
});

describe('which rate an order takes', () => {
  const settings: CommissionSettings = {
    defaultRateBp: 1000,
    overrides: [
      { scope: 'city', target: 'New  York', rateBp: 1200 },
      { scope: 'project', target: '7', rateBp: 500 },
    ],
  };

  it('names a city by its words, whatever the case and spacing', () => {
    expect(cityKey('  New \t York\n')).toBe(cityKey('new york'));
    expect(cityKey('New York')).not.toBe(cityKey('Newyork'));
    expect(rateFor({ city: 'NEW YORK' }, settings)).toEqual({ rateBp: 1200, source: 'city' });
    expect(rateFor({ city: ' new   york ' }, settings)).toEqual({ rateBp: 1200, source: 'city' });
    expect(rateFor({ city: 'Newark' }, settings)).toEqual({ rateBp: 1000, source: 'default' });
  });

  it('takes a project override by the project id, as a number or as text', () => {
    expect(rateFor({ projectId: 7 }, settings)).toEqual({ rateBp: 500, source: 'project' });
    expect(rateFor({ projectId: '7', city: 'New York' }, settings)).toEqual({
      rateBp: 500,
      source: 'project',
    });
    expect(rateFor({ projectId: 8, city: 'New York' }, settings)).toEqual({ rateBp: 1200, source: 'city' });
    for (const none of [null, undefined, ''])
      expect(rateFor({ projectId: none, city: null }, settings), String(none)).toEqual({
        rateBp: 1000,
        source: 'default',
      });
  });

  it('an override is for its own scope only: a city named like a project id is not that project', () => {
    const lookalikes: CommissionSettings = {
      defaultRateBp: 1000,
      overrides: [
        { scope: 'city', target: '7', rateBp: 700 },
        { scope: 'project', target: '9', rateBp: 900 },
      ],
    };
    expect(rateFor({ projectId: 7 }, lookalikes)).toEqual({ rateBp: 1000, source: 'default' });
    expect(rateFor({ city: '9' }, lookalikes)).toEqual({ rateBp: 1000, source: 'default' });
    expect(rateFor({ projectId: 9, city: '7' }, lookalikes)).toEqual({ rateBp: 900, source: 'project' });
    expect(rateFor({ projectId: 8, city: '7' }, lookalikes)).toEqual({ rateBp: 700, source: 'city' });
  });
});

describe('the commission of an amount', () => {
  const plain: CommissionSettings = { defaultRateBp: 1000, overrides: [] };

  it('is computed for any whole, non-negative amount of fen, and refuses any other', () => {
    expect(commissionFor(0, {}, plain)).toEqual({
      rateBp: 1000,
      source: 'default',
      commissionFen: 0,
      supplierIncomeFen: 0,
    });
    expect(commissionFor(Number.MAX_SAFE_INTEGER - 1, {}, { defaultRateBp: 0, overrides: [] })).toMatchObject(
      {
        commissionFen: 0,
      },
    );
    for (const bad of [-1, 0.5, NaN, Infinity, 2 ** 53])
      expect(() => commissionFor(bad, {}, plain), String(bad)).toThrow(RangeError);
  });

  it('rounds half a fen up and less than half down, at the exact half', () => {
    expect(commissionOf(5, 1000)).toBe(1); // 0.5 fen
    expect(commissionOf(4, 1000)).toBe(0); // 0.4 fen
    expect(commissionOf(14, 1000)).toBe(1); // 1.4 fen
    expect(commissionOf(15, 1000)).toBe(2); // 1.5 fen
    expect(commissionOf(12345, MAX_RATE_BP)).toBe(12345);
    expect(commissionOf(12345, 0)).toBe(0);
  });
});
