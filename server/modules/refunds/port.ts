import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What other modules may ask of refunds. They call these functions, never the `refunds` table. */

/** The refunds asked of an order, or of one of its renewals: their ids (their streams show in the order's history). */
export async function refundIdsOfOrder(db: Kysely<Database>, orderId: number): Promise<number[]> {
  const rows = await db.selectFrom('refunds').select('id').where('order_id', '=', orderId).execute();
  return rows.map((r) => r.id);
}

/**
 * How many refunds of `kind` in `state` (granted: waiting to be sent) granted by `grantedBy` were granted under the
 * four-eyes rule: the granter may not send those even while the rule is off now (a few rows: one member's grants).
 */
export async function grantedUnderFourEyes(
  db: Kysely<Database>,
  { kind, state }: { kind: string; state: string },
  grantedBy: number,
): Promise<number> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind as never)
    .where('state', '=', state as never)
    .where('granted_by', '=', grantedBy)
    .where('four_eyes_at_grant', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
