import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import type { Actor } from '../../../server/events/store';
import { readStream } from '../../../server/events/store';
import { runCommand, runCreate } from '../../../server/kit/pipeline';
import { replay } from '../../../src/machines/lifecycles/lifecycle';
import { prng } from '../suppliersSupport';
import { createTestDatabase, type TestDatabase } from '../support/testApp';
import { ENTITY_CASES } from './entityCases';

// What a read model stores is the whole state: for every entity, a record loaded back from its row is the record
// its log replays to (value and context alike) — so no field the lifecycle keeps (a rejection reason, a served
// order count) can be dropped on the way to the table, live or in a rebuild.

let t: TestDatabase;
let admin: Actor;
beforeAll(async () => {
  t = await createTestDatabase();
  const row = await t.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  admin = { id: row.id, role: 'admin' };
});
afterAll(async () => t?.close());

const comparable = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context });

describe('every read model holds the whole state', () => {
  for (const c of ENTITY_CASES) {
    it(`${c.entity.label}: a row read back is what the log replays to`, async () => {
      const random = prng(7);
      const ids: number[] = [];
      for (let i = 0; i < (c.create ? 12 : 1); i++) {
        ids.push(
          c.create
            ? (
                (
                  await runCreate(
                    { db: t.db, actor: c.creator?.(100 + i) ?? admin },
                    c.entity,
                    c.create(100 + i),
                  )
                ).record as {
                  id: number;
                }
              ).id
            : 0,
        );
      }
      let compared = 0;
      for (const [i, id] of ids.entries()) {
        for (let step = 0; step < 12; step++) {
          const loaded = await c.entity.projection.load(t.db, id, { lock: false });
          if (!loaded || c.entity.projection.row(loaded.snapshot, loaded.meta) === null) break;
          const options = c.commands(loaded.snapshot as never, i + step);
          try {
            await runCommand(
              { db: t.db, actor: admin },
              c.entity,
              id,
              options[Math.floor(random() * options.length)],
              loaded.meta.version,
            );
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
          }
        }
        const loaded = await c.entity.projection.load(t.db, id, { lock: false });
        if (!loaded) continue;
        const stream = c.entity.singleton?.streamId ?? String(id);
        const log = await readStream(t.db, c.entity.lifecycle.stream, stream);
        const replayed = replay(
          c.entity.lifecycle,
          log.map((e) => ({ type: e.type, data: e.data, reason: e.reason })),
        );
        // A record whose state follows the clock is compared at one time: a replay knows none.
        const now = new Date().toISOString();
        const at = (s: typeof replayed) => c.entity.lifecycle.at?.(s, now) ?? s;
        expect(comparable(at(loaded.snapshot)), `${c.entity.label} ${id}`).toEqual(comparable(at(replayed)));
        expect(loaded.meta.version).toBe(log.length);
        compared++;
      }
      expect(compared).toBeGreaterThan(0);
    });
  }
});
