/**
 * An agent stopped while it is still connecting stays stopped: the connect under way is cut short
 * (its client closed), or a connection that arrives anyway is closed unplayed; a second start while
 * connecting joins the first. Connects stand in for the server here (`deps.connect`).
 */
import type { Bot, GameClient } from '@tilerealm/sdk';
import { ConnectionClosedError } from '@tilerealm/sdk';
import { describe, expect, it, vi } from 'vitest';
import { AgentRunner, type AgentDeps } from '../src/agent';
import type { AgentRecord } from '../src/directory';

const RECORD: AgentRecord = {
  agentId: 'ag_race',
  name: 'Racer',
  characterId: 'c_race',
  ownerAccountId: 'a1',
  ownerCharacterIds: [],
  worldId: 1,
  running: true,
  createdAt: new Date(0).toISOString(),
};

/** A promise and the functions that settle it. */
function held<T>(): { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void } {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function fakeBot(): { bot: Bot; close: ReturnType<typeof vi.fn>; on: ReturnType<typeof vi.fn> } {
  const close = vi.fn(async () => undefined);
  const on = vi.fn();
  return { bot: { client: { lifecycle: { on } }, close } as unknown as Bot, close, on };
}

function runner(connect: AgentDeps['connect']): AgentRunner {
  return new AgentRunner(RECORD, {
    socketUrl: 'ws://127.0.0.1:1/ws',
    places: {} as AgentDeps['places'],
    sessionToken: async () => 'token',
    connect,
  });
}

describe('an agent stopped while connecting', () => {
  it('cuts the connect short by closing its client, and stays stopped', async () => {
    const pending = held<Bot>();
    let client: { on: () => void; close: () => Promise<void> } | undefined;
    let connectCalled = false;
    const r = runner(async (options) => {
      connectCalled = true;
      client = {
        on: () => undefined,
        close: vi.fn(async () =>
          pending.reject(new ConnectionClosedError(1000, 'client closed', 'connecting')),
        ),
      };
      options.beforeConnect?.(client as unknown as GameClient);
      return pending.promise;
    });
    const started = r.start();
    await vi.waitUntil(() => connectCalled);
    expect(r.status).toBe('connecting');
    await r.stop();
    await expect(started).resolves.toBeUndefined();
    expect(client?.close).toHaveBeenCalledTimes(1);
    expect(r.status).toBe('stopped');
    expect(r.connection).toBeUndefined();
    expect(r.lastError).toBeUndefined();
    expect(r.activity.recent(10).map((a) => a.message)).not.toContainEqual(
      expect.stringContaining('could not connect'),
    );
  });

  it('closes a connection that arrives after the stop without playing it', async () => {
    const pending = held<Bot>();
    const fake = fakeBot();
    const r = runner(() => pending.promise);
    const started = r.start();
    await vi.waitUntil(() => r.status === 'connecting');
    const stopped = r.stop();
    pending.resolve(fake.bot);
    await stopped;
    await started;
    expect(fake.close).toHaveBeenCalledTimes(1);
    expect(fake.on).not.toHaveBeenCalled(); // never followed: the agent did not play it
    expect(r.connection).toBeUndefined();
    expect(r.status).toBe('stopped');
  });

  it('connects once for two starts asked while connecting', async () => {
    const pending = held<Bot>();
    const fake = fakeBot();
    const connect = vi.fn(() => pending.promise);
    const r = runner(connect);
    const first = r.start();
    const second = r.start();
    await vi.waitUntil(() => r.status === 'connecting');
    const stopped = r.stop();
    pending.resolve(fake.bot);
    await Promise.all([first, second, stopped]);
    expect(connect).toHaveBeenCalledTimes(1);
    expect(fake.close).toHaveBeenCalledTimes(1);
    expect(r.status).toBe('stopped');
  });
});
