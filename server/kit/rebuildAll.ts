import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { modules as registered } from '../modules/index';
import type { ServerModule } from '../modules/types';
import { rebuildFollower } from '../events/follower';
import { rebuildEntity } from './rebuild';

/**
 * Every entity's read model, rebuilt from the log in module order, then the read models kept by log followers
 * (which may read the entities'); how many rows each holds and how long it took.
 */
export async function rebuildAll(
  db: Kysely<Database>,
  modules: readonly ServerModule[] = registered,
): Promise<Array<{ name: string; count: number; ms: number }>> {
  const results = [];
  for (const module of modules) {
    for (const entity of module.entities ?? []) {
      const started = performance.now();
      const count = await rebuildEntity(db, entity);
      results.push({ name: entity.lifecycle.name, count, ms: Math.round(performance.now() - started) });
    }
  }
  for (const module of modules) {
    for (const follower of module.followers ?? []) {
      if (!follower.rebuild) continue;
      const started = performance.now();
      const count = await rebuildFollower(db, follower);
      results.push({ name: follower.name, count, ms: Math.round(performance.now() - started) });
    }
  }
  return results;
}
