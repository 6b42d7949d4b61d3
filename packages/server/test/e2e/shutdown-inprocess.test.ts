import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it, vi } from 'vitest';
import type { ShutdownReport } from '../../src/app/shutdown';
import { realtimeWorld, wsUrl } from './realtime-harness';
import { stalledHttpClient, stalledWebSocket } from './stalled-clients';

const DEADLINE_MS = 4_000;

/** `p`, or a failure naming `what` once `ms` passed. */
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `condition` every 20 ms until it holds (or fails after `ms`). */
async function until(condition: () => boolean, ms: number, what: string): Promise<void> {
  await vi.waitFor(
    () => {
      if (!condition()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 20 },
  );
}

/**
 * `server.close()` of the composition root (what the in-process tests call in their teardown)
 * finishes within SHUTDOWN_TIMEOUT_MS whatever its connections are doing.
 */
describe('closing a running server in process', () => {
  it('lets a request in flight finish, tells every session, and does not wait on keep-alive', async () => {
    // A stand-in agent runtime that answers only when told: /api/agent/* is proxied to it, so a
    // request to it is in flight for as long as the test wants.
    const held: ServerResponse[] = [];
    const runtime = createServer((_req, res) => void held.push(res));
    await new Promise<void>((resolve) => runtime.listen(0, '127.0.0.1', resolve));
    const agentUrl = `http://127.0.0.1:${(runtime.address() as AddressInfo).port}`;
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS), AGENT_API_URL: agentUrl });
    try {
      const server = await world.start();
      const player = await GameClient.connect({ url: wsUrl(server), reconnect: false });
      const closing: unknown[] = [];
      player.on('session:closing', (data) => void closing.push(data));
      const dropped = new Promise<number>((resolve) =>
        player.lifecycle.on('disconnected', ({ code }) => resolve(code)),
      );
      const inFlight = fetch(`${server.url}/api/agent/agents`);
      await until(() => held.length === 1, 20_000, 'the proxied request');

      const t0 = performance.now();
      const report: Promise<ShutdownReport> = server.close();
      // Answered once the server stopped listening: the connection falls idle only after the close
      // began, which Node alone would keep open for its keep-alive timeout (72 s).
      await until(() => !server.app.server.listening, 20_000, 'the server to stop listening');
      held[0]?.writeHead(200, { 'content-type': 'application/json' }).end('{"agents":[]}');

      expect((await within(inFlight, 20_000, 'the request in flight')).status).toBe(200);
      expect(await within(dropped, 20_000, 'the session close')).toBe(1001);
      expect(closing).toEqual([{ code: 1001, reason: 'server shutting down' }]);
      expect((await within(report, DEADLINE_MS + 2_000, 'server.close()')).clean).toBe(true);
      expect(performance.now() - t0).toBeLessThan(DEADLINE_MS + 1_000);
    } finally {
      runtime.closeAllConnections();
      runtime.close();
      await world.cleanup();
    }
  }, 90_000);

  it('cuts clients that neither read nor close once its grace is over', async () => {
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: String(DEADLINE_MS) });
    const sockets: Socket[] = [];
    try {
      const server = await world.start();
      sockets.push(await stalledWebSocket(server.url));
      sockets.push(await stalledHttpClient(server.url, '/openapi.json', 400));
      const t0 = performance.now();
      const report = await within(server.close(), DEADLINE_MS + 2_000, 'server.close()');
      expect(performance.now() - t0).toBeLessThan(DEADLINE_MS + 1_000);
      // Cutting connections that overstay is part of the plan, not a failure.
      expect(report).toMatchObject({ clean: true, unsaved: 0 });
    } finally {
      for (const s of sockets) s.destroy();
      await world.cleanup();
    }
  }, 90_000);
});
