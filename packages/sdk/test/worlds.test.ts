import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  ConnectionClosedError,
  GameClient,
  isJoinable,
  listWorlds,
  LoggedInElsewhereError,
  RestClient,
  WorldFullError,
  worldOfReason,
  type LifecycleEvents,
  type WorldEntry,
} from '../src/index';
import { FakeGameServer } from './fake-server';

const fast = { baseDelayMs: 5, maxDelayMs: 20, savePendingDelayMs: 10, jitter: 0, maxAttempts: 3 };

function next<K extends keyof LifecycleEvents>(c: GameClient, event: K): Promise<LifecycleEvents[K][0]> {
  return new Promise((resolve) => c.lifecycle.once(event, (...args) => resolve(args[0])));
}

describe('listWorlds', () => {
  let http: Server;
  let baseUrl: string;
  let respond: (res: ServerResponse) => void;
  const paths: Array<string | undefined> = [];

  beforeEach(async () => {
    paths.length = 0;
    http = createServer((req, res) => {
      paths.push(req.url);
      respond(res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address: AddressInfo | string | null = http.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
  });

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const world = (id: number, extra: Partial<WorldEntry> = {}) => ({
    id,
    name: `World ${id}`,
    address: `ws://127.0.0.1:${5554 + id}/ws`,
    population: 10 * id,
    capacity: 2000,
    activity: id === 2 ? 'Trade' : '',
    status: 'online',
    ...extra,
  });

  it('reads and validates the world list, sorted by number, keeping fields it does not know', async () => {
    respond = (res) =>
      json(res, 200, {
        worlds: [world(2, { status: 'full', region: 'eu' }), world(1, { current: true })],
      });
    const worlds = await listWorlds(baseUrl);
    expect(paths).toEqual(['/api/v1/worlds']);
    expect(worlds.map((w) => [w.id, w.status, w.current])).toEqual([
      [1, 'online', true],
      [2, 'full', undefined],
    ]);
    expect(worlds[1]).toMatchObject({ activity: 'Trade', population: 20, region: 'eu' });
    expect(worlds.map(isJoinable)).toEqual([true, false]);
  });

  it('answers ApiError 404 when the server has no world list (a single-world server)', async () => {
    respond = (res) => json(res, 404, { error: { code: 'not_found', message: 'Route not found' } });
    const err = await new RestClient(baseUrl).listWorlds().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('refuses a list whose entries break the contract (unknown status, an http address)', async () => {
    respond = (res) => json(res, 200, { worlds: [world(1, { status: 'busy' as never })] });
    await expect(listWorlds(baseUrl)).rejects.toMatchObject({ code: 'bad_response' });
    respond = (res) => json(res, 200, { worlds: [world(1, { address: 'http://127.0.0.1:5555/ws' })] });
    await expect(listWorlds(baseUrl)).rejects.toMatchObject({ code: 'bad_response' });
  });

  it('reads the world number out of a close reason', () => {
    expect(worldOfReason('logged_in_elsewhere: world 12')).toBe(12);
    expect(worldOfReason('world_full')).toBeUndefined();
    expect(worldOfReason('')).toBeUndefined();
  });
});

describe('GameClient.connectToWorld', () => {
  let server: FakeGameServer;
  let client: GameClient | undefined;
  const entry = (id: number): WorldEntry => ({
    id,
    name: `World ${id}`,
    address: server.url,
    population: 1,
    capacity: 10,
    activity: '',
    status: 'online',
  });

  beforeEach(async () => {
    server = await FakeGameServer.start();
  });

  afterEach(async () => {
    await client?.close();
    client = undefined;
    await server.stop();
  });

  it("connects to the entry's address", async () => {
    client = await GameClient.connectToWorld(entry(3), { token: 't', reconnect: false });
    expect(client.state).toBe('open');
    const conn = await server.connection(0);
    expect(conn.token).toBe('t');
    expect(conn.query.get('takeover')).toBeNull();
  });

  it('rejects a 4011 refusal with LoggedInElsewhereError naming the world that holds the character', async () => {
    server.behaviour.onConnect = (conn) =>
      conn.ws.close(CLOSE_CODES.loggedInElsewhere, 'logged_in_elsewhere: world 2');
    const err = await GameClient.connectToWorld(entry(1), { token: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LoggedInElsewhereError);
    expect(err).toBeInstanceOf(ConnectionClosedError);
    expect(err).toMatchObject({ code: 4011, codeName: 'loggedInElsewhere', world: 2, phase: 'connecting' });
    expect(server.connections).toHaveLength(1);
  });

  it('rejects a 4012 refusal with WorldFullError naming the world asked', async () => {
    server.behaviour.onConnect = (conn) => conn.ws.close(CLOSE_CODES.worldFull, 'world_full');
    const err = await GameClient.connectToWorld(entry(7), { token: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorldFullError);
    expect(err).toMatchObject({ code: 4012, world: 7 });
  });

  it('asks for takeover=1 on the first connection only, not on a reconnect', async () => {
    client = await GameClient.connectToWorld(entry(1), { token: 't', takeover: true, reconnect: fast });
    expect((await server.connection(0)).query.get('takeover')).toBe('1');
    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.terminate();
    await reconnected;
    expect((await server.connection(1)).query.get('takeover')).toBeNull();
  });

  it('does not reconnect when the lease is lost mid-session (4011), and says which world took it', async () => {
    client = await GameClient.connectToWorld(entry(1), { token: 't', reconnect: fast });
    let reconnecting = false;
    client.lifecycle.on('reconnecting', () => (reconnecting = true));
    const disconnected = next(client, 'disconnected');
    const pending = client.request('player:chat', { message: 'silence' });
    (await server.connection(0)).ws.close(CLOSE_CODES.loggedInElsewhere, 'logged_in_elsewhere: world 5');
    await expect(pending).rejects.toMatchObject({ world: 5, phase: 'connected' });
    await expect(pending).rejects.toBeInstanceOf(LoggedInElsewhereError);
    await expect(disconnected).resolves.toEqual({
      code: 4011,
      reason: 'logged_in_elsewhere: world 5',
      byClient: false,
    });
    expect(reconnecting).toBe(false);
    expect(client.state).toBe('closed');
  });
});
