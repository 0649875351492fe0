import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Once per test run: a directory for the data-directory templates (tests/support/pgliteTemplates.ts), built there
 * by the first test that needs one, and removed at the end of the run. In watch mode every rerun gets a new one,
 * so that templates are always made by the code being tested.
 */
export default function setup(project: TestProject): () => void {
  let root = '';
  const fresh = () => {
    if (root) fs.rmSync(root, { recursive: true, force: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-templates-'));
    project.provide('pgliteTemplates', root);
  };
  fresh();
  project.onTestsRerun(fresh);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
