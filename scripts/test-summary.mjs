// Adds up the vitest JSON reports and prints the closing line CI reads: "tests: N passed, N failed".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, ...failedStages] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(
    `${file.replace('.json', '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`,
  );
}
if (failedStages.length) console.log(`failed stages: ${failedStages.join(', ')}`);
// A failed stage that is not a test suite (typecheck, lint…) counts as one failure.
const stageFailures = failedStages.filter((s) => !/tests/.test(s)).length;
console.log(
  `tests: ${passed} passed, ${failed + stageFailures} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
