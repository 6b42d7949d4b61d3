import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/**
 * World changes that last: a fire lit and a tree chopped down are saved in world chunks, so a
 * restart brings them back mid-timer instead of resetting them.
 */
describe('world objects across a restart', () => {
  const live = useRealtimeServer();

  it('keeps a lit fire and a depleted tree after the server restarts', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    const token = c.welcome?.token ?? '';
    let inv = (await c.request('player:requestSync', {})).player.inventory;
    c.on('inventory:update', (u) => {
      inv = u.slots;
    });
    await c.request('player:chat', { message: '/admin let-me-in-please' });
    await c.request('player:chat', { message: '/tele -19 21' });
    // Chop the tree until it falls (normal trees give one log, then grow back over many ticks).
    const fell = c.waitFor(
      'object:update',
      (u) => u.objects.some((o) => o.id === 'oakhaven:r0' && o.depleted),
      60_000,
    );
    await c.request('player:action', { action: 'gather', objectId: 'oakhaven:r0' });
    await fell;
    await c.request('player:move', { x: -17, z: 21 });
    const lit = c.waitFor('object:update', (u) => u.objects.some((o) => o.defId === 'fire'), 30_000);
    const tinderbox = inv.find((s) => s.itemId === 'tinderbox')?.slot ?? -1;
    const logs = inv.find((s) => s.itemId === 'logs')?.slot ?? -1;
    await c.request('inventory:use', { slot: tinderbox, targetSlot: logs });
    const fire = (await lit).objects.find((o) => o.defId === 'fire');
    await c.close();

    await live.restart();
    const again = await GameClient.connect({ url: wsUrl(live.server), token, reconnect: false });
    try {
      const seen = again.waitFor(
        'object:update',
        (u) =>
          u.objects.some((o) => o.id === fire?.id) &&
          u.objects.some((o) => o.id === 'oakhaven:r0' && o.depleted),
        10_000,
      );
      await again.request('player:requestSync', {});
      const update = await seen;
      expect(update.objects.find((o) => o.id === fire?.id)).toMatchObject({
        defId: 'fire',
        x: fire?.x,
        z: fire?.z,
      });
    } finally {
      await again.close();
    }
  }, 120_000);
});
