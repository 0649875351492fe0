/**
 * What a list read learns at some cost, remembered for a few seconds by the server that read it: a count that
 * stopped at its cap (`cappedCounts`), where a deep page asked by its number begins (`pagePlaces`) and which values
 * a counted column holds (`countedColumnValues`). Paging on
 * through a broad search's matches, switching tabs and back, asking a deep page again or one near it, or other staff
 * asking the same reads it from here instead of reading it again. Every request but a read this server takes forgets
 * it all at once (`forgetListsOnWrite`, server/app.ts; a POST too, unless its route says it only reads), and what
 * was read before that is not remembered after it (`memoryGeneration`). What does not pass through this server's
 * requests — a write through another server, a bulk script, a follower of the event log writing on its own
 * (server/events/follower.ts), a row changing tab by the clock (the activities') — can make a remembered count too
 * high, or move a deep page by the rows added or taken before it, for up to MEMORY_MS, as a sign-in ended elsewhere is
 * honoured that long (server/auth/tokens.ts). LIST_MEMORY_MS sets the time (0: nothing remembered).
 */
import type { FastifyRequest } from 'fastify';

const MEMORY_MS = memoryMs(process.env.LIST_MEMORY_MS);
const MAX_REMEMBERED = 1_000;

/** How many times the memories were forgotten. */
let generation = 0;

function memoryMs(setting: string | undefined): number {
  if (setting === undefined || setting === '') return 5_000;
  const ms = Number(setting);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`Invalid LIST_MEMORY_MS: ${setting}`);
  return ms;
}

const memories: ListMemory<unknown>[] = [];

/** Values by key, each for MEMORY_MS from when it was read; the oldest forgotten past MAX_REMEMBERED. */
export class ListMemory<T> {
  private readonly known = new Map<string, { value: T; until: number }>();

  constructor() {
    memories.push(this);
  }

  /** The value remembered under `key`, while it is fresh. */
  recall(key: string, now = Date.now()): T | undefined {
    return this.recallRead(key, now)?.value;
  }

  /** The value remembered under `key`, while it is fresh, with when it was read. */
  recallRead(key: string, now = Date.now()): { value: T; readAt: number } | undefined {
    const known = this.known.get(key);
    if (known && known.until > now) return { value: known.value, readAt: known.until - MEMORY_MS };
    this.known.delete(key);
    return undefined;
  }

  /**
   * Remembers `value` under `key` for MEMORY_MS from `readAt`, when it was read; read from `since`
   * (`memoryGeneration`): not when forgotten meanwhile.
   */
  remember(key: string, value: T, since: number, readAt = Date.now()): void {
    if (MEMORY_MS === 0 || since !== generation) return;
    this.known.delete(key);
    this.known.set(key, { value, until: readAt + MEMORY_MS });
    if (this.known.size > MAX_REMEMBERED) this.known.delete(this.known.keys().next().value!);
  }

  forget(): void {
    this.known.clear();
  }
}

/**
 * Capped counts by list, reader's scope, term, filters, tab and cap: every figure in them is "at least" (the shown
 * tab's own too, counted apart), which stays true while rows are added; a count under the cap is always counted.
 * A search's counts are also kept under its `all` tab, whichever tab's page counted them: a page in another tab then
 * counts only its own matches and takes the rest, keeping them no longer than MEMORY_MS from their counting
 * (`listPage`, server/kit/listQuery.ts).
 */
export const cappedCounts = new ListMemory<Readonly<Record<string, number>>>();

/** A row of a list's order and where it stands in it (from 0): a deep page by number reads on from it. */
export interface PagePlace {
  position: number;
  value: unknown;
  id: number;
  /** When the rows it was counted over were read (from the list's start, or the place it was read on from). */
  readAt: number;
}

/**
 * Places in a list's order, by list, reader's scope, term, filters, tab, sort, order and stretch
 * (`deepPageStart`, server/kit/listQuery.ts).
 */
export const pagePlaces = new ListMemory<PagePlace>();

/**
 * The values a list's counted column holds, by list and column (`knownValues`, server/kit/listSupport.ts): whether a
 * text filter's value may be written into its first page's statement (`valuesFew`, server/kit/listQuery.ts).
 */
export const countedColumnValues = new ListMemory<ReadonlySet<string>>();

/** Where the memories are at: taken before reading, so that what a write overtook is not remembered. */
export function memoryGeneration(): number {
  return generation;
}

/** Forgets everything remembered: the next list reads it again. */
export function forgetLists(): void {
  for (const memory of memories) memory.forget();
  generation += 1;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route only reads, though its method is not one that says so (the console's `POST /api/user/info` and
     * `POST /api/user/menu`, asked at every sign-in and reload): answering it forgets nothing the lists remember.
     */
    onlyReads?: boolean;
  }
}

/**
 * A hook forgetting what the lists remember as any write this server takes answers (after its transaction), unless
 * its route says it only reads.
 */
export async function forgetListsOnWrite(request: FastifyRequest): Promise<void> {
  if (!READS.has(request.method) && request.routeOptions.config.onlyReads !== true) forgetLists();
}
