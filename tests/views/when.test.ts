import { describe, expect, it } from 'vitest';
import { atMinute, onDay } from '@/views/common/when';

// 08:05:43 on 6 December 2026 where the test runs: the moment is shown in the browser's zone.
const MORNING = new Date(2026, 11, 6, 8, 5, 43).toISOString();

describe('the one way a moment is shown', () => {
  it('gives the day with the year in full and the time to the minute in two-digit hours, no seconds', () => {
    expect(atMinute(MORNING, 'en-US')).toMatch(/^12\/6\/2026, 08:05\s+AM$/);
    expect(atMinute(MORNING, 'zh-CN')).toBe('2026/12/6 08:05');
  });

  it('gives a day alone with the year in full', () => {
    expect(onDay(MORNING, 'en-US')).toBe('12/6/2026');
    expect(onDay(MORNING, 'zh-CN')).toBe('2026/12/6');
  });
});
