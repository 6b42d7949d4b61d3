import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameClient, GameError } from '../src/index';
import { FakeGameServer } from './fake-server';

let server: FakeGameServer;
let client: GameClient | undefined;

beforeEach(async () => {
  server = await FakeGameServer.start();
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await server.stop();
});

describe('msgpack subprotocol', () => {
  it('negotiates msgpack and round-trips requests, replies and events in binary frames', async () => {
    client = await GameClient.connect({ url: server.url, format: 'msgpack', reconnect: false });
    expect(client.format).toBe('msgpack');
    expect(client.welcome?.token).toBe('anon-0');
    const conn = await server.connection(0);
    expect(conn.format).toBe('msgpack');

    await expect(client.request('player:move', { x: 3, z: -2, run: true })).resolves.toEqual({
      event: 'player:move',
      result: { steps: 3 },
    });
    const entry = await conn.message(0);
    expect(entry.binary).toBe(true);
    expect(entry.message).toEqual({ event: 'player:move', data: { x: 3, z: -2, run: true } });

    await expect(client.request('player:move', { x: -300, z: 0 })).rejects.toBeInstanceOf(GameError);

    conn.send('world:update', { tick: 140 });
    await expect(client.waitFor('world:update')).resolves.toEqual({ tick: 140 });

    const both = client.waitFor('world:update', (u) => u.tick === 142);
    const seen: number[] = [];
    client.on('world:update', (u) => seen.push(u.tick));
    conn.sendBatch([
      { event: 'world:update', data: { tick: 141 } },
      { event: 'world:update', data: { tick: 142 } },
    ]);
    await both;
    expect(seen).toEqual([141, 142]);
  });

  it('uses msgpack binary frames by default, and JSON text frames when asked for', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: false });
    expect(client.format).toBe('msgpack');
    client.send('ping', { t: 1 });
    expect((await (await server.connection(0)).message(0)).binary).toBe(true);
    await client.close();

    client = await GameClient.connect({ url: server.url, format: 'json', reconnect: false });
    client.send('ping', { t: 2 });
    const entry = await (await server.connection(1)).message(0);
    expect(entry.binary).toBe(false);
    expect(entry.message).toEqual({ event: 'ping', data: { t: 2 } });
    expect(client.format).toBe('json');
  });
});
