import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { styleSetSchema, type StyleSet } from '../../../content/schemas/combat-styles';
import type { ItemDef } from '../../../content/content-types';
import { defaultStyle, resolveStyle, skillsTrained, stanceBonuses, styleIndex } from './styles';

/** The shipped combat-styles.json, parsed with its schema. */
const file = fileURLToPath(new URL('../../../../../../assets/manifests/combat-styles.json', import.meta.url));
const parsed = z
  .strictObject({ styleSets: z.array(styleSetSchema) })
  .parse(JSON.parse(readFileSync(file, 'utf8')));
const sets: ReadonlyMap<string, StyleSet> = new Map(parsed.styleSets.map((s) => [s.id, s]));

type Weapon = NonNullable<ItemDef['weapon']>;
const melee = (styleSet: string, attackSpeed = 4): { weapon: Weapon } => ({
  weapon: { kind: 'melee', attackSpeed, range: 1, twoHanded: false, styleSet },
});
const bow = (attackSpeed: number, range: number): { weapon: Weapon } => ({
  weapon: {
    kind: 'ranged',
    attackSpeed,
    range,
    twoHanded: true,
    styleSet: 'bow',
    ammoType: 'arrow',
    bowTier: 1,
  },
});

describe('resolveStyle', () => {
  it('uses the unarmed set, speed 4 and reach 1 without a weapon', () => {
    expect(resolveStyle(sets, null, 'punch')).toEqual({
      id: 'punch',
      name: 'Punch',
      styleSetId: 'unarmed',
      damageType: 'crush',
      stance: 'accurate',
      skillsTrained: ['attack'],
      attackSpeed: 4,
      range: 1,
    });
    expect(resolveStyle(sets, undefined, 'kick')).toMatchObject({
      stance: 'aggressive',
      skillsTrained: ['strength'],
    });
    expect(resolveStyle(sets, { weapon: null }, 'block')).toMatchObject({
      stance: 'defensive',
      skillsTrained: ['defense'],
    });
  });

  it('takes speed and damage type from the weapon and its set', () => {
    expect(resolveStyle(sets, melee('slash_sword', 5), 'lunge')).toMatchObject({
      damageType: 'stab',
      stance: 'controlled',
      skillsTrained: ['attack', 'strength', 'defense'],
      attackSpeed: 5,
      range: 1,
    });
    expect(resolveStyle(sets, melee('warhammer', 6), 'pummel')).toMatchObject({
      damageType: 'crush',
      attackSpeed: 6,
    });
  });

  it('makes rapid one tick faster and longrange two tiles longer (capped at 10)', () => {
    const shortbow = bow(4, 7);
    expect(resolveStyle(sets, shortbow, 'accurate')).toMatchObject({
      attackSpeed: 4,
      range: 7,
      skillsTrained: ['ranged'],
    });
    expect(resolveStyle(sets, shortbow, 'rapid')).toMatchObject({
      attackSpeed: 3,
      range: 7,
      skillsTrained: ['ranged'],
    });
    expect(resolveStyle(sets, shortbow, 'longrange')).toMatchObject({
      attackSpeed: 4,
      range: 9,
      skillsTrained: ['ranged', 'defense'],
    });
    expect(resolveStyle(sets, bow(6, 10), 'longrange')).toMatchObject({ range: 10 });
    expect(resolveStyle(sets, bow(6, 9), 'longrange')).toMatchObject({ range: 10 });
    // A weapon that already reaches past the cap keeps its reach; rapid never goes below 1 tick.
    expect(resolveStyle(sets, bow(1, 12), 'longrange')).toMatchObject({ range: 12 });
    expect(resolveStyle(sets, bow(1, 12), 'rapid')).toMatchObject({ attackSpeed: 1 });
  });

  it('refuses styles the weapon does not offer', () => {
    expect(resolveStyle(sets, melee('sword'), 'rapid')).toBeUndefined();
    expect(resolveStyle(sets, null, 'lunge')).toBeUndefined();
    expect(resolveStyle(sets, melee('no_such_set'), 'stab')).toBeUndefined();
  });
});

describe('defaultStyle', () => {
  it('keeps the button position across a weapon swap, else falls back to the first style', () => {
    const idx = styleIndex(sets, melee('slash_sword'), 'block');
    expect(idx).toBe(3);
    expect(defaultStyle(sets, null, idx)?.id).toBe('punch');
    expect(defaultStyle(sets, null, 2)?.id).toBe('block');
    expect(defaultStyle(sets, bow(4, 7))?.id).toBe('accurate');
    expect(defaultStyle(sets, melee('no_such_set'))).toBeUndefined();
    expect(styleIndex(sets, null, 'rapid')).toBe(-1);
  });
});

describe('stances', () => {
  it('gives the OSRS invisible bonuses', () => {
    expect(stanceBonuses('accurate', 'slash')).toEqual({ attack: 3, strength: 0, defense: 0, ranged: 0 });
    expect(stanceBonuses('aggressive', 'crush')).toEqual({ attack: 0, strength: 3, defense: 0, ranged: 0 });
    expect(stanceBonuses('defensive', 'stab')).toEqual({ attack: 0, strength: 0, defense: 3, ranged: 0 });
    expect(stanceBonuses('controlled', 'stab')).toEqual({ attack: 1, strength: 1, defense: 1, ranged: 0 });
    expect(stanceBonuses('accurate', 'ranged')).toEqual({ attack: 0, strength: 0, defense: 0, ranged: 3 });
    expect(stanceBonuses('rapid', 'ranged')).toEqual({ attack: 0, strength: 0, defense: 0, ranged: 0 });
    expect(stanceBonuses('longrange', 'ranged')).toEqual({ attack: 0, strength: 0, defense: 3, ranged: 0 });
  });

  it('trains the style skills of every shipped style', () => {
    for (const set of sets.values()) {
      for (const s of set.styles) {
        const skills = skillsTrained(s.stance, s.damageType);
        expect(skills.length, `${set.id}/${s.id}`).toBeGreaterThan(0);
        expect(skills.includes('ranged'), `${set.id}/${s.id}`).toBe(s.damageType === 'ranged');
      }
    }
  });
});
