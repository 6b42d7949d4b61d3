/** Nearest-rank percentile of an ascending array (q in 0..1). */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[idx] ?? 0;
}

/** Mean and p99 (nearest rank) over players of a per-player rate, rounded to whole units. */
export function perPlayerRates(values: readonly number[]): { mean: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { mean: Math.round(mean), p99: Math.round(percentile(sorted, 0.99)) };
}

/**
 * Memory per player above the base: (RSS with players − RSS before any joined) / players. RSS
 * includes garbage not yet collected, so it is an upper bound of what the players hold. Null when
 * RSS fell during the run (the base held garbage since collected): no figure can be drawn.
 */
export function rssPerPlayer(
  baseBytes: number,
  withPlayersBytes: number,
  players: number,
): { rssBaseMB: number; rssMB: number; rssPerPlayerKB: number | null } {
  const grown = withPlayersBytes - baseBytes;
  return {
    rssBaseMB: Math.round(baseBytes / 1024 / 1024),
    rssMB: Math.round(withPlayersBytes / 1024 / 1024),
    rssPerPlayerKB: grown < 0 ? null : Math.round(grown / 1024 / Math.max(1, players)),
  };
}

/** The per-player RSS figure as printed. */
export function perPlayerKB(kb: number | null): string {
  return kb === null ? 'not measurable (RSS fell during the run)' : `${kb} KB per player`;
}

/**
 * Resolves `tickMs` after `started` (performance.now()): a benchmark's ticks paced as the server's
 * loop paces them, with the process idle in between, instead of back to back.
 */
export function untilTickEnds(started: number, tickMs = 600): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, started + tickMs - performance.now())));
}
