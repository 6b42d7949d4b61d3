import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredWorldStatus, WorldRegistration, WorldRepository } from '../storage';
import { heartbeatInterval, WorldRegistry } from './world-registry';
import { memoryLog, silentLog } from '../../test/support/memory-log';

/** An in-memory world row, whose writes fail while `down` is true. */
function fakeRepo() {
  const state = {
    down: false,
    row: undefined as (WorldRegistration & { population: number; status: StoredWorldStatus }) | undefined,
    writes: 0,
  };
  const write = () => {
    state.writes++;
    if (state.down) return Promise.reject(new Error('connection refused'));
    return Promise.resolve();
  };
  const repo: WorldRepository = {
    register: async (input) => {
      await write();
      state.row = { ...input, population: 0, status: 'online' };
    },
    heartbeat: async (instance, population) => {
      await write();
      if (state.row?.instance !== instance) return false;
      state.row.population = population;
      return true;
    },
    setStatus: async (instance, status) => {
      await write();
      if (state.row?.instance !== instance) return false;
      state.row.status = status;
      return true;
    },
    list: () => Promise.resolve([]),
  };
  return { state, repo };
}

const world: WorldRegistration = {
  name: 'World 7',
  address: 'ws://127.0.0.1:1/ws',
  capacity: 10,
  activity: '',
  instance: 'me',
};

describe('WorldRegistry', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats three times per lease TTL, at most every 5 s', () => {
    expect(heartbeatInterval(30_000)).toBe(5_000);
    expect(heartbeatInterval(3_000)).toBe(1_000);
  });

  it('registers at start, renews the population with each beat, drains, then goes offline', async () => {
    vi.useFakeTimers();
    const { state, repo } = fakeRepo();
    let players = 3;
    const logger = silentLog();
    const registry = new WorldRegistry({ repo, world, population: () => players, intervalMs: 1_000, logger });
    await registry.start();
    // The start registers and writes the first heartbeat at once.
    expect(state.row).toMatchObject({ name: 'World 7', status: 'online', population: 3 });
    players = 4;
    await vi.advanceTimersByTimeAsync(999);
    expect(state.row?.population).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.row?.population).toBe(4);
    players = 5;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.row?.population).toBe(5);
    await registry.drain();
    expect(state.row?.status).toBe('draining');
    await vi.advanceTimersByTimeAsync(1_000); // a beat while draining keeps the status
    expect(state.row?.status).toBe('draining');
    await registry.stop();
    expect(state.row?.status).toBe('offline');
    const writes = state.writes;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.writes).toBe(writes); // no beat after the stop
    expect(vi.getTimerCount()).toBe(0);
  });

  it('never throws on database faults: logs once, retries with each beat, registers when the database is back', async () => {
    vi.useFakeTimers();
    const { state, repo } = fakeRepo();
    state.down = true;
    const memory = memoryLog();
    const logger = memory.log;
    const warned = () => memory.messages('warn');
    const registry = new WorldRegistry({ repo, world, population: () => 2, intervalMs: 1_000, logger });
    await registry.start(); // resolves although the database is down
    await registry.drain(); // likewise
    await vi.advanceTimersByTimeAsync(3_000);
    expect(state.row).toBeUndefined();
    expect(state.writes).toBe(4); // the start's attempt and three beats
    expect(warned()).toEqual(['could not register the world: retrying with the next heartbeat']);
    state.down = false;
    await vi.advanceTimersByTimeAsync(1_000);
    // Registered, then the status asked for meanwhile (draining) written by the same beat.
    expect(state.row).toMatchObject({ status: 'draining' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state.row).toMatchObject({ status: 'draining', population: 2 });
    state.down = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(registry.stop()).resolves.toBeUndefined(); // offline could not be written: logged
    expect(warned().at(-1)).toBe('could not renew the world heartbeat: retrying with the next heartbeat');
  });

  it('warns once when another process has taken the world row, and never writes over it', async () => {
    vi.useFakeTimers();
    const { state, repo } = fakeRepo();
    const memory = memoryLog();
    const logger = memory.log;
    const warned = () => memory.messages('warn');
    const registry = new WorldRegistry({ repo, world, population: () => 1, intervalMs: 1_000, logger });
    await registry.start();
    if (state.row) state.row = { ...state.row, instance: 'another', population: 0 };
    await vi.advanceTimersByTimeAsync(3_000);
    expect(warned()).toEqual(['the world list row names another process: this one no longer renews it']);
    expect(state.row?.population).toBe(0);
    await registry.stop();
  });
});
