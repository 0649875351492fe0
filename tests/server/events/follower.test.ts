import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, followOnce, runFollowers, type Follower } from '../../../server/events/follower';
import { appendEvent, type StoredEvent } from '../../../server/events/store';
import { createTestDatabase, type TestDatabase } from '../support/testApp';

// The log follower: every event once, none skipped, its position kept with its work, across failures and restarts;
// on PostgreSQL, an event committed late by a slow transaction is not passed over.

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false });
  await sql`create table follower_effects (follower text, event text, primary key (follower, event))`.execute(
    t.db,
  );
});
afterAll(async () => {
  await t?.close();
});

const actor = { id: null, role: 'system' };
let streams = 0;
async function ping(db = t.db, type = 'Pinged') {
  const streamId = `s${++streams}`;
  return appendEvent(db, { streamType: 'ping', streamId, expectedVersion: 0, type, data: {}, actor });
}

/** A follower that writes one row per event in its batch's transaction (a duplicate would break the key). */
function recorder(name: string, fail?: (event: StoredEvent) => boolean): Follower & { seen: string[] } {
  const seen: string[] = [];
  return {
    name,
    types: ['Pinged'],
    seen,
    handle: async (trx, event) => {
      if (fail?.(event)) throw new Error(`cannot handle ${event.streamId}`);
      await sql`insert into follower_effects (event, follower) values (${event.streamId}, ${name})`.execute(
        trx,
      );
      seen.push(event.streamId);
    },
  };
}

async function effects(name: string): Promise<string[]> {
  const { rows } = await sql<{
    event: string;
  }>`select event from follower_effects where follower = ${name} order by event`.execute(t.db);
  return rows.map((r) => r.event);
}

describe('log follower', () => {
  it('handles every event of its types once, in order, and passes over the others', async () => {
    const a = await ping();
    await ping(t.db, 'Ponged');
    const b = await ping();
    const f = recorder('in-order');
    expect(await catchUp(t.db, f)).toBe(2);
    expect(f.seen).toEqual([a.streamId, b.streamId]);
    expect(await catchUp(t.db, f)).toBe(0);
    const c = await ping();
    expect(await catchUp(t.db, f)).toBe(1);
    expect(f.seen).toEqual([a.streamId, b.streamId, c.streamId]);
  });

  it('goes on after a restart where the last committed batch ended', async () => {
    const name = 'restart';
    const first = recorder(name);
    await catchUp(t.db, first);
    const before = (await effects(name)).length;
    const made = [await ping(), await ping(), await ping(), await ping(), await ping()];
    expect(await followOnce(t.db, first, 2)).toEqual({ handled: 2, caughtUp: false });
    // A new process: a new follower object with the same name.
    const second = recorder(name);
    expect(await catchUp(t.db, second)).toBe(3);
    expect(second.seen).toEqual(made.slice(2).map((e) => e.streamId));
    expect((await effects(name)).length).toBe(before + 5);
  });

  it('undoes a failing batch whole: its events are handled again, never skipped or doubled', async () => {
    const name = 'failing';
    await catchUp(t.db, recorder(name));
    const made = [await ping(), await ping(), await ping()];
    const broken = recorder(name, (e) => e.streamId === made[1]!.streamId);
    await expect(followOnce(t.db, broken)).rejects.toThrow(/cannot handle/);
    expect(await effects(name)).not.toContain(made[0]!.streamId);
    const mended = recorder(name);
    expect(await catchUp(t.db, mended)).toBe(3);
    expect(mended.seen).toEqual(made.map((e) => e.streamId));
  });

  it('runs in the background until stopped', async () => {
    const f = recorder('background');
    await catchUp(t.db, f);
    f.seen.length = 0;
    const running = runFollowers(t.db, [f], { idleMs: 20 });
    try {
      const e = await ping();
      for (let i = 0; i < 200 && !f.seen.includes(e.streamId); i++)
        await new Promise((r) => setTimeout(r, 25));
      expect(f.seen).toEqual([e.streamId]);
    } finally {
      await running.stop();
    }
    const after = await ping();
    await new Promise((r) => setTimeout(r, 100));
    expect(f.seen).not.toContain(after.streamId);
  });

  // PGlite has one connection: no two transactions run at once there.
  it.runIf(!!process.env.TEST_DATABASE_URL)(
    'does not pass over an event a slow transaction commits after a later one',
    async () => {
      const f = recorder('slow');
      await catchUp(t.db, f);
      f.seen.length = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let slowId = '';
      let inserted!: () => void;
      const slowInserted = new Promise<void>((resolve) => (inserted = resolve));
      const slow = t.db.transaction().execute(async (trx) => {
        slowId = (await ping(trx)).streamId;
        inserted();
        await held;
      });
      await slowInserted;
      const fast = await ping();
      // The fast event is committed and has the higher position; the slow one is not committed yet.
      expect(await catchUp(t.db, f)).toBe(0);
      release();
      await slow;
      expect(await catchUp(t.db, f)).toBe(2);
      expect(f.seen).toEqual([slowId, fast.streamId]);
    },
  );

  it.runIf(!!process.env.TEST_DATABASE_URL)('lets one process at a time handle a follower', async () => {
    const name = 'exclusive';
    await catchUp(t.db, recorder(name));
    await ping();
    await t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('log_followers').selectAll().where('name', '=', name).forUpdate().execute();
      expect(await followOnce(t.db, recorder(name))).toEqual({ handled: 0, caughtUp: false, busy: true });
    });
    expect(await catchUp(t.db, recorder(name))).toBe(1);
  });
});
