import { describe, expect, it } from 'vitest';
import { atMinute, onDay } from '@/views/common/when';

// Noon UTC: the same day in every time zone a test machine runs in.
const NOON = '2026-12-06T12:00:43Z';

describe('the one way a moment is shown', () => {
  it('gives the day with the year in full and the time to the minute, no seconds', () => {
    expect(atMinute(NOON, 'en-US')).toMatch(/^12\/6\/2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(atMinute(NOON, 'zh-CN')).toMatch(/^2026\/12\/6 \d{2}:\d{2}$/);
  });

  it('gives a day alone with the year in full', () => {
    expect(onDay(NOON, 'en-US')).toBe('12/6/2026');
    expect(onDay(NOON, 'zh-CN')).toBe('2026/12/6');
  });
});
