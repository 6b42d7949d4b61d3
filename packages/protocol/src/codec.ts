import { Packr } from 'msgpackr';
import type { Envelope } from './envelope';

const packr = new Packr({ useRecords: false, moreTypes: false });

export type WireFormat = 'json' | 'msgpack';

/** Encodes an envelope for the wire: a JSON string (text frame) or msgpack bytes (binary frame). */
export function encodeEnvelope(envelope: Envelope, format: WireFormat): string | Uint8Array {
  return format === 'json' ? JSON.stringify(envelope) : packr.pack(envelope);
}

/**
 * Encodes a server frame: one envelope alone, or several (at least two) as an array of envelopes
 * in the order they happened. Clients decode both forms (see {@link envelopesOf}).
 */
export function encodeFrame(envelopes: readonly Envelope[], format: WireFormat): string | Uint8Array {
  const only = envelopes.length === 1 ? envelopes[0] : undefined;
  if (only) return encodeEnvelope(only, format);
  return format === 'json' ? JSON.stringify(envelopes) : packr.pack(envelopes);
}

/**
 * The envelopes (still unvalidated) a decoded server frame carries: the value itself, or each
 * element of an array frame. An empty array carries none.
 */
export function envelopesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

export type DecodeResult = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Decodes one frame into an unvalidated value. A text frame must be JSON; a binary frame must be
 * msgpack and is accepted only on msgpack connections. Never throws.
 */
export function decodeFrame(raw: string | Uint8Array, isBinary: boolean, format: WireFormat): DecodeResult {
  if (isBinary !== (format === 'msgpack')) {
    return {
      ok: false,
      message:
        format === 'json' ? 'binary frames need the msgpack subprotocol' : 'expected a binary msgpack frame',
    };
  }
  try {
    if (!isBinary)
      return { ok: true, value: JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw)) };
    const bytes = typeof raw === 'string' ? new TextEncoder().encode(raw) : raw;
    return { ok: true, value: packr.unpack(bytes) };
  } catch {
    return { ok: false, message: isBinary ? 'frame is not valid msgpack' : 'frame is not valid JSON' };
  }
}
