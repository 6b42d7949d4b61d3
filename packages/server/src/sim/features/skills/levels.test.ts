import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combatLevel as contentCombatLevel } from '../../../content/formulas';
import {
  addXp,
  addXpTenths,
  combatLevel,
  maxHealthFor,
  STARTING_CONSTITUTION_LEVEL,
  xpToTenths,
  type SkillProgress,
} from './levels';
import { levelForXp, MAX_XP, xpForLevel } from './xp-table';

describe('addXp', () => {
  it('levels up at the table boundaries', () => {
    expect(addXp({ level: 1, xp: 0 }, 82)).toEqual({
      level: 1,
      xp: 82,
      tenths: 0,
      gained: 82,
      levelsGained: 0,
    });
    expect(addXp({ level: 1, xp: 82 }, 1)).toEqual({
      level: 2,
      xp: 83,
      tenths: 0,
      gained: 1,
      levelsGained: 1,
    });
    expect(addXp({ level: 1, xp: 0 }, 13_034_431)).toMatchObject({ level: 99, levelsGained: 98 });
    // level 14 starts at 2,107 xp, level 15 at 2,411
    expect(addXp({ level: 10, xp: 1_154 }, 1_000)).toMatchObject({ level: 14, xp: 2_154, levelsGained: 4 });
  });

  it('clamps at 200,000,000 xp and reports only what was added', () => {
    expect(addXp({ level: 99, xp: MAX_XP - 10 }, 50)).toEqual({
      level: 99,
      xp: MAX_XP,
      tenths: 0,
      gained: 10,
      levelsGained: 0,
    });
    expect(addXp({ level: 99, xp: MAX_XP }, 100)).toEqual({
      level: 99,
      xp: MAX_XP,
      tenths: 0,
      gained: 0,
      levelsGained: 0,
    });
    // A fraction carried just below the cap is capped too.
    expect(addXp({ level: 99, xp: MAX_XP - 1, tenths: 5 }, 17.5)).toEqual({
      level: 99,
      xp: MAX_XP,
      tenths: 0,
      gained: 0.5,
      levelsGained: 0,
    });
  });

  it('never loses experience or levels', () => {
    expect(addXp({ level: 5, xp: 400 }, -50)).toMatchObject({ xp: 400, gained: 0, level: 5 });
    expect(addXp({ level: 5, xp: 400 }, Number.NaN)).toMatchObject({ xp: 400, gained: 0 });
    expect(addXp({ level: 5, xp: 400 }, Number.POSITIVE_INFINITY)).toMatchObject({ xp: 400, gained: 0 });
    // An inconsistent record (level 10 with no xp) keeps its level.
    expect(addXp({ level: 10, xp: 0 }, 1)).toMatchObject({ level: 10, xp: 1, levelsGained: 0 });
    // A record past the cap is not pulled back to it.
    expect(addXp({ level: 99, xp: MAX_XP + 5 }, 1)).toMatchObject({ xp: MAX_XP + 5, gained: 0 });
  });

  it('keeps the tenth that the integer column cannot hold', () => {
    const first = addXp({ level: 1, xp: 0 }, 17.5);
    expect(first).toEqual({ level: 1, xp: 17, tenths: 5, gained: 17.5, levelsGained: 0 });
    const second = addXp({ level: first.level, xp: first.xp, tenths: first.tenths }, 17.5);
    expect(second).toEqual({ level: 1, xp: 35, tenths: 0, gained: 17.5, levelsGained: 0 });
  });

  it('adds ten tenths to exactly one xp (no floating-point drift)', () => {
    let s: SkillProgress = { level: 1, xp: 0 };
    for (let i = 0; i < 10; i++) s = addXp(s, 0.1);
    expect(s).toMatchObject({ xp: 1, tenths: 0 });
    let t: SkillProgress = { level: 1, xp: 0 };
    for (let i = 0; i < 830; i++) t = addXpTenths(t, 1);
    expect(t).toMatchObject({ level: 2, xp: 83, tenths: 0 });
  });

  it('converts amounts to tenths and floors fractional tenths', () => {
    expect(xpToTenths(17.5)).toBe(175);
    expect(xpToTenths(0.1 + 0.2)).toBe(3);
    expect(xpToTenths(0)).toBe(0);
    expect(xpToTenths(-3)).toBe(0);
    expect(addXpTenths({ level: 1, xp: 0 }, 1.9)).toMatchObject({ xp: 0, tenths: 1, gained: 0.1 });
  });

  it('holds its invariants for any sequence of gains', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000, max: 20_000_000 }), { maxLength: 40 }), (gains) => {
        let s: SkillProgress = { level: 1, xp: 0, tenths: 0 };
        let total = 0;
        for (const g of gains) {
          const next = addXpTenths(s, g);
          expect(next.xp * 10 + next.tenths).toBeGreaterThanOrEqual(s.xp * 10 + (s.tenths ?? 0));
          expect(next.tenths).toBeGreaterThanOrEqual(0);
          expect(next.tenths).toBeLessThan(10);
          expect(next.xp).toBeLessThanOrEqual(MAX_XP);
          expect(next.level).toBe(levelForXp(next.xp));
          expect(next.levelsGained).toBe(next.level - s.level);
          total += Math.round(next.gained * 10);
          s = next;
        }
        expect(total).toBe(
          Math.min(
            MAX_XP * 10,
            gains.reduce((a, g) => a + Math.max(0, g), 0),
          ),
        );
      }),
    );
  });
});

describe('combat level', () => {
  const base = { attack: 1, strength: 1, defense: 1, constitution: 10, ranged: 1, prayer: 1 };

  it('is 3 for a new character', () => {
    expect(combatLevel(base)).toBe(3);
    expect(combatLevel({ ...base, prayer: undefined })).toBe(3);
  });

  it('is 126 for maxed melee with 99 prayer, with or without ranged', () => {
    const maxed = { attack: 99, strength: 99, defense: 99, constitution: 99, ranged: 1, prayer: 99 };
    expect(combatLevel(maxed)).toBe(126);
    expect(combatLevel({ ...maxed, ranged: 99 })).toBe(126);
  });

  it('matches hand-computed mixed builds', () => {
    // base 0.25*(1+99+0) = 25, range 0.325*floor(148.5) = 48.1 -> 73
    expect(combatLevel({ ...base, constitution: 99, ranged: 99 })).toBe(73);
    // base 0.25*(40+40+0) = 20, melee 0.325*80 = 26 -> 46
    expect(combatLevel({ ...base, attack: 40, strength: 40, defense: 40, constitution: 40 })).toBe(46);
    // base 0.25*(70+70+21) = 40.25, melee 0.325*140 = 45.5 -> 85 (prayer 43 counts as 21)
    expect(
      combatLevel({ attack: 70, strength: 70, defense: 70, constitution: 70, ranged: 1, prayer: 43 }),
    ).toBe(85);
    // exactly on a boundary: 0.25*(27+1+0) + 0.325*(39+1) = 7 + 13 = 20
    expect(combatLevel({ attack: 39, strength: 1, defense: 27, constitution: 1, ranged: 1, prayer: 1 })).toBe(
      20,
    );
  });

  it('is the one implementation the content build uses', () => {
    expect(contentCombatLevel).toBe(combatLevel);
  });
});

describe('health scale', () => {
  it('gives 10 life points per constitution level', () => {
    expect(STARTING_CONSTITUTION_LEVEL).toBe(10);
    expect(maxHealthFor(STARTING_CONSTITUTION_LEVEL)).toBe(100);
    expect(maxHealthFor(99)).toBe(990);
    expect(levelForXp(xpForLevel(STARTING_CONSTITUTION_LEVEL))).toBe(10);
    expect(xpForLevel(STARTING_CONSTITUTION_LEVEL)).toBe(1_154);
  });
});
