/**
 * The twelve skills a character trains. The order is the one used everywhere a
 * skill list is shown (columns, API responses), so keep it stable.
 */
export const SKILLS = [
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

/** One of the twelve skill names. */
export type Skill = (typeof SKILLS)[number];

/** Experience at level 10, the starting constitution level. */
export const CONSTITUTION_START_XP = 1154;
