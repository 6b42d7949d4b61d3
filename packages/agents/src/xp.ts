/** XP needed for each level (index = level), the classic curve: level 2 at 83 xp, 99 at 13,034,431. */
const TABLE: number[] = (() => {
  const t = [0, 0];
  let points = 0;
  for (let lvl = 1; lvl < 120; lvl++) {
    points += Math.floor(lvl + 300 * 2 ** (lvl / 7));
    t.push(Math.floor(points / 4));
  }
  return t;
})();

/** The XP at which `level` is reached. */
export function xpForLevel(level: number): number {
  return TABLE[Math.max(1, Math.min(level, TABLE.length - 1))] ?? 0;
}
