import { CLOSE_CODES, HOME_TELEPORT_CAST_TICKS, HOME_TELEPORT_COOLDOWN_TICKS } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const WAIT_MS = 10_000;
const ADMIN = '/admin let-me-in-please';
/** What a refused connect rejects with: the close code. */
const closeCode = z.object({ code: z.number() });

/**
 * Connects with `token` once the character's last save has committed: a connect during the save
 * is refused with savePending (4004), and the character then comes back from storage.
 */
async function connectFromStorage(url: string, token: string): Promise<GameClient> {
  const outcome = await vi.waitFor(
    async () => {
      try {
        return { client: await GameClient.connect({ url, token, reconnect: false }) };
      } catch (err) {
        const refused = closeCode.safeParse(err);
        // Refused while the last save is written (4004): try again; anything else is the answer.
        if (refused.success && refused.data.code === CLOSE_CODES.savePending) throw err;
        return { error: err };
      }
    },
    { timeout: 10_000, interval: 50 },
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.client;
}

/** The cooldown the server reports, and that a cast is refused because of it. */
async function expectCooldown(c: GameClient): Promise<number> {
  const sync = await c.request('player:requestSync', {});
  const left = sync.player.homeTeleportCooldownTicks;
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(HOME_TELEPORT_COOLDOWN_TICKS);
  await expect(c.request('player:action', { action: 'homeTeleport' })).rejects.toMatchObject({
    code: 'teleport_cooldown',
  });
  return left;
}

/**
 * The end-to-end home teleport: an SDK client casts, is interrupted by a walk, casts
 * again and lands at the starter town; the cooldown is in the database at once and survives a
 * reconnect (the character reloaded from storage) and a server restart.
 */
describe('home teleport over WebSocket (SDK client)', () => {
  const live = useRealtimeServer();

  it('teleports home, and the cooldown survives a reconnect and a restart', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    const id = c.welcome?.playerId ?? '';
    const token = c.token ?? '';
    try {
      await c.request('player:chat', { message: ADMIN });
      await c.request('player:chat', { message: '/tele 5 0' });
      await c.request('ping', { t: 1 });

      // A walk interrupts the first cast.
      const first = await c.request('player:action', { action: 'homeTeleport' });
      expect(first.result).toMatchObject({ castTicks: HOME_TELEPORT_CAST_TICKS });
      const cancelled = c.waitFor('teleport:cancelled', (e) => e.playerId === id, WAIT_MS);
      await c.request('player:move', { x: 7, z: 0 });
      expect(await cancelled).toMatchObject({ reason: 'moved' });
      await c.waitFor('world:update', (u) => u.self?.x === 7 && u.self.z === 0 && !u.self.moving, WAIT_MS);
      expect((await c.request('player:requestSync', {})).player.homeTeleportCooldownTicks).toBe(0);

      // The second one lands at the spawn point.
      const completed = c.waitFor('teleport:completed', () => true, WAIT_MS);
      const arrived = c.waitFor('world:update', (u) => u.self?.x === 0 && u.self.z === 0, WAIT_MS);
      const ack = await c.request('player:action', { action: 'homeTeleport' });
      const landsAtTick = Number(ack.result?.['landsAtTick']);
      expect(await completed).toMatchObject({
        tick: landsAtTick,
        x: 0,
        z: 0,
        cooldownTicks: HOME_TELEPORT_COOLDOWN_TICKS,
      });
      await arrived;
      // Saved with the landing, not at the next auto-save or logout.
      await expect
        .poll(async () => (await live.server.repos.characters.findById(id))?.homeTeleportCooldownUntil, {
          timeout: WAIT_MS,
        })
        .toBeInstanceOf(Date);
      await expectCooldown(c);
    } finally {
      await c.close();
    }

    // Reconnect once the character has left the world: it is loaded from storage.
    await expect.poll(() => live.server.host.isOnline(id), { timeout: WAIT_MS }).toBe(false);
    const again = await connectFromStorage(wsUrl(live.server), token);
    try {
      expect(again.welcome).toMatchObject({ playerId: id, resumed: false });
      await expectCooldown(again);
    } finally {
      await again.close();
    }

    // And after a restart of the server.
    await live.restart();
    const afterRestart = await connectFromStorage(wsUrl(live.server), token);
    try {
      expect(afterRestart.welcome).toMatchObject({ playerId: id, resumed: false });
      await expectCooldown(afterRestart);
    } finally {
      await afterRestart.close();
    }
  }, 60_000);

  it('answers bad teleport requests with clear errors', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      await expect(c.request('teleport:cancel', {})).rejects.toMatchObject({ code: 'teleport_not_casting' });
      await expect(
        c.request('player:action', { action: 'homeTeleport', x: 1 } as never),
      ).rejects.toMatchObject({ code: 'invalid_payload' });
      await expect(c.request('teleport:cancel', { now: true } as never)).rejects.toMatchObject({
        code: 'invalid_payload',
      });
      // Deep in the wilds (PvP level 21) the cast is refused.
      await c.request('player:chat', { message: ADMIN });
      await c.request('player:chat', { message: '/tele 80 -145' });
      await expect(c.request('player:action', { action: 'homeTeleport' })).rejects.toMatchObject({
        code: 'teleport_too_deep',
        message: 'you are at PvP level 21: home teleport works up to level 20',
      });
      // A cast under way: a second one is refused, and teleport:cancel stops it.
      await c.request('player:chat', { message: '/tele 5 0' });
      await c.request('player:action', { action: 'homeTeleport' });
      await expect(c.request('player:action', { action: 'homeTeleport' })).rejects.toMatchObject({
        code: 'teleport_casting',
      });
      const cancelled = c.waitFor('teleport:cancelled', () => true, WAIT_MS);
      expect(await c.request('teleport:cancel', {})).toMatchObject({ result: { cancelled: true } });
      expect(await cancelled).toMatchObject({ reason: 'cancelled' });
    } finally {
      await c.close();
    }
  }, 60_000);
});
