import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '../../test/db-helpers';
import {
  acquireDataDirLock,
  DatabaseInUseError,
  identityOf,
  LOCK_FILE_NAME,
  LOCK_STALE_AFTER_MS,
  type LockOwner,
} from './lock';

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not spawn');
  return child.pid;
}

const procAvailable = identityOf(process.pid).startTime !== undefined;

describe('data directory lock', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const lockFile = () => path.join(dir, LOCK_FILE_NAME);
  /** Writes a lock file as a holder described by `owner` would (this machine's boot and namespace unless given). */
  const writeLock = (owner: Partial<LockOwner> & { pid: number }) => {
    const full = { ...identityOf(process.pid), instance: randomUUID(), ...owner };
    writeFileSync(lockFile(), `${owner.pid}\n${JSON.stringify(full)}\n`);
  };
  const holderPid = () => Number(readFileSync(lockFile(), 'utf8').split('\n')[0]);
  beforeEach(async () => {
    ({ dir, cleanup } = await createTempDir());
  });
  afterEach(async () => {
    await cleanup();
  });

  it('writes the pid and this acquisition into the lock file and removes it on release', () => {
    const lock = acquireDataDirLock(dir);
    const [pid, json] = readFileSync(lockFile(), 'utf8').split('\n');
    expect(Number(pid)).toBe(process.pid);
    expect(JSON.parse(json ?? '')).toMatchObject({ pid: process.pid, instance: expect.any(String) });
    lock.release();
    expect(readdirSync(dir)).toEqual([]);
    lock.release(); // idempotent
  });

  it('refuses a lock held by a live process (this one), naming the directory and the pid', () => {
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseInUseError);
    expect(() => acquireDataDirLock(dir)).toThrow(`database at ${dir} is in use by process ${process.pid}`);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('takes over a stale lock left by a dead process', () => {
    writeLock({ pid: deadPid() });
    const lock = acquireDataDirLock(dir);
    expect(holderPid()).toBe(process.pid);
    expect(readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
    lock.release();
  });

  it('takes over a lock naming this pid that this process does not hold (a restarted container)', () => {
    // The crashed server had the pid this one has now (pid 1 in a container): same pid, same boot,
    // same namespace, even the same start time, but an acquisition this process never made.
    writeLock({ pid: process.pid });
    const lock = acquireDataDirLock(dir);
    expect(holderPid()).toBe(process.pid);
    expect(() => acquireDataDirLock(dir)).toThrow(DatabaseInUseError);
    lock.release();
  });

  describe.skipIf(!procAvailable)('with /proc', () => {
    let child: ReturnType<typeof spawn> | undefined;
    afterEach(() => {
      child?.kill('SIGKILL');
      child = undefined;
    });
    const liveOther = async () => {
      child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      await new Promise((resolve) => child?.once('spawn', resolve));
      const pid = child.pid ?? 0;
      return { pid, startTime: identityOf(pid).startTime };
    };

    it('refuses a lock naming a live other process with its start time', async () => {
      const other = await liveOther();
      expect(other.startTime).toBeDefined();
      writeLock(other);
      expect(() => acquireDataDirLock(dir)).toThrow(`database at ${dir} is in use by process ${other.pid}`);
    });

    it('takes over a lock whose pid was reused (live, another start time)', async () => {
      const other = await liveOther();
      writeLock({ pid: other.pid, startTime: String(Number(other.startTime) - 1) });
      const lock = acquireDataDirLock(dir);
      expect(holderPid()).toBe(process.pid);
      lock.release();
    });

    it('judges a holder in another pid namespace by its heartbeat', async () => {
      const other = await liveOther();
      writeLock({ ...other, pidNamespace: 'pid:[1]' });
      expect(() => acquireDataDirLock(dir)).toThrow(
        /in another pid namespace; its lock was touched \d+ s ago/,
      );
      const old = new Date(Date.now() - LOCK_STALE_AFTER_MS - 1000);
      utimesSync(lockFile(), old, old);
      const lock = acquireDataDirLock(dir);
      expect(holderPid()).toBe(process.pid);
      lock.release();
    });
  });

  it('reads the older pid-only form: a live pid holds, a dead one is stale', () => {
    writeFileSync(lockFile(), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`is in use by process ${process.ppid}`);
    writeFileSync(lockFile(), `${deadPid()}\n`);
    acquireDataDirLock(dir).release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('treats an unreadable lock file as stale', () => {
    writeFileSync(lockFile(), 'garbage');
    acquireDataDirLock(dir).release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('does not remove a lock that another process took over meanwhile', () => {
    const lock = acquireDataDirLock(dir);
    writeFileSync(lockFile(), '1\n');
    lock.release();
    expect(readFileSync(lockFile(), 'utf8')).toBe('1\n');
  });
});
