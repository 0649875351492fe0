import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../server/errors';
import type { Database } from '../../../server/db/schema';
import type { Actor } from '../../../server/events/store';
import { runCommand, runCreate } from '../../../server/kit/pipeline';
import { rebuildEntity } from '../../../server/kit/rebuild';
import { rebuildAll } from '../../../server/kit/rebuildAll';
import { supplierEntity } from '../../../server/modules/suppliers/module';
import { decide, defineLifecycle } from '../../../src/machines/lifecycles/lifecycle';
import { supplierLifecycle } from '../../../src/machines/lifecycles/supplierLifecycle';
import { isValidRanking, supplierMachine } from '../../../src/machines/lifecycles/supplierMachine';
import { prng } from '../suppliersSupport';
import { createTestDatabase, type TestDatabase } from '../support/testApp';
import { ENTITY_CASES } from './entityCases';

// The log is the source of truth: after random work on every entity through the pipeline, rebuilding every read
// model from the log (evolve only) gives back exactly the live rows; and it still does once a rule is tightened.

let t: TestDatabase;
let admin: Actor;
let staff: Actor;
beforeAll(async () => {
  t = await createTestDatabase();
  const users = await t.db.selectFrom('users').select(['id', 'role']).execute();
  admin = { id: users.find((u) => u.role === 'admin')!.id, role: 'admin' };
  staff = { id: users.find((u) => u.role === 'user')!.id, role: 'user' };
});
afterAll(async () => t?.close());

async function tables(db: Kysely<Database>, names: string[]) {
  const out: Record<string, unknown[]> = {};
  const k = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  for (const name of names) out[name] = await k.selectFrom(name).selectAll().execute();
  for (const rows of Object.values(out))
    rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return out;
}

/** The table's indexes: name → definition and the index's own oid (new whenever the index is made again). */
async function indexesOf(db: Kysely<Database>, table: string) {
  const { rows } = await sql<{ name: string; def: string; oid: number }>`
    select indexname as name, indexdef as def, format('%I', indexname)::regclass::oid::int as oid
    from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`.execute(
    db,
  );
  return rows;
}

const ALL_TABLES = ENTITY_CASES.flatMap((c) => c.tables);
/** Each table's file on disk: TRUNCATE gives a table a new one, DELETE keeps it. */
async function filesOf(db: Kysely<Database>, names: string[]): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of names) {
    const { rows } = await sql<{
      file: string;
    }>`select pg_relation_filenode(${name}::regclass)::text as file`.execute(db);
    files[name] = rows[0].file;
  }
  return files;
}
const RECORDS = 25;
const STEPS = 10;

describe('rebuilding every read model from the log', () => {
  it('reproduces the live rows after random commands on every entity', async () => {
    const random = prng(20261123);
    const outcomes = { accepted: 0, refused: 0 };
    for (const c of ENTITY_CASES) {
      const ids: number[] = [];
      for (let i = 0; i < (c.create ? RECORDS : 1); i++) {
        if (c.create) {
          const created = await runCreate(
            { db: t.db, actor: c.creator?.(i) ?? admin },
            c.entity,
            c.create(i),
          );
          ids.push((created.record as { id: number }).id);
        } else ids.push(0);
      }
      for (const [i, id] of ids.entries()) {
        for (let step = 0; step < STEPS; step++) {
          const loaded = await c.entity.projection.load(t.db, id, { lock: false });
          if (!loaded || c.entity.projection.row(loaded.snapshot, loaded.meta) === null) break;
          const options = c.commands(loaded.snapshot as never, i + step);
          const command = options[Math.floor(random() * options.length)];
          try {
            const ctx = { db: t.db, actor: random() < 0.5 ? admin : staff };
            await runCommand(ctx, c.entity, id, command, loaded.meta.version);
            outcomes.accepted++;
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
            outcomes.refused++;
          }
        }
      }
    }
    // Both outcomes happened often: the sequences really exercised rules and policy.
    expect(outcomes.accepted).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(20);

    const live = await tables(t.db, ALL_TABLES);
    // The counts the triggers kept, command by command (none at 0 or below: an emptied counter goes)...
    const kept = await t.db.selectFrom('list_counts').selectAll().execute();
    expect(kept.filter((r) => Number(r.n) <= 0)).toEqual([]);
    const filesBefore = await filesOf(t.db, ALL_TABLES);
    const results = await rebuildAll(t.db);
    // Every read model was emptied with TRUNCATE (its table starts over in new files), not row by row.
    const filesAfter = await filesOf(t.db, ALL_TABLES);
    for (const table of ALL_TABLES) expect(filesAfter[table], table).not.toBe(filesBefore[table]);
    expect(results.map((r) => r.name)).toEqual([
      'serviceCity',
      'supplier',
      'project',
      'commission',
      'customer',
      'order',
      'renewal',
      'refund',
      'notice',
      'feedback',
      'activity',
      'channel',
      'certification',
      'mediaSettings',
      // The read models log followers keep (the workplace's figures) come after the entities they read.
      'order_figures',
    ]);
    expect(await tables(t.db, ALL_TABLES)).toEqual(live);
    expect(live.suppliers.length).toBeGreaterThan(RECORDS);
    // ...are what the rebuild counts afresh from the rows.
    const byKey = (rows: typeof kept) => rows.map((r) => `${r.list} ${JSON.stringify(r.dims)} ${r.n}`).sort();
    expect(byKey(await t.db.selectFrom('list_counts').selectAll().execute())).toEqual(byKey(kept));
    expect(kept.length).toBeGreaterThan(20);
  });

  it('still reproduces the projection after a rule was tightened (a lower ranking limit)', async () => {
    // The same supplier lifecycle with a stricter rule: rankings above 10 are no longer accepted.
    const tightened = defineLifecycle({
      ...supplierLifecycle,
      machine: supplierMachine.provide({
        guards: {
          isNewValidRanking: ({ context, event }) =>
            event.type === 'SupplierRanked' &&
            isValidRanking(event.data.ranking) &&
            event.data.ranking <= 10 &&
            event.data.ranking !== context.ranking,
        },
      }),
    });
    const live = await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute();
    const high = live.find((r) => r.ranking > 10)!;
    expect(high).toBeDefined();
    // The tightened rule really refuses what the log holds...
    const loaded = await supplierEntity.projection.load(t.db, high.id, { lock: false });
    const refused = decide(tightened, loaded!.snapshot, { type: 'supplier.rank', ranking: high.ranking + 1 });
    expect(refused.accepted).toBe(false);
    // ...and the rebuild reads the log as facts all the same.
    await rebuildEntity(t.db, { ...supplierEntity, lifecycle: tightened });
    expect(await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute()).toEqual(live);
  });

  it("makes the table's indexes again once its rows are written, from their own definitions; the primary key stays", async () => {
    const before = await indexesOf(t.db, 'suppliers');
    // The list's indexes (its sorts, tabs, filters and search) and the first migration's, beside the primary key.
    expect(before.length).toBeGreaterThan(5);
    // While the rows are written, the primary key alone is there.
    const whileWritten: string[][] = [];
    const { projection } = supplierEntity;
    await rebuildEntity(t.db, {
      ...supplierEntity,
      projection: {
        ...projection,
        saveNew: async (trx, rows) => {
          whileWritten.push((await indexesOf(trx, 'suppliers')).map((i) => i.name));
          await projection.saveNew!(trx, rows);
        },
      },
    });
    expect(whileWritten.length).toBeGreaterThan(0);
    expect(new Set(whileWritten.flat())).toEqual(new Set(['suppliers_pkey']));
    const after = await indexesOf(t.db, 'suppliers');
    expect(after.map(({ name, def }) => [name, def])).toEqual(before.map(({ name, def }) => [name, def]));
    for (const index of after) {
      const was = before.find((b) => b.name === index.name)!;
      if (index.name === 'suppliers_pkey') expect(index.oid, index.name).toBe(was.oid);
      else expect(index.oid, index.name).not.toBe(was.oid);
    }
  });

  it('leaves a table rebuilt over itself the size its rows make, not the old rows beside the new', async () => {
    const size = async () => {
      const { rows } = await sql<{ bytes: string }>`select pg_relation_size('suppliers') as bytes`.execute(
        t.db,
      );
      return Number(rows[0].bytes);
    };
    const rows = await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute();
    await rebuildEntity(t.db, supplierEntity);
    const once = await size();
    // More than a page of rows, so that rows left beside the new ones would show in the size.
    expect(once).toBeGreaterThan(8192);
    await rebuildEntity(t.db, supplierEntity);
    expect(await size()).toBe(once);
    expect(await t.db.selectFrom('suppliers').selectAll().orderBy('id').execute()).toEqual(rows);
  });

  it('refuses a stream that does not start with its creation fact, and leaves the read model as it was', async () => {
    const before = await t.db.selectFrom('suppliers').select('id').execute();
    const indexes = await indexesOf(t.db, 'suppliers');
    await t.db
      .insertInto('events')
      .values({
        stream_type: 'supplier',
        stream_id: '999999',
        version: 1,
        type: 'SupplierApproved',
        data: '{}',
      })
      .execute();
    await expect(rebuildEntity(t.db, supplierEntity)).rejects.toThrow(/must start with SupplierRegistered/);
    expect(await t.db.selectFrom('suppliers').select('id').execute()).toHaveLength(before.length);
    expect(await indexesOf(t.db, 'suppliers')).toEqual(indexes);
    await t.db.deleteFrom('events').where('stream_id', '=', '999999').execute();
  });
});
