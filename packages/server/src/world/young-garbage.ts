/**
 * Collects the young generation now, between ticks, when the process exposes `gc` (the game
 * server starts with `--expose-gc`, packages/server/src/app/node-flags.ts): the tick's events are
 * delivered and dead, so little survives and the collection is short (about 5 ms with 5,000
 * players), and the next step starts with an empty young generation that its allocations do not
 * fill, so no young collection pauses a step (docs/performance.md, "Garbage collection"). A no-op
 * without the flag (tests, `node dist/server.mjs` alone).
 */
export function collectYoungGarbage(): void {
  const gc = (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc;
  if (typeof gc === 'function') gc({ type: 'minor' });
}
