/**
 * Regions whose saved piles changed since the persistence phase last read them, each with the
 * players whose own items moved into or out of it (a drop, a pickup): those players' saves must
 * commit with the region (see persist.ts). Insertion order is kept, so the effects are deterministic.
 */
export class DirtyRegions<R> {
  private regions = new Map<R, Set<string>>();

  /** Marks `region` changed; returns its movers, to add the player whose items moved. */
  mark(region: R): Set<string> {
    let movers = this.regions.get(region);
    if (!movers) {
      movers = new Set();
      this.regions.set(region, movers);
    }
    return movers;
  }

  /** The changed regions with their movers, forgetting them. */
  drain(): Array<{ region: R; movers: ReadonlySet<string> }> {
    const out = [...this.regions].map(([region, movers]) => ({ region, movers }));
    this.regions = new Map();
    return out;
  }
}
