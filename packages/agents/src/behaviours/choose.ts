/** A resource on the map as the gathering step considers it. */
export interface Spot {
  id: string;
  x: number;
  z: number;
}

/** How much farther than the nearest free resource a resource may be and still be chosen. */
export const SPREAD_TILES = 15;
/** How many of the nearest free resources a seed chooses among. */
export const SPREAD_CHOICES = 5;
/**
 * A resource with others of its kind within {@link CLUSTER_TILES} counts as this many tiles
 * nearer for each of them: in a forest the next tree is a few steps away, while a lone tree
 * sends the agent on a long walk once it falls.
 */
export const CLUSTER_BONUS = 8;
export const CLUSTER_TILES = 25;
/** Neighbours beyond this many add no bonus: a big forest does not pull agents from a near one. */
export const CLUSTER_MAX_NEIGHBOURS = 4;

const chebyshev = (a: { x: number; z: number }, b: { x: number; z: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z));

/**
 * A 32-bit seed of an agent (FNV-1a of its id): agents that start at the same spot at the same
 * second then choose different resources, and one agent always chooses the same way.
 */
export function seedOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Which resource to gather at, a pure function: of the `spots` not `taken` (failed recently, or with
 * another player next to it), the nearest few (at most {@link SPREAD_CHOICES}, no more than
 * {@link SPREAD_TILES} farther than the nearest one; distance counted less for a resource among
 * others, see {@link CLUSTER_BONUS}) are equally good, and the agent's `seed` picks one of them, so
 * agents starting together spread over the forest instead of queueing at one tree. The choice
 * narrows with the number of `rivals` (other players in view): an agent alone takes the best spot,
 * as walking farther only loses time. A resource expected back only in `readyIn` ticks (felled, see
 * sightings.ts) counts as that far away when that is farther than the walk: the agent waits by a
 * tree about to grow back rather than walking to one farther away than the wait, and walks on when
 * the wait is longer. Undefined when every spot is taken.
 */
export function chooseSpot<T extends Spot>(
  spots: readonly T[],
  here: { x: number; z: number },
  seed: number,
  taken: (spot: T) => boolean,
  rivals = SPREAD_CHOICES - 1,
  readyIn: (spot: T) => number = () => 0,
): T | undefined {
  const free = spots
    .filter((s) => !taken(s))
    .map((s) => {
      const neighbours = spots.filter((o) => o !== s && chebyshev(o, s) <= CLUSTER_TILES).length;
      const away = Math.max(chebyshev(s, here), readyIn(s));
      return { s, d: away - CLUSTER_BONUS * Math.min(CLUSTER_MAX_NEIGHBOURS, neighbours) };
    })
    .sort((a, b) => a.d - b.d || (a.s.id < b.s.id ? -1 : a.s.id > b.s.id ? 1 : 0));
  const nearest = free[0];
  if (!nearest) return undefined;
  const near = free
    .filter((f) => f.d <= nearest.d + SPREAD_TILES)
    .slice(0, Math.min(SPREAD_CHOICES, 1 + Math.max(0, rivals)));
  return near[seed % near.length]?.s;
}

/** True when a player other than the agent stands on or next to the spot (it is being gathered). */
export function occupied(
  spot: Spot,
  others: Iterable<{ kind: string; id: string; x: number; z: number }>,
  selfId: string | undefined,
): boolean {
  for (const e of others) if (e.kind === 'player' && e.id !== selfId && chebyshev(e, spot) <= 1) return true;
  return false;
}

/** How many players other than the agent are within `tiles` of it (its rivals for resources). */
export function rivalsNear(
  here: { x: number; z: number },
  others: Iterable<{ kind: string; id: string; x: number; z: number }>,
  selfId: string | undefined,
  tiles = 15,
): number {
  let n = 0;
  for (const e of others) if (e.kind === 'player' && e.id !== selfId && chebyshev(e, here) <= tiles) n++;
  return n;
}
