import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { ConnectionClosedError, GameClient, type LifecycleEvents } from '../src/index';
import { FakeGameServer } from './fake-server';

let server: FakeGameServer;
let client: GameClient | undefined;

/** Fast, jitter-free backoff so the tests do not wait on real delays. */
const fast = { baseDelayMs: 5, maxDelayMs: 20, savePendingDelayMs: 10, jitter: 0, maxAttempts: 3 };

function next<K extends keyof LifecycleEvents>(c: GameClient, event: K): Promise<LifecycleEvents[K][0]> {
  return new Promise((resolve) => c.lifecycle.once(event, (...args) => resolve(args[0])));
}

beforeEach(async () => {
  server = await FakeGameServer.start();
});

afterEach(async () => {
  await client?.close();
  client = undefined;
  await server.stop();
});

describe('reconnect', () => {
  it('reconnects after a server-side drop with the token from the welcome', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: fast });
    expect(client.token).toBe('anon-0');
    const reconnecting = next(client, 'reconnecting');
    const reconnected = next(client, 'reconnected');
    const pending = client.request('player:chat', { message: 'silence' });
    (await server.connection(0)).ws.terminate();

    await expect(pending).rejects.toBeInstanceOf(ConnectionClosedError);
    await expect(reconnecting).resolves.toMatchObject({ attempt: 1, code: 1006 });
    const info = await reconnected;
    expect(info.welcome).toMatchObject({ resumed: true, tick: 101 });
    const second = await server.connection(1);
    expect(second.token).toBe('anon-0');
    expect(client.state).toBe('open');
    expect(client.welcome?.resumed).toBe(true);
    await expect(client.request('ping', { t: 2 })).resolves.toEqual({ t: 2, tick: 101 });
  });

  it('keeps event subscriptions and waits across a reconnect', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: fast });
    const waited = client.waitFor('chat:message');
    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.close(CLOSE_CODES.goingAway, 'restart');
    await reconnected;
    (await server.connection(1)).send('chat:message', {
      tick: 1,
      channel: 'broadcast',
      from: null,
      message: 'back',
    });
    await expect(waited).resolves.toMatchObject({ message: 'back' });
  });

  it('does not reconnect after 4000 replaced', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: fast });
    const disconnected = next(client, 'disconnected');
    let reconnecting = false;
    client.lifecycle.on('reconnecting', () => (reconnecting = true));
    const conn = await server.connection(0);
    conn.send('session:closing', { code: CLOSE_CODES.replaced, reason: 'logged in elsewhere' });
    conn.ws.close(CLOSE_CODES.replaced, 'logged in elsewhere');
    await expect(disconnected).resolves.toEqual({
      code: 4000,
      reason: 'logged in elsewhere',
      byClient: false,
    });
    expect(reconnecting).toBe(false);
    expect(client.state).toBe('closed');
    expect(server.connections).toHaveLength(1);
  });

  it('retries a 4004 save-pending refusal after a delay, then gets in', async () => {
    server.behaviour.onConnect = (conn, index) => {
      if (index === 1) conn.ws.close(CLOSE_CODES.savePending, 'save pending');
      else conn.welcome({ tick: index });
    };
    client = await GameClient.connect({ url: server.url, token: 't', reconnect: fast });
    const attempts: Array<LifecycleEvents['reconnecting'][0]> = [];
    client.lifecycle.on('reconnecting', (info) => attempts.push(info));
    const reconnected = next(client, 'reconnected');
    (await server.connection(0)).ws.terminate();
    await expect(reconnected).resolves.toMatchObject({ attempt: 2 });
    expect(attempts.map((a) => a.code)).toEqual([1006, 4004]);
    expect(attempts[1]?.delayMs).toBeGreaterThanOrEqual(fast.savePendingDelayMs);
    expect(client.tick).toBe(2);
  });

  it('gives up after maxAttempts and reports disconnected', async () => {
    server.behaviour.onConnect = (conn, index) => {
      if (index === 0) conn.welcome();
      else conn.ws.close(1011, 'unavailable');
    };
    client = await GameClient.connect({ url: server.url, reconnect: fast });
    const disconnected = next(client, 'disconnected');
    (await server.connection(0)).ws.terminate();
    await expect(disconnected).resolves.toEqual({ code: 1011, reason: 'unavailable', byClient: false });
    expect(server.connections).toHaveLength(1 + fast.maxAttempts);
    expect(client.state).toBe('closed');
  });

  it('retries a 4004 refusal of the first login when reconnecting is on', async () => {
    server.behaviour.onConnect = (conn, index) => {
      if (index === 0) conn.ws.close(CLOSE_CODES.savePending, 'save pending');
      else conn.welcome();
    };
    client = await GameClient.connect({ url: server.url, token: 't', reconnect: fast });
    expect(client.state).toBe('open');
    expect(server.connections).toHaveLength(2);
  });

  it('does not reconnect after close() and reports disconnected by the client', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: fast });
    const disconnected = next(client, 'disconnected');
    await client.close();
    await expect(disconnected).resolves.toMatchObject({ code: 1000, byClient: true });
    expect(server.connections).toHaveLength(1);
  });

  it('does not reconnect when reconnect is false', async () => {
    client = await GameClient.connect({ url: server.url, reconnect: false });
    const disconnected = next(client, 'disconnected');
    const waited = client.waitFor('pong');
    (await server.connection(0)).ws.terminate();
    await expect(disconnected).resolves.toMatchObject({ code: 1006, byClient: false });
    await expect(waited).rejects.toBeInstanceOf(ConnectionClosedError);
  });
});
