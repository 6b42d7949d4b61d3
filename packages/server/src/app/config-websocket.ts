import { z } from 'zod';
import { bool } from './config-values';

/** WebSocket connections one address may hold at once when WS_CONNECTIONS_PER_ADDRESS is not set. */
export const DEFAULT_WS_CONNECTIONS_PER_ADDRESS = 64;

/** The largest WS_CONNECTIONS_PER_ADDRESS accepted. */
const MAX_WS_CONNECTIONS_PER_ADDRESS = 1_000_000;

/** The WebSocket endpoint's options (transport/ws): compression, the per-address connection cap. */
export const websocketEnvSchema = z.object({
  WS_COMPRESSION: bool('WS_COMPRESSION').optional(),
  WS_CONNECTIONS_PER_ADDRESS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'WS_CONNECTIONS_PER_ADDRESS must be a whole number')
    .transform(Number)
    .refine(
      (n) => n <= MAX_WS_CONNECTIONS_PER_ADDRESS,
      `WS_CONNECTIONS_PER_ADDRESS must be between 0 (no cap) and ${MAX_WS_CONNECTIONS_PER_ADDRESS}`,
    )
    .optional(),
});

/** The WebSocket endpoint's part of the configuration. */
export interface WebsocketConfig {
  /** WS_COMPRESSION: accept WebSocket permessage-deflate (transport/ws/compression.ts). */
  wsCompression: boolean;
  /**
   * WS_CONNECTIONS_PER_ADDRESS: the WebSocket connections one client address may hold at once
   * while rate limits are on (more are closed with 4015 before any login work); 0: no cap.
   */
  wsConnectionsPerAddress: number;
}

/**
 * WS_COMPRESSION: accept permessage-deflate with small, bounded windows
 * (transport/ws/compression.ts); off by default (it costs CPU: docs/decisions/0024).
 * WS_CONNECTIONS_PER_ADDRESS: 64 by default.
 */
export function resolveWebsocketConfig(e: z.infer<typeof websocketEnvSchema>): WebsocketConfig {
  return {
    wsCompression: e.WS_COMPRESSION ?? false,
    wsConnectionsPerAddress: e.WS_CONNECTIONS_PER_ADDRESS ?? DEFAULT_WS_CONNECTIONS_PER_ADDRESS,
  };
}
