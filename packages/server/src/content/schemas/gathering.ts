import { z } from 'zod';
import { GATHERING_SKILLS } from '../skills';
import { idSchema, positiveInt, probability } from './common';

/**
 * gathering/<skill>.json: the per-skill table. It indexes which tools and resources belong to the
 * skill (every tool/resource of that skill must be listed, no others) and holds skill-wide rules
 * such as bonus drops. Per-node data (level, xp, yields, chances) lives only in resources.json.
 */
export const gatheringSchema = z.strictObject({
  skill: z.enum(GATHERING_SKILLS),
  /** Tool item ids (tools.json) ordered worst to best; the best usable one is picked. */
  tools: z.array(idSchema).min(1),
  /** Resource ids (resources.json) trained by this skill. */
  resources: z.array(idSchema).min(1),
  /** Rolled independently on every successful gather. */
  bonusDrops: z.array(z.strictObject({ itemId: idSchema, quantity: positiveInt, chance: probability })),
});
export type GatheringTable = z.infer<typeof gatheringSchema>;
