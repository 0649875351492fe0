import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { simulate } from './simulation';

/**
 * The demo month: a few hundred orders over the last 30 days, with their payments, assignments, refusals,
 * renewals, cancellations and refunds, made by the marketplace simulation (every step a command the lifecycles
 * decide). Idempotent: does nothing when any order exists. The same seed number gives the same month.
 */

export const DEMO_ORDERS = 400;
const SEED_LOCK = 4_212_610;

export async function seedMarketplace(db: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(db);
  if (await db.selectFrom('orders').select('id').limit(1).executeTakeFirst()) return;
  const now = new Date();
  const { batch } = await simulate(db, {
    orders: DEMO_ORDERS,
    from: new Date(now.getTime() - 30 * 86_400_000),
    now,
    seed: 20_261_127,
  });
  await batch.write(db);
}
