// `npm run mutate:pipeline`: plants one bug at a time in the server's command pipeline and runs its own test file
// (tests/server/kit/pipeline.test.ts: one embedded database for all its tests) against each. Every planted bug
// runs the whole file: with per-test coverage, Stryker saw no test covering this file (its coverage hook fails
// under vitest 4 here) and let every bug survive untested.
import base from './stryker.config.mjs';

export default {
  ...base,
  vitest: { configFile: 'vitest.mutate.pipeline.config.ts' },
  mutate: ['server/kit/pipeline.ts'],
  coverageAnalysis: 'off',
  // A planted bug that makes a retry loop spin is a kill by timeout: the file runs in ~15 s, so wait no longer.
  timeoutMS: 15000,
  ignoreStatic: false,
  htmlReporter: { fileName: 'test-output/mutation-pipeline/index.html' },
  jsonReporter: { fileName: 'test-output/mutation-pipeline/mutation.json' },
};
