import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OrderSnapshot } from '../../../src/machines/lifecycles/orderLifecycle';
import type { PaymentMethod } from '../../../src/machines/lifecycles/orderMachine';
import type { Database } from '../../db/schema';
import { orderProjection } from './projection';

/** What other modules may ask of service orders. They call these functions, never the `orders` table. */

/** The order's state, locked for share until the caller commits (a renewal or refund relies on it); or undefined. */
export async function findOrder(db: Kysely<Database>, id: number): Promise<OrderSnapshot | undefined> {
  return (await orderProjection.load(db, id, { lock: 'share' }))?.snapshot;
}

/** How an order was paid, or null while unpaid: read without a lock (a paid order's method never changes). */
export async function paymentMethodOfOrder(db: Kysely<Database>, id: number): Promise<PaymentMethod | null> {
  const row = await db.selectFrom('orders').select('payment_method').where('id', '=', id).executeTakeFirst();
  return row?.payment_method ?? null;
}

/** An order's project, as a value the database reads when it writes a row (an order's project never changes). */
export function projectOfOrder(orderId: number): RawBuilder<number> {
  return sql<number>`(select project_id from orders where id = ${orderId})`;
}

/** The first `limit` orders served by a supplier, by id (demo data that names orders). */
export function someServedOrders(db: Kysely<Database>, limit: number): Promise<Array<{ id: number }>> {
  return db
    .selectFrom('orders')
    .select(['id'])
    .where('supplier_id', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}
