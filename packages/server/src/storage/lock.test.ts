import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '../../test/db-helpers';
import { acquireDataDirLock, DatabaseInUseError, LOCK_FILE_NAME } from './lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not spawn');
  return child.pid;
}

describe('data directory lock', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await createTempDir());
  });
  afterEach(async () => {
    await cleanup();
  });

  it('writes the pid into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
    lock.release(); // idempotent
  });

  it('refuses a lock held by a live process, naming the directory and the pid', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`database at ${dir} is in use by process ${process.pid}`);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock left by a dead process', () => {
    writeFileSync(path.join(dir, LOCK_FILE_NAME), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
  });

  it('treats an unreadable lock file as stale', () => {
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    acquireDataDirLock(dir).release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('does not remove a lock that another process took over meanwhile', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(path.join(dir, LOCK_FILE_NAME), '1\n');
    lock.release();
    expect(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).toBe('1\n');
  });
});
