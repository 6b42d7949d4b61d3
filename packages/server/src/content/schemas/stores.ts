import { z } from 'zod';
import { idSchema, nonEmptyText, nonNegativeInt, positiveInt, probability } from './common';

/** stores.json entry: a shop opened through its owner's dialogue (effect open_shop). */
export const storeSchema = z.strictObject({
  id: idSchema,
  name: nonEmptyText,
  ownerNpcId: idSchema,
  /** Item id used as money; must be a stackable item ("coins"). */
  currency: idSchema,
  /** true: a general store that buys any tradeable item; false: buys only what it sells. */
  buysAnything: z.boolean(),
  /** Fraction of an item's value paid to a player who sells to the store. */
  buyRate: probability,
  /** Ticks between restock steps (stock moves one unit toward base stock per step). */
  restockTicks: positiveInt,
  /** Store only opens for players who completed this quest. */
  requiredQuestId: idSchema.optional(),
  items: z.array(z.strictObject({ itemId: idSchema, stock: nonNegativeInt, price: positiveInt })).min(1),
});
export type StoreDef = z.infer<typeof storeSchema>;
