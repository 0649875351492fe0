import { describe, expect, it } from 'vitest';
import { daysIn, dimensionsAllowed, pairsWith, periodOf, periodsIn } from '@/contract/analysis';

describe('periods', () => {
  it('begin on the day, on Monday, on the first of the month', () => {
    expect(periodOf('2026-11-26', 'day')).toBe('2026-11-26');
    expect(periodOf('2026-11-26', 'week')).toBe('2026-11-23'); // a Thursday
    expect(periodOf('2026-11-23', 'week')).toBe('2026-11-23'); // a Monday
    expect(periodOf('2026-11-29', 'week')).toBe('2026-11-23'); // a Sunday ends its week
    expect(periodOf('2027-01-02', 'week')).toBe('2026-12-28'); // across a year
    expect(periodOf('2026-11-26', 'month')).toBe('2026-11-01');
  });

  it('of a range are every one it touches, in order, once', () => {
    expect(periodsIn('2026-11-27', '2026-12-02', 'day')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(periodsIn('2026-11-29', '2026-12-07', 'week')).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(periodsIn('2026-12-31', '2027-02-01', 'month')).toEqual([
      '2026-12-01',
      '2027-01-01',
      '2027-02-01',
    ]);
    expect(periodsIn('2026-03-29', '2026-03-29', 'day')).toEqual(['2026-03-29']);
    expect(periodsIn('2026-03-30', '2026-03-29', 'day')).toEqual([]);
  });

  it('count the days of a range, both ends included, across a daylight-saving change and a leap day', () => {
    expect(daysIn('2026-11-26', '2026-11-26')).toBe(1);
    expect(daysIn('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysIn('2024-01-01', '2025-12-31')).toBe(731);
    expect(daysIn('2026-11-27', '2026-11-26')).toBe(0);
  });
});

describe('dimensions', () => {
  it('are one or two, each once, at most one of them a period', () => {
    expect(dimensionsAllowed(['day'])).toBe(true);
    expect(dimensionsAllowed(['city', 'project'])).toBe(true);
    expect(dimensionsAllowed(['month', 'city'])).toBe(true);
    expect(dimensionsAllowed([])).toBe(false);
    expect(dimensionsAllowed(['city', 'city'])).toBe(false);
    expect(dimensionsAllowed(['day', 'week'])).toBe(false);
    expect(dimensionsAllowed(['city', 'project', 'day'])).toBe(false);
    expect(dimensionsAllowed(['year'])).toBe(false);
    expect(dimensionsAllowed(['city', 'year'])).toBe(false);
  });

  it('pair with the others, never a second period', () => {
    expect(pairsWith('city')).toEqual(['day', 'week', 'month', 'project']);
    expect(pairsWith('week')).toEqual(['city', 'project']);
  });
});
