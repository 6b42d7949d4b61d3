import { z } from 'zod';
import type { SkillName } from '../skills';
import { idSchema, levelSchema, positiveInt } from './common';

/** Tool kinds; each belongs to exactly one skill (TOOL_KIND_SKILL), so the skill is never restated. */
export const TOOL_KINDS = [
  'axe',
  'pickaxe',
  'small_net',
  'big_net',
  'fishing_rod',
  'fly_fishing_rod',
  'harpoon',
  'lobster_pot',
  'hammer',
  'tinderbox',
] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

export const TOOL_KIND_SKILL: Readonly<Record<ToolKind, SkillName>> = {
  axe: 'woodcutting',
  pickaxe: 'mining',
  small_net: 'fishing',
  big_net: 'fishing',
  fishing_rod: 'fishing',
  fly_fishing_rod: 'fishing',
  harpoon: 'fishing',
  lobster_pot: 'fishing',
  hammer: 'smithing',
  tinderbox: 'firemaking',
};

/** tools.json entry: gameplay data of a tool item (the item itself lives in the item files). */
export const toolSchema = z.strictObject({
  itemId: idSchema,
  kind: z.enum(TOOL_KINDS),
  /** 1 = bronze … 6 = rune; selects the success chances of trees (resources.json chances). */
  tier: z.number().int().min(1).max(6),
  /** Skill level needed to use it (the skill is the kind's skill). */
  levelRequired: levelSchema,
  /** Ticks between gathering attempts while using this tool (gathering tools only). */
  attemptTicks: positiveInt.optional(),
});
export type ToolDef = z.infer<typeof toolSchema>;
