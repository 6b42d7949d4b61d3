import { describe, expect, it } from 'vitest';
import { interpolatedChance } from '../../src/content/formulas';
import {
  catchChance,
  chanceEntry,
  eligibleCatches,
  harvestChance,
  type FishingSpotDef,
  type HarvestableDef,
} from '../../src/sim/features/gathering/rules';
import { TestWorld } from './test-world';

describe('chance rules', () => {
  it('uses the chance entry with the greatest toolTier not above the tool tier', () => {
    const chances = [
      { toolTier: 1, low: 10, high: 20 },
      { toolTier: 3, low: 30, high: 40 },
      { toolTier: 5, low: 50, high: 60 },
    ];
    expect(chanceEntry(chances, 1)?.low).toBe(10);
    expect(chanceEntry(chances, 2)?.low).toBe(10);
    expect(chanceEntry(chances, 3)?.low).toBe(30);
    expect(chanceEntry(chances, 4)?.low).toBe(30);
    expect(chanceEntry(chances, 6)?.low).toBe(50);
  });

  it('interpolates the tier entry at the level, and fishing catches by their own low/high, best first', async () => {
    const { world } = await TestWorld.create();
    const tree = world.content.resources.get('tree') as HarvestableDef;
    expect(harvestChance(tree, 1, 1)).toBe(interpolatedChance(64, 200, 1));
    expect(harvestChance(tree, 6, 50)).toBe(interpolatedChance(224, 700, 50));
    expect(harvestChance(tree, 1, 1)).toBeCloseTo(65 / 256);
    const spot = world.content.resources.get('net_bait_spot') as FishingSpotDef;
    const net = spot.methods[0]!;
    expect(eligibleCatches(net, 14).map((c) => c.itemId)).toEqual(['raw_shrimps']);
    expect(eligibleCatches(net, 15).map((c) => c.itemId)).toEqual(['raw_anchovies', 'raw_shrimps']);
    const shrimps = net.catches.find((c) => c.itemId === 'raw_shrimps')!;
    expect(catchChance(shrimps, 1)).toBe(interpolatedChance(48, 256, 1));
    expect(
      catchChance(
        net.catches.find((c) => c.itemId === 'raw_anchovies')!,
        14,
      ),
    ).toBe(0);
  });
});
