import { z } from 'zod';
import { SKILLS, type SkillName } from '../skills';
import { levelSchema, nonEmptyText } from './common';

/** One entry of the skill-unlock map served at GET /api/data/skill-unlocks. */
export const skillUnlockSchema = z.strictObject({
  level: levelSchema,
  description: nonEmptyText,
  type: z.enum(['item', 'ability', 'area', 'quest', 'activity']),
});
export type SkillUnlock = z.infer<typeof skillUnlockSchema>;

const unlockList = z
  .array(skillUnlockSchema)
  .min(1)
  .refine(
    (l) => l.every((e, i) => i === 0 || e.level >= (l[i - 1]?.level ?? 0)),
    'entries must be sorted by level',
  );

/** skill-unlocks.json: every skill key is required and no other key is allowed. */
export const skillUnlocksSchema = z.record(z.enum(SKILLS), unlockList);
export type SkillUnlockMap = Record<SkillName, SkillUnlock[]>;
