// Installs dependencies when node_modules is missing or older than the lockfile.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
if (stale) {
  // `npm install`, not `npm ci`: @rspack/binding lists optional platform packages the registry does not all
  // carry for this version, which `npm ci` refuses as an out-of-sync lockfile while `npm install` skips them.
  console.log('Installing dependencies…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
