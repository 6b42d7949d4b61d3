import { describe, expect, it } from 'vitest';
import type { PrayerDef } from '../../../content/schemas/prayers';
import { effectiveLevel, playerMaxHit, type PlayerCombatant } from '../combat/formulas';
import { ZERO_BONUSES } from '../../../content/schemas/items';
import { boostsOf } from './boosts';

const prayer = (id: string, bonuses: PrayerDef['bonuses']): PrayerDef => ({
  id,
  name: id,
  description: id,
  level: 1,
  drainEffect: 1,
  bonuses,
  conflictGroups: [],
});
const defs = new Map(
  [
    prayer('surge_of_might', { strength: 5 }),
    prayer('keen_focus', { attack: 5 }),
    prayer('hardened_hide', { defense: 5 }),
    prayer('hunters_glance', { ranged: 5 }),
    prayer('rangers_creed', { ranged: 20, rangedStrength: 23, defense: 25 }),
    prayer('quickened_spirit', {}),
  ].map((p) => [p.id, p]),
);

describe('boostsOf', () => {
  it('sums the boosts of the active prayers, ignoring unknown ids and prayers without boosts', () => {
    expect(boostsOf([], defs)).toEqual({});
    expect(
      boostsOf(['surge_of_might', 'keen_focus', 'hardened_hide', 'quickened_spirit', 'gone'], defs),
    ).toEqual({
      attack: 5,
      strength: 5,
      defense: 5,
    });
  });

  it('a ranged prayer boosts ranged strength by the same percent unless it says otherwise', () => {
    expect(boostsOf(['hunters_glance'], defs)).toEqual({ ranged: 5, rangedStrength: 5 });
    expect(boostsOf(['rangers_creed'], defs)).toEqual({ ranged: 20, rangedStrength: 23, defense: 25 });
  });

  it('feeds the formulas: the boost acts on the level before the stance bonus and the +8', () => {
    // floor(60 x 1.05) = 63, + 3 (aggressive) + 8
    expect(effectiveLevel(60, boostsOf(['surge_of_might'], defs).strength, 3)).toBe(74);
    const fighter = (prayers: string[]): PlayerCombatant => ({
      levels: { attack: 60, strength: 60, defense: 60, ranged: 1 },
      bonuses: { ...ZERO_BONUSES, meleeStrength: 5 },
      prayers: boostsOf(prayers, defs),
      style: { damageType: 'stab', stance: 'accurate' },
    });
    // Bronze sword, accurate: E = 68 -> floor((68 x 69 + 320) / 640) = 7; with +5%: 71 -> 8.
    expect(playerMaxHit(fighter([]))).toBe(7);
    expect(playerMaxHit(fighter(['surge_of_might']))).toBe(8);
    // An attack prayer changes accuracy, not the max hit.
    expect(playerMaxHit(fighter(['keen_focus']))).toBe(7);
  });
});
