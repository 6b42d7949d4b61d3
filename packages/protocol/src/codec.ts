import { Packr } from 'msgpackr';
import type { Envelope } from './envelope';

const packr = new Packr({ useRecords: false, moreTypes: false });

export type WireFormat = 'json' | 'msgpack';

/**
 * JSON of the values many frames carry (the entity snapshots, returns and moves of `world:update`,
 * built once per tick and shared by every view they are in): each is serialised once, for every
 * frame, and kept on the value under a symbol property that is not enumerable (JSON, msgpack,
 * spreads and comparisons leave it out). Such values are
 * never changed once built.
 */
const SHARED_JSON = Symbol('json');
type Shared = { [SHARED_JSON]?: string };
/** The `world:update` arrays whose elements are shared values. */
const SHARED_ARRAYS: ReadonlySet<string> = new Set(['entered', 'returned', 'moved']);

function jsonOfShared(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  const built = (value as Shared)[SHARED_JSON];
  if (built !== undefined) return built;
  const json = JSON.stringify(value);
  // Not enumerable: copies and deep comparisons of the value never see it.
  if (Object.isExtensible(value)) Object.defineProperty(value, SHARED_JSON, { value: json });
  return json;
}

/** JSON of an object (keys in order, undefined values left out, as JSON.stringify does). */
function jsonObject(value: Record<string, unknown>, field: (key: string, v: unknown) => string): string {
  let out = '{';
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v === undefined) continue;
    if (out.length > 1) out += ',';
    out += `${JSON.stringify(key)}:${field(key, v)}`;
  }
  return `${out}}`;
}

/** JSON of an envelope: exactly `JSON.stringify(envelope)`, with world:update's shared parts built once. */
function envelopeJson(envelope: Envelope): string {
  const data = envelope.data;
  if (envelope.event !== 'world:update' || typeof data !== 'object' || data === null || Array.isArray(data))
    return JSON.stringify(envelope);
  const dataJson = jsonObject(data as Record<string, unknown>, (key, v) =>
    SHARED_ARRAYS.has(key) && Array.isArray(v) ? `[${v.map(jsonOfShared).join(',')}]` : JSON.stringify(v),
  );
  return jsonObject(envelope as unknown as Record<string, unknown>, (key, v) =>
    key === 'data' ? dataJson : JSON.stringify(v),
  );
}

/** Encodes an envelope for the wire: a JSON string (text frame) or msgpack bytes (binary frame). */
export function encodeEnvelope(envelope: Envelope, format: WireFormat): string | Uint8Array {
  return format === 'json' ? envelopeJson(envelope) : packr.pack(envelope);
}

/**
 * Encodes a server frame: one envelope alone, or several (at least two) as an array of envelopes
 * in the order they happened. Clients decode both forms (see {@link envelopesOf}).
 */
export function encodeFrame(envelopes: readonly Envelope[], format: WireFormat): string | Uint8Array {
  const only = envelopes.length === 1 ? envelopes[0] : undefined;
  if (only) return encodeEnvelope(only, format);
  return format === 'json' ? `[${envelopes.map(envelopeJson).join(',')}]` : packr.pack(envelopes);
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
