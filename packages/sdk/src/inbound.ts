import {
  decodeFrame,
  envelopeSchema,
  envelopesOf,
  serverEvents,
  type Rid,
  type ServerEventName,
  type ServerPayload,
  type WireFormat,
} from '@tilerealm/protocol';

/** A validated server message: the event name, its parsed payload and the envelope's rid. */
export type ServerMessage = {
  [E in ServerEventName]: { event: E; data: ServerPayload<E>; rid: Rid | undefined };
}[ServerEventName];

export type InboundResult =
  { ok: true; message: ServerMessage } | { ok: false; reason: string; event?: string };

export function isServerEventName(name: string): name is ServerEventName {
  return Object.hasOwn(serverEvents, name);
}

/**
 * Decodes and validates one frame from the server: one envelope, or an array of envelopes (what
 * one tick produced, in order). Each envelope is checked on its own, then its event's payload
 * schema from the protocol package. Never throws; an envelope that fails is reported, not
 * delivered, so handlers only ever see payloads that match their types.
 */
export function parseServerFrame(
  raw: string | Uint8Array,
  isBinary: boolean,
  format: WireFormat,
): InboundResult[] {
  const decoded = decodeFrame(raw, isBinary, format);
  if (!decoded.ok) return [{ ok: false, reason: decoded.message }];
  return envelopesOf(decoded.value).map(parseServerEnvelope);
}

/** Validates one decoded envelope and its payload. */
export function parseServerEnvelope(value: unknown): InboundResult {
  const env = envelopeSchema.safeParse(value);
  if (!env.success) return { ok: false, reason: 'not an envelope {event, data, rid?}' };
  const { event, data, rid } = env.data;
  if (!isServerEventName(event)) return { ok: false, reason: `unknown server event ${event}`, event };
  const parsed = serverEvents[event].schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (i) => `data${i.path.length > 0 ? `.${i.path.join('.')}` : ''}: ${i.message}`,
    );
    return { ok: false, reason: `${event}: ${issues.join('; ')}`, event };
  }
  // parsed.data was validated by serverEvents[event].schema: the pair is a ServerMessage.
  return { ok: true, message: { event, data: parsed.data, rid } as ServerMessage };
}

/** The rid a message answers: the envelope's, or for `error` and `tradeError` the one inside its payload. */
export function replyRidOf(message: ServerMessage): Rid | undefined {
  if (message.rid !== undefined) return message.rid;
  return message.event === 'error' || message.event === 'tradeError' ? message.data.rid : undefined;
}
