import { z } from 'zod';

/** A client request id: echoed on every reply and error the request causes. */
export const ridSchema = z.union([
  z.string().min(1).max(64),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);
export type Rid = z.infer<typeof ridSchema>;

/**
 * The wire envelope, identical in JSON text frames and msgpack binary frames:
 * `{ "event": "<name>", "data": <payload>, "rid"?: <request id> }`. A client frame is one envelope;
 * a server frame is one envelope or an array of envelopes (everything one tick produced for the
 * player, in order).
 */
export const envelopeSchema = z.strictObject({
  event: z.string().min(1).max(64),
  data: z.unknown(),
  rid: ridSchema.optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Subprotocol a client names to receive and send msgpack binary frames instead of JSON text. */
export const MSGPACK_SUBPROTOCOL = 'msgpack';

/**
 * Protocol version, announced in `session:welcome`. Incremented on incompatible changes.
 * 2: a server frame may carry an array of envelopes (at most one frame per player per tick).
 * 3: `world:update.moved` entries are short steps from the previous position (entity-move.ts).
 * 4: `world:update.returned`: entities back in view that the client keeps from its departed ones.
 * 5: the client keeps its last 128 departed entities (RETURN_MEMORY), not 32; a kept entity whose look
 *    changed while away returns with a `changed` entry instead of a snapshot.
 */
export const PROTOCOL_VERSION = 5;
