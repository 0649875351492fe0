import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A lock file of our own beside an embedded database directory, so two server processes never open the same
 * PGlite directory. A lock whose process is gone (e.g. after `kill -9`) is stale and is taken over.
 *
 * A process id alone does not say whether the holder is gone: ids are reused. In a container the server is
 * PID 1 on every start, so after a crash the lock names PID 1, and the new server, PID 1 too, would take itself
 * for the holder and never start again; on a busy machine an unrelated process may have been given the dead
 * holder's id. So the lock records the holder's *identity*: its pid, its start time (field 22 of
 * /proc/<pid>/stat, in clock ticks since boot) and the boot id (/proc/sys/kernel/random/boot_id). Within one
 * boot, pid + start time name exactly one process; a different boot id means the holder's machine restarted.
 *
 * Why not an OS lock held by an open file (flock/fcntl), which the kernel frees when the process dies? Node 20
 * has no API for either without a native addon. Where /proc is missing (macOS), the lock falls back to the pid:
 * a lock naming our own pid that this process did not take is a previous incarnation's, and is taken over.
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

/** Who holds a lock: written into the lock file (with the host and time, for people reading it). */
export interface LockHolder {
  pid: number;
  /** The holder's start time (clock ticks since boot, as text), or null where /proc is not available. */
  start: string | null;
  /** The boot id when the lock was taken, or null where /proc is not available. */
  boot: string | null;
}

/** Lock files this process holds (so it refuses to open the same directory twice). */
const held = new Set<string>();

export function acquireDirLock(dir: string): DirLock {
  const file = `${path.resolve(dir)}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const me = currentHolder();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify({ ...me, host: os.hostname(), at: new Date().toISOString() }));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      held.add(file);
      return { file, release: () => releaseIfOurs(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      if (holder !== null && isHolding(holder, file)) throw new DirLockedError(dir, holder.pid);
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

/** This process, as a lock records it. */
export function currentHolder(): LockHolder {
  return { pid: process.pid, start: processStartTime(process.pid), boot: bootId() };
}

/** Whether the process that wrote `holder` still runs (and so still holds the lock). */
function isHolding(holder: LockHolder, file: string): boolean {
  if (holder.pid === process.pid) {
    // Either this very process (opening the directory twice is just as wrong), or an earlier process that had
    // the same pid: PID 1 in a container that crashed and was started again.
    const ownStart = processStartTime(process.pid);
    return ownStart !== null && holder.start !== null ? ownStart === holder.start : held.has(file);
  }
  const boot = bootId();
  if (holder.boot !== null && boot !== null && holder.boot !== boot) return false; // taken before a reboot
  if (!pidExists(holder.pid)) return false;
  if (holder.start === null) return true; // an older lock file, or no /proc: the pid is all we know
  const start = processStartTime(holder.pid);
  return start === null || start === holder.start; // another start time: the pid now names another process
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (typeof parsed.pid !== 'number') return null;
    return {
      pid: parsed.pid,
      start: typeof parsed.start === 'string' ? parsed.start : null,
      boot: typeof parsed.boot === 'string' ? parsed.boot : null,
    };
  } catch {
    return null;
  }
}

/** Whether a process with this id exists (EPERM: it exists but is another user's). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot), or null when it cannot be read. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces or ')': count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[22 - 3];
    return start && /^\d+$/.test(start) ? start : null;
  } catch {
    return null;
  }
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

function releaseIfOurs(file: string): void {
  held.delete(file);
  const holder = readHolder(file);
  const me = currentHolder();
  if (holder?.pid === me.pid && (holder.start === null || holder.start === me.start)) {
    fs.rmSync(file, { force: true });
  }
}
