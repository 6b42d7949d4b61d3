/**
 * A throwaway redis-server for tests (Debian's `redis-server`; CI installs it): on a free loopback
 * port, nothing saved to disk, stopped and started again by the fault tests. Tests that need it
 * skip when the binary is missing.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { eventually } from '../fault-helpers';
import { freePort } from '../free-port';

const run = promisify(execFile);

export const REDIS_SERVER_BIN = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) =>
  existsSync(p),
);
/** True where a redis-server binary is installed. */
export const haveRedisServer = REDIS_SERVER_BIN !== undefined;

export interface TestRedis {
  url: string;
  port: number;
  /** Stops the server (the tests' "Redis went away"); resolves once its process is gone. */
  stop(): Promise<void>;
  /** Starts it again on the same port; resolves once it answers PING. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/** The process exists and has not exited (a daemon reparented to a non-reaping init lingers as a zombie). */
async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return !/^\d+ \(.*\) Z/.test(stat);
}

export async function startTestRedis(): Promise<TestRedis> {
  if (!REDIS_SERVER_BIN) throw new Error('redis-server is not installed');
  const bin = REDIS_SERVER_BIN;
  const dir = await mkdtemp(join(tmpdir(), 'tilerealm-redis-'));
  const port = await freePort();
  const pidfile = join(dir, 'redis.pid');
  let pid: number | undefined;

  const start = async () => {
    await run(bin, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--daemonize',
      'yes',
      '--pidfile',
      pidfile,
      '--logfile',
      join(dir, 'redis.log'),
    ]);
    pid = await eventually('redis-server to write its pid file', async () => {
      const text = await readFile(pidfile, 'utf8').catch(() => '');
      const n = Number(text.trim());
      return Number.isInteger(n) && n > 0 ? n : undefined;
    });
    await eventually('redis-server to answer PING', async () => {
      const probe = new Redis({
        port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => undefined); // refused while it starts: polled again
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    });
  };
  const stop = async () => {
    const running = pid;
    if (running === undefined) return;
    pid = undefined;
    if (await alive(running)) process.kill(running, 'SIGTERM');
    await eventually('redis-server to exit', async () => !(await alive(running)));
    await rm(pidfile, { force: true });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    dispose: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
