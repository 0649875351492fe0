// `npm start`: installs dependencies when needed, builds the console when its sources changed, then runs the
// API server, which serves the built console, on an embedded database with demo data.
// Plain Node on purpose, so it works on a fresh clone before anything is installed.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

execSync('node scripts/ensure-install.mjs', { stdio: 'inherit' });

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(newest('src'), newest('rsbuild.config.ts'), newest('package-lock.json'));
if (built < sources) {
  console.log('Building the console…');
  execSync('npx rsbuild build', { stdio: 'inherit' });
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
