/**
 * End-to-end harness: checks the production builds exist, starts the real server as `npm start` runs it (the built
 * `dist-server/main.js`) on a free port with a throwaway DATA_DIR (a copy of a seeded one), launches Debian's
 * Chromium, and stops everything afterwards.
 *
 *   const h = await startHarness();            // in beforeAll
 *   const page = await h.newPage();            // fresh context (own cookies + localStorage)
 *   await page.goto(h.url('/login'));
 *   await h.stop();                            // in afterAll
 *
 * Set E2E_KEEP_DATA=1 to keep the data directory for inspection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort } from '../../../scripts/freePort';
import { fillFromTemplate } from '../../support/pgliteTemplates';

export { freePort };

export const ROOT = resolve(import.meta.dirname, '../../..');
export const OUTPUT_DIR = join(ROOT, 'tests/e2e/output');

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123456' };
export const STAFF = { email: 'staff@example.com', password: 'Staff@123456' };

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The builds must exist (the test command runs `npm run build` before e2e). */
export function assertBuilt(): void {
  for (const file of ['dist/index.html', 'dist-server/main.js']) {
    if (!existsSync(join(ROOT, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end tests`);
    }
  }
}

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  readonly child: ChildProcess;
  output: () => string;
  /** Stops the server (SIGTERM) and starts it again on the same port and data: a server restart. */
  restart: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Starts `dist-server/main.js` on `port` with `dataDir`; resolves once it serves the login page. */
async function spawnServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  log: { text: string },
) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (log.text += d));
  child.stderr!.on('data', (d) => (log.text += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log.text}`);
    try {
      const res = await fetch(`${baseUrl}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 90 s:\n${log.text}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return child;
}

async function terminate(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const log = { text: '' };
  let child: ChildProcess;
  try {
    // The server starts on a copy of a migrated, seeded data directory: it finds its demo data there, as on any
    // restart, instead of running initdb and the seed on every test file.
    await fillFromTemplate('seeded', dataDir);
    child = await spawnServer(port, dataDir, env, log);
  } catch (error) {
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    get child() {
      return child;
    },
    output: () => log.text,
    restart: async () => {
      await terminate(child);
      child = await spawnServer(port, dataDir, env, log);
    },
    stop: async () => {
      await terminate(child);
      if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

export interface Harness {
  server: ServerProcess;
  browser: Browser;
  url: (path: string) => string;
  newContext: (options?: Parameters<Browser['newContext']>[0]) => Promise<BrowserContext>;
  newPage: (options?: Parameters<Browser['newContext']>[0]) => Promise<Page>;
  screenshot: (page: Page, name: string) => Promise<string>;
  /** Signs in through the API; the bearer token, or a throw with the refusal's message. */
  apiLogin: (who: { email: string; password: string }) => Promise<string>;
  /** A call as `token`; the envelope's data, or a throw with its message when it is not ok. */
  api: <T>(method: string, path: string, token: string, body?: unknown) => Promise<T>;
  stop: () => Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  assertBuilt();
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const server = await startServer(env);
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (e) {
    await server.stop();
    throw e;
  }
  const contexts: BrowserContext[] = [];
  // A test's contexts are closed once a later test opens one: a page left open keeps its console running beside every
  // later test's (a sign-in took 3.3 s with no other page open, 4.3 s with four). A test's own stay open through its
  // failure screenshots, and a context opened outside a test (in beforeAll) until the harness stops.
  const byTest = new Map<string, BrowserContext[]>();
  const closeEarlierTests = async (test: string) => {
    for (const [name, opened] of byTest) {
      if (name === test) continue;
      byTest.delete(name);
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    }
  };
  // The server's Content-Security-Policy must let the real console do everything the tests do: any violation
  // Chromium reports on any page fails the test file when the harness stops.
  const cspViolations: string[] = [];
  const newContext = async (options?: Parameters<Browser['newContext']>[0]) => {
    const test = expect.getState().currentTestName;
    if (test !== undefined) await closeEarlierTests(test);
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
    if (test !== undefined) byTest.set(test, [...(byTest.get(test) ?? []), ctx]);
    ctx.on('page', (page) =>
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text()))
          cspViolations.push(`${page.url()}: ${message.text()}`);
      }),
    );
    contexts.push(ctx);
    return ctx;
  };
  const url = (path: string) => `${server.baseUrl}${path}`;
  return {
    server,
    browser,
    url,
    newContext,
    newPage: async (options) => (await newContext(options)).newPage(),
    screenshot: async (page, name) => {
      const file = join(OUTPUT_DIR, `${name}.png`);
      await page.screenshot({ path: file });
      return file;
    },
    apiLogin: async (who) => {
      const res = await fetch(url('/api/sanctum-auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(who),
      });
      const answer = (await res.json()) as { err_code: number; err_msg: string; data: { token?: string } };
      if (answer.err_code !== 200 || !answer.data.token)
        throw new Error(`login as ${who.email}: ${answer.err_msg}`);
      return answer.data.token;
    },
    api: async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
      const res = await fetch(url(path), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json()) as { err_code: number; err_msg: string; data: T };
      if (answer.err_code !== 200) throw new Error(`${method} ${path}: ${answer.err_msg}`);
      return answer.data;
    },
    stop: async () => {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.stop();
      if (cspViolations.length) {
        throw new Error(`The console broke its Content-Security-Policy:\n${cspViolations.join('\n')}`);
      }
    },
  };
}

/** Fills the login form and submits it with the keyboard. */
export async function login(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.locator('#login-username').fill(who.email);
  await page.locator('#login-password').fill(who.password);
  await page.locator('#login-password').press('Enter');
}
