import type { World } from './world';

/**
 * A feature's own state kept beside a world (not on it), created by `init` the first time the
 * feature asks for it: `const castsOf = worldState(() => new Map<string, Cast>())`. The state goes
 * away with its world; two worlds (tests, replays) never share it.
 */
export function worldState<T>(init: (world: World) => T): (world: World) => T {
  const byWorld = new WeakMap<World, T>();
  return (world) => {
    let state = byWorld.get(world);
    if (state === undefined) {
      state = init(world);
      byWorld.set(world, state);
    }
    return state;
  };
}
