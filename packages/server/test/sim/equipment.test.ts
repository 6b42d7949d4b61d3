import { describe, expect, it } from 'vitest';
import { record, TestWorld } from './test-world';

const client = (playerId: string, message: never, rid?: number) => ({
  type: 'client' as const,
  playerId,
  rid,
  message,
});

describe('equipment in the world', () => {
  it('equips from the inventory, sends the updates with bonuses, and saves both containers', async () => {
    const tw = await TestWorld.create();
    tw.login({
      ...record('eq'),
      inventory: [{ slot: 0, itemId: 'bronze_sword', quantity: 1 }],
      equipment: [],
    });
    tw.advance();
    const sync = tw.events('eq', 'player:sync')[0]?.data as {
      player: { inventory: unknown[]; equipment: unknown[] };
    };
    expect(sync.player.inventory).toEqual([{ slot: 0, itemId: 'bronze_sword', quantity: 1 }]);
    expect(tw.events('eq', 'inventory:update')).toHaveLength(0); // the sync already carried it
    tw.enqueue(client('eq', { event: 'equipment:equip', data: { inventorySlot: 0 } } as never, 1));
    tw.advance();
    expect(tw.events('eq', 'ack')[0]?.data).toMatchObject({
      event: 'equipment:equip',
      result: { slot: 'weapon', itemId: 'bronze_sword' },
    });
    expect(tw.events('eq', 'inventory:update')[0]?.data).toMatchObject({ slots: [] });
    const eq = tw.events('eq', 'equipment:update')[0]?.data as {
      slots: unknown[];
      bonuses: Record<string, number>;
    };
    expect(eq.slots).toEqual([{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }]);
    expect(eq.bonuses['attackSlash']).toBeGreaterThan(0);
    tw.enqueue({ type: 'logout', playerId: 'eq', reason: 'test' });
    tw.advance();
    const save = tw.world.drainEffects().find((e) => e.type === 'save');
    expect(save?.type === 'save' && save.snapshot.equipment).toEqual([
      { slot: 'weapon', itemId: 'bronze_sword', quantity: 1 },
    ]);
    expect(save?.type === 'save' && save.snapshot.inventory).toEqual([]);
  });

  it('refuses an item above the level requirement, an empty slot and a non-wearable item, changing nothing', async () => {
    const tw = await TestWorld.create();
    tw.login({
      ...record('lv'),
      inventory: [
        { slot: 0, itemId: 'rune_scimitar', quantity: 1 },
        { slot: 1, itemId: 'shrimps', quantity: 1 },
      ],
      equipment: [],
    });
    tw.advance();
    tw.enqueue(client('lv', { event: 'equipment:equip', data: { inventorySlot: 0 } } as never, 1));
    tw.enqueue(client('lv', { event: 'equipment:equip', data: { inventorySlot: 5 } } as never, 2));
    tw.enqueue(client('lv', { event: 'equipment:equip', data: { inventorySlot: 1 } } as never, 3));
    tw.enqueue(client('lv', { event: 'equipment:unequip', data: { slot: 'head' } } as never, 4));
    tw.advance();
    const codes = tw.events('lv', 'error').map((e) => (e.data as { code: string; message: string }).code);
    expect(codes).toEqual(['level_too_low', 'empty_slot', 'not_equippable', 'empty_slot']);
    expect((tw.events('lv', 'error')[0]?.data as { message: string }).message).toContain('attack level 40');
    const p = tw.world.players.get('lv')!;
    expect(p.inventory.entries()).toHaveLength(2);
    expect(p.equipment.entries()).toHaveLength(0);
  });
});
