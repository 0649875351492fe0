import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config';

// The tests `npm run mutate` (stryker.config.mjs) runs against each planted bug: the lifecycle and policy tests,
// and the server tests that drive the command pipeline end to end on PGlite.
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: [
        'tests/machines/lifecycles/**/*.test.ts',
        'tests/contract/**/*.test.ts',
        'tests/server/kit/**/*.test.ts',
        'tests/server/*.paths.test.ts',
        'tests/server/orders.flow.test.ts',
      ],
    },
  }),
);
