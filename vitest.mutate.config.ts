import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The tests `npm run mutate` (stryker.config.mjs) runs against each planted bug: the lifecycle and policy tests.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['tests/machines/lifecycles/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    },
  }),
);
