/**
 * The V8 flags the game server's process starts with. Every launcher of the project passes them
 * (`npm start`, `npm run start:server`, the container's command, the benchmarks' server process);
 * `node dist/server.mjs` without them runs the same, only with V8's default garbage collection.
 * docs/performance.md ("Garbage collection") has the measurements.
 *
 * - `--max-semi-space-size=64`: a young generation of two 64 MB halves instead of 16 MB. A tick of
 *   5,000 players allocates tens of megabytes (the events it sends, the paths it finds); with the
 *   default halves the young generation is collected about twice a tick.
 * - `--no-allocation-site-pretenuring`: V8 otherwise learns that what a tick allocates at some
 *   places survives a young collection (the tick's events live until they are encoded) and
 *   allocates it straight into the old generation, which then fills with each tick's garbage and is
 *   collected (marked and compacted) about every 45 ticks, slowing the ticks it overlaps.
 * - `--expose-gc`: the world's host collects the young generation between ticks, after the tick's
 *   frames are sent (`collectYoungGarbage`, world/young-garbage.ts), so none pauses a step.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--max-semi-space-size=64',
  '--no-allocation-site-pretenuring',
  '--expose-gc',
];

/** The flags of SERVER_NODE_FLAGS this process was not started with (`process.execArgv`). */
export function missingServerNodeFlags(execArgv: readonly string[] = process.execArgv): string[] {
  return SERVER_NODE_FLAGS.filter((f) => !execArgv.includes(f));
}
