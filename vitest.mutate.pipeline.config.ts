import { defineConfig } from 'vitest/config';

// The tests `npm run mutate:pipeline` (stryker.pipeline.config.mjs) runs against each bug planted in the pipeline.
export default defineConfig({
  test: {
    globalSetup: ['tests/support/globalSetup.ts'],
    include: ['tests/server/kit/pipeline.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
