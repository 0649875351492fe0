import type { Kysely } from 'kysely';
import {
  COMMISSION_STREAM,
  COMMISSION_STREAM_ID,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import { formatPercent } from '../../../src/machines/lifecycles/commissionRules';
import type { Database } from '../../db/schema';
import { projectNames, projectsTableExists } from './commands';
import type { LoadedCommission } from './projection';

export const PRECEDENCE = ['project', 'city', 'default'] as const;

/** The API shape of the settings: rates as basis points and as "12.50" percent text. */
export async function commissionToApi(db: Kysely<Database>, loaded: LoadedCommission) {
  const projectIds = loaded.settings.overrides.filter((o) => o.scope === 'project').map((o) => o.target);
  const names = await projectNames(db, projectIds);
  return {
    version: loaded.version,
    default_rate_bp: loaded.settings.defaultRateBp,
    default_rate: formatPercent(loaded.settings.defaultRateBp),
    overrides: loaded.settings.overrides.map((o) => ({
      scope: o.scope,
      target: o.target,
      label: o.scope === 'project' ? (names.get(o.target) ?? null) : o.target,
      rate_bp: o.rateBp,
      rate: formatPercent(o.rateBp),
    })),
    precedence: PRECEDENCE,
    projects_validated: await projectsTableExists(db),
    updated_at: loaded.updatedAt ? loaded.updatedAt.toISOString() : null,
  };
}

export interface CommissionHistoryEntry {
  version: number;
  type: string;
  data: Record<string, unknown>;
  occurred_at: string;
  actor: { id: number | null; role: string | null; name: string | null; email: string | null };
}

/** Every commission change, newest first, with the previous and new value and who made it. */
export async function commissionHistory(
  db: Kysely<Database>,
  limit = 200,
): Promise<CommissionHistoryEntry[]> {
  const rows = await db
    .selectFrom('events')
    .leftJoin('users', 'users.id', 'events.actor_id')
    .select([
      'events.version',
      'events.type',
      'events.data',
      'events.occurred_at',
      'events.actor_id',
      'events.actor_role',
      'users.name as actor_name',
      'users.email as actor_email',
    ])
    .where('events.stream_type', '=', COMMISSION_STREAM)
    .where('events.stream_id', '=', COMMISSION_STREAM_ID)
    .orderBy('events.version', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    version: r.version,
    type: r.type,
    data: r.data,
    occurred_at: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, role: r.actor_role, name: r.actor_name, email: r.actor_email },
  }));
}
