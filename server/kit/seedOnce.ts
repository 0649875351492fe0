import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Actor } from '../events/store';

/** The demo seed's actors: the first admin and staff member, and the marketplace apps. */
export interface SeedActors {
  admin: Actor;
  staff: Actor;
  apps: Actor;
}

/**
 * Runs an entity's demo seed once: only while the log holds no stream of its type (so a restart neither duplicates
 * the demo data nor brings back what someone removed), under a session advisory lock on one pinned connection, so
 * several servers starting together on one PostgreSQL seed it exactly once. `work` gets that connection and the
 * demo actors; it writes through the pipeline like anyone else.
 */
export async function seedOnce(
  db: Kysely<Database>,
  stream: string,
  work: (conn: Kysely<Database>, actors: SeedActors) => Promise<void>,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    const key = sql`hashtext(${`seed:${stream}`})`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      const any = await conn
        .selectFrom('events')
        .select('global_position')
        .where('stream_type', '=', stream)
        .limit(1)
        .executeTakeFirst();
      if (any) return;
      const users = await conn.selectFrom('users').select(['id', 'role']).orderBy('id').execute();
      const adminId = users.find((u) => u.role === 'admin')?.id ?? null;
      await work(conn, {
        admin: { id: adminId, role: 'admin' },
        staff: { id: users.find((u) => u.role === 'user')?.id ?? adminId, role: 'user' },
        apps: { id: null, role: 'system' },
      });
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}
