import { z } from 'zod';

/**
 * Events and error codes of prayer (points, prayers switched on, burying bones, altars): the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md.
 * Burying uses `inventory:use` (the bones alone) and altars `player:action` `pray`; the rules are
 * in docs/prayer.md.
 */

const prayerId = z.string().min(1).max(64);

export const prayerClientEvents = {
  'prayer:toggle': {
    description:
      'Switch a prayer (prayers.json id) on or off. On needs the prayer level (and any other level or quest the prayer asks for) and at least one prayer point; prayers sharing a conflict group with it switch off. Switching on an active prayer, or off an inactive one, changes nothing. Ack `{ prayerId, active, points, activePrayers, switchedOff }`.',
    schema: z.strictObject({ prayerId, active: z.boolean() }),
    example: { prayerId: 'surge_of_might', active: true },
  },
} as const;

export const prayerServerEvents = {
  'prayer:update': {
    description:
      'Your prayer points or active prayers changed (a prayer switched on or off, drain, burying to a new level, an altar, a death). `maxPoints` is your prayer level. Points reaching 0 switch every prayer off. Sent once per tick at most, with the state at the end of the tick.',
    schema: z.object({
      tick: z.number().int(),
      points: z.number().int().nonnegative(),
      maxPoints: z.number().int().positive(),
      active: z.array(z.string()),
    }),
    example: { tick: 2200, points: 12, maxPoints: 14, active: ['surge_of_might'] },
  },
} as const;

export const PRAYER_ERROR_CODES = {
  unknown_prayer: 'no prayer with that id (see prayers.json)',
  prayer_locked: 'the prayer needs a quest you have not completed (the message names it)',
  no_prayer_points: 'you have no prayer points left: recharge them at an altar',
  not_an_altar: 'that object is not an altar',
  bury_delay: 'you are still burying the last bones: one burial every 2 ticks',
} as const;
