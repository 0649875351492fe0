import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit, machine, view and API tests. Browser tests live in vitest.e2e.config.ts.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    globalSetup: ['tests/support/globalSetup.ts'],
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Vitest's default, a worker fewer than the cores, runs one file at a time on two cores, the other core mostly
    // idle while a file waits on its database: two at a time there (the PGlite stage of CI: 622 → 437 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
