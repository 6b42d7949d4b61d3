import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Name of the lock file kept inside an embedded database's data directory. */
export const LOCK_FILE_NAME = 'tilerealm.lock';

/** How often a holder touches its lock file, so that a process that cannot check its pid sees it is alive. */
export const LOCK_HEARTBEAT_MS = 5_000;

/** A lock whose holder cannot be checked by pid is stale when its file was not touched for this long. */
export const LOCK_STALE_AFTER_MS = 30_000;

/** Thrown when another live process holds the data directory. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    detail = '',
  ) {
    super(`database at ${dataDir} is in use by process ${pid}${detail}`);
    this.name = 'DatabaseInUseError';
  }
}

/** A held lock; `release()` removes the file if it is still ours. */
export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/**
 * Who holds a lock, as written in the lock file. A pid alone cannot name a process: after a
 * container restart the new server often has the crashed one's pid (pid 1), and any pid is reused
 * sooner or later. So the file also holds a random id of the acquisition, the holder's start time
 * (`/proc/<pid>/stat` field 22, in clock ticks since boot), the boot id and the holder's pid
 * namespace; the last three are absent where `/proc` is not (then only the pid is checked).
 */
export interface LockOwner {
  pid: number;
  instance: string;
  startTime?: string;
  bootId?: string;
  pidNamespace?: string;
}

/** Options of {@link acquireDataDirLock}. */
export interface DataDirLockOptions {
  /** Told when the lock file stopped being ours while held (someone removed or replaced it). */
  onLost?: (message: string) => void;
}

/** Instances this process holds, shared by every copy of this module loaded in the process. */
const HELD: Set<string> = ((globalThis as Record<symbol, unknown>)[Symbol.for('tilerealm.dataDirLocks')] ??=
  new Set<string>()) as Set<string>;

/**
 * Takes the exclusive lock on an embedded database directory. PGlite has no protection of its own
 * against two processes opening the same files, and two writers corrupt them, so the server creates
 * a lock file naming itself (see {@link LockOwner}) and touches it every few seconds. An existing
 * lock is stale, and taken over, when its holder is certainly gone:
 *
 * - it names this process's pid but an acquisition this process does not hold (a restarted
 *   container whose new server got the old one's pid);
 * - it names a dead pid, or a live pid whose start time differs (the pid was reused);
 * - its holder ran under another boot or pid namespace, where its pid means nothing here (another
 *   container sharing the directory, or the previous container), and the file was not touched for
 *   {@link LOCK_STALE_AFTER_MS};
 * - it is unreadable.
 *
 * Otherwise (a live process, this one included) the lock is refused with {@link DatabaseInUseError}.
 */
export function acquireDataDirLock(dataDir: string, opts: DataDirLockOptions = {}): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { ...identityOf(process.pid), pid: process.pid, instance: randomUUID() };
  const content = `${me.pid}\n${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(lockPath, content, me.instance)) return makeLock(lockPath, me, opts);
    const held = readLock(lockPath);
    if (held === undefined) continue; // released meanwhile: try again
    const verdict = judge(held);
    if (verdict.live) throw new DatabaseInUseError(dataDir, held.owner?.pid ?? 0, verdict.detail);
    takeOverStale(lockPath, held.text);
  }
  throw new Error(`could not take the lock file ${lockPath}: it keeps changing`);
}

interface ReadLock {
  text: string;
  /** Undefined when the file is unreadable (stale). */
  owner: LockOwner | undefined;
  mtimeMs: number;
}

/** Whether a lock's holder is alive; `detail` ends the refusal message. */
function judge(held: ReadLock): { live: boolean; detail: string } {
  const owner = held.owner;
  if (!owner || owner.pid <= 0) return { live: false, detail: '' };
  const here = identityOf(process.pid);
  if (owner.instance === '') {
    // Written by an older server: a pid only. Never this process's (it writes the full form).
    return { live: owner.pid !== process.pid && isAlive(owner.pid), detail: '' };
  }
  if (owner.bootId !== here.bootId || owner.pidNamespace !== here.pidNamespace) {
    const age = Date.now() - held.mtimeMs;
    return {
      live: age < LOCK_STALE_AFTER_MS,
      detail: ` (in another ${owner.bootId !== here.bootId ? 'boot or machine' : 'pid namespace'}; its lock was touched ${Math.max(0, Math.round(age / 1000))} s ago and is taken over once untouched for ${LOCK_STALE_AFTER_MS / 1000} s)`,
    };
  }
  if (owner.pid === process.pid) return { live: HELD.has(owner.instance), detail: '' };
  if (!isAlive(owner.pid)) return { live: false, detail: '' };
  const startTime = identityOf(owner.pid).startTime;
  if (owner.startTime !== undefined && startTime !== undefined && owner.startTime !== startTime) {
    return { live: false, detail: '' }; // the pid now names another process
  }
  return { live: true, detail: '' };
}

/**
 * Creates the lock file atomically with its content: written to a private file first, then
 * hard-linked to the lock name (link fails with EEXIST when the lock exists), so no reader ever
 * sees a half-written lock.
 */
function tryCreate(lockPath: string, content: string, instance: string): boolean {
  const tmp = `${lockPath}.${process.pid}.${instance}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, content);
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
 * Moves a stale lock aside under a unique name rather than deleting it, so that of two processes
 * racing for the same stale lock only one wins the rename; if what was moved is not the lock judged
 * stale (another process replaced it meanwhile) and it is live, it is put back.
 */
function takeOverStale(lockPath: string, staleText: string): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return;
    throw err;
  }
  const moved = readLock(aside);
  if (moved !== undefined && moved.text !== staleText) {
    const verdict = judge(moved);
    if (verdict.live) {
      renameSync(aside, lockPath);
      throw new DatabaseInUseError(path.dirname(lockPath), moved.owner?.pid ?? 0, verdict.detail);
    }
  }
  unlinkSync(aside);
}

function makeLock(lockPath: string, me: LockOwner, opts: DataDirLockOptions): DataDirLock {
  let held = true;
  HELD.add(me.instance);
  const stillOurs = () => readLock(lockPath)?.owner?.instance === me.instance;
  const heartbeat = setInterval(() => {
    try {
      if (!stillOurs()) throw new Error('the lock file was removed or replaced by another process');
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch (err) {
      clearInterval(heartbeat);
      opts.onLost?.(`lost the lock ${lockPath}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    path: lockPath,
    release() {
      if (!held) return;
      held = false;
      clearInterval(heartbeat);
      HELD.delete(me.instance);
      if (!stillOurs()) return;
      try {
        unlinkSync(lockPath);
      } catch (err) {
        if (errorCode(err) !== 'ENOENT') throw err;
      }
    },
  };
}

/** The lock file's text and holder; undefined when there is no file. */
function readLock(file: string): ReadLock | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    text = readFileSync(file, 'utf8');
    mtimeMs = statSync(file).mtimeMs;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  return { text, owner: parseOwner(text), mtimeMs };
}

/** `<pid>\n<json>\n`, or the older `<pid>\n`; anything else is unreadable (undefined). */
function parseOwner(text: string): LockOwner | undefined {
  const [first = '', second = ''] = text.split('\n');
  const pid = Number.parseInt(first.trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || String(pid) !== first.trim()) return undefined;
  if (second.trim() === '') return { pid, instance: '' };
  try {
    const parsed: unknown = JSON.parse(second);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const o = parsed as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const instance = str(o['instance']);
    if (o['pid'] !== pid || instance === undefined) return undefined;
    const owner: LockOwner = { pid, instance };
    const startTime = str(o['startTime']);
    const bootId = str(o['bootId']);
    const pidNamespace = str(o['pidNamespace']);
    if (startTime !== undefined) owner.startTime = startTime;
    if (bootId !== undefined) owner.bootId = bootId;
    if (pidNamespace !== undefined) owner.pidNamespace = pidNamespace;
    return owner;
  } catch {
    return undefined; // not JSON: unreadable, so stale
  }
}

/** What identifies a process beyond its pid, where `/proc` tells (Linux); absent fields are unknown. */
export function identityOf(pid: number): Pick<LockOwner, 'startTime' | 'bootId' | 'pidNamespace'> {
  const out: Pick<LockOwner, 'startTime' | 'bootId' | 'pidNamespace'> = {};
  const startTime = readProc(() => {
    // Field 2 (the command) may hold spaces and parentheses: count fields after its closing one.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  });
  const bootId = readProc(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  const pidNamespace = readProc(() => readlinkSync('/proc/self/ns/pid'));
  if (startTime) out.startTime = startTime;
  if (bootId) out.bootId = bootId;
  if (pidNamespace) out.pidNamespace = pidNamespace;
  return out;
}

function readProc(read: () => string | undefined): string | undefined {
  try {
    return read() || undefined;
  } catch {
    return undefined; // no /proc here (or the process just ended): unknown
  }
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
