import { z } from 'zod';
import { bool } from './config-values';

/** The WebSocket endpoint's options (transport/ws): compression of the frames it sends. */
export const websocketEnvSchema = z.object({
  WS_COMPRESSION: bool('WS_COMPRESSION').optional(),
});

/**
 * WS_COMPRESSION: accept permessage-deflate with small, bounded windows
 * (transport/ws/compression.ts); off by default (it costs CPU: docs/decisions/0024).
 */
export function resolveWebsocketConfig(e: z.infer<typeof websocketEnvSchema>): { wsCompression: boolean } {
  return { wsCompression: e.WS_COMPRESSION ?? false };
}
