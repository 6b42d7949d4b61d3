/**
 * Combat experience per point of damage, OSRS rates moved onto our 10x life-point scale
 * (docs/combat.md, ADR 0008). Amounts are whole tenths of xp, ready for `addXpTenths`.
 */
import type { SkillName } from '../../../content/skills';
import { skillsTrained, type DamageType, type Stance } from './styles';

/** OSRS: 4 xp per hitpoint of damage to the style's skill(s) = 40 tenths per 10 of our points. */
export const STYLE_TENTHS_PER_DAMAGE = 4;

/** One skill's share of the experience of a hit, in tenths of xp. */
export interface XpAward {
  skill: SkillName;
  tenths: number;
}

/**
 * Experience for `damage` points dealt (our scale; pass the damage actually dealt, i.e. capped at
 * the target's remaining health). Per point of our damage:
 * - style skill(s): 0.4 xp (4 per OSRS hitpoint), split evenly when a style trains several:
 *   controlled 4/3 each to attack/strength/defence, longrange 0.2 each to ranged/defence;
 * - constitution: 4/3 per OSRS hitpoint (shown as 1.33) = 2/15 xp per point.
 * Each share is floored to whole tenths per hit (OSRS also counts xp in tenths).
 * Non-positive or non-finite damage gives nothing.
 */
export function combatXpForDamage(stance: Stance, damageType: DamageType, damage: number): XpAward[] {
  if (!Number.isFinite(damage) || damage <= 0) return [];
  const d = Math.floor(damage);
  const total = STYLE_TENTHS_PER_DAMAGE * d;
  const skills = skillsTrained(stance, damageType);
  const share = Math.floor(total / skills.length);
  const awards: XpAward[] = skills.map((skill) => ({ skill, tenths: share }));
  awards.push({ skill: 'constitution', tenths: Math.floor(total / 3) });
  return awards.filter((a) => a.tenths > 0);
}
