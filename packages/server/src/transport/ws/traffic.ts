import type { RawData } from 'ws';

/**
 * The real-time transport's running totals: plain numbers the connections add to as frames come
 * and go (no lookup, no allocation), read by the metrics at scrape time. One per gateway, so
 * several servers in one process (tests) count apart.
 */
export class WireTraffic {
  /** Connections accepted since start, and those open now (logged in or still logging in). */
  connectionsOpened = 0;
  connectionsOpen = 0;
  /** Connections closed at once (4015) because their address held the most it may. */
  connectionsRefusedPerAddress = 0;
  /** WebSocket messages (frames) received, and their payload bytes; dropped and invalid ones count too. */
  messagesIn = 0;
  bytesIn = 0;
  /** WebSocket messages (frames) sent, their payload bytes, and the events they carried. */
  messagesOut = 0;
  bytesOut = 0;
  eventsOut = 0;
}

/** Payload bytes of a received message, whatever form `ws` hands it in. */
export function rawSize(raw: RawData): number {
  if (Array.isArray(raw)) {
    let n = 0;
    for (const part of raw) n += part.byteLength;
    return n;
  }
  return raw.byteLength;
}
