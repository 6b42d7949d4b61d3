import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionClosedError, GameClient, GameError, NotConnectedError, TimeoutError } from '../src/index';
import { WebSocket } from 'ws';
import { resolveWebSocket } from '../src/transport';
import { FakeGameServer, samplePlayer } from './fake-server';

let server: FakeGameServer;
const clients: GameClient[] = [];

async function connect(options: Partial<Parameters<typeof GameClient.connect>[0]> = {}): Promise<GameClient> {
  const client = await GameClient.connect({ url: server.url, reconnect: false, ...options });
  clients.push(client);
  return client;
}

beforeEach(async () => {
  server = await FakeGameServer.start();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.stop();
});

describe('GameClient.connect', () => {
  it('resolves after session:welcome and keeps the anonymous token it was given', async () => {
    const client = await connect();
    expect(client.state).toBe('open');
    expect(client.welcome).toMatchObject({ playerId: 'p1', name: 'Tester', token: 'anon-0' });
    expect(client.token).toBe('anon-0');
    expect(client.tick).toBe(100);
    expect(client.format).toBe('msgpack');
    const conn = await server.connection(0);
    expect(conn.token).toBeUndefined();
  });

  it('sends the token in an Authorization header by default on Node, and characterId in the query', async () => {
    await connect({ token: 'secret', characterId: 'c42' });
    const conn = await server.connection(0);
    expect(conn.authorization).toBe('Bearer secret');
    expect(conn.query.get('token')).toBeNull();
    expect(conn.query.get('characterId')).toBe('c42');
  });

  it('sends the token as ?token= when asked to (browsers)', async () => {
    await connect({ token: 'secret', tokenIn: 'query' });
    const conn = await server.connection(0);
    expect(conn.query.get('token')).toBe('secret');
    expect(conn.authorization).toBeUndefined();
  });

  it('uses a WebSocket constructor it is given, with the token in the query like a browser', async () => {
    await connect({ token: 'secret', WebSocket });
    const conn = await server.connection(0);
    expect(conn.query.get('token')).toBe('secret');
  });

  it("sends extra upgrade headers on Node; the token's Authorization replaces one among them", async () => {
    await connect({ token: 'secret', headers: { 'X-Extra': 'one', Authorization: 'Bearer forged' } });
    const conn = await server.connection(0);
    expect(conn.headers['x-extra']).toBe('one');
    expect(conn.authorization).toBe('Bearer secret');
  });

  it('sends extra upgrade headers with the token in the query too, and with a ws constructor given', async () => {
    await connect({ token: 'secret', WebSocket, headers: { 'X-Extra': 'two', Authorization: 'Basic kept' } });
    const conn = await server.connection(0);
    expect(conn.query.get('token')).toBe('secret');
    expect(conn.headers['x-extra']).toBe('two');
    // The token is not in the header: an Authorization asked for is the caller's own.
    expect(conn.authorization).toBe('Basic kept');
  });

  it('sends the extra headers again on every reconnect', async () => {
    const fast = { baseDelayMs: 5, maxDelayMs: 20, savePendingDelayMs: 10, jitter: 0, maxAttempts: 3 };
    const client = await connect({ reconnect: fast, headers: { 'X-Extra': 'again' } });
    const reconnected = new Promise((resolve) => client.lifecycle.once('reconnected', resolve));
    (await server.connection(0)).ws.terminate();
    await reconnected;
    expect((await server.connection(1)).headers['x-extra']).toBe('again');
  });

  it('refuses extra headers outside Node: a browser cannot set them', async () => {
    await expect(resolveWebSocket(WebSocket, { 'X-Extra': 'no' }, false)).rejects.toThrow(/needs Node/);
    await expect(resolveWebSocket(undefined, { 'X-Extra': 'no' }, false)).rejects.toThrow(/needs Node/);
    // Without any, a browser's WebSocket is used as before.
    await expect(resolveWebSocket(WebSocket, {}, false)).resolves.toEqual({
      ctor: WebSocket,
      tokenIn: 'query',
    });
  });

  it('lets beforeConnect subscribe to events the server sends together with the welcome', async () => {
    server.behaviour.onConnect = (conn) => {
      conn.welcome({ token: 'anon-0' });
      conn.send('player:sync', { tick: 100, player: samplePlayer });
    };
    const seen: number[] = [];
    const client = await connect({
      beforeConnect: (c) => {
        c.on('player:sync', (data) => seen.push(data.tick));
      },
    });
    await client.request('ping', { t: 1 });
    expect(seen).toEqual([100]);
  });

  it('rejects with a typed ConnectionClosedError when the server closes before the welcome', async () => {
    server.behaviour.onConnect = (conn) => conn.ws.close(4001, 'invalid token');
    const error = await connect({ token: 'bad' }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect(error).toMatchObject({
      code: 4001,
      codeName: 'unauthorized',
      reason: 'invalid token',
      phase: 'connecting',
    });
  });

  it('rejects with a TimeoutError when no welcome comes', async () => {
    server.behaviour.onConnect = () => {};
    const error = await connect({ connectTimeoutMs: 50 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: 'connect', event: 'session:welcome' });
  });

  it('rejects when nothing listens at the address', async () => {
    const url = server.url;
    await server.stop();
    server = await FakeGameServer.start();
    const error = await GameClient.connect({ url, reconnect: false }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ConnectionClosedError);
    expect(error).toMatchObject({ code: 1006, phase: 'connecting' });
  });
});

describe('requests', () => {
  it('resolves with the ack that echoes the auto-assigned rid', async () => {
    const client = await connect();
    const ack = await client.request('player:move', { x: 7, z: 0 });
    expect(ack).toEqual({ event: 'player:move', result: { steps: 7 } });
    const second = await client.request('player:chat', { message: 'hi' });
    expect(second).toEqual({ event: 'player:chat' });
    const conn = await server.connection(0);
    expect(conn.received.map((r) => r.rid)).toEqual([1, 2]);
  });

  it('resolves ping with pong and player:requestSync with player:sync', async () => {
    const client = await connect();
    await expect(client.request('ping', { t: 5 })).resolves.toEqual({ t: 5, tick: 101 });
    const sync = await client.request('player:requestSync', {});
    expect(sync.player.name).toBe('Tester');
    expect(client.tick).toBe(102);
  });

  it('resolves a direct-reply request with that reply even when an ack with the same rid comes too', async () => {
    server.behaviour.onMessage = (conn, { message, rid }) => {
      conn.send('ack', { event: message.event }, rid);
      conn.send('pong', { tick: 9 }, rid);
    };
    const client = await connect();
    const acks: unknown[] = [];
    client.on('ack', (ack, meta) => acks.push([ack.event, meta.rid]));
    await expect(client.request('ping', {})).resolves.toEqual({ tick: 9 });
    expect(acks).toEqual([['ping', 1]]);
  });

  it('rejects with a GameError when an error carries the request rid', async () => {
    const client = await connect();
    const error = await client.request('player:move', { x: 500, z: 0 }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GameError);
    expect(error).toMatchObject({
      code: 'path_too_far',
      message: 'too far',
      rid: 1,
      event: 'player:move',
    });
  });

  it('matches replies that arrive out of order to their own requests', async () => {
    server.behaviour.onMessage = (conn) => {
      if (conn.received.length < 2) return;
      for (const r of [...conn.received].reverse())
        conn.send('ack', { event: r.message.event, result: { rid: r.rid } }, r.rid);
    };
    const client = await connect();
    const [a, b] = await Promise.all([
      client.request('player:move', { x: 1, z: 1 }),
      client.request('player:chat', { message: 'x' }),
    ]);
    expect(a).toEqual({ event: 'player:move', result: { rid: 1 } });
    expect(b).toEqual({ event: 'player:chat', result: { rid: 2 } });
  });

  it('rejects with a TimeoutError when no reply comes', async () => {
    const client = await connect();
    const error = await client
      .request('player:chat', { message: 'silence' }, { timeoutMs: 30 })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: 'request', event: 'player:chat', timeoutMs: 30 });
  });

  it('send is fire and forget: no rid on the wire', async () => {
    const client = await connect();
    client.send('player:action', { action: 'setRun', running: true });
    const conn = await server.connection(0);
    const entry = await conn.message(0);
    expect(entry).toMatchObject({
      rid: undefined,
      message: { event: 'player:action', data: { action: 'setRun', running: true } },
    });
  });

  it('refuses to send once closed', async () => {
    const client = await connect();
    await client.close();
    expect(client.state).toBe('closed');
    expect(() => client.send('ping', {})).toThrow(NotConnectedError);
    await expect(client.request('ping', {})).rejects.toBeInstanceOf(NotConnectedError);
  });
});

describe('events', () => {
  it('delivers typed server events to on/once handlers and waitFor', async () => {
    const client = await connect();
    const conn = await server.connection(0);
    const seen: string[] = [];
    const onceSeen: string[] = [];
    client.on('chat:message', (msg) => seen.push(msg.message));
    client.once('chat:message', (msg) => onceSeen.push(msg.message));
    const waited = client.waitFor('chat:message', (msg) => msg.message === 'two');
    conn.send('chat:message', {
      tick: 110,
      channel: 'public',
      from: { id: 'p2', name: 'Friend' },
      message: 'one',
    });
    conn.send('chat:message', { tick: 111, channel: 'system', from: null, message: 'two' });
    await expect(waited).resolves.toMatchObject({ message: 'two', channel: 'system' });
    expect(seen).toEqual(['one', 'two']);
    expect(onceSeen).toEqual(['one']);
    expect(client.tick).toBe(111);
  });

  it('delivers the messages of an array frame in order, settling requests among them', async () => {
    server.behaviour.onMessage = (conn, { message, rid }) => {
      if (message.event !== 'player:move') return;
      conn.sendBatch([
        { event: 'chat:message', data: { tick: 150, channel: 'system', from: null, message: 'first' } },
        { event: 'ack', data: { event: 'player:move', result: { steps: 2 } }, rid },
        { event: 'world:update', data: { tick: 150 } },
      ]);
    };
    const client = await connect();
    const order: string[] = [];
    client.on('chat:message', (m) => order.push(m.message));
    client.on('ack', (a) => order.push(`ack ${a.event}`));
    client.on('world:update', (u) => order.push(`update ${u.tick}`));
    await expect(client.request('player:move', { x: 2, z: 0 })).resolves.toEqual({
      event: 'player:move',
      result: { steps: 2 },
    });
    expect(order).toEqual(['first', 'ack player:move', 'update 150']);
    expect(client.tick).toBe(150);
  });

  it('off stops delivery', async () => {
    const client = await connect();
    const conn = await server.connection(0);
    const seen: number[] = [];
    const handler = (u: { tick: number }): void => void seen.push(u.tick);
    client.on('world:update', handler);
    conn.send('world:update', { tick: 120 });
    await client.waitFor('world:update');
    client.off('world:update', handler);
    conn.send('world:update', { tick: 121 });
    await client.waitFor('world:update');
    expect(seen).toEqual([120]);
  });

  it('waitFor rejects with a TimeoutError', async () => {
    const client = await connect();
    const error = await client.waitFor('pong', undefined, 20).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ kind: 'wait', event: 'pong' });
  });

  it('drops frames that do not match the schema and reports them on the lifecycle channel', async () => {
    const client = await connect({ format: 'json' });
    const conn = await server.connection(0);
    const invalid = new Promise((resolve) => client.lifecycle.once('invalidMessage', resolve));
    let delivered = false;
    client.on('chat:message', () => (delivered = true));
    conn.sendRaw(JSON.stringify({ event: 'chat:message', data: { tick: 'soon' } }));
    await expect(invalid).resolves.toMatchObject({ event: 'chat:message' });
    conn.send('world:update', { tick: 130 });
    await client.waitFor('world:update');
    expect(delivered).toBe(false);
  });
});
