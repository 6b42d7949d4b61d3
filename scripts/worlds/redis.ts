import { spawn, type ChildProcess } from 'node:child_process';
import { access } from 'node:fs/promises';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A redis-server run from the machine's binary for a local topology. */
export interface LocalRedis {
  url: string;
  port: number;
  child: ChildProcess;
}

/** The redis-server binary: REDIS_SERVER, else the first `redis-server` on PATH, else undefined. */
export async function findRedisServer(): Promise<string | undefined> {
  const explicit = process.env['REDIS_SERVER'];
  const candidates = explicit
    ? [explicit]
    : [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin']
        .filter(Boolean)
        .map((dir) => path.join(dir, 'redis-server'));
  for (const file of candidates) {
    try {
      await access(file);
      return file;
    } catch {
      // not there; try the next one
    }
  }
  return undefined;
}

/** Answers true once a PING on 127.0.0.1:port gets +PONG. */
export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString('latin1');
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

/**
 * Starts `redis-server` on 127.0.0.1:`port` as a child process (so it dies with its parent's
 * stop), in memory only (`--save ''`, no append-only file), with its pid file and log in `dir`.
 * Resolves once it answers PING; rejects if it exits or does not answer within `timeoutMs`.
 */
export async function startLocalRedis(opts: {
  binary: string;
  dir: string;
  port: number;
  timeoutMs?: number;
}): Promise<LocalRedis> {
  await mkdir(opts.dir, { recursive: true });
  const args = [
    '--port',
    String(opts.port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--daemonize',
    'no',
    '--dir',
    opts.dir,
    '--pidfile',
    path.join(opts.dir, 'redis.pid'),
    '--logfile',
    path.join(opts.dir, 'redis.log'),
  ];
  const child = spawn(opts.binary, args, { stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  while (Date.now() < deadline && !exited) {
    if (await redisAnswers(opts.port))
      return { url: `redis://127.0.0.1:${opts.port}`, port: opts.port, child };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(
    exited
      ? `redis-server exited at start (see ${path.join(opts.dir, 'redis.log')})`
      : `redis-server did not answer PING on port ${opts.port} in time`,
  );
}
