import { Socket, type AddressInfo } from 'node:net';
import { setImmediate as yieldToIo } from 'node:timers/promises';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { OutEvent } from '../../sim/core/types';
import { Connection } from './connection';
import type { OutboundLimits } from './limits';

/** A chat line of about 1 KB: what the server queues in these tests, many per frame. */
const line = (i: number): OutEvent => ({
  event: 'chat:message',
  data: { tick: i, channel: 'system', from: null, message: `${i} ${'x'.repeat(1000)}` },
});

interface Pair {
  server: Connection;
  client: WebSocket;
  /** Frames the client read, decoded (one envelope or an array of them). */
  frames: unknown[];
  /** The code the server's side reported as closed, once it did. */
  serverClosed: number | undefined;
  clientClosed: Promise<number>;
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const wss of servers.splice(0)) {
    for (const c of wss.clients) c.terminate();
    await new Promise((resolve) => wss.close(resolve));
  }
});

/** A real WebSocket over loopback TCP: the server's side wrapped in a Connection. */
async function pair(): Promise<Pair> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(wss);
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`);
  const frames: unknown[] = [];
  client.on('message', (data) => frames.push(JSON.parse(data.toString())));
  const clientClosed = new Promise<number>((resolve) => client.on('close', (code) => resolve(code)));
  await new Promise((resolve) => client.once('open', resolve));
  const p: Pair = {
    server: new Connection(await accepted, 'json', '127.0.0.1'),
    client,
    frames,
    serverClosed: undefined,
    clientClosed,
  };
  p.server.ready({ message: () => undefined, closed: (code) => (p.serverClosed = code) });
  return p;
}

/** The client's TCP socket under its WebSocket, to stop and restart reading. */
function socketOf(p: Pair): Socket {
  const socket: unknown = Reflect.get(p.client, '_socket');
  if (socket instanceof Socket) return socket;
  throw new Error('no underlying socket');
}

/** The client stops reading: the kernel's buffers fill, then the server's socket holds the rest. */
const stopReading = (p: Pair): void => void socketOf(p).pause();
const resumeReading = (p: Pair): void => void socketOf(p).resume();

/**
 * Plays `ticks` ticks: each queues `perTick` lines and flushes, then lets the event loop do its
 * I/O (the client reads, when it reads). Returns the most unsent bytes seen after a flush and
 * the tick the server's side closed in, if it did.
 */
async function play(
  p: Pair,
  ticks: number,
  perTick: number,
  limits: OutboundLimits,
): Promise<{ maxUnsent: number; closedAt: number | undefined }> {
  let maxUnsent = 0;
  for (let t = 0; t < ticks; t++) {
    p.server.queue(Array.from({ length: perTick }, (_, i) => line(t * perTick + i)));
    p.server.flush(limits);
    maxUnsent = Math.max(maxUnsent, p.server.unsentBytes);
    if (p.serverClosed !== undefined) return { maxUnsent, closedAt: t };
    await yieldToIo();
  }
  return { maxUnsent, closedAt: undefined };
}

describe('outbound frames and backpressure', () => {
  it('sends one frame per flush: one envelope alone, several as an array in order', async () => {
    const p = await pair();
    p.server.queue([line(1)]);
    p.server.flush();
    p.server.queue([line(2), line(3)]);
    p.server.queue([line(4)]);
    p.server.flush();
    p.server.flush(); // nothing queued: no frame
    p.server.send([{ event: 'pong', data: { tick: 9 } }]);
    const deadline = Date.now() + 10_000;
    while (p.frames.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(p.frames).toMatchObject([
      { event: 'chat:message', data: { tick: 1 } },
      [{ data: { tick: 2 } }, { data: { tick: 3 } }, { data: { tick: 4 } }],
      { event: 'pong', data: { tick: 9 } },
    ]);
    p.client.close();
  });

  it('closes a client that stops reading with 4008 once its unsent bytes pass the limit, keeping them bounded', async () => {
    const limits = { maxBufferedBytes: 256 * 1024, maxStalledTicks: 1_000_000 };
    const p = await pair();
    stopReading(p);
    // ~100 KB per tick: loopback TCP takes a few MB into kernel buffers before the socket holds any.
    const { maxUnsent, closedAt } = await play(p, 2_000, 100, limits);
    expect(closedAt).toBeDefined();
    expect(p.serverClosed).toBe(CLOSE_CODES.tooSlow);
    expect(p.server.isOpen).toBe(false);
    // Never more than the limit, plus the closing notice and the close frame.
    expect(maxUnsent).toBeLessThanOrEqual(limits.maxBufferedBytes + 512);
    // Nothing more is queued or sent once closed.
    p.server.queue([line(0)]);
    p.server.flush(limits);
    expect(p.server.unsentBytes).toBeLessThanOrEqual(limits.maxBufferedBytes + 512);
    // When it reads again it gets what was sent, the reason, then the close code.
    resumeReading(p);
    expect(await p.clientClosed).toBe(CLOSE_CODES.tooSlow);
    expect(p.frames.at(-1)).toMatchObject({ event: 'session:closing', data: { code: CLOSE_CODES.tooSlow } });
  }, 60_000);

  it('closes a client whose frames stay unsent for too many ticks in a row (4008)', async () => {
    const limits = { maxBufferedBytes: 1024 ** 3, maxStalledTicks: 5 };
    const p = await pair();
    stopReading(p);
    const { closedAt } = await play(p, 2_000, 100, limits);
    expect(closedAt).toBeDefined();
    expect(p.serverClosed).toBe(CLOSE_CODES.tooSlow);
    resumeReading(p);
    expect(await p.clientClosed).toBe(CLOSE_CODES.tooSlow);
  }, 60_000);

  it('leaves a client that reads alone under the same traffic', async () => {
    const limits = { maxBufferedBytes: 256 * 1024, maxStalledTicks: 5 };
    const p = await pair();
    const ticks = 200; // ~20 MB, several times what the slow client above was closed at
    const { closedAt } = await play(p, ticks, 100, limits);
    expect(closedAt).toBeUndefined();
    expect(p.serverClosed).toBeUndefined();
    const deadline = Date.now() + 30_000;
    while (p.frames.length < ticks && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(p.frames).toHaveLength(ticks);
    expect(p.frames.every((f) => Array.isArray(f) && f.length === 100)).toBe(true);
    p.client.close();
  }, 60_000);
});
