import { defineConfig } from 'vitest/config';

// The tests `npm run mutate:lists` (stryker.lists.config.mjs) runs against each bug planted in the shared list
// query: what a list remembers and how a list request's parameters are read.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/globalSetup.ts'],
    include: ['tests/server/kit/listMemory.test.ts', 'tests/server/kit/listParams.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
