import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulate } from '../../server/modules/flows/simulation';
import { createTestDatabase, type TestDatabase } from './support/testApp';

// The marketplace simulation when suppliers are scarce: orders wait, are assigned late (after their service was
// due) and reassigned after refusals, and no supplier is ever asked to serve two orders at once (its lifecycle
// would refuse the second start, and the generator would stop with nothing written).

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.close());

it('never has a supplier start an order while it is serving another, however late the assignment', async () => {
  const now = new Date();
  for (const seed of [1, 2, 3]) {
    const { batch } = await simulate(t.db, {
      orders: 1_500,
      customers: 100,
      from: new Date(now.getTime() - 3 * 86_400_000),
      now,
      seed,
    });
    expect(batch.counts.get('OrderServiceFinished') ?? 0, `seed ${seed}`).toBeGreaterThan(50);
    // Suppliers were scarce: orders waited and were assigned again after a refusal or a wait.
    expect(batch.counts.get('OrderAssigned') ?? 0).toBeGreaterThan(
      batch.counts.get('OrderServiceStarted') ?? 0,
    );
  }
}, 300_000);
