import { z } from 'zod';

/**
 * Spectating (`/ws?spectate=<characterId>`): a read-only session that receives what one of the
 * account's characters sees, for its owner (the agent dashboard's watch view). It accepts no game
 * input (`error` code `spectator_read_only`); see docs/protocol.md "Spectating".
 */
export const spectateServerEvents = {
  'spectate:status': {
    description:
      "To a spectate session: the watched character and whether it is in this world now. Sent right after session:welcome and whenever the character enters or leaves this world (a logout, an agent stopped or restarted). While inWorld is true the session receives the character's own stream: a full player:sync, then the same world:update deltas and events its player gets (answers to its requests, ack, pong and error, are not mirrored). When it leaves, the session stays open and the character's next login starts again with a full player:sync.",
    schema: z.object({
      characterId: z.string(),
      name: z.string(),
      inWorld: z.boolean(),
      tick: z.number().int(),
    }),
    example: { characterId: 'c3b1…', name: 'Woody', inWorld: true, tick: 1200 },
  },
} as const;
