import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/** Bad economy requests get clear errors and change nothing. */
describe('bad economy requests over WebSocket', () => {
  const live = useRealtimeServer();

  it('refuses bad slots and quantities, missing tools and levels, and stations out of reach', async () => {
    const c = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    try {
      const before = (await c.request('player:requestSync', {})).player;
      // Quantities the schema refuses: 0, negative, fractional, beyond 2^31-1, not a number.
      for (const quantity of [0, -3, 1.5, 2 ** 31, 'NaN', null]) {
        await expect(c.request('bank:deposit', { slot: 0, quantity } as never)).rejects.toMatchObject({
          code: 'invalid_payload',
        });
        await expect(c.request('shop:buy', { itemId: 'hammer', quantity } as never)).rejects.toMatchObject({
          code: 'invalid_payload',
        });
      }
      await expect(c.request('inventory:drop', { slot: 28 } as never)).rejects.toMatchObject({
        code: 'invalid_payload',
      });
      // The rules: nothing open, a station far away, a tree without an axe, a rock above the level.
      await expect(c.request('bank:deposit', { slot: 0, quantity: 1 })).rejects.toMatchObject({
        code: 'interface_not_open',
      });
      await expect(c.request('shop:sell', { slot: 0, quantity: 1 })).rejects.toMatchObject({
        code: 'interface_not_open',
      });
      await expect(
        c.request('player:action', {
          action: 'make',
          recipeId: 'smelt_bronze_bar',
          objectId: 'saltmarsh_coast:s1', // a cooking range beyond the interaction distance
        }),
      ).rejects.toMatchObject({ code: 'object_gone' });
      await expect(
        c.request('player:action', { action: 'make', recipeId: 'no_such_recipe', objectId: 'oakhaven:s2' }),
      ).rejects.toMatchObject({ code: 'unknown_recipe' });
      await expect(
        c.request('player:action', { action: 'make', recipeId: 'smelt_bronze_bar', objectId: 'oakhaven:s2' }),
      ).rejects.toMatchObject({ code: 'missing_materials' });
      await c.request('player:chat', { message: '/admin let-me-in-please' });
      await c.request('player:chat', { message: '/tele -84 59' });
      await expect(
        c.request('player:action', { action: 'gather', objectId: 'ironridge_mine:r14' }),
      ).rejects.toMatchObject({ code: 'level_too_low' });
      await c.request('inventory:drop', { slot: 0 }); // the bronze axe
      await c.request('player:chat', { message: '/tele -19 21' });
      await expect(
        c.request('player:action', { action: 'gather', objectId: 'oakhaven:r0' }),
      ).rejects.toMatchObject({
        code: 'no_tool',
      });
      const after = (await c.request('player:requestSync', {})).player;
      expect(after.coins).toBe(before.coins);
      expect(after.inventory).toEqual(before.inventory.filter((s) => s.slot !== 0));
    } finally {
      await c.close();
    }
  }, 60_000);
});
