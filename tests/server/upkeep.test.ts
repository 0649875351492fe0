import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPKEEP_AFTER_EVENTS, upkeepIfGrown } from '../../server/db/upkeep';
import { createTestDatabase, type TestDatabase } from './support/testApp';

// PGlite has no autovacuum: the server runs `vacuum analyze` itself once the event log has grown enough.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

const lastAnalyzed = async () =>
  (
    await sql<{ at: Date | null }>`select last_analyze as at from pg_stat_user_tables
      where relname = 'users'`.execute(t.db)
  ).rows[0]?.at ?? null;

const logPosition = async () =>
  Number(
    (await sql<{ n: number }>`select coalesce(max(global_position), 0) as n from events`.execute(t.db))
      .rows[0]!.n,
  );

describe('upkeep of an embedded database', () => {
  it('leaves the database alone until the log has grown by UPKEEP_AFTER_EVENTS, then vacuums and analyzes it', async () => {
    const now = await logPosition();
    const before = await lastAnalyzed();
    const short = now - UPKEEP_AFTER_EVENTS + 1;
    expect(await upkeepIfGrown(t.db, short)).toBe(short);
    expect(await lastAnalyzed()).toEqual(before);
    expect(await upkeepIfGrown(t.db, now - UPKEEP_AFTER_EVENTS)).toBe(now);
    const after = await lastAnalyzed();
    expect(after).not.toBeNull();
    expect(after).not.toEqual(before);
  });
});
