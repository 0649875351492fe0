/**
 * The years a time staff set may fall in: a notice's publish time, an activity's window, an order's appointment, a
 * day's start the workplace asks about. A year out of them is a slip of the keyboard (0001, 9999), never a plan.
 * The server refuses it (server/kit/schemas.ts, `Moment`); a form says so beside the field before it sends.
 */
export const MOMENT_YEARS = { from: 2000, to: 2099 } as const;

/** The start of an ISO time within MOMENT_YEARS (the format itself is checked as a date-time). */
export const MOMENT_PATTERN = '^20[0-9]{2}-';

/** Whether an ISO time (`2026-12-06T01:00:00.000Z`) falls in MOMENT_YEARS. */
export function isWithinMomentYears(iso: string): boolean {
  return new RegExp(MOMENT_PATTERN).test(iso);
}
