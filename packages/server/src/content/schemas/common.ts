import { z } from 'zod';
import { skillSchema } from '../skills';

/**
 * Shared building blocks of every manifest schema. Ids are snake_case so they are stable, readable
 * in logs and safe as database keys and file names.
 */
export const ID_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** A snake_case content id (`bronze_sword`, `oakhaven`). */
export const idSchema = z.string().regex(ID_PATTERN, 'must be a snake_case id');

/** A 3D model file name as served from the CDN's /models/ path. */
export const modelFileSchema = z.string().regex(/^[a-z0-9_\-/]+\.glb$/, 'must be a .glb model file name');

/** "#rrggbb" colour. */
export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

export const nonEmptyText = z.string().trim().min(1);
export const positiveInt = z.number().int().positive();
export const nonNegativeInt = z.number().int().nonnegative();
/** 0..1 inclusive. */
export const probability = z.number().min(0).max(1);
/** A skill level (1..99). */
export const levelSchema = z.number().int().min(1).max(99);
/** Experience granted by an action: non-negative, at most one decimal place (OSRS-style 17.5 xp). */
export const xpSchema = z
  .number()
  .nonnegative()
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, 'at most one decimal place');

/** An integer tile coordinate on the X/Z ground plane. */
export const tileSchema = z.strictObject({ x: z.number().int(), z: z.number().int() });
export type Tile = z.infer<typeof tileSchema>;

/** An axis-aligned tile rectangle, bounds inclusive. */
export const rectSchema = z
  .strictObject({
    minX: z.number().int(),
    minZ: z.number().int(),
    maxX: z.number().int(),
    maxZ: z.number().int(),
  })
  .refine((r) => r.minX <= r.maxX && r.minZ <= r.maxZ, 'min must not exceed max');
export type Rect = z.infer<typeof rectSchema>;

/** Quarter-turn rotation in degrees around the Y axis. */
export const rotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);

/** `{ itemId, quantity }` — an exact stack. */
export const itemStackSchema = z.strictObject({ itemId: idSchema, quantity: positiveInt });
export type ItemStack = z.infer<typeof itemStackSchema>;

/**
 * Per-skill level requirements. Keys are validated against the skill list, so a misspelled skill is
 * an error rather than a silently ignored requirement.
 */
export const skillLevelsSchema = z.partialRecord(skillSchema, levelSchema);
export type SkillLevels = z.infer<typeof skillLevelsSchema>;

/** Per-skill experience amounts (quest rewards). */
export const skillXpSchema = z.partialRecord(
  skillSchema,
  xpSchema.refine((n) => n > 0, 'must be positive'),
);

/** OSRS-style low/high success pair (out of 256, interpolated by level). */
export const lowHighSchema = {
  low: z.number().int().min(0).max(512),
  high: z.number().int().min(0).max(1024),
};

/** Minimum/maximum pair (inclusive, min <= max). */
export const minMaxInt = z
  .strictObject({ min: positiveInt, max: positiveInt })
  .refine((r) => r.min <= r.max, 'min must not exceed max');
