import type { Socket } from 'node:net';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { realtimeWorld } from './realtime-harness';
import { exitWithin, launchServer, type ServerProcess } from './server-process-harness';
import { halfRequest, stalledHttpClient, stalledWebSocket } from './stalled-clients';

/**
 * The shutdown deadline the servers here get (SHUTDOWN_TIMEOUT_MS): stalled clients must not hold a
 * drain past it (which never ends without the fix). Generous, since a loaded CI machine can take
 * several seconds for an honest drain (closing sockets, stopping the world, the final save).
 */
const DEADLINE_MS = 10_000;

/** Runs `task` `total` times, `width` at a time. */
async function inParallel(total: number, width: number, task: () => Promise<void>): Promise<void> {
  let started = 0;
  const lane = async () => {
    while (started < total) {
      started++;
      await task();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
}

async function stop(proc: ServerProcess | undefined): Promise<void> {
  if (proc && proc.child.exitCode === null && proc.child.signalCode === null) {
    proc.child.kill('SIGKILL');
    await proc.exited;
  }
  proc?.child.stdout?.destroy();
}

/**
 * SIGTERM to a real server process ends it, gracefully (status 0), within SHUTDOWN_TIMEOUT_MS,
 * whatever its standard output and its clients do. A server that overran its deadline would end
 * with status 1 (its forced exit) or SIGKILL (its watchdog), and one that hung not at all.
 */
describe('a server process told to stop (SIGTERM)', () => {
  it('exits within its deadline when nobody reads its standard output', async () => {
    const world = await realtimeWorld({ LOG_LEVEL: 'info', SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    let proc: ServerProcess | undefined;
    try {
      proc = await launchServer(world.env, { stdout: 'pipe' });
      // Nobody reads proc.child.stdout. Each request logs its 6 kB URL: 1000 of them are ~6 MB of
      // log lines, more than the pipe (well under 1 MB) and the server's own log buffer (4 MB).
      const path = `/api/unknown/${'x'.repeat(6_000)}`;
      const url = proc.url;
      await inParallel(1_000, 8, async () => {
        const res = await fetch(`${url}${path}`);
        await res.arrayBuffer();
        expect(res.status).toBe(404);
      });
      // Still serving with a full pipe.
      expect((await fetch(`${url}/health`)).status).toBe(200);
      proc.child.kill('SIGTERM');
      expect((await exitWithin(proc, DEADLINE_MS + 10_000)).exit).toBe(0);
    } finally {
      await stop(proc);
      await world.cleanup();
    }
  }, 90_000);

  it('exits within its deadline when its clients neither read nor close', async () => {
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    let proc: ServerProcess | undefined;
    const sockets: Socket[] = [];
    try {
      proc = await launchServer(world.env);
      const openapi = await fetch(`${proc.url}/openapi.json`).then((r) => r.arrayBuffer());
      // Pipelined requests for ~20 MB of responses: more than any socket buffer takes.
      const requests = Math.ceil(20_000_000 / openapi.byteLength);
      sockets.push(await stalledWebSocket(proc.url), await stalledWebSocket(proc.url));
      sockets.push(await stalledHttpClient(proc.url, '/openapi.json', requests));
      sockets.push(await halfRequest(proc.url));
      proc.child.kill('SIGTERM');
      expect((await exitWithin(proc, DEADLINE_MS + 10_000)).exit).toBe(0);
    } finally {
      for (const s of sockets) s.destroy();
      await stop(proc);
      await world.cleanup();
    }
  }, 90_000);

  it('exits cleanly (status 0) when a system update reaches zero', async () => {
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    let proc: ServerProcess | undefined;
    try {
      proc = await launchServer(world.env);
      const admin = await GameClient.connect({
        url: `${proc.url.replace(/^http/, 'ws')}/ws`,
        reconnect: false,
      });
      const closed = new Promise<number>((resolve) =>
        admin.lifecycle.on('disconnected', ({ code }) => resolve(code)),
      );
      await admin.request('player:chat', { message: '/admin let-me-in-please' });
      await admin.request('player:chat', { message: '/update 1' });
      expect(await closed).toBe(1001);
      expect((await exitWithin(proc, DEADLINE_MS + 10_000)).exit).toBe(0);
    } finally {
      await stop(proc);
      await world.cleanup();
    }
  }, 90_000);
});
