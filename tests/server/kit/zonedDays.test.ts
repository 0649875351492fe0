import { describe, expect, it } from 'vitest';
import { isTimeZone, nextDay, startOfDay } from '../../../server/kit/zonedDays';

// A date range's days are the reader's: the moment each begins in their time zone.

const at = (day: string, zone: string) => startOfDay(day, zone).toISOString();

describe('days in a time zone', () => {
  it('begins a day at its midnight there', () => {
    expect(at('2026-11-30', 'UTC')).toBe('2026-11-30T00:00:00.000Z');
    expect(at('2026-11-30', 'Asia/Shanghai')).toBe('2026-11-29T16:00:00.000Z');
    expect(at('2026-11-30', 'America/New_York')).toBe('2026-11-30T05:00:00.000Z');
    expect(at('2026-07-01', 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    expect(at('2026-11-30', 'Asia/Kolkata')).toBe('2026-11-29T18:30:00.000Z');
  });

  it('takes the changes of the clock: a day the clock goes forward or back in, and one whose midnight is skipped', () => {
    // New York: forward at 2 a.m. on 8 March 2026, back at 2 a.m. on 1 November.
    expect(at('2026-03-08', 'America/New_York')).toBe('2026-03-08T05:00:00.000Z');
    expect(at('2026-03-09', 'America/New_York')).toBe('2026-03-09T04:00:00.000Z');
    expect(at('2026-11-01', 'America/New_York')).toBe('2026-11-01T04:00:00.000Z');
    expect(at('2026-11-02', 'America/New_York')).toBe('2026-11-02T05:00:00.000Z');
    // Santiago goes forward at midnight on 6 September 2026: the day begins at 01:00 (UTC-3).
    expect(at('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    // and back at midnight on 5 April 2026 (to 23:00 of the day before): its midnight comes once, at UTC-4.
    expect(at('2026-04-05', 'America/Santiago')).toBe('2026-04-05T04:00:00.000Z');
  });

  it('reads the first and the last years a date may have', () => {
    expect(at('0001-01-01', 'UTC')).toBe('0001-01-01T00:00:00.000Z');
    // New York's clock then was 4 h 56 min 2 s behind (its local mean time); the day before was in 1 BC.
    expect(at('0001-01-01', 'America/New_York')).toBe('0001-01-01T04:56:02.000Z');
    expect(at('0099-12-31', 'UTC')).toBe('0099-12-31T00:00:00.000Z');
    expect(at('9999-12-31', 'Asia/Shanghai')).toBe('9999-12-30T16:00:00.000Z');
    expect(startOfDay(nextDay('9999-12-31'), 'UTC').toISOString()).toBe('+010000-01-01T00:00:00.000Z');
  });

  it('knows the zones there are, and no others', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(`Asia/${'x'.repeat(70)}`)).toBe(false);
  });

  it('steps to the next day across months and years', () => {
    expect(nextDay('2026-11-30')).toBe('2026-12-01');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });
});
