/**
 * A fault in one player on a real server: that player's connection closes with 4010 and the fault
 * is logged with its stack, the other player keeps playing, and nothing on the way (a session row
 * that cannot be closed) fails silently.
 */
import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

const noReconnect = { reconnect: false } as const;
type LogLine = { msg?: string; [key: string]: unknown };

describe('a faulty player on a running server', () => {
  let rw: RealtimeWorld;
  let server: RunningServer;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    rw = await realtimeWorld();
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    server = await startServer(rw.env, { logger });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rw?.cleanup();
  });

  it('is disconnected with 4010 and logged with its stack while the other player moves on', async () => {
    const faulty = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    const other = await GameClient.connect({ url: wsUrl(server), ...noReconnect });
    try {
      const faultyId = faulty.welcome?.playerId ?? '';
      const players = server.host.world.players;
      await vi.waitFor(
        () => expect(players.has(faultyId) && players.has(other.welcome?.playerId ?? '')).toBe(true),
        {
          timeout: 10_000,
        },
      );
      // The faulty player's session row cannot be closed either: that is logged, not dropped.
      vi.spyOn(server.repos.sessions, 'close').mockRejectedValue(new Error('sessions table unavailable'));
      // Movement and sync read `running`: for this player it throws (in whichever comes first).
      Object.defineProperty(players.get(faultyId)!, 'running', {
        get() {
          throw new Error('running is broken for this player');
        },
      });
      const closed = new Promise<number>((resolve) =>
        faulty.lifecycle.on('disconnected', (i) => resolve(i.code)),
      );
      const arrived = other.waitFor('world:update', (u) => u.self?.x === 3, 10_000);
      faulty.send('player:move', { x: 3, z: 0 });
      await other.request('player:move', { x: 3, z: 0 });

      expect(await closed).toBe(CLOSE_CODES.serverError);
      await arrived;
      expect(players.has(faultyId)).toBe(false);
      await vi.waitFor(() => expect(lines.some((l) => l.msg === 'closing a session row failed')).toBe(true), {
        timeout: 10_000,
      });
      expect(lines.find((l) => l.msg === 'world fault')).toMatchObject({
        where: expect.stringMatching(/^phase (players\/movement|sync\/sync)$/),
        entity: { kind: 'player', id: faultyId },
        action: 'saved, taken out of the world, session closed',
        stack: expect.stringMatching(/running is broken for this player\n\s+at /),
      });
      expect(lines.find((l) => l.msg === 'closing a session row failed')).toMatchObject({
        characterId: faultyId,
        reason: expect.any(String),
        err: { message: 'sessions table unavailable' },
      });
    } finally {
      vi.restoreAllMocks();
      await faulty.close();
      await other.close();
    }
  });
});
