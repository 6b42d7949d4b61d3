/**
 * Death ids outlive the run that made them (the lock stays in storage and comes back as a
 * gravestone), while the tick counter restarts at 0 every run: the run's name keeps them apart.
 */
import { describe, expect, it } from 'vitest';
import type { DeathLockState, Effect } from '../../src/sim/core/types';
import { World } from '../../src/sim/core/world';
import { FEATURES } from '../../src/sim/features';
import { record, bundledWorld } from './test-world';
import { DEATHS } from '../../src/sim/features/death/custody';

/** A world named `runId` where player v dies at the same tick every time; returns the death's lock. */
async function deathIn(
  runId: string,
  restored: DeathLockState[] = [],
): Promise<{ world: World; lock: DeathLockState }> {
  const { content, map } = await bundledWorld();
  const world = new World({ content, map, seed: 3, runId, features: FEATURES });
  if (restored.length > 0) world.enqueue({ type: 'restoreDeaths', locks: restored });
  const r = record('v', 3, 3);
  r.inventory = [1, 2, 3, 4].map((slot) => ({ slot, itemId: 'bronze_dagger', quantity: 1 }));
  world.enqueue({ type: 'login', record: r });
  world.enqueue({ type: 'elevate', playerId: 'v' });
  world.step();
  world.enqueue({
    type: 'client',
    playerId: 'v',
    rid: undefined,
    message: { event: 'player:chat', data: { message: '/hit 1000' } },
  });
  const effects: Effect[] = [];
  for (let i = 0; i < 10 && !effects.some((e) => e.type === 'deathLock'); i++) {
    world.step();
    effects.push(...world.drainEffects());
  }
  const death = effects.find((e) => e.type === 'deathLock');
  if (death?.type !== 'deathLock') throw new Error('v did not die');
  return { world, lock: death.lock };
}

describe('death ids across runs', () => {
  it('a restored gravestone and a new death at the same tick number stay two deaths', async () => {
    const first = await deathIn('run1');
    expect(first.lock.id).toBe(`v:run1:${first.world.tick}`);
    const second = await deathIn('run2', [first.lock]);
    // Same seed, same inputs: the second death happens at the very same tick number.
    expect(second.world.tick).toBe(first.world.tick);
    expect(second.lock.id).not.toBe(first.lock.id);
    const graves = [...DEATHS.of(second.world).all()].map((c) => [c.id, c.grave.length]);
    expect(graves).toEqual([
      [first.lock.id, first.lock.items.length],
      [second.lock.id, second.lock.items.length],
    ]);
  });
});
