import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Migration } from 'kysely';
import type { Database } from '../db/schema';
import type { AnyEntity, Reactions } from '../kit/entity';
import type { Follower } from '../events/follower';

export interface SeedContext {
  /** DATA_DIR: uploads live in `${dataDir}/uploads`. */
  dataDir: string;
}

/**
 * A server module: one entity's routes, plus the migrations and demo seed it owns. Register it by adding it to
 * `modules` in server/modules/index.ts.
 */
export interface ServerModule {
  name: string;
  /** Registered on the root app: declare full paths (`/api/suppliers`). */
  routes: FastifyPluginAsync;
  /** The entities it declares for the kit: their projections are rebuilt from the log by `rebuild-projections`. */
  entities?: AnyEntity[];
  /** What it does, in the same transaction, when another module stores a fact (by fact type). */
  reactions?: Reactions;
  /** Processes that follow the event log after facts are stored (automatic notices): server/events/follower.ts. */
  followers?: Follower[];
  /** Timestamp-named (`2026_11_21_0100_suppliers`), frozen once landed. */
  migrations?: Record<string, Migration>;
  /** Idempotent: restarting must not duplicate data. Runs after the core seed (users, settings). */
  seed?: (db: Kysely<Database>, context: SeedContext) => Promise<void>;
}

/** Every module's reactions, merged by fact type. */
export function reactionsOf(modules: readonly ServerModule[]): Reactions {
  const all: Reactions = {};
  for (const module of modules) {
    for (const [type, list] of Object.entries(module.reactions ?? {}))
      all[type] = [...(all[type] ?? []), ...list];
  }
  return all;
}
