/**
 * Formulas the content data is written against, kept next to the data so features and tests use
 * the very same maths.
 */

/**
 * OSRS "low/high interpolation" success chance at `level`:
 * (1 + floor(low*(99-L)/98 + high*(L-1)/98 + 0.5)) / 256, clamped to [0, 1].
 */
export function interpolatedChance(low: number, high: number, level: number): number {
  const l = Math.max(1, Math.min(99, level));
  const value = (1 + Math.floor((low * (99 - l)) / 98 + (high * (l - 1)) / 98 + 0.5)) / 256;
  return Math.max(0, Math.min(1, value));
}

/** Levels that decide a combat level (constitution plays the role of OSRS hitpoints). */
export interface CombatLevels {
  attack: number;
  strength: number;
  defense: number;
  constitution: number;
  ranged: number;
  prayer?: number;
}

/** OSRS-style combat level: a new character (1/1/1, constitution 10) is level 3. */
export function combatLevel(l: CombatLevels): number {
  const base = 0.25 * (l.defense + l.constitution + Math.floor((l.prayer ?? 1) / 2));
  const melee = 0.325 * (l.attack + l.strength);
  const ranged = 0.325 * Math.floor((l.ranged * 3) / 2);
  return Math.floor(base + Math.max(melee, ranged));
}
