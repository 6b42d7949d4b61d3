import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Name of the lock file kept inside an embedded database's data directory. */
export const LOCK_FILE_NAME = 'tilerealm.lock';

/** Thrown when another live process holds the data directory. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`database at ${dataDir} is in use by process ${pid}`);
    this.name = 'DatabaseInUseError';
  }
}

/** A held lock; `release()` removes the file if it is still ours. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes the exclusive lock on an embedded database directory. PGlite has no
 * protection of its own against two processes opening the same files, and two
 * writers corrupt them, so the server writes its pid into a lock file created
 * with O_EXCL. A lock left by a dead process (crash, kill -9) is stale and is
 * taken over; a lock held by a live process (this one included) is refused.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(lockPath)) return makeLock(lockPath);
    const holder = readPid(lockPath);
    if (holder === undefined) continue; // released meanwhile: try again
    if (isAlive(holder)) throw new DatabaseInUseError(dataDir, holder);
    takeOverStale(lockPath, holder);
  }
  throw new Error(`could not take the lock file ${lockPath}: it keeps changing`);
}

/**
 * Creates the lock file atomically with its content: the pid is written to a
 * private file first, then hard-linked to the lock name (link fails with
 * EEXIST when the lock exists), so no reader ever sees a half-written lock.
 */
function tryCreate(lockPath: string): boolean {
  const tmp = `${lockPath}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, lockPath);
    return true;
  } catch (err) {
    if (errorCode(err) === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

/**
 * Moves a stale lock aside under a unique name rather than deleting it, so
 * that of two processes racing for the same stale lock only one wins the
 * rename; if what was moved turns out to be a live lock, it is put back.
 */
function takeOverStale(lockPath: string, stalePid: number): void {
  const aside = `${lockPath}.stale-${process.pid}-${Date.now()}`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  const moved = readPid(aside);
  if (moved !== undefined && moved !== stalePid && isAlive(moved)) {
    renameSync(aside, lockPath);
    throw new DatabaseInUseError(path.dirname(lockPath), moved);
  }
  unlinkSync(aside);
}

function makeLock(lockPath: string): DataDirLock {
  let held = true;
  return {
    path: lockPath,
    release() {
      if (!held) return;
      held = false;
      if (readPid(lockPath) !== process.pid) return;
      try {
        unlinkSync(lockPath);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
    },
  };
}

function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  const pid = Number.parseInt(text.trim().split('\n')[0] ?? '', 10);
  // An unreadable lock file is treated as stale: pid 0 is never alive here.
  return Number.isInteger(pid) && pid > 0 ? pid : 0;
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return errorCode(err) === 'EPERM';
  }
}

function errorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string') {
    return err.code;
  }
  return undefined;
}
