import { levelForXp, MAX_LEVEL, XP_TABLE } from '@tilerealm/protocol';

/** XP-to-next-level arithmetic for the skills tab over the protocol's shared table. Pure, no DOM. */
export { levelForXp, MAX_LEVEL, XP_TABLE };

/** Experience needed for `level`, clamped to 1..99. */
export function xpForLevel(level: number): number {
  const l = Math.min(MAX_LEVEL, Math.max(1, Math.floor(level)));
  return XP_TABLE[l - 1] ?? 0;
}

export interface LevelProgress {
  level: number;
  /** Experience at which the current level started. */
  levelXp: number;
  /** Experience at which the next level starts (null at 99). */
  nextLevelXp: number | null;
  /** Experience still needed for the next level (0 at 99). */
  toNext: number;
  /** 0..1 through the current level (1 at 99). */
  fraction: number;
}

/** Where `xp` stands within its level (the level comes from the table, not from the server). */
export function levelProgress(xp: number): LevelProgress {
  const level = levelForXp(xp);
  const levelXp = xpForLevel(level);
  if (level >= MAX_LEVEL) return { level, levelXp, nextLevelXp: null, toNext: 0, fraction: 1 };
  const nextLevelXp = xpForLevel(level + 1);
  const span = nextLevelXp - levelXp;
  return {
    level,
    levelXp,
    nextLevelXp,
    toNext: Math.max(0, nextLevelXp - xp),
    fraction: span > 0 ? Math.min(1, Math.max(0, (xp - levelXp) / span)) : 0,
  };
}

/** Sum of the levels of every skill. */
export function totalLevel(skills: Record<string, { level: number }>): number {
  return Object.values(skills).reduce((n, s) => n + s.level, 0);
}

/** The usual skill order of the skills tab; skills not listed follow in their own order. */
export const SKILL_ORDER = [
  'attack',
  'strength',
  'defense',
  'constitution',
  'ranged',
  'prayer',
  'woodcutting',
  'fishing',
  'firemaking',
  'cooking',
  'mining',
  'smithing',
] as const;

/** Skill ids in display order: the known order first, then any other skill id of `ids`. */
export function orderSkills(ids: Iterable<string>): string[] {
  const all = [...new Set(ids)];
  const known: string[] = SKILL_ORDER.filter((s) => all.includes(s));
  return [...known, ...all.filter((s) => !known.includes(s))];
}

/** "woodcutting" -> "Woodcutting". */
export function skillName(id: string): string {
  const text = id.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Which unlocks of a skill the level has reached (unlocks sorted by level). */
export function unlocksWithState<T extends { level: number }>(
  unlocks: readonly T[],
  level: number,
): { unlock: T; reached: boolean }[] {
  return [...unlocks]
    .sort((a, b) => a.level - b.level)
    .map((unlock) => ({ unlock, reached: level >= unlock.level }));
}
