/**
 * Reach rules of an interaction: how close the player must stand to its target to act on it.
 */
import type { Tile } from '../../core/types';

/**
 * - `adjacent`: on one of the 8 tiles around the target or on it (Chebyshev <= 1: a bank booth, an
 *   NPC to talk to, an altar, a gravestone);
 * - `cardinal`: on one of the 4 tiles beside it (no diagonal: melee);
 * - `sameTile`: on its tile (a ground item);
 * - `{ within: n }`: Chebyshev distance at most n (a bow, a spell).
 */
export type Reach = 'adjacent' | 'cardinal' | 'sameTile' | { within: number };

/** Whether a player on (x, z) reaches `to` under `reach`. */
export function inReachOf(reach: Reach, x: number, z: number, to: Tile): boolean {
  const dx = Math.abs(x - to.x);
  const dz = Math.abs(z - to.z);
  if (reach === 'sameTile') return dx === 0 && dz === 0;
  if (reach === 'adjacent') return Math.max(dx, dz) <= 1;
  if (reach === 'cardinal') return dx + dz === 1;
  return Math.max(dx, dz) <= reach.within;
}
