import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What other modules may ask of refunds. They call these functions, never the `refunds` table. */

/** The refunds asked of an order, or of one of its renewals: their ids (their streams show in the order's history). */
export async function refundIdsOfOrder(db: Kysely<Database>, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}

/**
 * How many refunds of `kind` granted by `grantedBy`, not yet sent, were granted under the four-eyes rule: the
 * granter may not send those even while the rule is off now (a few rows: one member's grants waiting to be sent).
 */
export async function grantedUnderFourEyes(
  db: Kysely<Database>,
  kind: string,
  grantedBy: number,
): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind as never)
    .where('state', '=', 'granted')
    .where('granted_by', '=', grantedBy)
    .where('four_eyes_at_grant', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
