import type { IncomingMessage } from 'node:http';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { HTTP_ERRORS } from '../../src/transport/http/errors';
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

/** `/ws` asked without an upgrade gets an error body of docs/errors.md like any other route. */
describe('GET /ws without a WebSocket upgrade', () => {
  const live = useRealtimeServer();

  it('is answered 426 upgrade_required with the JSON error body and Upgrade: websocket', async () => {
    const res = await fetch(`${live.server.url}/ws?token=abc`);
    expect(res.status).toBe(426);
    expect(res.headers.get('upgrade')).toBe('websocket');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { error: { code: keyof typeof HTTP_ERRORS; message: string } };
    expect(body).toMatchObject({ error: { code: 'upgrade_required', message: expect.any(String) } });
    expect(HTTP_ERRORS[body.error.code]).toBe(426);
    const head = await fetch(`${live.server.url}/ws`, { method: 'HEAD' });
    expect(head.status).toBe(426);
  });
});
