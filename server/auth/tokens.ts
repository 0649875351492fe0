import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Role } from '../db/schema';
import { TokenExpired, Unauthenticated } from '../errors';

/** Bearer tokens: random, stored only as a sha256 hash, with an expiry and last-used time; logout revokes. */

export const DEFAULT_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** last_used_at is refreshed at most this often, so reads do not each cost a write. */
const LAST_USED_RESOLUTION_MS = 60 * 1000;

export interface AuthUser {
  id: number;
  email: string;
  /** `system`: the marketplace apps (server/auth/guard.ts), never a row of `users`. */
  role: Role | 'system';
  name: string;
  tokenId: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  db: Kysely<Database>,
  userId: number,
  ttlMs: number = DEFAULT_TOKEN_TTL_MS,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlMs);
  await db
    .insertInto('auth_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

/** `Authorization: Bearer <token>` → the token, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/**
 * Who holds a live token, remembered for SESSION_MEMORY_MS after the database said so: most requests then ask
 * the database nothing about who is asking. What this server changes about a sign-in is forgotten at once
 * (logout, a password change signing out other sessions, a profile edit renaming the user); what another server
 * changes, or a hand edit of the tables, reaches this one within that time. Expiry is checked on every request.
 * Remembered by the token itself (in this process's memory only; the database holds its hash): a request found here
 * hashes nothing.
 */
const SESSION_MEMORY_MS = 5_000;
const MAX_REMEMBERED = 10_000;
interface Remembered {
  user: AuthUser;
  expiresAt: number;
  until: number;
}
const remembered = new Map<string, Remembered>();

/** Forgets the remembered sign-ins of `userId` (all of them when omitted): the next request reads the tables. */
export function forgetSessions(userId?: number): void {
  if (userId === undefined) return remembered.clear();
  for (const [token, entry] of remembered) if (entry.user.id === userId) remembered.delete(token);
}

/**
 * The signed-in user for a bearer token. Missing, unknown or revoked → Unauthenticated (50008);
 * expired → TokenExpired (50014).
 */
export async function authenticate(
  db: Kysely<Database>,
  authorization: string | undefined,
): Promise<AuthUser> {
  const token = bearerToken(authorization);
  if (!token)
    throw new Unauthenticated('You are not signed in: the request has no bearer token. Please log in.');
  const now = Date.now();
  const known = remembered.get(token);
  if (known && known.until > now) {
    if (known.expiresAt <= now) throw new TokenExpired();
    return known.user;
  }
  remembered.delete(token);
  const hash = hashToken(token);
  const row = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select([
      't.id as token_id',
      't.expires_at',
      't.revoked_at',
      't.last_used_at',
      'u.id',
      'u.email',
      'u.role',
      'u.name',
    ])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw new Unauthenticated('Your session is not valid. Please log in again.');
  if (row.revoked_at) throw new Unauthenticated('You have been logged out. Please log in again.');
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= now) throw new TokenExpired();
  if (!row.last_used_at || now - new Date(row.last_used_at).getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('auth_tokens')
      .set({ last_used_at: new Date(now) })
      .where('id', '=', row.token_id)
      .execute();
  }
  const user = { id: row.id, email: row.email, role: row.role, name: row.name, tokenId: row.token_id };
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(token, { user, expiresAt, until: now + SESSION_MEMORY_MS });
  return user;
}

export async function revokeToken(db: Kysely<Database>, tokenId: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: new Date() })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
  for (const [token, entry] of remembered) if (entry.user.tokenId === tokenId) remembered.delete(token);
}

/**
 * Tokens expired or revoked longer ago than this are deleted. Until then a client using one still gets the
 * precise answer (expired: 50014; logged out: 50008) rather than "unknown token".
 */
export const PRUNE_AFTER_MS = 24 * 60 * 60 * 1000;
/** At most this many per call, so pruning never holds the table (or PGlite) for long. */
const PRUNE_BATCH = 500;

/**
 * Deletes up to PRUNE_BATCH tokens that expired or were revoked over PRUNE_AFTER_MS ago; returns how many. Called
 * on every login, which is also the only thing that adds tokens, so dead tokens cannot pile up.
 */
export async function pruneTokens(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - PRUNE_AFTER_MS);
  const result = await db
    .deleteFrom('auth_tokens')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('auth_tokens')
        .select('id')
        .where((w) => w.or([w('expires_at', '<', before), w('revoked_at', '<', before)]))
        .limit(PRUNE_BATCH),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
