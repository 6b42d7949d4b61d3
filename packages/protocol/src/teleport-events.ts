import { z } from 'zod';

/**
 * Events and error codes of home teleport: the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md
 * and docs/teleport.md. The cast itself is `player:action` `homeTeleport`.
 */

/**
 * Ticks a home teleport takes from the request to the landing (9.6 s): about as long as Old School
 * RuneScape's home teleport animation. Exported so clients can draw the cast bar.
 */
export const HOME_TELEPORT_CAST_TICKS = 16;

/** Ticks after a landing before the next home teleport (3,000 ticks = 30 minutes, as in OSRS). */
export const HOME_TELEPORT_COOLDOWN_TICKS = 3_000;

/**
 * Deepest PvP level (world-areas.json `pvpDepth`) a home teleport may be cast from: 20, the OSRS
 * rule for standard teleports in the Wilderness. In The Wilds that is down to z = -144.
 */
export const HOME_TELEPORT_MAX_PVP_LEVEL = 20;

/** Why a cast ended without a landing (`teleport:cancelled` `reason`). */
export const TELEPORT_CANCEL_REASONS = [
  'cancelled',
  'moved',
  'damage',
  'combat',
  'interface',
  'activity',
  'died',
  'blocked',
] as const;

const castCommon = {
  tick: z.number().int(),
  playerId: z.string().describe('The caster (you, or a player in view).'),
  playerIdx: z.number().int().nonnegative().describe("The caster's entity handle (world:update)."),
};

export const teleportClientEvents = {
  'teleport:cancel': {
    description:
      'Stop your home teleport cast (nothing else changes; the cooldown does not start). Ack `{ cancelled: true }`; `teleport_not_casting` when no cast is under way.',
    schema: z.strictObject({}),
    example: {},
  },
} as const satisfies Record<string, { description: string; schema: z.ZodType; example: unknown }>;

export const teleportServerEvents = {
  'teleport:started': {
    description: `A home teleport cast began (to the caster and every player in view, for the animation). The caster stands still; it lands at \`landsAtTick\` (${HOME_TELEPORT_CAST_TICKS} ticks later) unless it moves, is hit, fights, opens an interface, starts an activity or dies first.`,
    schema: z.object({
      ...castCommon,
      landsAtTick: z.number().int().describe('The tick the caster arrives at the starter town.'),
    }),
    example: { tick: 2000, playerId: 'c7…', playerIdx: 3, landsAtTick: 2016 },
  },
  'teleport:cancelled': {
    description:
      'A home teleport cast ended without a landing (to the caster and every player in view). `reason`: `cancelled` (teleport:cancel), `moved` (a walk or any step), `damage` (a hit that did damage), `combat` (attacking, or a hit of 0), `interface` (a bank, shop, dialogue or trade opened), `activity` (gathering, making, lighting a fire), `died`, `blocked` (no free tile at the destination). The cooldown does not start.',
    schema: z.object({ ...castCommon, reason: z.enum(TELEPORT_CANCEL_REASONS) }),
    example: { tick: 2005, playerId: 'c7…', playerIdx: 3, reason: 'moved' },
  },
  'teleport:completed': {
    description: `Your home teleport landed at the starter town (the move itself shows in world:update). The cooldown of ${HOME_TELEPORT_COOLDOWN_TICKS} ticks (30 minutes) starts now and is saved with the character at once (player:sync \`homeTeleportCooldownTicks\`).`,
    schema: z.object({
      tick: z.number().int(),
      x: z.number().int(),
      z: z.number().int(),
      cooldownTicks: z.number().int().describe('Ticks until the next home teleport may be cast.'),
    }),
    example: { tick: 2016, x: 0, z: 0, cooldownTicks: HOME_TELEPORT_COOLDOWN_TICKS },
  },
} as const satisfies Record<string, { description: string; schema: z.ZodType; example: unknown }>;

export const TELEPORT_ERROR_CODES = {
  teleport_cooldown:
    'home teleport was used less than 30 minutes ago: the message gives the time left (player:sync homeTeleportCooldownTicks too)',
  teleport_in_combat:
    'no home teleport while in combat: wait until 16 ticks (about 10 s) have passed since the last hit given or taken',
  teleport_too_deep: 'no home teleport from deeper than PvP level 20: walk back towards the border first',
  teleport_casting: 'a home teleport is already being cast',
  teleport_not_casting: 'no home teleport is being cast',
  teleport_busy: 'no home teleport while trading: finish or decline the trade first',
} as const;
