/**
 * The RuneScape experience table. Levels, caps and the table are fixed by the game's rules, so
 * they live in one place and every feature (skills, combat, quests, the HTTP API) reads them here.
 */

import { MAX_LEVEL, XP_TABLE } from '@tilerealm/protocol';

// The table itself is shared with clients through the protocol package.
export { levelForXp, MAX_LEVEL, MAX_XP, XP_TABLE } from '@tilerealm/protocol';

/**
 * Experience needed to reach `level` (1..99). A level outside that range is a caller bug, so it
 * throws rather than inventing a value.
 */
export function xpForLevel(level: number): number {
  if (!Number.isInteger(level) || level < 1 || level > MAX_LEVEL) {
    throw new RangeError(`level must be an integer in 1..${MAX_LEVEL}, got ${level}`);
  }
  return XP_TABLE[level - 1] ?? 0;
}
