import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDirLock, DirLockedError } from '../../server/db/dirLock';
import { openDatabase } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { moduleMigrations, prepareDatabase } from '../../server/db/prepare';
import { PGliteDialect } from '../../server/db/pgliteDialect';
import { fillFromTemplate } from '../support/pgliteTemplates';
import { createTestDatabase, type TestDatabase } from './support/testApp';

describe('data directory lock', () => {
  const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-lock-')), 'pglite');
  afterAll(() => fs.rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const lock = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/in use by another server process/);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    acquireDirLock(dir).release();
  });

  it('takes over a lock left by a process that no longer exists (kill -9)', () => {
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ pid: dead, host: os.hostname(), at: new Date().toISOString() }),
    );
    const lock = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  /** A process's start time (field 22 of /proc/<pid>/stat), read here independently of the lock's own code. */
  function startTimeOf(pid: number): string | null {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
    } catch {
      return null;
    }
  }
  const boot = fs.existsSync('/proc/sys/kernel/random/boot_id')
    ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    : null;

  function writeLock(holder: object): void {
    fs.writeFileSync(
      `${dir}.lock`,
      JSON.stringify({ host: os.hostname(), at: new Date().toISOString(), ...holder }),
    );
  }

  it('takes over a lock left by an earlier process that had our pid (PID 1 in a restarted container)', () => {
    const start = startTimeOf(process.pid);
    // The crashed server was PID 1 too, started earlier: same pid, another start time.
    writeLock({ pid: process.pid, start: start === null ? null : String(Number(start) - 1), boot });
    const lock = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid, start, boot });
    lock.release();
    // A lock file of the older format (pid only) naming our pid, which this process never took.
    writeLock({ pid: process.pid });
    acquireDirLock(dir).release();
  });

  it.runIf(startTimeOf(process.pid) !== null)(
    'takes over a lock whose pid now names another process, and respects one whose holder still runs',
    async () => {
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
      try {
        await new Promise((resolve) => other.once('spawn', resolve));
        const pid = other.pid!;
        const holder = { pid, start: startTimeOf(pid), boot };
        writeLock(holder);
        expect(() => acquireDirLock(dir)).toThrow(DirLockedError);
        // The dead holder's pid was given to this other process: it started at another time.
        writeLock({ ...holder, start: String(Number(holder.start) - 1) });
        acquireDirLock(dir).release();
        // Taken before the machine restarted: whatever runs under that pid now is not the holder.
        writeLock({ ...holder, boot: 'another-boot' });
        acquireDirLock(dir).release();
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  const canRunAsPid1 =
    process.platform === 'linux' &&
    spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0;

  it.runIf(canRunAsPid1)('lets a server that ran as PID 1 and died be followed by another PID 1', () => {
    // Two real processes, each PID 1 of its own PID namespace (as in a container): the first takes the lock and
    // dies without releasing it; the second must take it over.
    const script = path.join(path.dirname(dir), 'lock-as-pid1.mts');
    fs.writeFileSync(
      script,
      `import { acquireDirLock } from ${JSON.stringify(path.resolve(import.meta.dirname, '../../server/db/dirLock.ts'))};\n` +
        `acquireDirLock(${JSON.stringify(dir)});\n` +
        'console.log(`locked as pid ${process.pid}`);\n',
    );
    const run = () =>
      spawnSync('unshare', ['--pid', '--fork', '--mount-proc', process.execPath, '--import', 'tsx', script], {
        encoding: 'utf8',
      });
    const first = run();
    expect(first.stdout, first.stderr).toContain('locked as pid 1');
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(1);
    const second = run();
    expect(second.stdout, second.stderr).toContain('locked as pid 1');
    fs.rmSync(`${dir}.lock`, { force: true });
  });

  it('takes over an unreadable lock file', () => {
    fs.writeFileSync(`${dir}.lock`, 'garbage');
    const lock = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});

describe('migrations and demo seed', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function counts() {
    const count = async (table: 'users' | 'global_configs' | 'events') =>
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    return {
      users: await count('users'),
      configs: await count('global_configs'),
      events: await count('events'),
    };
  }

  it('returns counts as numbers on both databases', async () => {
    const { users } = await counts();
    expect(typeof users).toBe('number');
    const row = await sql<{ big: unknown }>`select 9007199254740::bigint as big`.execute(t.db);
    expect(row.rows[0]?.big).toBe(9007199254740);
  });

  it('has the two demo users with their roles and hashed passwords', async () => {
    const users = await t.db
      .selectFrom('users')
      .select(['email', 'role', 'password_hash'])
      .orderBy('email')
      .execute();
    expect(users.map((u) => [u.email, u.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['staff@example.com', 'user'],
    ]);
    for (const user of users) expect(user.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
  });

  it('does not duplicate anything when start-up runs again', async () => {
    const before = await counts();
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
    await prepareDatabase(t.db, { dataDir: t.dataDir, seed: true });
    expect(await counts()).toEqual(before);
  });

  it('reports nothing to do when every migration is applied', async () => {
    expect(await migrateToLatest(t.db, moduleMigrations())).toEqual([]);
  });

  it('enforces one event per stream version in the database itself', async () => {
    const event = {
      stream_type: 'x',
      stream_id: '1',
      version: 1,
      type: 'Happened',
      data: '{}',
      actor_id: null,
      actor_role: null,
      reason: null,
    };
    await t.db.insertInto('events').values(event).execute();
    await expect(t.db.insertInto('events').values(event).execute()).rejects.toMatchObject({ code: '23505' });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('uses its own schema on PostgreSQL', async () => {
    const row = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
    expect(row.rows[0]?.schema).toMatch(/^test_\d+_[0-9a-f]{8}$/);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('starts no parallel workers on PostgreSQL', async () => {
    // Every pooled connection: the statements of one request may run on any of them.
    const rows = await Promise.all(
      [1, 2, 3].map(() =>
        sql<{
          workers: string;
        }>`select current_setting('max_parallel_workers_per_gather') as workers, pg_sleep(0.05)`.execute(
          t.db,
        ),
      ),
    );
    expect(rows.map((r) => r.rows[0]?.workers)).toEqual(['0', '0', '0']);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('lets PGOPTIONS say otherwise', async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = '-c max_parallel_workers_per_gather=1';
    const other = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
    try {
      const row = await sql<{
        workers: string;
      }>`select current_setting('max_parallel_workers_per_gather') as workers`.execute(other.db);
      expect(row.rows[0]?.workers).toBe('1');
    } finally {
      await other.close();
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    }
  });

  it('migrates a second database beside the first, each in its own schema on PostgreSQL', async () => {
    // On a shared PostgreSQL server, the migrator must not mistake another schema's migration table for its own.
    const second = await createTestDatabase({ seed: false });
    try {
      const tables = await sql<{ n: number }>`
        select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_name in ('kysely_migration', 'events', 'users')`.execute(
        second.db,
      );
      expect(tables.rows[0]?.n).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)('closing PGlite', () => {
  // Each test's data directory, filled from the empty template before the tests (building the templates takes a
  // while the first time).
  const dirs: string[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-close-'));
      dirs.push(dir);
      await fillFromTemplate('empty', dir);
    }
  });
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A PGlite database of its own behind the dialect, closed as connect.ts closes it. */
  async function openPGlite(closeWaitMs?: number) {
    const dir = dirs.shift()!;
    const pglite = await PGlite.create({ dataDir: path.join(dir, 'pglite') });
    const db = new Kysely<never>({ dialect: new PGliteDialect(pglite, { closeWaitMs }) });
    let closing: Promise<void> | undefined;
    const close = () =>
      (closing ??= (async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      })());
    return { db, close };
  }
  /** A transaction that holds the one connection until `release` is called; `entered` once it holds it. */
  function holdConnection(db: Kysely<never>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const holding = new Promise<void>((resolve) => (entered = resolve));
    const done = db.transaction().execute(async (trx) => {
      entered();
      await released;
      return (await sql<{ n: number }>`select 1 as n`.execute(trx)).rows[0]?.n;
    });
    return { holding, release, done };
  }

  it('lets the queries already queued finish first, and takes no new one', async () => {
    const { db, close } = await openPGlite();
    try {
      const held = holdConnection(db);
      await held.holding;
      const queued = sql<{ n: number }>`select 2 as n`.execute(db).then((r) => r.rows[0]?.n);
      const closed = close();
      held.release();
      await expect(held.done).resolves.toBe(1);
      await expect(queued).resolves.toBe(2);
      await expect(sql`select 3`.execute(db)).rejects.toThrow('destroyed');
      await closed;
    } finally {
      await close();
    }
  });

  it('stops waiting for a connection held past the wait, and closes', async () => {
    const { db, close } = await openPGlite(100);
    const held = holdConnection(db);
    await held.holding;
    const queued = sql`select 2`.execute(db);
    queued.catch(() => undefined);
    await close(); // would wait for ever without the limit
    held.release();
    await expect(held.done).rejects.toThrow();
    await expect(queued).rejects.toThrow();
  });
});
