import { CLOSE_CODES } from '@tilerealm/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bundledContent } from '../../test/http-harness';
import { silentLog } from '../../test/support/memory-log';
import { playerRecord } from '../../test/records';
import type { SaveQueue } from './save-queue';
import { WorldHost } from './world-host';

/** A host on the bundled content with a recording logger, save queue and session sink. */
async function host(tickMs = 600) {
  const logger = silentLog();
  for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(logger, level);
  const saves = { push: vi.fn(), pushLock: vi.fn(), pushRecord: vi.fn(), listen: vi.fn() };
  const sink = { deliver: vi.fn(), disconnect: vi.fn(), flush: vi.fn() };
  const h = new WorldHost({
    content: await bundledContent(),
    seed: 1,
    tickMs,
    saves: saves as unknown as SaveQueue,
    logger,
  });
  h.attach(sink);
  return { h, logger, saves, sink };
}

describe('WorldHost faults', () => {
  let running: WorldHost | undefined;
  afterEach(() => {
    running?.stop();
    running = undefined;
  });

  it('logs a player fault with its stack, saves the player and closes its session with 4010', async () => {
    const { h, logger, saves, sink } = await host();
    for (const id of ['bad', 'ok']) h.enqueue({ type: 'login', record: playerRecord(id) });
    h.tick();
    const bad = h.world.players.get('bad')!;
    Object.defineProperty(bad, 'running', {
      get() {
        throw new Error('running is broken');
      },
    });
    for (const id of ['bad', 'ok'])
      h.enqueue({
        type: 'client',
        playerId: id,
        rid: undefined,
        message: { event: 'player:move', data: { x: 3, z: 0 } },
      });
    h.tick();

    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({
        where: 'phase players/movement',
        entity: { kind: 'player', id: 'bad' },
        message: 'running is broken',
        stack: expect.stringMatching(/running is broken\n\s+at /),
      }),
      'world fault',
    );
    expect(saves.push).toHaveBeenCalledWith(expect.objectContaining({ id: 'bad' }), { release: true });
    expect(sink.disconnect).toHaveBeenCalledWith('bad', CLOSE_CODES.serverError, expect.any(String));
    expect(h.isOnline('bad')).toBe(false);
    expect(h.world.players.get('ok')?.x).toBe(1);
  });

  it('logs a tick that throws and keeps ticking', async () => {
    const { h, logger } = await host(5);
    running = h;
    vi.spyOn(h.world, 'step').mockImplementationOnce(() => {
      throw new Error('the whole tick failed');
    });
    h.start();
    // The failed tick did not advance the world; later ones do.
    await vi.waitFor(() => expect(h.world.tick).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 5 });
    expect(logger.error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'the whole tick failed' }) },
      'a tick failed; the world ticks on',
    );
  });

  it("delivers everyone else's events and hands every save over when one delivery throws", async () => {
    const { h, logger, saves, sink } = await host();
    for (const id of ['bad', 'ok']) h.enqueue({ type: 'login', record: playerRecord(id) });
    sink.deliver.mockImplementation((playerId: string) => {
      if (playerId === 'bad') throw new Error('socket exploded');
    });
    h.tick();
    expect(sink.deliver).toHaveBeenCalledWith('ok', expect.any(Array));
    expect(sink.flush).toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith(
      expect.objectContaining({
        playerId: 'bad',
        err: expect.objectContaining({ message: 'socket exploded' }),
      }),
      "delivering a tick's events failed",
    );
    // The effects of the same tick still reach the save queue (a logout's save here).
    h.enqueue({ type: 'logout', playerId: 'ok', reason: 'logout' });
    h.tick();
    expect(saves.push).toHaveBeenCalledWith(expect.objectContaining({ id: 'ok' }), { release: true });
  });

  it('collects the young generation after each tick when the process exposes gc, and runs without it', async () => {
    const { h } = await host();
    const g = globalThis as { gc?: unknown };
    const before = g.gc;
    const gc = vi.fn();
    try {
      g.gc = undefined;
      h.tick();
      g.gc = gc;
      h.tick();
      h.tick();
    } finally {
      g.gc = before;
    }
    expect(gc).toHaveBeenCalledTimes(2);
    expect(gc).toHaveBeenCalledWith({ type: 'minor' });
  });
});
