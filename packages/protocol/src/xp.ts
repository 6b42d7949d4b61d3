/**
 * The RuneScape experience table, shared by the server (levels, combat, quests) and clients (XP to
 * the next level): both must agree on where each level starts.
 */

/** Highest level a skill can reach. */
export const MAX_LEVEL = 99;

/** Experience stops accumulating here (OSRS cap); the level stays 99 long before it. */
export const MAX_XP = 200_000_000;

/**
 * Builds the table with the standard formula: the experience needed for level L is
 * floor( sum_{l=1}^{L-1} floor(l + 300 * 2^(l/7)) / 4 ). Index 0 is level 1 (0 xp).
 */
function buildTable(maxLevel: number): readonly number[] {
  const table: number[] = [0];
  let points = 0;
  for (let l = 1; l < maxLevel; l++) {
    points += Math.floor(l + 300 * 2 ** (l / 7));
    table.push(Math.floor(points / 4));
  }
  return Object.freeze(table);
}

/**
 * Experience at which each level starts: `XP_TABLE[level - 1]`. Level 2 = 83, level 10 = 1,154,
 * level 99 = 13,034,431. Frozen: it is shared by everything that imports it.
 */
export const XP_TABLE: readonly number[] = buildTable(MAX_LEVEL);

/**
 * The level reached with `xp` experience (1..99; anything at or past 13,034,431 is 99, negative
 * or non-finite input is level 1). Binary search: the table is strictly increasing.
 */
export function levelForXp(xp: number): number {
  if (!(xp > 0)) return 1;
  let lo = 1;
  let hi = MAX_LEVEL;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((XP_TABLE[mid - 1] ?? Infinity) <= xp) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
