/**
 * The V8 flags the game server's process starts with. Every launcher of the project passes them
 * (`npm start`, `npm run start:server`, the container's command, the benchmarks' server process);
 * `node dist/server.mjs` without them runs the same, only with V8's default garbage collection.
 * docs/performance.md ("Garbage collection") has the measurements, docs/decisions/0032 the choice.
 *
 * - `--max-semi-space-size=64`: a young generation of two 64 MB halves instead of 16 MB. A tick of
 *   5,000 players allocates tens of megabytes (the events it sends, the paths it finds); with the
 *   default halves the young generation is collected about twice a tick.
 * - `--no-allocation-site-pretenuring`: V8 otherwise learns that what a tick allocates at some
 *   places survives a young collection (the tick's events live until they are encoded) and
 *   allocates it straight into the old generation, which then fills with each tick's garbage and is
 *   collected (marked and compacted) about every 45 ticks, slowing the ticks it overlaps.
 * - `--no-memory-reducer`: V8's memory reducer, which runs when the process looks idle (as a world
 *   does for most of each 600 ms), otherwise shrinks the young generation's room again, and the
 *   next ticks' allocations set off collections inside the step (5 or 6 in 100 ticks paced as the
 *   server runs them; none without it).
 * - `--expose-gc`: the world's host collects the young generation between ticks, after the tick's
 *   frames are sent (`collectYoungGarbage`, world/young-garbage.ts), so none pauses a step.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
  '--no-memory-reducer',
  '--expose-gc',
];

/** The flags of SERVER_NODE_FLAGS this process was not started with (`process.execArgv`). */
export function missingServerNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
