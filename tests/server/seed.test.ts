import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/db/prepare';
import { seed } from '../../server/db/seed';
import { modules } from '../../server/modules/index';
import { DEMO_SUPPLIER_COUNT } from '../../server/modules/suppliers/seed';
import type { ServerModule } from '../../server/modules/types';
import { createTestDatabase, type TestDatabase } from './support/testApp';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ seed: false }); // migrated, never seeded: a first start
});
afterAll(async () => t?.close());

/** A plugin that lets `allowed` supplier inserts through, then fails like a process dying mid-seed. */
function dieAfterSuppliers(allowed: number): KyselyPlugin {
  let inserted = 0;
  return {
    transformQuery({ node }) {
      const insert = node as { kind: string; into?: { table: { identifier: { name: string } } } };
      if (insert.kind === 'InsertQueryNode' && insert.into?.table.identifier.name === 'suppliers') {
        inserted += 1;
        if (inserted > allowed) throw new Error('simulated crash during the first start');
      }
      return node;
    },
    async transformResult({ result }) {
      return result;
    },
  };
}

async function count(table: 'users' | 'suppliers' | 'projects' | 'service_cities' | 'events') {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('the demo seed of a first start', () => {
  it('leaves nothing half-seeded when the start dies part-way, and the next start seeds everything', async () => {
    const crashing: ServerModule[] = modules.map((module) =>
      module.name === 'suppliers' && module.seed
        ? { ...module, seed: (db, context) => module.seed!(db.withPlugin(dieAfterSuppliers(10)), context) }
        : module,
    );
    await expect(
      prepareDatabase(t.db, { dataDir: t.dataDir, seed: true, modules: crashing }),
    ).rejects.toThrow('simulated crash');
    // All or nothing: not 10 of the suppliers, nor the users and cities seeded before them.
    expect(await count('suppliers')).toBe(0);
    expect(await count('users')).toBe(0);
    expect(await count('service_cities')).toBe(0);
    expect(await count('events')).toBe(0);

    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
    expect(await count('users')).toBe(2);
    expect(await count('suppliers')).toBe(DEMO_SUPPLIER_COUNT);
    expect(await count('projects')).toBeGreaterThan(0);
    expect(await count('service_cities')).toBeGreaterThan(0);
  });

  it('seeds once when two servers start together (one seed transaction after the other)', async () => {
    const fresh = await createTestDatabase({ seed: false });
    try {
      // The demo users exist, the modules' data does not (as when a release adds modules): the servers' seed
      // transactions must not both see no suppliers.
      await seed(fresh.db, { dataDir: fresh.dataDir });
      await Promise.all([
        prepareDatabase(fresh.db, { dataDir: fresh.dataDir, seed: true }),
        prepareDatabase(fresh.db, { dataDir: fresh.dataDir, seed: true }),
      ]);
      const suppliers = await fresh.db.selectFrom('suppliers').select('id').execute();
      expect(suppliers).toHaveLength(DEMO_SUPPLIER_COUNT);
      const users = await fresh.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});
