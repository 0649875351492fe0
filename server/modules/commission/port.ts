import type { Kysely } from 'kysely';
import type { CommissionSettings } from '../../../src/machines/lifecycles/commissionRules';
import type { Database } from '../../db/schema';
import { loadCommission } from './projection';

/** What other modules may ask of the commission settings. They call these functions, never its tables. */
export { cityOverride } from './module';

/** The default rate and every override as they are now (what a completing order is settled with). */
export async function commissionSettings(db: Kysely<Database>): Promise<CommissionSettings> {
  return (await loadCommission(db)).settings;
}
