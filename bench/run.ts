/**
 * `npm run bench`: builds the console, then runs every benchmark in turn. Each writes its results to
 * bench/results/<name>.json; the numbers are reported in notes, never asserted in a test.
 */
import { execSync } from 'node:child_process';

const run = (command: string) => execSync(command, { stdio: 'inherit' });

run('npm run build');
run('npx tsx bench/startup.ts');
run('npx tsx bench/console.ts');
run('npx tsx bench/monitors.ts');
