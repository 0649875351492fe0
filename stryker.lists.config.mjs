// `npm run mutate:lists`: plants one bug at a time in the shared list query's memory (server/kit/listMemory.ts) and
// in how it reads a list request's parameters (server/kit/listQuery.ts: its query-string schema, readListQuery and
// the ranges' ends), and runs vitest.mutate.lists.config.ts against each. As for the pipeline
// (stryker.pipeline.config.mjs), Stryker's per-test coverage sees no test covering a server file, so every planted
// bug runs the whole of it (docs/mutation.md, "The list query's memory and parameters").
import base from './stryker.config.mjs';

export default {
  ...base,
  vitest: { configFile: 'vitest.mutate.lists.config.ts' },
  mutate: ['server/kit/listMemory.ts', 'server/kit/listQuery.ts:91-338'],
  coverageAnalysis: 'off',
  timeoutMS: 30000,
  ignoreStatic: false,
  htmlReporter: { fileName: 'test-output/mutation-lists/index.html' },
  jsonReporter: { fileName: 'test-output/mutation-lists/mutation.json' },
};
