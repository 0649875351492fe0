import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TooManyRequests } from '../errors';

/**
 * Login throttling. Attempts are stored in the database (not in memory), so several API processes share the
 * count and a restart does not reset it. Within `windowMs`, at most `maxPerEmail` attempts for one email and
 * `maxPerIp` for one address may be checked; beyond that, logins are refused until the oldest counted attempt
 * leaves the window.
 *
 * An attempt is charged *before* its password is checked, in one transaction that holds a lock on the email and
 * on the address: counting and recording cannot interleave, so parallel guesses are counted one by one and
 * only the allowed number ever reach the password check. A failed attempt stays counted; a success clears the
 * email's attempts. An attempt interrupted in between (a crash) stays counted, which is the safe side.
 */
export interface ThrottleOptions {
  maxPerEmail: number;
  maxPerIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleOptions = { maxPerEmail: 5, maxPerIp: 20, windowMs: 15 * 60 * 1000 };

/** Advisory lock classes (the first of two 32-bit keys; the second is the hash of the email or address). */
const EMAIL_LOCK = 4_212_701;
const IP_LOCK = 4_212_702;

/** Counts this attempt, or refuses it with 429 when the email or the address has used up its attempts. */
export async function chargeLoginAttempt(
  db: Kysely<Database>,
  email: string,
  ip: string,
  options: ThrottleOptions,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Always email first, then address: two logins never wait for each other in opposite orders.
    await sql`select pg_advisory_xact_lock(${EMAIL_LOCK}, hashtext(${email}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${IP_LOCK}, hashtext(${ip}))`.execute(trx);
    await assertNotThrottled(trx, email, ip, options);
    await trx.insertInto('login_failures').values({ email, ip }).execute();
  });
}

async function assertNotThrottled(
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
      // Allowed again once the max-th most recent attempt leaves the window.
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

/** After a failed attempt (which stays counted): forget attempts too old to count for any sensible window. */
export async function forgetOldAttempts(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** After a success: the email starts afresh. */
export async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
