import type { PerMessageDeflateOptions } from 'ws';

/**
 * WebSocket compression (permessage-deflate, RFC 7692), as the server accepts it with
 * WS_COMPRESSION=true (docs/decisions/0024-compressed-frames.md). Each connection keeps its own
 * compressor from frame to frame ("context takeover"), so a frame's keys and numbers that repeat the
 * previous frames' cost a few bits: one tick's `world:update` is mostly the same field names,
 * handles and steps as the last. On the tick benchmark's frames (`npm run bench -- tick` prints
 * them) this window sends about a third of the JSON bytes; a frame compressed on its own would
 * send about half.
 *
 * Off by default: through the `ws` library each frame's compression is a zlib stream operation
 * whose bookkeeping runs on the world's thread, and the load benchmark measured about three times
 * the server's CPU with it (ADR 0024).
 *
 * The compressor's memory is bounded per connection: a 2 KiB window (`serverMaxWindowBits` 11)
 * and a small hash table (`memLevel` 4), against about 256 KiB at zlib's defaults; the fastest
 * level (1), since a frame is sent once per tick to every player. A client offering a window
 * smaller than 11 bits for the server is refused at the handshake (400) by the WebSocket library:
 * it may connect without offering permessage-deflate. What a client sends is decompressed within
 * the frame limit (`WS_LIMITS.maxFrameBytes` applies to the decompressed size).
 */
export const PER_MESSAGE_DEFLATE = {
  serverMaxWindowBits: 11,
  zlibDeflateOptions: { level: 1, memLevel: 4 },
  /** Frames shorter than this go as they are (a lone ack): too short to gain. */
  threshold: 32,
} as const satisfies PerMessageDeflateOptions;

/** The `perMessageDeflate` option of the WebSocket server: the settings above, or off. */
export function perMessageDeflate(enabled: boolean): PerMessageDeflateOptions | false {
  return enabled
    ? { ...PER_MESSAGE_DEFLATE, zlibDeflateOptions: { ...PER_MESSAGE_DEFLATE.zlibDeflateOptions } }
    : false;
}
