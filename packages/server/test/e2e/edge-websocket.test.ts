import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from './realtime-harness';

/**
 * The WebSocket upgrade goes through the same server as the compressed HTTP responses: a browser
 * sends `Accept-Encoding: gzip, deflate, br` with it, and the upgrade must stay a plain 101 with
 * plain frames after it.
 */
describe('a WebSocket upgrade with Accept-Encoding', () => {
  const live = useRealtimeServer();

  it('is answered 101 without Content-Encoding, and its frames are plain JSON', async () => {
    const ws = new WebSocket(wsUrl(live.server), {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    const upgrade = new Promise<IncomingMessage>((resolve) => ws.once('upgrade', resolve));
    const first = new Promise<string>((resolve, reject) => {
      ws.once('message', (data: Buffer) => resolve(data.toString('utf8')));
      ws.once('error', reject);
    });
    try {
      const res = await upgrade;
      expect(res.statusCode).toBe(101);
      expect(res.headers['content-encoding']).toBeUndefined();
      const message: unknown = JSON.parse(await first);
      expect(message).toBeTypeOf('object');
    } finally {
      ws.close();
    }
  });
});
