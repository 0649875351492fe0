/**
 * Days as a reader means them: a date range's days are the reader's (the console sends its time zone, `tz`), so
 * that "placed on 30 November" lists what the reader's screen shows as placed that day. Without a zone, UTC.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of `zone`, or null when no such zone is known (an IANA name: "Asia/Shanghai", "UTC"). */
function formatOf(zone: string): Intl.DateTimeFormat | null {
  let format = formats.get(zone);
  if (format) return format;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    return null;
  }
  formats.set(zone, format);
  return format;
}

export function isTimeZone(zone: string): boolean {
  return zone.length <= 64 && formatOf(zone) !== null;
}

/** The wall clock of `format`'s zone at `t`: its date (YYYY-MM-DD) and how far ahead of UTC it is (ms). */
function wallAt(format: Intl.DateTimeFormat, t: number): { date: string; offset: number } {
  const parts = format.formatToParts(t);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  // The year as a number (1 BC is year 0), set on its own: Date.UTC would read a year under 100 as 19xx.
  const bc = parts.find((p) => p.type === 'era')?.value === 'BC';
  const year = bc ? 1 - part('year') : part('year');
  const day = new Date(0).setUTCFullYear(year, part('month') - 1, part('day'));
  const wall = day + ((part('hour') * 60 + part('minute')) * 60 + part('second')) * 1000;
  return { date: new Date(wall).toISOString().slice(0, 10), offset: wall - Math.floor(t / 1000) * 1000 };
}

/**
 * The moment `day` (YYYY-MM-DD, a real date) begins in `zone` (a known zone): its midnight, or where a change of
 * the clock skips midnight, the first moment of that day.
 */
export function startOfDay(day: string, zone: string): Date {
  const format = formatOf(zone)!;
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  // Midnight less the offset at a first guess, then at the moment that gives: the two differ only across a change
  // of the clock, where the earlier one still on `day` is its start.
  const first = midnightUtc - wallAt(format, midnightUtc).offset;
  const second = midnightUtc - wallAt(format, first).offset;
  const onDay = [first, second].filter((t) => wallAt(format, t).date === day);
  return new Date(onDay.length > 0 ? Math.min(...onDay) : first);
}

/** The day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
}
