import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { catchUp } from '../../server/events/follower';
import { rebuildAll } from '../../server/kit/rebuildAll';
import { modules } from '../../server/modules/index';
import { freePort, startServerProcess, type ServerProcess } from './support/serverProcess';
import { ADMIN } from './support/testApp';

/**
 * kill -9 in the middle of writes, on the embedded PGlite (always: PostgreSQL brings its own crash safety):
 * after a restart on the same DATA_DIR every acknowledged write is there, and every projection is exactly what
 * replaying the event log gives.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-crash-'));
const servers: ServerProcess[] = [];
afterAll(() => {
  for (const { child } of servers)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(base: string, method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/sanctum-auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Every table but the log and the migrator's, rows sorted: what a rebuild must leave exactly as it was. */
async function tablesExceptTheLog(db: Parameters<typeof rebuildAll>[0]) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not in ('events', 'log_followers', 'kysely_migration', 'kysely_migration_lock')
    order by table_name`.execute(db);
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    out[name] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

describe('a server killed in the middle of writes', () => {
  it('keeps every acknowledged write, and its projections equal a rebuild from the log', async () => {
    const port = await freePort();
    const first = await startServerProcess(dataDir, port);
    servers.push(first);
    const token = await login(first.base);

    // Four writers create and rank projects until the server dies under them.
    const acknowledged: Array<{ id: number; version: number; ranking?: number }> = [];
    let killed = false;
    const writer = async (w: number) => {
      for (let n = 0; !killed; n += 1) {
        try {
          const created = await call(first.base, 'POST', '/api/projects', token, {
            project_name: `Crash ${w}-${n}`,
            min_price: '10',
          });
          if (created.status !== 200) throw new Error(`create answered ${created.status}`);
          const ack: { id: number; version: number; ranking?: number } = {
            id: created.body.data.id,
            version: 1,
          };
          acknowledged.push(ack);
          const ranking = w * 1000 + n + 1; // a new project ranks 0: ranking it 0 again would change nothing
          const ranked = await call(first.base, 'POST', `/api/projects/${ack.id}/events`, token, {
            type: 'project.rank',
            ranking,
            expectedVersion: 1,
          });
          if (ranked.status !== 200) throw new Error(`rank answered ${ranked.status}`);
          Object.assign(ack, { version: 2, ranking });
        } catch (error) {
          if (killed) return; // the answer never came: not acknowledged
          throw error;
        }
      }
    };
    let failure: unknown = null;
    const writers = [0, 1, 2, 3].map((w) => writer(w).catch((error: unknown) => (failure ??= error)));
    while (acknowledged.length < 40 && failure === null)
      await new Promise((resolve) => setTimeout(resolve, 20));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    expect(failure).toBeNull();
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = await startServerProcess(dataDir, port);
    servers.push(second);
    for (const ack of acknowledged) {
      const project = await call(second.base, 'GET', `/api/projects/${ack.id}`, token);
      expect(project.status, `project ${ack.id}`).toBe(200);
      expect(project.body.data.version).toBeGreaterThanOrEqual(ack.version);
      if (ack.ranking !== undefined) expect(project.body.data.ranking).toBe(ack.ranking);
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });

    // The projections as the crashed and restarted server left them, against a rebuild from the log.
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      // A read model a log follower keeps goes on from where the follower was when the server died.
      for (const follower of modules.flatMap((m) => m.followers ?? []).filter((f) => f.rebuild)) {
        await catchUp(handle.db, follower);
      }
      const before = await tablesExceptTheLog(handle.db);
      const counts = Object.fromEntries((await rebuildAll(handle.db)).map((r) => [r.name, r.count]));
      expect(counts.project).toBeGreaterThanOrEqual(acknowledged.length);
      expect(await tablesExceptTheLog(handle.db)).toEqual(before);
    } finally {
      await handle.close();
    }
  }, 240_000);
});
