/**
 * Capped counts, remembered for a few seconds by the server that counted them. A count that stopped at its cap (a
 * broad search, a wide date range: "1,000+") reads over a thousand rows or index entries; paging on through its
 * matches, switching tabs and back, or other staff asking the same reads it again instead of counting again. Only
 * capped counts: every figure in them is "at least" (the shown tab's own too, counted apart), which stays true while
 * rows are added; a count under the cap is always counted. Every request but a read this server takes forgets them
 * all at once (`forgetCountsOnWrite`, server/app.ts; a POST that only reads too), and a count begun before that is
 * not remembered after it (`countsGeneration`). What does not pass through this server — a write through another
 * server, a bulk script, a row changing tab by the clock (the activities') — can make a remembered figure too high for
 * up to COUNTS_MEMORY_MS, as a sign-in ended elsewhere is honoured that long (server/auth/tokens.ts).
 * LIST_COUNTS_MEMORY_MS sets the time (0: never remembered).
 */
import type { FastifyRequest } from 'fastify';

export interface CappedCounts {
  counts: Record<string, number>;
}

const COUNTS_MEMORY_MS = memoryMs(process.env.LIST_COUNTS_MEMORY_MS);
const MAX_REMEMBERED = 1_000;

const remembered = new Map<string, CappedCounts & { until: number }>();
/** How many times the counts were forgotten. */
let generation = 0;

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

/** Where the counts are at: taken before counting, so that a count a write overtook is not remembered. */
export function countsGeneration(): number {
  return generation;
}

/**
 * Remembers capped counts under `key`, counted from `since` (`countsGeneration`): not when they were forgotten
 * meanwhile. The oldest are forgotten past MAX_REMEMBERED.
 */
export function rememberCounts(key: string, counted: CappedCounts, since: number, now = Date.now()): void {
  if (COUNTS_MEMORY_MS === 0 || since !== generation) return;
  remembered.delete(key);
  // A copy that cannot change: every page reading it answers it.
  const counts = Object.freeze({ ...counted.counts });
  remembered.set(key, { counts, until: now + COUNTS_MEMORY_MS });
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** Forgets every remembered count: the next list counts again. */
export function forgetCounts(): void {
  remembered.clear();
  generation += 1;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A hook forgetting the remembered counts as any write this server takes answers (after its transaction). */
export async function forgetCountsOnWrite(request: FastifyRequest): Promise<void> {
  if (!READS.has(request.method)) forgetCounts();
}
