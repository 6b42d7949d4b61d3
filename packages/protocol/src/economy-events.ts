import { z } from 'zod';

/** Server events of the economy: world objects, activities, bank, shops, coins (part of serverEvents). */
export const economyEvents = {
  'object:update': {
    description:
      'World objects in your view whose state differs from the area placements of world-areas.json: depleted trees and rocks, moved fishing spots, lit fires. Sent when they change and when they come into view; `removed` lists objects back to their placed state or gone (a fire that burnt out). After a player:sync, everything in view comes again.',
    schema: z.object({
      tick: z.number().int(),
      objects: z.array(
        z.object({
          id: z.string(),
          /** resources.json or stations.json id. */
          defId: z.string(),
          kind: z.enum(['resource', 'station']),
          x: z.number().int(),
          z: z.number().int(),
          depleted: z.boolean(),
        }),
      ),
      removed: z.array(z.string()),
    }),
    example: {
      tick: 1500,
      objects: [{ id: 'whisperwood:r3', defId: 'oak_tree', kind: 'resource', x: 40, z: 6, depleted: true }],
      removed: ['fire:12'],
    },
  },
  'activity:stopped': {
    description:
      'A gathering, making or fire-lighting activity ended: `reason` is done, inventory_full, depleted, moved, replaced, dead, no_tool, no_bait, missing_materials, level_too_low, not_near (the walk there ended short) object_gone, or stopped (player:action stop).',
    schema: z.object({
      tick: z.number().int(),
      activity: z.enum(['gather', 'make', 'firemaking']),
      reason: z.string(),
    }),
    example: { tick: 1520, activity: 'gather', reason: 'inventory_full' },
  },
  'bank:update': {
    description:
      'The open bank: every occupied slot and the capacity (sent on opening and after every change).',
    schema: z.object({
      tick: z.number().int(),
      capacity: z.number().int().positive(),
      slots: z.array(
        z.object({
          slot: z.number().int().nonnegative(),
          itemId: z.string(),
          quantity: z.number().int().positive(),
        }),
      ),
    }),
    example: { tick: 1600, capacity: 400, slots: [{ slot: 0, itemId: 'logs', quantity: 27 }] },
  },
  'shop:update': {
    description:
      'The open shop: its stock with the price to buy one now and what one sells for now (sent on opening and after every change in stock).',
    schema: z.object({
      tick: z.number().int(),
      storeId: z.string(),
      name: z.string(),
      items: z.array(
        z.object({
          itemId: z.string(),
          stock: z.number().int().nonnegative(),
          buyPrice: z.number().int().nonnegative(),
          sellPrice: z.number().int().nonnegative(),
        }),
      ),
    }),
    example: {
      tick: 1700,
      storeId: 'general_store',
      name: 'Oakhaven General Store',
      items: [{ itemId: 'bronze_axe', stock: 5, buyPrice: 16, sellPrice: 6 }],
    },
  },
  'interface:closed': {
    description: 'The bank or shop closed: you walked away, opened something else, or asked (`reason`).',
    schema: z.object({ tick: z.number().int(), interface: z.enum(['bank', 'shop']), reason: z.string() }),
    example: { tick: 1710, interface: 'bank', reason: 'moved' },
  },
  'player:coins': {
    description: 'Your coin pouch changed (shops, picking up coins).',
    schema: z.object({ tick: z.number().int(), coins: z.number().int().nonnegative() }),
    example: { tick: 1700, coins: 134 },
  },
} as const;
