import type { Kysely } from 'kysely';
import type { RenewalUnit } from '../../../src/machines/lifecycles/projectDetails';
import type { Database } from '../../db/schema';
import './projection';

/** What other modules may ask of projects. They call these functions, never the `projects` table. */

/** The names of the projects with these ids (ids as text, as overrides name them); missing ones are left out. */
export async function projectNames(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const numeric = ids.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
  if (numeric.length === 0) return names;
  const rows = await db
    .selectFrom('projects')
    .select(['id', 'project_name'])
    .where('id', 'in', numeric)
    .execute();
  for (const r of rows) names.set(String(r.id), r.project_name);
  return names;
}

export interface ProjectRef {
  id: number;
  name: string;
  is_enabled: boolean;
  min_price_fen: number;
  max_price_fen: number | null;
  kind: 'normal' | 'renewable';
  renewal_unit: RenewalUnit | null;
  renewal_unit_price_fen: number | null;
}

/** The project with this id, or undefined; `lock: 'share'` keeps it from changing until the caller commits. */
export async function findProject(
  db: Kysely<Database>,
  id: number,
  options: { lock?: 'share' } = {},
): Promise<ProjectRef | undefined> {
  let query = db
    .selectFrom('projects')
    .select([
      'id',
      'project_name as name',
      'is_enabled',
      'min_price_fen',
      'max_price_fen',
      'kind',
      'renewal_unit',
      'renewal_unit_price_fen',
    ])
    .where('id', '=', id);
  if (options.lock === 'share') query = query.forShare();
  return query.executeTakeFirst() as Promise<ProjectRef | undefined>;
}

/** The first `limit` open projects (the demo seed's activities apply to them). */
export function someOpenProjects(
  db: Kysely<Database>,
  limit: number,
): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('projects')
    .select(['id', 'project_name as name'])
    .where('is_enabled', '=', true)
    .orderBy('id')
    .limit(limit)
    .execute();
}
