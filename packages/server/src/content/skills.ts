import { z } from 'zod';

/**
 * The twelve skills of the game, in display order. Every manifest, table and protocol payload uses
 * exactly these keys, so they live in one place and everything else derives from them.
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

/** One of the twelve skill keys. */
export type SkillName = (typeof SKILLS)[number];

/** Validates a skill key inside a manifest. */
export const skillSchema = z.enum(SKILLS);

/** Skills whose training is gathering from world resources (each has a gathering/<skill>.json). */
export const GATHERING_SKILLS = ['woodcutting', 'fishing', 'mining'] as const satisfies readonly SkillName[];
export type GatheringSkill = (typeof GATHERING_SKILLS)[number];

/** Type guard for untrusted strings (e.g. protocol input) naming a skill. */
export function isSkillName(value: string): value is SkillName {
  return (SKILLS as readonly string[]).includes(value);
}
