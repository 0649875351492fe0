// `npm start`: installs dependencies when needed, builds the console and the server when their sources changed,
// then runs the API server, which serves the built console, on an embedded database with demo data.
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

// The server runs as built JavaScript: rebuilt when the server or the code it shares with the console changed.
const serverBuilt = existsSync('dist-server/main.js') ? statSync('dist-server/main.js').mtimeMs : 0;
const serverSources = Math.max(newest('server'), newest('src'), newest('package-lock.json'));
if (serverBuilt < serverSources) {
  console.log('Building the server…');
  execSync('npx rsbuild build -c server/rsbuild.config.ts', { stdio: 'inherit' });
}
await import('../dist-server/main.js');
