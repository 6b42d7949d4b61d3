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

/**
 * The combat level lives with the skill rules (one implementation); re-exported here because the
 * content build computes NPC combat levels with it.
 */
export { combatLevel, type CombatLevels } from '../sim/features/skills/levels';
