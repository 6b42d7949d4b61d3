import { z } from 'zod';

const itemStack = z.object({ itemId: z.string(), quantity: z.number().int().positive() });

/** One of your gravestones: where, what it still holds, and the tick it collapses. */
export const gravestoneSnapshot = z.object({
  id: z.string(),
  x: z.number().int(),
  z: z.number().int(),
  items: z.array(itemStack),
  collapsesAtTick: z.number().int(),
});

export type GravestoneSnapshot = z.infer<typeof gravestoneSnapshot>;

/** Server events of combat and death (part of `serverEvents` in server-events.ts). */
export const combatEvents = {
  'combat:hit': {
    description:
      'A swing landed (or missed) on an entity in your view. Ranged swings show when the projectile arrives. Health is on the life-point scale; `hit: false` is a miss (a blue 0), a hit may still deal 0.',
    schema: z.object({
      tick: z.number().int(),
      attackerIdx: z.number().int().nonnegative().nullable(),
      attackerId: z.string().nullable(),
      targetIdx: z.number().int().nonnegative(),
      targetId: z.string(),
      hit: z.boolean(),
      damage: z.number().int().nonnegative(),
      damageType: z.enum(['stab', 'slash', 'crush', 'ranged', 'typeless']),
      targetHealth: z.number().int().nonnegative(),
      targetMaxHealth: z.number().int().positive(),
      maxHit: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe(
          'Only to the attacking player, on its own swings: the max hit (life points) the swing was rolled with, prayers included.',
        ),
      attackRoll: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe(
          'Only to the attacking player, on its own swings: the accuracy roll the swing was rolled with, prayers included.',
        ),
    }),
    example: {
      tick: 1402,
      attackerIdx: 3,
      attackerId: 'c3b1…',
      targetIdx: 41,
      targetId: 'goblin_field:0:goblin:2',
      hit: true,
      damage: 20,
      damageType: 'slash',
      targetHealth: 30,
      targetMaxHealth: 50,
    },
  },
  'combat:death': {
    description:
      'An entity in your view died. It plays its death animation for `ticks` ticks, then leaves your view (an NPC respawns later at its spawn; a player reappears at the starter town).',
    schema: z.object({
      tick: z.number().int(),
      idx: z.number().int().nonnegative(),
      id: z.string(),
      kind: z.enum(['player', 'npc']),
      ticks: z.number().int().nonnegative(),
      killerId: z.string().nullable(),
    }),
    example: { tick: 1410, idx: 41, id: 'goblin_field:0:goblin:2', kind: 'npc', ticks: 3, killerId: 'c3b1…' },
  },
  'player:died': {
    description:
      'You died and respawned at the starter town. `kept` are the items you kept (the 3 most valuable); the rest is in `gravestone` (safe areas, reclaim it with player:action reclaim) or on the ground for your killer (PvP). Your own coin pouch is never lost.',
    schema: z.object({
      tick: z.number().int(),
      killerId: z.string().nullable(),
      kept: z.array(itemStack),
      lost: z.array(itemStack),
      gravestone: gravestoneSnapshot.nullable(),
      droppedForKiller: z.boolean(),
      respawn: z.object({ x: z.number().int(), z: z.number().int() }),
    }),
    example: {
      tick: 1500,
      killerId: 'dungeon:0:skeleton:1',
      kept: [{ itemId: 'iron_sword', quantity: 1 }],
      lost: [{ itemId: 'bones', quantity: 2 }],
      gravestone: {
        id: 'c3b1…:1500',
        x: 40,
        z: -70,
        items: [{ itemId: 'bones', quantity: 2 }],
        collapsesAtTick: 3000,
      },
      droppedForKiller: false,
      respawn: { x: 0, z: 0 },
    },
  },
  'gravestone:update': {
    description:
      'Your gravestones, all of them (after a death, a reclaim, a collapse, and on joining). When one collapses its items fall to the ground on its tile, public.',
    schema: z.object({ tick: z.number().int(), gravestones: z.array(gravestoneSnapshot) }),
    example: {
      tick: 1500,
      gravestones: [
        { id: 'c3b1…:1500', x: 40, z: -70, items: [{ itemId: 'bones', quantity: 2 }], collapsesAtTick: 3000 },
      ],
    },
  },
} as const;
