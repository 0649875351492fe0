import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A lock file of our own beside an embedded database directory, so two server processes never open the same
 * PGlite directory. A lock whose process is gone (e.g. after `kill -9`) is stale and is taken over.
 */
export interface DirLock {
  readonly file: string;
  release(): void;
}

export class DirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data directory ${dir} is in use by another server process (pid ${pid}). ` +
        'Stop that process, or use another DATA_DIR.',
    );
    this.name = 'DirLockedError';
  }
}

export function acquireDirLock(dir: string): DirLock {
  const file = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(
        fd,
        JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }),
      );
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      return { file, release: () => releaseIfOurs(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== null && isAlive(holder)) throw new DirLockedError(dir, holder);
      // Stale (its process is gone) or unreadable: remove it and try again; 'wx' decides any race.
      try {
        fs.unlinkSync(file);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}

function readHolder(file: string): number | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown };
    return typeof parsed.pid === 'number' ? parsed.pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true; // the same process opening the directory twice is just as wrong
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(file: string): void {
  if (readHolder(file) === process.pid) fs.rmSync(file, { force: true });
}
