/**
 * Attack styles: what a chosen style of the wielded weapon means for a fight (damage type,
 * stance, trained skills, speed, reach) and the invisible stance bonuses OSRS gives.
 * Style sets come from combat-styles.json (`Content.combatStyles`), weapons from the item manifests.
 */
import type { ItemDef } from '../../../content/content-types';
import type { DAMAGE_TYPES, STANCES, StyleSet } from '../../../content/schemas/combat-styles';

export type Stance = (typeof STANCES)[number];
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Skills a combat style can train (constitution is always trained too, see xp.ts). */
export type CombatSkill = 'attack' | 'strength' | 'defense' | 'ranged';

/** The style set used with no weapon wielded. */
export const UNARMED_STYLE_SET = 'unarmed';
/** Ticks between unarmed attacks (OSRS punch/kick speed). */
export const UNARMED_ATTACK_SPEED = 4;
/** Unarmed reach in tiles. */
export const UNARMED_RANGE = 1;
/** Longrange never extends reach past this many tiles (OSRS caps attack range at 10). */
export const MAX_ATTACK_RANGE = 10;
/** Extra tiles of reach on the longrange stance. */
export const LONGRANGE_EXTRA_RANGE = 2;

/** A style resolved against the wielded weapon: everything the combat loop needs about it. */
export interface ResolvedStyle {
  /** The style's id within its set (what the client selects). */
  id: string;
  name: string;
  styleSetId: string;
  damageType: DamageType;
  stance: Stance;
  /** Skills that receive the style's share of combat experience, in a fixed order. */
  skillsTrained: readonly CombatSkill[];
  /** Ticks between attacks (rapid: weapon speed - 1, never below 1). */
  attackSpeed: number;
  /** Reach in tiles (longrange: weapon range + 2, capped at 10 unless the weapon reaches further). */
  range: number;
}

/** Invisible level bonuses of a stance, added to effective levels before the +8. */
export interface StanceBonuses {
  attack: number;
  strength: number;
  defense: number;
  /** Applies to both ranged accuracy and ranged strength (OSRS "accurate" ranged: +3 Ranged). */
  ranged: number;
}

const NONE: StanceBonuses = Object.freeze({ attack: 0, strength: 0, defense: 0, ranged: 0 });

/** True when the style fires ranged attacks: the damage type or the stance says so. */
export function isRangedStyle(stance: Stance, damageType: DamageType): boolean {
  return damageType === 'ranged' || stance === 'rapid' || stance === 'longrange';
}

/**
 * OSRS stance bonuses. Melee: accurate +3 attack, aggressive +3 strength, defensive +3 defence,
 * controlled +1 to each. Ranged: accurate +3 ranged, rapid none (it is faster instead),
 * longrange +3 defence (it reaches further instead).
 */
export function stanceBonuses(stance: Stance, damageType: DamageType): StanceBonuses {
  if (isRangedStyle(stance, damageType)) {
    switch (stance) {
      case 'accurate':
        return { ...NONE, ranged: 3 };
      case 'longrange':
      case 'defensive':
        return { ...NONE, defense: 3 };
      default:
        return { ...NONE };
    }
  }
  switch (stance) {
    case 'accurate':
      return { ...NONE, attack: 3 };
    case 'aggressive':
      return { ...NONE, strength: 3 };
    case 'defensive':
      return { ...NONE, defense: 3 };
    case 'controlled':
      return { attack: 1, strength: 1, defense: 1, ranged: 0 };
    default:
      return { ...NONE };
  }
}

/**
 * Skills trained by a stance. Melee: accurate -> attack, aggressive -> strength, defensive ->
 * defence, controlled -> all three. Ranged: accurate and rapid -> ranged, longrange -> ranged and
 * defence. Content pairs rapid/longrange with the ranged damage type only.
 */
export function skillsTrained(stance: Stance, damageType: DamageType): readonly CombatSkill[] {
  if (isRangedStyle(stance, damageType)) {
    return stance === 'longrange' || stance === 'defensive' ? ['ranged', 'defense'] : ['ranged'];
  }
  switch (stance) {
    case 'accurate':
      return ['attack'];
    case 'aggressive':
      return ['strength'];
    case 'defensive':
      return ['defense'];
    default:
      return ['attack', 'strength', 'defense'];
  }
}

/** The wielded weapon (its `weapon` block), or null/undefined when unarmed. */
export type Wielded = Pick<ItemDef, 'weapon'> | null | undefined;

/**
 * Resolves `styleId` against the style set of the wielded weapon (the unarmed set without one).
 * Undefined when the weapon does not offer that style (or its style set is missing): the caller
 * turns that into a game error or falls back to {@link defaultStyle}.
 */
export function resolveStyle(
  styleSets: ReadonlyMap<string, StyleSet>,
  wielded: Wielded,
  styleId: string,
): ResolvedStyle | undefined {
  const weapon = wielded?.weapon ?? null;
  const setId = weapon?.styleSet ?? UNARMED_STYLE_SET;
  const style = styleSets.get(setId)?.styles.find((s) => s.id === styleId);
  if (!style) return undefined;
  const baseSpeed = weapon?.attackSpeed ?? UNARMED_ATTACK_SPEED;
  const baseRange = weapon?.range ?? UNARMED_RANGE;
  const range =
    style.stance === 'longrange'
      ? Math.max(baseRange, Math.min(baseRange + LONGRANGE_EXTRA_RANGE, MAX_ATTACK_RANGE))
      : baseRange;
  return {
    id: style.id,
    name: style.name,
    styleSetId: setId,
    damageType: style.damageType,
    stance: style.stance,
    skillsTrained: skillsTrained(style.stance, style.damageType),
    attackSpeed: style.stance === 'rapid' ? Math.max(1, baseSpeed - 1) : baseSpeed,
    range,
  };
}

/**
 * The style to use when the chosen one is not offered (a new character, or after a weapon swap):
 * the same position in the new set if it exists (OSRS keeps the selected button), else the first.
 */
export function defaultStyle(
  styleSets: ReadonlyMap<string, StyleSet>,
  wielded: Wielded,
  previousIndex = 0,
): ResolvedStyle | undefined {
  const set = styleSets.get(wielded?.weapon?.styleSet ?? UNARMED_STYLE_SET);
  const style = set?.styles[previousIndex] ?? set?.styles[0];
  return style ? resolveStyle(styleSets, wielded, style.id) : undefined;
}

/** Position of a style in its weapon's set (to keep the button on a weapon swap); -1 if absent. */
export function styleIndex(
  styleSets: ReadonlyMap<string, StyleSet>,
  wielded: Wielded,
  styleId: string,
): number {
  const set = styleSets.get(wielded?.weapon?.styleSet ?? UNARMED_STYLE_SET);
  return set ? set.styles.findIndex((s) => s.id === styleId) : -1;
}
