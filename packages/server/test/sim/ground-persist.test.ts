/**
 * The ground is saved: each region whose piles change goes to storage in that tick, with the
 * snapshots of the players whose items moved onto or off it (so both sides of a drop or a pickup
 * commit together) and the ledger entries of what the rules made or destroyed there; a restart
 * puts the piles back with their timers.
 */
import { describe, expect, it } from 'vitest';
import type { Effect, PlayerRecord } from '../../src/sim/core/types';
import { snapshotRegions } from '../../src/sim/features/ground-items/persist';
import { regionKeyOf } from '../../src/sim/features/ground-items/types';
import { action, client, slots } from './bank-setup';
import { record, TestWorld } from './test-world';
import { GROUND_ITEMS } from '../../src/sim/features/ground-items/state';

type Persist = Extract<Effect, { type: 'persist' }>;
const regions = (effects: Effect[]) =>
  effects.flatMap((e) => (e.type === 'persist' && e.what === 'groundRegion' ? [e] : []));
const piles = (e: Persist | undefined) => (e?.data as { piles?: Array<Record<string, unknown>> }).piles;

async function world(...players: Array<Partial<PlayerRecord> & { id: string }>): Promise<TestWorld> {
  const tw = await TestWorld.create();
  for (const p of players) tw.login({ ...record(p.id), ...p });
  tw.advance();
  tw.clearEvents();
  tw.world.drainEffects();
  return tw;
}

describe('saving the ground', () => {
  it('hands a drop to storage with the dropper, and a pickup with the taker, in the tick they happen', async () => {
    const tw = await world({ id: 'a', inventory: slots(['feather', 50]) }, { id: 'b', x: 1 });
    tw.enqueue(client('a', 'inventory:drop', { slot: 0 }, 1));
    tw.advance();
    const [dropped] = regions(tw.world.drainEffects());
    expect(dropped?.key).toBe(regionKeyOf(0, 0));
    expect(dropped?.snapshots.map((s) => [s.id, s.inventory.length])).toEqual([['a', 0]]);
    expect(piles(dropped)).toEqual([
      { itemId: 'feather', quantity: 50, x: 0, z: 0, owner: 'a', publicInTicks: 100, despawnInTicks: 200 },
    ]);

    // Once public, b takes it: the region (now bare) and b's snapshot go together.
    tw.advance(100);
    tw.world.drainEffects();
    tw.enqueue(action('b', { action: 'pickup', groundItemId: 'g1' }, 2));
    tw.advance(3);
    const taken = regions(tw.world.drainEffects());
    expect(taken).toHaveLength(1);
    expect(piles(taken[0])).toEqual([]);
    expect(taken[0]?.snapshots.map((s) => [s.id, s.inventory])).toEqual([
      ['b', [{ slot: 0, itemId: 'feather', quantity: 50 }]],
    ]);
  });

  it('links the pickup to the logout save of a taker who leaves in the same tick', async () => {
    const tw = await world({ id: 'a', inventory: slots(['feather', 5]) });
    tw.enqueue(client('a', 'inventory:drop', { slot: 0 }, 1));
    tw.advance();
    tw.world.drainEffects();
    tw.enqueue(action('a', { action: 'pickup', groundItemId: 'g1' }, 2));
    tw.enqueue({ type: 'logout', playerId: 'a', reason: 'logout' });
    tw.advance();
    const effects = tw.world.drainEffects();
    const save = effects.find((e) => e.type === 'save');
    expect(save?.type === 'save' && save.snapshot.inventory).toEqual([
      { slot: 0, itemId: 'feather', quantity: 5 },
    ]);
    const [region] = regions(effects);
    expect(piles(region)).toEqual([]);
    expect(region?.snapshots).toEqual([]);
    expect(region?.linked).toEqual(['a']);
  });

  it('carries what rules make and destroy on the ground in the region ledger: a despawn', async () => {
    const tw = await world({ id: 'a', inventory: slots(['feather', 7]) });
    tw.enqueue(client('a', 'inventory:drop', { slot: 0 }, 1));
    tw.advance(200);
    tw.world.drainEffects();
    tw.advance();
    const [gone] = regions(tw.world.drainEffects());
    expect(piles(gone)).toEqual([]);
    expect(gone?.ledger).toEqual([{ itemId: 'feather', reason: 'despawn', delta: -7 }]);
  });

  it('puts saved piles back at start-up with their owners and timers, writing nothing', async () => {
    const tw = await world({ id: 'a', inventory: slots(['feather', 9], ['bones', 1]) });
    tw.enqueue(client('a', 'inventory:drop', { slot: 0 }, 1));
    tw.enqueue(client('a', 'inventory:drop', { slot: 1 }, 2));
    tw.advance(30);
    // The shutdown save: every region with its timers as they are now.
    const [saved] = snapshotRegions(tw.world);

    const fresh = await world();
    fresh.enqueue({
      type: 'restore',
      what: 'groundRegion',
      entries: [{ key: saved?.key ?? '', data: saved?.data ?? {} }],
    });
    fresh.advance();
    const t = fresh.world.tick;
    const back = [...GROUND_ITEMS.of(fresh.world).all()].map((p) => ({
      itemId: p.itemId,
      quantity: p.quantity,
      owner: p.owner,
      publicIn: p.publicAtTick - t,
      despawnIn: p.despawnAtTick - t,
    }));
    // Saved 29 ticks after the drops: 71 ticks of owner-only time and 171 of life were left.
    expect(back).toEqual([
      { itemId: 'feather', quantity: 9, owner: 'a', publicIn: 71, despawnIn: 171 },
      { itemId: 'bones', quantity: 1, owner: 'a', publicIn: 71, despawnIn: 171 },
    ]);
    expect(regions(fresh.world.drainEffects())).toEqual([]);
  });
});
