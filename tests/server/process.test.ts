import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN } from './support/testApp';
import { freePort } from '../../scripts/freePort';

/**
 * The real server process, over real HTTP, on an embedded PGlite in a temporary DATA_DIR (always PGlite: what is
 * tested here is our own durability and shutdown, which PostgreSQL provides by itself).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-process-'));
const started: ChildProcess[] = [];

afterAll(() => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startServer(port: number, waitFor: 'ready' | 'exit' = 'ready'): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server = { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
  if (waitFor === 'exit') return server;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const check = () => {
      if (output.includes('is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
    check();
  });
  return server;
}

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const response = await fetch(base + url, {
    method,
    headers: {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('the real server process', () => {
  it('serves the contract over HTTP, keeps an acknowledged write through kill -9, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect(first.output()).toContain(`http://127.0.0.1:${port}`);
    expect(first.output()).toContain('admin@example.com');
    expect(first.output()).toContain('staff@example.com');

    const login = await call(first.base, 'POST', '/api/sanctum-auth/login', undefined, ADMIN);
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/XSRF-TOKEN=/);
    const token = login.body.data.token as string;
    expect((await call(first.base, 'GET', '/api/nope', token)).status).toBe(404);

    // A second server must not open the same data directory while the first one runs.
    const intruder = await startServer(await freePort(), 'exit');
    const intruderExit = await intruder.exited;
    expect(intruderExit.code).toBe(1);
    expect(intruder.output()).toMatch(/in use by another server process/);

    // The write is acknowledged (200) before the kill: it must be there after the restart.
    const marker = `Durable ${Date.now()}`;
    const { version } = (await call(first.base, 'GET', '/api/global/configs', token)).body.data;
    const saved = await call(first.base, 'PUT', '/api/global/configs', token, {
      supplier_name: marker,
      version,
    });
    expect(saved.status).toBe(200);
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(
      fs.existsSync(path.join(dataDir, 'pglite', 'postmaster.pid')) ||
        fs.existsSync(`${dataDir}/pglite.lock`),
    ).toBe(true);

    const second = await startServer(port);
    const configs = await call(second.base, 'GET', '/api/global/configs', token);
    expect(configs.status).toBe(200);
    expect(configs.body.data.supplier_name).toBe(marker);
    // The seed did not run twice.
    const staffLogin = await call(second.base, 'POST', '/api/sanctum-auth/login', undefined, {
      email: 'staff@example.com',
      password: 'Staff@123456',
    });
    expect(staffLogin.status).toBe(200);

    second.child.kill('SIGTERM');
    const exit = await second.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(second.output()).toContain('SIGTERM received');
    expect(second.output()).toContain('Stopped.');
    expect(fs.existsSync(`${dataDir}/pglite.lock`)).toBe(false);
    await expect(fetch(`${second.base}/api/health`)).rejects.toThrow();
  }, 240_000);
});
