import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TooManyRequests } from '../errors';

/**
 * Login throttling. Failures are stored in the database (not in memory), so several API processes share the
 * count and a restart does not reset it. Within `windowMs`, at most `maxPerEmail` failures for one email and
 * `maxPerIp` for one address; beyond that, logins are refused until the oldest counted failure leaves the window.
 */
export interface ThrottleOptions {
  maxPerEmail: number;
  maxPerIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxPerEmail: 5, maxPerIp: 20, windowMs: 15 * 60 * 1000 };

export async function assertNotThrottled(
  db: Kysely<Database>,
  email: string,
  ip: string,
  options: ThrottleOptions,
): Promise<void> {
  const since = new Date(Date.now() - options.windowMs);
  const checks = [
    { column: 'email' as const, value: email, max: options.maxPerEmail, what: 'for this account' },
    { column: 'ip' as const, value: ip, max: options.maxPerIp, what: 'from your address' },
  ];
  let retryAt = 0;
  let what = '';
  for (const check of checks) {
    const recent = await db
      .selectFrom('login_failures')
      .select('created_at')
      .where(check.column, '=', check.value)
      .where('created_at', '>', since)
      .orderBy('created_at', 'desc')
      .limit(check.max)
      .execute();
    if (recent.length >= check.max) {
      // Allowed again once the max-th most recent failure leaves the window.
      const at = new Date(recent[check.max - 1]!.created_at).getTime() + options.windowMs;
      if (at > retryAt) {
        retryAt = at;
        what = check.what;
      }
    }
  }
  if (retryAt > 0) {
    const seconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
    throw new TooManyRequests(
      `Too many failed sign-in attempts ${what}. Try again in ${waitText(seconds)}.`,
      seconds,
    );
  }
}

/** "45 seconds", "1 minute", "12 minutes": the wait in words (the exact seconds go in data.retry_after_seconds). */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export async function recordFailure(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip }).execute();
  // Keep the table small: anything older than a day no longer counts for any sensible window.
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

export async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
