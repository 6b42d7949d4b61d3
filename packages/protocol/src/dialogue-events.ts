/**
 * Events and error codes of NPC dialogue and quests: the client events (part of clientEvents), the server events (part
 * of serverEvents) and the error codes (part of GAME_ERROR_CODES). Names the specification leaves
 * to us follow the `domain:verb` style of the other events; all are documented in docs/protocol.md.
 */
export const dialogueClientEvents = {} as const;

export const dialogueServerEvents = {} as const;

export const DIALOGUE_ERROR_CODES = {} as const;
