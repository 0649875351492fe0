import type { Kysely } from 'kysely';
import type { PaymentMethod } from '../../../src/machines/lifecycles/orderMachine';
import type { RenewalSnapshot } from '../../../src/machines/lifecycles/renewalLifecycle';
import type { Database } from '../../db/schema';
import { renewalProjection } from './projection';

/** What other modules may ask of renewals. They call these functions, never the `renewals` table. */

/** The renewal's state, locked for share until the caller commits; or undefined. */
export async function findRenewal(db: Kysely<Database>, id: number): Promise<RenewalSnapshot | undefined> {
  return (await renewalProjection.load(db, id, { lock: 'share' }))?.snapshot;
}

/** How a renewal was paid, or null while unpaid: read without a lock (a paid renewal's method never changes). */
export async function paymentMethodOfRenewal(
  db: Kysely<Database>,
  id: number,
): Promise<PaymentMethod | null> {
  const row = await db
    .selectFrom('renewals')
    .select('payment_method')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.payment_method ?? null;
}

/** The renewals of an order: their ids (their streams show in the order's history). */
export async function renewalIdsOfOrder(db: Kysely<Database>, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('renewals').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}
