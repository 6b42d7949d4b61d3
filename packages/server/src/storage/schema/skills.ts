import { SKILLS, type SkillName } from '../../content/skills';

/** The twelve skills (one list for the whole server: content/skills.ts). */
export { SKILLS };

/** One of the twelve skill names. */
export type Skill = SkillName;

/** Experience at level 10, the starting constitution level. */
export const CONSTITUTION_START_XP = 1154;
