import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { RestClient } from '@tilerealm/sdk';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { WS_LIMITS } from '../../src/transport/ws/limits';
import { useRealtimeServer, wsUrl, type LiveServer } from './realtime-harness';

/** A token for a new anonymous account with one character. */
async function tokenFor(live: LiveServer, name: string): Promise<string> {
  const rest = new RestClient(live.server.url);
  await rest.anonymous();
  await rest.createPlayer(name);
  return rest.token ?? '';
}

interface Opened {
  ws: WebSocket;
  /** The response to the upgrade (its headers say which extensions were agreed). */
  upgrade: IncomingMessage;
  /** The TCP socket under the WebSocket: its bytesRead is what came over the wire. */
  socket: Socket;
}

/** Opens /ws with `perMessageDeflate` offered or not, and waits until it is open. */
async function open(live: LiveServer, token: string, offerDeflate: boolean): Promise<Opened> {
  const ws = new WebSocket(wsUrl(live.server), {
    headers: { authorization: `Bearer ${token}` },
    perMessageDeflate: offerDeflate,
  });
  // Both listeners first: 'open' follows 'upgrade' at once.
  const upgraded = new Promise<IncomingMessage>((resolve, reject) => {
    ws.once('upgrade', resolve);
    ws.once('error', reject);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const [upgrade] = await Promise.all([upgraded, opened]);
  return { ws, upgrade, socket: upgrade.socket as Socket };
}

/** Payload bytes of the messages received until `frames` world:update frames came, and the wire bytes meanwhile. */
async function countBytes(o: Opened, frames: number): Promise<{ payload: number; wire: number }> {
  const wireBefore = o.socket.bytesRead;
  let payload = 0;
  let updates = 0;
  await new Promise<void>((resolve, reject) => {
    const onMessage = (data: Buffer) => {
      payload += data.length;
      if (data.toString('utf8').includes('"world:update"')) updates++;
      if (updates >= frames) {
        o.ws.off('message', onMessage);
        resolve();
      }
    };
    o.ws.on('message', onMessage);
    o.ws.once('error', reject);
    o.ws.once('close', (code) => reject(new Error(`closed with ${code}`)));
  });
  return { payload, wire: o.socket.bytesRead - wireBefore };
}

/**
 * permessage-deflate (ADR 0024): accepted with WS_COMPRESSION=true, with a bounded window; the frames a client
 * gets are the same JSON, fewer bytes on the wire; a compressed frame that inflates beyond the
 * frame limit closes that connection only (1009, or 1006 when the socket is cut before the close
 * frame leaves).
 */
describe('WebSocket compression on (WS_COMPRESSION=true)', () => {
  const live = useRealtimeServer({ WS_COMPRESSION: 'true' });

  it('agrees permessage-deflate with an 11-bit server window, and the game frames come compressed', async () => {
    const o = await open(live, await tokenFor(live, 'Zipper'), true);
    try {
      expect(o.upgrade.headers['sec-websocket-extensions']).toMatch(
        /^permessage-deflate;.*server_max_window_bits=11/,
      );
      expect(o.ws.extensions).toMatch(/permessage-deflate/);
      const { payload, wire } = await countBytes(o, 20);
      expect(payload).toBeGreaterThan(0);
      // The frames repeat the last ones' keys: with the compressor's context kept, far fewer bytes.
      expect(wire).toBeLessThan(payload * 0.8);
    } finally {
      o.ws.close();
    }
  });

  it('sends plain frames to a client that does not offer it', async () => {
    const o = await open(live, await tokenFor(live, 'Plainer'), false);
    try {
      expect(o.upgrade.headers['sec-websocket-extensions']).toBeUndefined();
      const { payload, wire } = await countBytes(o, 5);
      expect(wire).toBeGreaterThanOrEqual(payload);
    } finally {
      o.ws.close();
    }
  });

  it('closes the connection of a compressed frame that inflates beyond the frame limit, and goes on serving', async () => {
    const token = await tokenFor(live, 'Bomber');
    const o = await open(live, token, true);
    const closed = new Promise<number>((resolve) => o.ws.once('close', (code) => resolve(code)));
    // A few hundred bytes on the wire, four times the frame limit once inflated.
    const bomb = JSON.stringify({
      event: 'player:chat',
      data: { message: 'a'.repeat(WS_LIMITS.maxFrameBytes * 4) },
    });
    o.ws.send(bomb, { compress: true });
    // 1009 in most runs; the close frame can still be waiting behind a compression when the
    // connection's grace runs out (1006).
    expect([1009, 1006]).toContain(await closed);
    // The closed session's save may still be written: that login is refused with 4004 until it
    // commits, and a client tries again, as the SDK does (polled until a deadline, not counted).
    const deadline = Date.now() + 20_000;
    for (;;) {
      const again = await open(live, token, true);
      try {
        const { payload } = await countBytes(again, 1);
        expect(payload).toBeGreaterThan(0);
        break;
      } catch (err) {
        const pending = err instanceof Error && err.message === `closed with ${CLOSE_CODES.savePending}`;
        if (!pending || Date.now() > deadline) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        again.ws.close();
      }
    }
  });
});

describe('WebSocket compression off (the default)', () => {
  const live = useRealtimeServer();

  it('does not agree permessage-deflate even when the client offers it', async () => {
    const o = await open(live, await tokenFor(live, 'Offerer'), true);
    try {
      expect(o.upgrade.headers['sec-websocket-extensions']).toBeUndefined();
      expect(o.ws.extensions).toBe('');
      const { payload, wire } = await countBytes(o, 5);
      expect(wire).toBeGreaterThanOrEqual(payload);
    } finally {
      o.ws.close();
    }
  });
});
