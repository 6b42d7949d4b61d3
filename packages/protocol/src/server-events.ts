import { z } from 'zod';
import { GAME_ERROR_CODES } from './errors';
import { combatEvents } from './combat-events';
import { economyEvents } from './economy-events';
import { agentServerEvents } from './agent-events';
import { spectateServerEvents } from './spectate-events';
import { dialogueServerEvents } from './dialogue-events';
import { prayerServerEvents } from './prayer-events';
import { socialServerEvents } from './social-events';
import { teleportServerEvents } from './teleport-events';
import { tradeServerEvents } from './trade-events';
import { ridSchema } from './envelope';
import { entityChange, entityLook } from './entity-look';
import { entityMove, entityReturn, RETURN_MEMORY } from './entity-move';

const skillEntry = z.object({ level: z.number().int(), xp: z.number().int() });

/** Another entity as seen by a client entering its view. */
export const entitySnapshot = z.object({
  /** Small per-world handle of the entity while it is in view; `moved` and `left` use it. */
  idx: z.number().int().nonnegative(),
  id: z.string(),
  kind: z.enum(['player', 'npc']),
  /** For NPCs: the npcs.json id (model, examine text, actions come from the manifest). */
  npcId: z.string().optional(),
  name: z.string(),
  x: z.number().int(),
  z: z.number().int(),
  y: z.number(),
  running: z.boolean(),
  combatLevel: z.number().int(),
  ...entityLook.shape,
});

/**
 * A pile of items on the ground entering your view (or changing quantity). `id` is stable for the
 * pile's life; `itemId` names the item manifest entry.
 */
export const groundItemSnapshot = z.object({
  id: z.string(),
  itemId: z.string(),
  quantity: z.number().int().positive(),
  x: z.number().int(),
  z: z.number().int(),
});

export const selfState = z.object({
  x: z.number().int(),
  z: z.number().int(),
  y: z.number(),
  running: z.boolean(),
  runEnergy: z.number().int().min(0).max(10_000),
  moving: z.boolean(),
});

export const inventorySlot = z.object({
  slot: z.number().int().min(0).max(27),
  itemId: z.string(),
  quantity: z.number().int().positive(),
});
export const equipmentSlot = z.object({
  slot: z.string(),
  itemId: z.string(),
  quantity: z.number().int().positive(),
});

export const playerState = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  combatLevel: z.number().int(),
  health: z.number().int(),
  maxHealth: z.number().int(),
  coins: z.number().int(),
  position: selfState,
  skills: z.record(z.string(), skillEntry),
  isAdmin: z.boolean(),
  areaId: z.string().nullable(),
  /** Occupied inventory slots (28 slots). */
  inventory: z.array(inventorySlot),
  /** Worn items by slot (weapon, shield, head, body, legs, hands, feet, cape, neck, ring, ammo). */
  equipment: z.array(equipmentSlot),
  /** The selected attack style (an id of the wielded weapon's style set) and auto-retaliate. */
  combat: z.object({ styleId: z.string(), autoRetaliate: z.boolean() }),
  /** Prayer points (0 to the prayer level) and the prayers switched on (prayers.json ids). */
  prayer: z.object({ points: z.number().int(), active: z.array(z.string()) }),
  /** Quest points earned. */
  questPoints: z.number().int(),
  /** Ticks until home teleport may be cast again (0: ready). */
  homeTeleportCooldownTicks: z.number().int(),
});

/**
 * Every server-to-client event with its payload schema, description and example. The server
 * validates nothing it sends at run time (it builds these itself); tests check payloads against them.
 */
export const serverEvents = {
  'session:welcome': {
    description:
      "First message after the connection is accepted. Carries the session token in anonymous mode. On a spectate session (`?spectate=<characterId>`) playerId and name are the watched character's and spectating is true.",
    schema: z.object({
      protocolVersion: z.number().int(),
      playerId: z.string(),
      accountId: z.string(),
      name: z.string(),
      tick: z.number().int(),
      tickMs: z.number().int(),
      resumed: z.boolean(),
      token: z.string().optional(),
      /** True on a read-only spectate session: the player is the watched character, input is refused. */
      spectating: z.boolean().optional(),
    }),
    example: {
      protocolVersion: 1,
      playerId: 'c3b1…',
      accountId: 'a9f…',
      name: 'Newbie',
      tick: 1200,
      tickMs: 600,
      resumed: false,
    },
  },
  'player:sync': {
    description:
      'Full state of your own player: on join, on reconnect and when asked with player:requestSync.',
    schema: z.object({ tick: z.number().int(), player: playerState }),
    example: { tick: 1200, player: { id: 'c3b1…', name: 'Newbie', position: { x: 0, z: 0, y: 10 } } },
  },
  'world:update': {
    description:
      'Per-tick delta of what you can see: your own movement, entities entering view (full snapshot), moving and leaving, and ground items added and removed. At most one per tick, only when something changed.',
    schema: z.object({
      tick: z.number().int(),
      self: selfState.optional(),
      entered: z.array(entitySnapshot).optional(),
      moved: z
        .array(entityMove)
        .optional()
        .describe(
          'Entities in view that moved: `[idx, step]` (a step or two from where the last update put them; step = ((dx + 2) * 5 + (dz + 2)) * 2 + running), `[idx, step, dy]` when the ground height changed (dy in hundredths), or `[idx, x, z, y, running]` for a jump (a teleport). The protocol package exports applyMove to decode them.',
        ),
      returned: z
        .array(entityReturn)
        .optional()
        .describe(
          `Entities back in view that the client keeps from its last ${RETURN_MEMORY} \`left\` (RETURN_MEMORY), the same entity with the same name and level: \`[idx, x, z, y, running]\`, their place now (a look that changed while away comes as a \`changed\` entry of the same update). Apply \`entered\` and \`returned\` before \`left\` (each takes its handle out of the kept ones; \`left\` then puts handles in, oldest out beyond ${RETURN_MEMORY}).`,
        ),
      left: z.array(z.number().int().nonnegative()).optional(),
      changed: z
        .array(entityChange)
        .optional()
        .describe(
          'Entities in view whose look changed this tick (worn items, activity, overhead prayer), and entities in `returned` whose look changed while away (from the look the client kept): only the parts that changed, each in full. Apply after `returned`. Entities entering view come in `entered` instead.',
        ),
      itemsAdded: z
        .array(groundItemSnapshot)
        .optional()
        .describe(
          'Ground items entering your view or becoming visible to you (your own drops at once, others when public). A pile whose quantity changed comes in itemsRemoved and again here. After a player:sync, forget every ground item: those in view come again here.',
        ),
      itemsRemoved: z
        .array(z.string())
        .optional()
        .describe(
          'Ids of ground items that left your view, were picked up or despawned. Apply before itemsAdded.',
        ),
    }),
    example: {
      tick: 1201,
      self: { x: 1, z: 0, y: 10, running: false, runEnergy: 10000, moving: true },
      moved: [
        [4, 37],
        [7, 24, -3],
        [12, 40, -12, 10, 0],
      ],
      left: [9],
      changed: [{ idx: 4, activity: 'woodcutting' }],
      itemsAdded: [{ id: 'g42', itemId: 'bones', quantity: 1, x: 2, z: 1 }],
      itemsRemoved: ['g17'],
    },
  },
  'skill:xp': {
    description: 'Experience gained in a skill: the amount (one decimal), the new total and level.',
    schema: z.object({
      tick: z.number().int(),
      skill: z.string(),
      amount: z.number(),
      xp: z.number().int(),
      level: z.number().int(),
    }),
    example: { tick: 1300, skill: 'attack', amount: 16, xp: 99, level: 2 },
  },
  'skill:levelUp': {
    description: 'A skill reached a new level (also carries the possibly changed combat level).',
    schema: z.object({
      tick: z.number().int(),
      skill: z.string(),
      level: z.number().int(),
      combatLevel: z.number().int(),
    }),
    example: { tick: 1300, skill: 'attack', level: 2, combatLevel: 3 },
  },
  'inventory:update': {
    description: 'Your inventory changed: every occupied slot (sent at most once per tick).',
    schema: z.object({ tick: z.number().int(), slots: z.array(inventorySlot) }),
    example: {
      tick: 1210,
      slots: [
        { slot: 0, itemId: 'bronze_axe', quantity: 1 },
        { slot: 1, itemId: 'coins', quantity: 25 },
      ],
    },
  },
  'equipment:update': {
    description: 'Your worn items changed: every occupied slot and the summed equipment bonuses.',
    schema: z.object({
      tick: z.number().int(),
      slots: z.array(equipmentSlot),
      bonuses: z.record(z.string(), z.number()),
    }),
    example: {
      tick: 1210,
      slots: [{ slot: 'weapon', itemId: 'bronze_sword', quantity: 1 }],
      bonuses: { attackSlash: 5, meleeStrength: 5 },
    },
  },
  'player:stats': {
    description:
      'Your health changed (eating, regeneration, damage, a constitution level-up): current and maximum health in life points (10 per OSRS hitpoint). At most one per tick, only when a value changed since the last player:sync or player:stats.',
    schema: z.object({ tick: z.number().int(), health: z.number().int(), maxHealth: z.number().int() }),
    example: { tick: 1215, health: 73, maxHealth: 100 },
  },
  ...combatEvents,
  ...economyEvents,
  ...tradeServerEvents,
  ...socialServerEvents,
  ...dialogueServerEvents,
  ...prayerServerEvents,
  ...teleportServerEvents,
  ...agentServerEvents,
  ...spectateServerEvents,
  'chat:message': {
    description:
      'A chat line: public speech within hearing range and the view (which a crowd shrinks), a server notice, or an admin broadcast.',
    schema: z.object({
      tick: z.number().int(),
      channel: z.enum(['public', 'system', 'broadcast']),
      from: z.object({ id: z.string(), name: z.string() }).nullable(),
      message: z.string(),
    }),
    example: { tick: 1202, channel: 'public', from: { id: 'c7…', name: 'Friend' }, message: 'hello' },
  },
  ack: {
    description:
      'Acknowledges a request that carried a rid once the world has applied it (in the next tick). `result` carries event-specific details, e.g. the path length for player:move.',
    schema: z.object({ event: z.string(), result: z.record(z.string(), z.unknown()).optional() }),
    example: { event: 'player:move', result: { steps: 7, reachedTarget: true } },
  },
  pong: {
    description: 'Answer to ping: echoes t and gives the current tick.',
    schema: z.object({ t: z.number().optional(), tick: z.number().int() }),
    example: { t: 1732575600000, tick: 1203 },
  },
  'world:systemUpdate': {
    description:
      'A system update is counting down: when it reaches zero the server stops taking logins, closes every session (session:closing, close 1001) and restarts with the new version; log in again a moment later. Sent to everyone when an administrator starts it, again at each announced mark, and to every player who logs in meanwhile; ticksLeft and secondsLeft null: the update was cancelled.',
    schema: z.object({
      tick: z.number().int(),
      ticksLeft: z.number().int().nonnegative().nullable(),
      secondsLeft: z.number().int().nonnegative().nullable(),
    }),
    example: { tick: 1300, ticksLeft: 100, secondsLeft: 60 },
  },
  'session:closing': {
    description: 'Sent just before the server closes the connection, with the close code and reason.',
    schema: z.object({ code: z.number().int(), reason: z.string() }),
    example: { code: 4000, reason: 'logged in from another connection' },
  },
  error: {
    description: 'A request failed and changed nothing. rid echoes the request id when the request had one.',
    schema: z.object({
      code: z.enum(
        Object.keys(GAME_ERROR_CODES) as [
          keyof typeof GAME_ERROR_CODES,
          ...Array<keyof typeof GAME_ERROR_CODES>,
        ],
      ),
      message: z.string(),
      rid: ridSchema.optional(),
    }),
    example: { code: 'path_too_far', message: 'the target is 240 tiles away; the limit is 200', rid: 7 },
  },
} as const;

export type ServerEventName = keyof typeof serverEvents;
export type ServerPayload<E extends ServerEventName> = z.infer<(typeof serverEvents)[E]['schema']>;
export type PlayerStatePayload = z.infer<typeof playerState>;
export type EntitySnapshot = z.infer<typeof entitySnapshot>;
export type SelfState = z.infer<typeof selfState>;
export type GroundItemSnapshot = z.infer<typeof groundItemSnapshot>;
export { gravestoneSnapshot, type GravestoneSnapshot } from './combat-events';
