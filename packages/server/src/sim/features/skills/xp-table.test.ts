import { describe, expect, it } from 'vitest';
import { levelForXp, MAX_LEVEL, MAX_XP, XP_TABLE, xpForLevel } from './xp-table';

describe('experience table', () => {
  it('matches the published RuneScape values', () => {
    const anchors: Array<[number, number]> = [
      [1, 0],
      [2, 83],
      [3, 174],
      [10, 1_154],
      [50, 101_333],
      [60, 273_742],
      [70, 737_627],
      [92, 6_517_253],
      [98, 11_805_606],
      [99, 13_034_431],
    ];
    for (const [level, xp] of anchors) expect(xpForLevel(level), `level ${level}`).toBe(xp);
  });

  it('has one strictly increasing entry per level', () => {
    expect(XP_TABLE).toHaveLength(MAX_LEVEL);
    for (let i = 1; i < XP_TABLE.length; i++)
      expect(XP_TABLE[i]).toBeGreaterThan(XP_TABLE[i - 1] ?? Infinity);
    expect(Object.isFrozen(XP_TABLE)).toBe(true);
    expect(MAX_XP).toBe(200_000_000);
  });

  it('rejects levels outside 1..99 (a caller bug)', () => {
    for (const bad of [0, 100, 1.5, -1, Number.NaN]) expect(() => xpForLevel(bad)).toThrow(RangeError);
  });

  it('finds the level for an amount of experience at every boundary', () => {
    for (let level = 1; level <= MAX_LEVEL; level++) {
      const xp = xpForLevel(level);
      expect(levelForXp(xp)).toBe(level);
      if (level > 1) expect(levelForXp(xp - 1)).toBe(level - 1);
    }
  });

  it('caps at 99 and treats nonsense as level 1', () => {
    expect(levelForXp(13_034_430)).toBe(98);
    expect(levelForXp(13_034_431)).toBe(99);
    expect(levelForXp(MAX_XP)).toBe(99);
    expect(levelForXp(1e12)).toBe(99);
    expect(levelForXp(0)).toBe(1);
    expect(levelForXp(-10)).toBe(1);
    expect(levelForXp(Number.NaN)).toBe(1);
    expect(levelForXp(82.9)).toBe(1);
  });
});
