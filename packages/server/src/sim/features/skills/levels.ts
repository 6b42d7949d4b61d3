/**
 * Pure rules of skill progress: adding experience (with the tenths OSRS shows but our integer
 * columns cannot hold), the combat level, and the life-point scale tied to constitution.
 * See docs/combat.md and docs/decisions/0008-ten-times-health-scale.md.
 */
import { levelForXp, MAX_XP } from './xp-table';

/** Experience is counted in tenths internally (OSRS precision: 17.5 xp = 175 tenths). */
export const TENTHS_PER_XP = 10;

/** Cap of the experience counter in tenths. */
const MAX_TENTHS = MAX_XP * TENTHS_PER_XP;

/** Life points per constitution level: max health = 10 x constitution level (ADR 0008). */
export const LIFE_POINTS_PER_LEVEL = 10;

/** Constitution level of a new character (health 100). */
export const STARTING_CONSTITUTION_LEVEL = 10;

/** Maximum health for a constitution level, on the 10x life-point scale. */
export function maxHealthFor(constitutionLevel: number): number {
  return constitutionLevel * LIFE_POINTS_PER_LEVEL;
}

/**
 * A skill's progress. `xp` is the whole experience that is persisted (integer column);
 * `tenths` (0..9, default 0) is the fraction earned but not yet whole, kept in memory only.
 */
export interface SkillProgress {
  level: number;
  xp: number;
  tenths?: number;
}

/** Result of {@link addXp}: the new progress plus what changed, for `skill:xp` and level-up events. */
export interface XpGain {
  level: number;
  /** Whole experience after the gain (what the database stores). */
  xp: number;
  /** Remainder in tenths (0..9) to keep with the skill in memory. */
  tenths: number;
  /** Experience actually added (after the cap), with its tenth: 2.8 means 28 tenths. */
  gained: number;
  /** Levels crossed by this gain (0 when none). */
  levelsGained: number;
}

/**
 * Converts an experience amount (content values have at most one decimal, e.g. 17.5) to whole
 * tenths, rounding to the nearest tenth. Non-positive and non-finite amounts give 0: experience
 * is never taken away.
 */
export function xpToTenths(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.round(amount * TENTHS_PER_XP);
}

/**
 * Adds `amount` experience (one decimal at most; see {@link xpToTenths}) to a skill. Clamps at
 * 200,000,000 xp, never lowers xp or level, and keeps the sub-1 fraction in `tenths`.
 */
export function addXp(current: SkillProgress, amount: number): XpGain {
  return addXpTenths(current, xpToTenths(amount));
}

/**
 * Adds experience given in tenths (what the combat xp rules produce). Non-integer tenths are
 * floored; non-positive ones add nothing. The level is derived from the new xp but never drops
 * below `current.level`, so an inconsistent record cannot cost a player levels.
 */
export function addXpTenths(current: SkillProgress, tenths: number): XpGain {
  const add = Number.isFinite(tenths) && tenths > 0 ? Math.floor(tenths) : 0;
  const before = current.xp * TENTHS_PER_XP + (current.tenths ?? 0);
  const after = Math.max(before, Math.min(MAX_TENTHS, before + add));
  const xp = Math.floor(after / TENTHS_PER_XP);
  const level = Math.max(current.level, levelForXp(xp));
  return {
    level,
    xp,
    tenths: after - xp * TENTHS_PER_XP,
    gained: (after - before) / TENTHS_PER_XP,
    levelsGained: level - current.level,
  };
}

/** Levels that decide a combat level (constitution plays the role of OSRS hitpoints). */
export interface CombatLevels {
  attack: number;
  strength: number;
  defense: number;
  constitution: number;
  ranged: number;
  /** Absent for NPCs: counts as 1. */
  prayer?: number;
}

/**
 * The OSRS combat level (no magic in this game):
 * base = 0.25 x (defence + hitpoints + floor(prayer / 2)), melee = 0.325 x (attack + strength),
 * range = 0.325 x floor(3 x ranged / 2), level = floor(base + max(melee, range)).
 * Computed in integers (everything x 40) so no rounding error can move a level boundary.
 * A new character (1s, constitution 10) is 3; maxed melee with 99 prayer is 126.
 */
export function combatLevel(l: CombatLevels): number {
  const base = 10 * (l.defense + l.constitution + Math.floor((l.prayer ?? 1) / 2));
  const melee = 13 * (l.attack + l.strength);
  const range = 13 * Math.floor((3 * l.ranged) / 2);
  return Math.floor((base + Math.max(melee, range)) / 40);
}
