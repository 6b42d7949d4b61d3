import { z } from 'zod';

/** A client request id: echoed on every reply and error the request causes. */
export const ridSchema = z.union([
  z.string().min(1).max(64),
  z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
]);
export type Rid = z.infer<typeof ridSchema>;

/**
 * The wire envelope, identical in JSON text frames and msgpack binary frames:
 * `{ "event": "<name>", "data": <payload>, "rid"?: <request id> }`.
 */
export const envelopeSchema = z.strictObject({
  event: z.string().min(1).max(64),
  data: z.unknown(),
  rid: ridSchema.optional(),
});
export type Envelope = z.infer<typeof envelopeSchema>;

/** Subprotocol a client names to receive and send msgpack binary frames instead of JSON text. */
export const MSGPACK_SUBPROTOCOL = 'msgpack';

/** Protocol version, announced in `session:welcome`. Incremented on incompatible changes. */
export const PROTOCOL_VERSION = 1;
