import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Once per test run: a directory for the data-directory templates (tests/support/pgliteTemplates.ts), built there
 * by the first test that needs one, and removed at the end of the run.
 */
export default function setup(project: TestProject): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mpa-templates-'));
  project.provide('pgliteTemplates', root);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
