import { describe, expect, it } from 'vitest';
import type { DropTable } from '../../../content/schemas/npcs';
import { Rng } from '../../core/rng';
import { rollDrops } from './drops';

const table: DropTable = {
  always: [
    { itemId: 'bones', min: 1, max: 1 },
    { itemId: 'quest_thing', min: 1, max: 1, quest: { questId: 'q', stage: 's' } },
  ],
  rollWeight: 128,
  common: [{ itemId: 'coins', min: 5, max: 15, weight: 64 }],
  uncommon: [{ itemId: 'iron_ore', min: 1, max: 1, weight: 16 }],
  rare: [{ itemId: 'gem', min: 1, max: 1, weight: 2 }],
};

describe('rollDrops', () => {
  it('always drops the always entries and at most one weighted entry', () => {
    const rng = new Rng(1);
    for (let i = 0; i < 1000; i++) {
      const drops = rollDrops(rng, table, () => false);
      expect(drops[0]).toEqual({ itemId: 'bones', quantity: 1 });
      expect(drops.some((d) => d.itemId === 'quest_thing')).toBe(false);
      expect(drops.length).toBeLessThanOrEqual(2);
      const coins = drops.find((d) => d.itemId === 'coins');
      if (coins) {
        expect(coins.quantity).toBeGreaterThanOrEqual(5);
        expect(coins.quantity).toBeLessThanOrEqual(15);
      }
    }
  });

  it('lands on each tier with its weight / rollWeight chance', () => {
    const rng = new Rng(2);
    const n = 128_000;
    const counts = new Map<string, number>();
    for (let i = 0; i < n; i++)
      for (const d of rollDrops(rng, table).slice(2)) counts.set(d.itemId, (counts.get(d.itemId) ?? 0) + 1);
    expect((counts.get('coins') ?? 0) / n).toBeCloseTo(64 / 128, 2);
    expect((counts.get('iron_ore') ?? 0) / n).toBeCloseTo(16 / 128, 2);
    expect((counts.get('gem') ?? 0) / n).toBeCloseTo(2 / 128, 2);
  });

  it('includes quest drops when the quest allows and is reproducible from the seed', () => {
    expect(rollDrops(new Rng(3), table).map((d) => d.itemId)).toContain('quest_thing');
    expect(rollDrops(new Rng(9), table)).toEqual(rollDrops(new Rng(9), table));
  });
});
