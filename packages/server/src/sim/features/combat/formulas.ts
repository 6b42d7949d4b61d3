/**
 * OSRS combat formulas, exactly (docs/combat.md cites each): effective levels, attack and defence
 * rolls, max hits, hit chance and the hit roll itself. Integer maths only, so every server and
 * every replay computes the same numbers. Max hits here are in OSRS hitpoints; {@link toLifePoints}
 * moves them to our 10x scale (ADR 0008).
 */
import type { Rng } from '../../core/rng';
import type { Bonuses } from '../../../content/schemas/items';
import type { NpcCombat } from '../../../content/schemas/npcs';
import type { PrayerDef } from '../../../content/schemas/prayers';
import { LIFE_POINTS_PER_LEVEL } from '../skills/levels';
import { stanceBonuses, isRangedStyle, type DamageType, type Stance } from './styles';

/** Stats a prayer can boost. */
export type PrayerStat = 'attack' | 'strength' | 'defense' | 'ranged' | 'rangedStrength';

/**
 * Percent boosts of the active prayers, as prayers.json writes them: `{ attack: 15 }` is the OSRS
 * multiplier 1.15. Percent integers, not float multipliers, because floor(100 * 1.15) is 114 in
 * floating point while OSRS gives 115. `ranged` boosts ranged accuracy, `rangedStrength` ranged
 * damage ({@link prayerBoosts} fills it from `ranged` for prayers that boost both, like Eagle Eye).
 */
export type PrayerBoosts = Partial<Record<PrayerStat, number>>;

/**
 * Sums the boosts of the active prayers. Conflict groups already stop two prayers boosting the
 * same stat; a prayer with `ranged` but no `rangedStrength` boosts ranged strength by the same
 * percent (OSRS Sharp/Hawk/Eagle Eye boost both).
 */
export function prayerBoosts(prayers: Iterable<Pick<PrayerDef, 'bonuses'>>): PrayerBoosts {
  const out: PrayerBoosts = {};
  const add = (stat: PrayerStat, n: number | undefined) => {
    if (n) out[stat] = (out[stat] ?? 0) + n;
  };
  for (const { bonuses: b } of prayers) {
    add('attack', b.attack);
    add('strength', b.strength);
    add('defense', b.defense);
    add('ranged', b.ranged);
    add('rangedStrength', b.rangedStrength ?? b.ranged);
  }
  return out;
}

/**
 * OSRS effective level: floor(level x (1 + prayer%)) + stance bonus + 8, where `level` is the
 * current level (potion boosts and drains included).
 */
export function effectiveLevel(level: number, prayerPercent = 0, stanceBonus = 0): number {
  return Math.floor((level * (100 + prayerPercent)) / 100) + stanceBonus + 8;
}

/** OSRS max hit from an effective strength and a strength bonus: floor(0.5 + E x (B + 64) / 640). */
export function maxHitFromEffective(effectiveStrength: number, strengthBonus: number): number {
  return Math.max(0, Math.floor((effectiveStrength * (strengthBonus + 64) + 320) / 640));
}

/** An accuracy or defence roll: effective level x (bonus + 64), never below 0. */
export function roll(effective: number, bonus: number): number {
  return Math.max(0, effective * (bonus + 64));
}

/** OSRS hitpoints of damage to our life points (x10). */
export function toLifePoints(osrsHitpoints: number): number {
  return osrsHitpoints * LIFE_POINTS_PER_LEVEL;
}

/** What a player brings to a fight. */
export interface PlayerCombatant {
  /** Current levels (boosts and drains included). */
  levels: { attack: number; strength: number; defense: number; ranged: number };
  /** Summed bonuses of everything worn (ammunition's rangedStrength included). */
  bonuses: Bonuses;
  prayers?: PrayerBoosts;
  /** The selected style (see `resolveStyle`). */
  style: { damageType: DamageType; stance: Stance };
}

const ATTACK_BONUS = {
  stab: 'attackStab',
  slash: 'attackSlash',
  crush: 'attackCrush',
  ranged: 'attackRanged',
} as const satisfies Record<DamageType, keyof Bonuses>;
const DEFENCE_BONUS = {
  stab: 'defenseStab',
  slash: 'defenseSlash',
  crush: 'defenseCrush',
  ranged: 'defenseRanged',
} as const satisfies Record<DamageType, keyof Bonuses>;

/** A player's attack roll with the selected style: effective attack (or ranged) x (bonus + 64). */
export function playerAttackRoll(p: PlayerCombatant): number {
  const { stance, damageType } = p.style;
  const sb = stanceBonuses(stance, damageType);
  const pr = p.prayers ?? {};
  const eff = isRangedStyle(stance, damageType)
    ? effectiveLevel(p.levels.ranged, pr.ranged, sb.ranged)
    : effectiveLevel(p.levels.attack, pr.attack, sb.attack);
  return roll(eff, p.bonuses[ATTACK_BONUS[damageType]]);
}

/** A player's max hit in OSRS hitpoints (melee strength or ranged strength, per the style). */
export function playerMaxHit(p: PlayerCombatant): number {
  const { stance, damageType } = p.style;
  const sb = stanceBonuses(stance, damageType);
  const pr = p.prayers ?? {};
  return isRangedStyle(stance, damageType)
    ? maxHitFromEffective(
        effectiveLevel(p.levels.ranged, pr.rangedStrength, sb.ranged),
        p.bonuses.rangedStrength,
      )
    : maxHitFromEffective(
        effectiveLevel(p.levels.strength, pr.strength, sb.strength),
        p.bonuses.meleeStrength,
      );
}

/** A player's defence roll against an incoming damage type: effective defence x (defence bonus + 64). */
export function playerDefenceRoll(p: PlayerCombatant, incoming: DamageType): number {
  const sb = stanceBonuses(p.style.stance, p.style.damageType);
  return roll(
    effectiveLevel(p.levels.defense, p.prayers?.defense, sb.defense),
    p.bonuses[DEFENCE_BONUS[incoming]],
  );
}

/** The NPC fields the formulas read (an `NpcCombat` block from npcs.json fits). */
export type NpcCombatant = Pick<
  NpcCombat,
  'levels' | 'attackBonus' | 'strengthBonus' | 'defense' | 'attackType' | 'maxHit'
>;

/** OSRS NPC attack roll: (attack or ranged level + 9) x (attack bonus + 64). */
export function npcAttackRoll(npc: NpcCombatant): number {
  const level = npc.attackType === 'ranged' ? npc.levels.ranged : npc.levels.attack;
  return roll(level + 9, npc.attackBonus ?? 0);
}

/** OSRS NPC defence roll: (defence level + 9) x (defence bonus against `incoming` + 64). */
export function npcDefenceRoll(npc: NpcCombatant, incoming: DamageType): number {
  return roll(npc.levels.defense + 9, npc.defense[incoming]);
}

/**
 * OSRS NPC max hit derived from its levels, in OSRS hitpoints:
 * floor(0.5 + (strength or ranged level + 9) x (strength bonus + 64) / 640). For content checks
 * and NPCs without a written max hit; the fights use {@link npcMaxHit}.
 */
export function npcMaxHitFromLevels(npc: NpcCombatant): number {
  const level = npc.attackType === 'ranged' ? npc.levels.ranged : npc.levels.strength;
  return maxHitFromEffective(level + 9, npc.strengthBonus ?? 0);
}

/** An NPC's max hit on our scale: npcs.json writes `maxHit` already in life points. */
export function npcMaxHit(npc: NpcCombatant): number {
  return npc.maxHit;
}

/**
 * Chance that an attack roll beats a defence roll (OSRS): if A > D, 1 - (D + 2) / (2(A + 1)),
 * else A / (2(D + 1)). It is exactly the probability that uniform integers a in [0, A] and
 * d in [0, D] satisfy a > d, which is what {@link rollHit} draws.
 */
export function hitChance(attackRoll: number, defenceRoll: number): number {
  const a = Math.max(0, attackRoll);
  const d = Math.max(0, defenceRoll);
  return a > d ? 1 - (d + 2) / (2 * (a + 1)) : a / (2 * (d + 1));
}

/** The attacking side of one swing. */
export interface Attacker {
  attackRoll: number;
  /** Max hit on our scale (life points): `toLifePoints(playerMaxHit(p))` or `npcMaxHit(npc)`. */
  maxHit: number;
}

/** The defending side of one swing. */
export interface Defender {
  defenceRoll: number;
  /** Remaining health; when given, damage never exceeds it (so xp follows damage dealt). */
  health?: number;
}

/** Outcome of one swing: a miss is `{ hit: false, damage: 0 }`; a hit may still roll 0. */
export interface HitResult {
  hit: boolean;
  damage: number;
}

/**
 * One swing, OSRS mechanics with the seeded RNG: draw a in [0, attackRoll] and d in [0, defenceRoll];
 * the swing hits when a > d, and then deals a uniform integer in [0, maxHit] (life points).
 * Always consumes two draws, plus one on a hit, so replays stay in step.
 */
export function rollHit(rng: Pick<Rng, 'nextInt'>, attacker: Attacker, defender: Defender): HitResult {
  const a = rng.nextInt(Math.max(0, Math.floor(attacker.attackRoll)) + 1);
  const d = rng.nextInt(Math.max(0, Math.floor(defender.defenceRoll)) + 1);
  if (a <= d) return { hit: false, damage: 0 };
  const rolled = rng.nextInt(Math.max(0, Math.floor(attacker.maxHit)) + 1);
  const damage = defender.health === undefined ? rolled : Math.min(rolled, Math.max(0, defender.health));
  return { hit: true, damage };
}
