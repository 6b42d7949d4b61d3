import { describe, expect, it } from 'vitest';
import { record, TestWorld } from './test-world';

function send(tw: TestWorld, event: 'inventory:move' | 'inventory:examine', data: object, rid: number): void {
  tw.enqueue({ type: 'client', playerId: 'p', rid, message: { event, data } as never });
}

describe('inventory requests', () => {
  it('moves and swaps slots, examines items, and refuses empty or bad slots', async () => {
    const tw = await TestWorld.create();
    const r = record('p', 0, 0);
    r.inventory = [
      { slot: 0, itemId: 'bronze_axe', quantity: 1 },
      { slot: 1, itemId: 'bones', quantity: 3 },
    ];
    tw.login(r);
    tw.advance();
    send(tw, 'inventory:move', { from: 0, to: 5 }, 1);
    send(tw, 'inventory:move', { from: 1, to: 5 }, 2);
    send(tw, 'inventory:move', { from: 7, to: 2 }, 3);
    send(tw, 'inventory:examine', { slot: 1 }, 4);
    send(tw, 'inventory:examine', { slot: 9 }, 5);
    tw.advance();
    const p = tw.world.players.get('p');
    expect(p?.inventory.entries()).toEqual([
      { slot: 1, itemId: 'bronze_axe', quantity: 1 },
      { slot: 5, itemId: 'bones', quantity: 3 },
    ]);
    const examine = tw.events('p', 'ack').find((e) => e.rid === 4)?.data as unknown as {
      result: { itemId: string; examine: string };
    };
    expect(examine.result.itemId).toBe('bronze_axe');
    expect(examine.result.examine.length).toBeGreaterThan(3);
    const errors = tw.events('p', 'error').map((e) => [e.rid, (e.data as { code: string }).code]);
    expect(errors).toEqual([
      [3, 'empty_slot'],
      [5, 'empty_slot'],
    ]);
    // The client hears about the new layout once, at the end of the tick.
    expect(tw.events('p', 'inventory:update').length).toBeGreaterThan(0);
  });
});
