import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../src/sim/core/snapshot';
import { record, TestWorld } from './test-world';

describe('saved rows the world cannot place', () => {
  it('are reported at login and kept in every save, so a save never deletes them', async () => {
    const tw = await TestWorld.create();
    const r = record('p', 0, 0);
    r.inventory = [{ slot: 0, itemId: 'bones', quantity: 3 }];
    // A bank slot beyond the bank's size and an equipment slot the game no longer has.
    r.bank = [
      { slot: 2, itemId: 'coins', quantity: 5 },
      { slot: 900, itemId: 'bronze_axe', quantity: 1 },
    ];
    r.equipment = [{ slot: 'tail', itemId: 'bronze_sword', quantity: 1 }];
    tw.login(r);
    tw.advance();
    const p = tw.world.players.get('p');
    if (!p) throw new Error('the player did not log in');
    const faults = tw.world
      .drainEffects()
      .filter((e) => e.type === 'fault')
      .map((e) => (e as { message: string }).message);
    expect(faults.some((m) => m.includes('unplaceable saved items'))).toBe(true);
    const saved = snapshotOf(tw.world, p);
    expect(saved.bank).toEqual([
      { slot: 2, itemId: 'coins', quantity: 5 },
      { slot: 900, itemId: 'bronze_axe', quantity: 1 },
    ]);
    expect(saved.equipment).toEqual([{ slot: 'tail', itemId: 'bronze_sword', quantity: 1 }]);
    expect(saved.inventory).toEqual([{ slot: 0, itemId: 'bones', quantity: 3 }]);
  });
});
