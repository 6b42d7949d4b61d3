import { describe, expect, it, vi } from 'vitest';
import { bundledContent } from '../../test/http-harness';
import { silentLog } from '../../test/support/memory-log';
import { playerRecord } from '../../test/records';
import { World } from '../sim/core/world';
import { FEATURES } from '../sim/features';
import { VIEW_CHANNEL } from '../sim/features/sync/scan-channel';
import { buildTileMap } from '../sim/map/build-tile-map';
import type { SaveQueue } from './save-queue';
import { startViewThread } from './view-thread';
import { WorldHost } from './world-host';

describe('the views worker thread', () => {
  it('is started by the host once the world holds VIEW_THREAD_FROM players, scans the views, and stops with it', async () => {
    const logger = silentLog();
    vi.spyOn(logger, 'info');
    const saves = { push: vi.fn(), pushLock: vi.fn(), pushRecord: vi.fn(), listen: vi.fn() };
    const h = new WorldHost({
      content: await bundledContent(),
      seed: 1,
      tickMs: 600,
      saves: saves as unknown as SaveQueue,
      logger,
      viewThreadFrom: 2,
    });
    h.attach({ deliver: vi.fn(), disconnect: vi.fn(), flush: vi.fn() });
    h.enqueue({ type: 'login', record: playerRecord('a') });
    h.tick();
    h.tick();
    expect(VIEW_CHANNEL.of(h.world).channel).toBeUndefined();
    h.enqueue({ type: 'login', record: playerRecord('b', { x: 3 }) });
    h.tick();
    h.tick();
    const channel = VIEW_CHANNEL.of(h.world).channel;
    expect(channel).toBeDefined();
    expect(logger.info).toHaveBeenCalledWith({ players: 2 }, 'scanning the views on a worker thread');
    expect(await channel!.up).toBe(true);
    // Never given up on here, however loaded the machine.
    channel!.timeoutMs = 60_000;
    for (let i = 0; i < 3; i++) h.tick();
    expect(channel!.ticks).toBe(3);
    h.stop();
    expect(channel!.down).toBe(true);
    expect(VIEW_CHANNEL.of(h.world).channel).toBeUndefined();
  });

  it('reports a worker that fails before it is up, and the world scans its views itself', async () => {
    const content = await bundledContent();
    const world = new World({ content, map: buildTileMap(content), seed: 1, features: FEATURES });
    const onDown = vi.fn();
    const channel = startViewThread(world, { source: "throw new Error('no worker today')", onDown });
    expect(await channel.up).toBe(false);
    expect(onDown).toHaveBeenCalledWith(expect.objectContaining({ message: 'no worker today' }));
    world.enqueue({ type: 'login', record: playerRecord('a') });
    world.step();
    expect(
      world
        .drainOutbox()
        .get('a')
        ?.map((e) => e.event),
    ).toContain('world:update');
    expect(channel.ticks).toBe(0);
  });
});
