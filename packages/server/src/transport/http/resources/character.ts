import { z } from 'zod';
import { SKILLS, type SkillName } from '../../../content/skills';
import type { CharacterRow } from '../../../storage';

export const skillEntry = z.object({ level: z.number().int(), xp: z.number().int() });
export const skillsSchema = z.record(z.string(), skillEntry);
export const positionSchema = z.object({ x: z.number(), y: z.number(), z: z.number() });

/** The player resource: a character as the API shows it to its owner. */
export const playerResource = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  combatLevel: z.number().int(),
  health: z.number().int(),
  maxHealth: z.number().int(),
  coins: z.number().int(),
  questPoints: z.number().int(),
  position: positionSchema,
  skills: skillsSchema,
  totalLevel: z.number().int(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
});
export type PlayerResource = z.infer<typeof playerResource>;

/** Public profile: what any signed-in player may see of another. */
export const publicProfile = z.object({
  id: z.string(),
  name: z.string(),
  combatLevel: z.number().int(),
  totalLevel: z.number().int(),
  skills: z.record(z.string(), z.object({ level: z.number().int() })),
  online: z.boolean(),
});

export function skillsOf(row: CharacterRow): Record<SkillName, { level: number; xp: number }> {
  const out = {} as Record<SkillName, { level: number; xp: number }>;
  for (const skill of SKILLS) {
    out[skill] = { level: row[`${skill}Level`], xp: row[`${skill}Xp`] };
  }
  return out;
}

export function totalLevelOf(row: CharacterRow): number {
  return SKILLS.reduce((sum, s) => sum + row[`${s}Level`], 0);
}

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

export function toPlayerResource(row: CharacterRow): PlayerResource {
  return {
    id: row.id,
    accountId: row.accountId,
    name: row.name,
    combatLevel: row.combatLevel,
    health: row.health,
    maxHealth: row.constitutionLevel * 10,
    coins: row.coins,
    questPoints: row.questPoints,
    position: { x: row.positionX, y: row.positionY, z: row.positionZ },
    skills: skillsOf(row),
    totalLevel: totalLevelOf(row),
    createdAt: iso(row.createdAt) ?? new Date(0).toISOString(),
    lastLoginAt: iso(row.lastLoginAt),
  };
}

export function toPublicProfile(row: CharacterRow, online: boolean): z.infer<typeof publicProfile> {
  const skills: Record<string, { level: number }> = {};
  for (const s of SKILLS) skills[s] = { level: row[`${s}Level`] };
  return {
    id: row.id,
    name: row.name,
    combatLevel: row.combatLevel,
    totalLevel: totalLevelOf(row),
    skills,
    online,
  };
}
