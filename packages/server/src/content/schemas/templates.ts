import { z } from 'zod';
import { equipSlotSchema } from './items';
import { idSchema, itemStackSchema, nonEmptyText, nonNegativeInt } from './common';

/**
 * templates.json: starter kits a new character may pick (served under /api/template/*). A template
 * sets starting items, worn equipment and coins; every character starts at the same skill levels,
 * so a template is a choice of play style, never an advantage in experience.
 */
export const templateSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  description: nonEmptyText,
  coins: nonNegativeInt.max(10_000),
  /** Inventory contents, in slot order (at most 28 stacks). */
  inventory: z.array(itemStackSchema).max(28),
  equipment: z.array(
    z.strictObject({ slot: equipSlotSchema, itemId: idSchema, quantity: z.number().int().positive() }),
  ),
});
export type TemplateDef = z.infer<typeof templateSchema>;

export const templatesFileSchema = z
  .strictObject({ default: idSchema, templates: z.array(templateSchema).min(1) })
  .refine((f) => f.templates.some((t) => t.id === f.default), 'default must name one of the templates');
