import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What other modules may ask of refunds. They call these functions, never the `refunds` table. */

/** The refunds asked of an order, or of one of its renewals: their ids (their streams show in the order's history). */
export async function refundIdsOfOrder(db: Kysely<Database>, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}
