import { describe, expect, it } from 'vitest';
import { combatXpForDamage } from './xp';

describe('combat experience per damage', () => {
  it('gives 4 xp per OSRS hitpoint to the style skill and 4/3 to constitution', () => {
    // 30 of our points = 3 OSRS hitpoints: 12 xp strength, 4 xp constitution.
    expect(combatXpForDamage('aggressive', 'slash', 30)).toEqual([
      { skill: 'strength', tenths: 120 },
      { skill: 'constitution', tenths: 40 },
    ]);
    expect(combatXpForDamage('accurate', 'stab', 30)).toEqual([
      { skill: 'attack', tenths: 120 },
      { skill: 'constitution', tenths: 40 },
    ]);
    expect(combatXpForDamage('defensive', 'crush', 100)).toEqual([
      { skill: 'defense', tenths: 400 },
      { skill: 'constitution', tenths: 133 },
    ]);
  });

  it('splits controlled evenly over attack, strength and defence', () => {
    expect(combatXpForDamage('controlled', 'stab', 30)).toEqual([
      { skill: 'attack', tenths: 40 },
      { skill: 'strength', tenths: 40 },
      { skill: 'defense', tenths: 40 },
      { skill: 'constitution', tenths: 40 },
    ]);
  });

  it('gives ranged 4 per OSRS hitpoint, or 2 ranged + 2 defence on longrange', () => {
    expect(combatXpForDamage('rapid', 'ranged', 30)).toEqual([
      { skill: 'ranged', tenths: 120 },
      { skill: 'constitution', tenths: 40 },
    ]);
    expect(combatXpForDamage('accurate', 'ranged', 30)).toEqual([
      { skill: 'ranged', tenths: 120 },
      { skill: 'constitution', tenths: 40 },
    ]);
    expect(combatXpForDamage('longrange', 'ranged', 30)).toEqual([
      { skill: 'ranged', tenths: 60 },
      { skill: 'defense', tenths: 60 },
      { skill: 'constitution', tenths: 40 },
    ]);
  });

  it('works per point of our damage: 0.4 style xp, 2/15 constitution xp, floored to tenths', () => {
    expect(combatXpForDamage('aggressive', 'crush', 1)).toEqual([
      { skill: 'strength', tenths: 4 },
      { skill: 'constitution', tenths: 1 },
    ]);
    expect(combatXpForDamage('aggressive', 'crush', 7)).toEqual([
      { skill: 'strength', tenths: 28 },
      { skill: 'constitution', tenths: 9 },
    ]);
    expect(combatXpForDamage('controlled', 'slash', 1)).toEqual([
      { skill: 'attack', tenths: 1 },
      { skill: 'strength', tenths: 1 },
      { skill: 'defense', tenths: 1 },
      { skill: 'constitution', tenths: 1 },
    ]);
  });

  it('gives nothing for no damage', () => {
    expect(combatXpForDamage('aggressive', 'crush', 0)).toEqual([]);
    expect(combatXpForDamage('aggressive', 'crush', -5)).toEqual([]);
    expect(combatXpForDamage('aggressive', 'crush', Number.NaN)).toEqual([]);
  });
});
