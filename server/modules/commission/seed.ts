import type { Kysely } from 'kysely';
import {
  COMMISSION_STREAM,
  COMMISSION_STREAM_ID,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import type { Database } from '../../db/schema';
import { streamVersion, type Actor } from '../../events/store';
import { runCommand } from '../../kit/pipeline';
import { commissionEntity } from './module';

/**
 * Demo commission: a 10.00 % default rate and a Beijing override of 12.00 %, set through the real commands (so
 * the history shows them). Idempotent: only while the commission stream is empty.
 */
export async function seedCommission(db: Kysely<Database>): Promise<void> {
  if ((await streamVersion(db, COMMISSION_STREAM, COMMISSION_STREAM_ID)) > 0) return;
  const admin = await db.selectFrom('users').select('id').where('role', '=', 'admin').executeTakeFirst();
  const actor: Actor = { id: admin?.id ?? null, role: 'admin' };
  try {
    const ctx = { db, actor };
    const first = await runCommand(
      ctx,
      commissionEntity,
      0,
      { type: 'commission.setDefault', rateBp: 1000 },
      0,
    );
    const beijing = await db
      .selectFrom('service_cities')
      .select('name')
      .where('name_key', '=', 'beijing')
      .executeTakeFirst();
    if (beijing) {
      await runCommand(
        ctx,
        commissionEntity,
        0,
        { type: 'commission.setOverride', scope: 'city', target: beijing.name, rateBp: 1200 },
        first.version,
      );
    }
  } catch (error) {
    // Another process seeding at the same moment won the race (version conflict): its seed stands.
    if ((error as { errCode?: number }).errCode !== 40901) throw error;
  }
}
