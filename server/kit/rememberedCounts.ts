/**
 * Capped counts, remembered for a few seconds by the server that counted them. A count that stopped at its cap (a
 * broad search, a wide date range: "1,000+") reads over a thousand rows or index entries; paging on through its
 * matches, switching tabs and back, or other staff asking the same reads it again instead of counting again. Only
 * capped counts: every figure in them is "at least", which stays true while rows are added; an exact count is always
 * counted. Every write this server takes forgets them all at once (`forgetCountsOnWrite`, server/app.ts); a write
 * through another server, or a fact a follower applies, reaches this one within COUNTS_MEMORY_MS, as a sign-in does
 * (server/auth/tokens.ts). LIST_COUNTS_MEMORY_MS sets the time (0: never remembered).
 */
import type { FastifyRequest } from 'fastify';

export interface CappedCounts {
  counts: Record<string, number>;
}

const COUNTS_MEMORY_MS = memoryMs(process.env.LIST_COUNTS_MEMORY_MS);
const MAX_REMEMBERED = 1_000;

const remembered = new Map<string, CappedCounts & { until: number }>();

function memoryMs(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 5_000;
  const ms = Number(setting);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`Invalid LIST_COUNTS_MEMORY_MS: ${setting}`);
  return ms;
}

/** The capped counts remembered under `key`, while they are fresh. */
export function recallCounts(key: string, now = Date.now()): CappedCounts | undefined {
  const known = remembered.get(key);
  if (known && known.until > now) return { counts: known.counts };
  remembered.delete(key);
  return undefined;
}

/** Remembers capped counts under `key`; the oldest are forgotten past MAX_REMEMBERED. */
export function rememberCounts(key: string, counted: CappedCounts, now = Date.now()): void {
  if (COUNTS_MEMORY_MS === 0) return;
  remembered.delete(key);
  remembered.set(key, { counts: counted.counts, until: now + COUNTS_MEMORY_MS });
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** Forgets every remembered count: the next list counts again. */
export function forgetCounts(): void {
  remembered.clear();
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A hook forgetting the remembered counts as any write this server takes answers (after its transaction). */
export async function forgetCountsOnWrite(request: FastifyRequest): Promise<void> {
  if (!READS.has(request.method)) forgetCounts();
}
