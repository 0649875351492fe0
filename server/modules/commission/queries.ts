import type { Kysely } from 'kysely';
import {
  COMMISSION_STREAM,
  COMMISSION_STREAM_ID,
} from '../../../src/machines/lifecycles/commissionLifecycle';
import { formatPercent } from '../../../src/machines/lifecycles/commissionRules';
import type { Database } from '../../db/schema';
import { projectNames, projectsTableExists } from './commands';
import type { LoadedCommission } from './projection';
import { streamHistory, type HistoryEntry } from '../../events/history';

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

/** Every commission change, newest first, with the previous and new value and who made it. */
export function commissionHistory(db: Kysely<Database>, limit = 200): Promise<HistoryEntry[]> {
  return streamHistory(db, COMMISSION_STREAM, COMMISSION_STREAM_ID, limit);
}
