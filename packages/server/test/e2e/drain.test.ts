import { GameClient } from '@tilerealm/sdk';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { realtimeWorld, wsUrl } from './realtime-harness';

/** A login attempt: the events it received and its close code. */
function attemptLogin(url: string): Promise<{ events: string[]; closing: unknown; code: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: string[] = [];
    let closing: unknown;
    ws.on('message', (raw: Buffer) => {
      // A frame is one envelope or an array of them.
      const frame = JSON.parse(raw.toString('utf8')) as unknown;
      for (const e of (Array.isArray(frame) ? frame : [frame]) as Array<{ event: string; data: unknown }>) {
        events.push(e.event);
        if (e.event === 'session:closing') closing = e.data;
      }
    });
    ws.on('close', (code) => resolve({ events, closing, code }));
    ws.on('error', reject);
  });
}

async function readyOf(
  url: string,
): Promise<{ status: number; body: { status: string; reasons?: Array<{ code: string }> } }> {
  const res = await fetch(`${url}/ready`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; reasons?: Array<{ code: string }> },
  };
}

describe('readiness through start-up and drain, and the system update', () => {
  it('is 503 starting while HTTP listens before the world ticks, then 200', async () => {
    const world = await realtimeWorld();
    let server: RunningServer | undefined;
    try {
      let whileStarting: Awaited<ReturnType<typeof readyOf>> | undefined;
      server = await startServer(world.env, {
        logger: pino({ level: 'silent' }),
        onListening: async (url) => {
          whileStarting = await readyOf(url);
        },
      });
      expect(whileStarting).toMatchObject({
        status: 503,
        body: { status: 'not_ready', reasons: [{ code: 'starting' }] },
      });
      expect(await readyOf(server.url)).toMatchObject({ status: 200, body: { status: 'ready' } });
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
    } finally {
      await server?.close();
      await world.cleanup();
    }
  }, 60_000);

  it('counts down, drains in order (not ready, logins refused, sessions told), saves everyone and closes', async () => {
    const world = await realtimeWorld({ SHUTDOWN_TIMEOUT_MS: '8000' });
    let server: RunningServer | undefined;
    let restarted: RunningServer | undefined;
    const during: Record<string, unknown> = {};
    try {
      server = await startServer(world.env, {
        logger: pino({ level: 'silent' }),
        // Observed inside the drain, which waits: once sessions are closed, HTTP still answers.
        onDrainStep: async (step) => {
          if (step !== 'close sessions' || !server) return;
          during['ready'] = await readyOf(server.url);
          during['login'] = await attemptLogin(wsUrl(server));
          during['phase'] = server.phase();
        },
      });
      const running = server;
      const admin = await GameClient.connect({ url: wsUrl(running), reconnect: false });
      const player = await GameClient.connect({ url: wsUrl(running), reconnect: false });
      const seen: Array<{ who: string; event: string; data: unknown }> = [];
      for (const [who, c] of [
        ['admin', admin],
        ['player', player],
      ] as const) {
        c.on('world:systemUpdate', (data) => void seen.push({ who, event: 'world:systemUpdate', data }));
        c.on('session:closing', (data) => void seen.push({ who, event: 'session:closing', data }));
        c.lifecycle.on(
          'disconnected',
          ({ code }) => void seen.push({ who, event: 'disconnected', data: code }),
        );
      }
      await admin.request('player:chat', { message: '/admin let-me-in-please' });
      const name = player.welcome?.name ?? '';
      await admin.request('player:chat', { message: `/tele 3 4 ${name}` });
      await admin.request('player:chat', { message: `/tele 5 6` });
      // A short countdown: 1 s (20 ticks of 50 ms).
      const ack = await admin.request('player:chat', { message: '/update 1' });
      expect(ack).toMatchObject({ result: { seconds: 1, ticks: 20 } });
      expect(running.phase()).toBe('ready');

      const report = await vi.waitFor(
        async () => {
          if (running.phase() !== 'draining') throw new Error('not draining yet');
          return running.close(); // the shutdown the update began (close() is idempotent)
        },
        { timeout: 30_000, interval: 20 },
      );
      expect(report).toMatchObject({ clean: true, unsaved: 0 });
      // The order of the drain's steps.
      const steps = report.steps.map((s) => s.step);
      const order = [
        'not ready',
        'refuse logins',
        'close sessions',
        'stop the world',
        'flush saves',
        'close http',
      ];
      expect(steps.filter((s) => order.includes(s))).toEqual(order);
      expect(steps.indexOf('close database')).toBeGreaterThan(steps.indexOf('drain'));

      // Both players heard the countdown, then session:closing before their socket closed.
      for (const who of ['admin', 'player']) {
        const mine = seen.filter((s) => s.who === who);
        expect(mine[0]).toMatchObject({
          event: 'world:systemUpdate',
          data: { ticksLeft: 20, secondsLeft: 1 },
        });
        expect(mine.slice(-2)).toEqual([
          { who, event: 'session:closing', data: { code: 1001, reason: 'server shutting down' } },
          { who, event: 'disconnected', data: 1001 },
        ]);
      }
      // During the drain: not ready, and a login refused with 1001 before anything happened.
      expect(during['phase']).toBe('draining');
      expect(during['ready']).toMatchObject({
        status: 503,
        body: { status: 'not_ready', reasons: [{ code: 'draining' }] },
      });
      expect(during['login']).toEqual({
        events: ['session:closing'],
        closing: { code: 1001, reason: 'server shutting down' },
        code: 1001,
      });

      // Everyone connected was saved: the next start has them where they stood.
      restarted = await startServer(world.env, { logger: pino({ level: 'silent' }) });
      const adminRow = await restarted.repos.characters.findById(admin.welcome?.playerId ?? '');
      const playerRow = await restarted.repos.characters.findById(player.welcome?.playerId ?? '');
      expect(adminRow).toMatchObject({ positionX: 5, positionZ: 6 });
      expect(playerRow).toMatchObject({ positionX: 3, positionZ: 4 });
    } finally {
      await server?.close();
      await restarted?.close();
      await world.cleanup();
    }
  }, 90_000);
});
