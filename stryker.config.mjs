// `npm run mutate`: plants one bug at a time in the lifecycles (the rules), the policy table, what rich text may
// contain (the sanitiser, its policy, the editor's table and counts), the staff's own settings rules and forms,
// the workplace's, monitor's and analysis' machines and figures, and reports which
// ones no test noticed. Not part of `npm test`: it takes a while. The server's command pipeline has its own run
// (`npm run mutate:pipeline`, stryker.pipeline.config.mjs).
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  mutate: [
    'src/machines/lifecycles/**/*.ts',
    'src/contract/policy.ts',
    'src/contract/richText.ts',
    'src/contract/sanitizeHtml.ts',
    'src/views/richtext/tableGrid.ts',
    'src/contract/textCount.ts',
    'src/views/richtext/videoUrl.ts',
    'src/contract/password.ts',
    'src/contract/profile.ts',
    'src/contract/monitor.ts',
    'src/machines/screens/workplaceMachine.ts',
    'src/machines/screens/monitorMachine.ts',
    'src/machines/screens/formMachine.ts',
    'src/machines/screens/profileFormMachine.ts',
    'src/machines/screens/passwordFormMachine.ts',
    'src/contract/analysis.ts',
    'src/machines/screens/analysisMachine.ts',
    'src/machines/screens/analysisFigures.ts',
    '!src/machines/lifecycles/assetUrl.ts',
  ],
  // Message texts (English refusal reasons, action labels) are not rules: their mutants say nothing of the tests.
  mutator: { excludedMutations: ['StringLiteral'] },
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 60000,
  dryRunTimeoutMinutes: 20,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'test-output/mutation/index.html' },
  jsonReporter: { fileName: 'test-output/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignoreStatic: true,
  thresholds: { high: 90, low: 85, break: null },
};
