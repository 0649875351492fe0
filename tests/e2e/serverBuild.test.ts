/**
 * The built server (dist-server/, read after `npm run build` as the end-to-end tests are) runs wherever it is
 * copied: it names no path of the machine that built it, so it serves the console beside it (dist/), not the
 * build machine's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('the built server', () => {
  it('names no path of the machine that built it', () => {
    const root = process.cwd();
    const files = readdirSync('dist-server').filter((f) => f.endsWith('.js'));
    expect(files).toContain('main.js');
    for (const file of files) {
      const code = readFileSync(path.join('dist-server', file), 'utf8');
      expect(code.includes(pathToFileURL(root).href), file).toBe(false);
      expect(code.includes(`'${root}/`), file).toBe(false);
    }
  });
});
