import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fromStored } from './globalConfigs';

/** What other modules may ask of the system settings. They call these functions, never its table. */

/** Whether the four-eyes rule on refunds is on (it is unless an admin turned it off). */
export async function refundFourEyes(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('global_configs').select('data').where('id', '=', 1).executeTakeFirst();
  return row ? fromStored(row.data).refund_four_eyes : true;
}
