import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The tests `npm run mutate` (stryker.config.mjs) runs against each planted bug: the lifecycle, contract (policy,
// rich text, settings rules, monitor positions), rich-text part and settings/workplace/monitor machine tests, and
// the starter forms' (the step form's channel rules, the group form), the certification tab's, the list screen's,
// the notice recipient picker's, the tab bar's and the commission page's.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'tests/machines/lifecycles/**/*.test.ts',
      'tests/contract/**/*.test.ts',
      'tests/views/richtextParts.test.ts',
      'tests/machines/screens/workplace.test.ts',
      'tests/machines/screens/monitor.test.ts',
      'tests/machines/screens/monitorService.test.ts',
      'tests/machines/screens/passwordForm.test.ts',
      'tests/machines/screens/profileForm.test.ts',
      'tests/machines/screens/analysis.test.ts',
      'tests/machines/screens/analysisFigures.test.ts',
      'tests/machines/screens/analysisLoad.test.ts',
      'tests/machines/screens/stepForm.test.ts',
      'tests/machines/screens/groupForm.test.ts',
      'tests/machines/screens/certificationScreens.test.ts',
      'tests/machines/screens/listScreenMachine.test.ts',
      'tests/machines/screens/recipientPicker.test.ts',
      'tests/machines/app/tabBar.test.ts',
      'tests/machines/screens/commissionPage.test.ts',
    ],
    env: { MUTATION_RUNS: '300' },
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
