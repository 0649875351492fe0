import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { openDatabase } from './db/connect';

/**
 * Starts the product: opens the database (PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL), migrates,
 * seeds the demo data (idempotent), serves the API and the built console, and shuts down gracefully on
 * SIGTERM/SIGINT (stop accepting, finish in-flight requests, then close the database).
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid PORT: ${process.env.PORT}`);

  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    mark = now;
  };

  // Opening the database (PGlite compiles its WebAssembly) overlaps with loading the app's modules.
  const opening = openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  opening.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
  const [{ buildApp, DEFAULT_DIST_DIR }, { prepareDatabase }, { DEMO_USERS }] = await Promise.all([
    import('./app'),
    import('./db/prepare'),
    import('./db/seed'),
  ]);
  phase('modules');
  const database = await opening;
  phase('database');
  let app: FastifyInstance | null = null;
  let stopping = false;
  let stopUpkeep = () => {};
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) {
      console.error(`${signal} again: exiting immediately.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received: shutting down…`);
    try {
      stopUpkeep();
      await app?.close();
      await database.close();
      console.log('Stopped.');
      process.exit(0);
    } catch (error) {
      console.error('Shutdown failed:', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await prepareDatabase(database.db, { dataDir, seed: true });
    phase('migrate+seed');
    app = await buildApp({
      db: database.db,
      dataDir,
      distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : DEFAULT_DIST_DIR,
      logger: { level: process.env.LOG_LEVEL ?? 'warn' },
      trustProxy: process.env.TRUST_PROXY === 'true',
      followLog: true,
    });
    await app.ready();
    phase('app');
    await app.listen({ port, host });
    phase('listen');
    if (database.kind === 'pglite') {
      const { startUpkeep } = await import('./db/upkeep');
      stopUpkeep = await startUpkeep(database.db, (error) => console.error('Upkeep failed:', error));
    }
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }

  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const where = databaseUrl
    ? `PostgreSQL (${redact(databaseUrl)})`
    : `PGlite in ${path.join(dataDir, 'pglite')}`;
  console.log(
    [
      `Marketplace admin is running at http://${shownHost}:${actualPort} (ready in ${Math.round(performance.now() - startedAt)} ms)`,
      `  start-up: ${Object.entries(phases)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', ')} (process uptime ${Math.round(process.uptime() * 1000)} ms)`,
      `  database: ${where}`,
      `  uploads:  ${path.join(dataDir, 'uploads')}`,
      '  demo logins:',
      ...DEMO_USERS.map((u) => `    ${u.email.padEnd(20)} ${u.password.padEnd(14)} (${u.role})`),
    ].join('\n'),
  );
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

main().catch((error: unknown) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
