import { MOMENT_YEARS, isWithinMomentYears } from '@/contract/moments';

/**
 * Times in forms: a datetime-local input holds `YYYY-MM-DDTHH:mm` in the browser's time zone; the API speaks ISO
 * times. Every form with a time (a notice's publish time, an activity's window) converts with these two.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a datetime-local value in the browser's time zone ('' when it is not a time). */
export function localDateTimeOf(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) as an ISO time; null when it is not one. */
export function isoOfLocal(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * What is wrong with a datetime-local value, as a text key: it is no time (`invalidKey`, the form's own words), or
 * a time out of the years any plan falls in (as the server says: src/contract/moments.ts); null when nothing is.
 */
export function timeProblem(local: string, invalidKey: string): string | null {
  const iso = isoOfLocal(local);
  if (iso === null) return invalidKey;
  return isWithinMomentYears(iso) ? null : 'detail.time.years';
}

/**
 * The bounds a datetime-local input offers: the years any plan falls in, a day in from each end, so that whatever the
 * browser's time zone (±14 h) the time it sends (in UTC) falls in them too.
 */
export const LOCAL_TIME_BOUNDS = {
  min: `${MOMENT_YEARS.from}-01-02T00:00`,
  max: `${MOMENT_YEARS.to}-12-30T23:59`,
} as const;

/** Today as `YYYY-MM-DD` in the browser's time zone (for date rules such as "birthday in the past"). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
