import type { StateHasher } from '../../core/hash';
import { playerSlot } from '../../core/slots';
import { DirtyRegions } from './dirty';
import { PileRegions, type Bucket } from './regions';
import { DEFAULT_LIMITS, groundItemId, handleOf, tileKey, type GroundItem, type GroundLimits } from './types';

export type { Bucket } from './regions';

/** What one player's client knows of the ground. */
export interface ViewerState {
  /** Piles the client was told about, with the version it saw (interest management, like the sync feature's client view). */
  readonly known: Map<number, number>;
  /** Where the player stood at its last sync (the view the client has); NaN: never synced. */
  scanX: number;
  scanZ: number;
}

/**
 * Each player's ground view (a player slot: read every tick for every player, and it lives and dies
 * with the Player object, so a new login starts afresh). Only what is sent: not hashed.
 */
export const GROUND_VIEWER = playerSlot('groundItems.viewer', {
  init: (): ViewerState => ({ known: new Map(), scanX: NaN, scanZ: NaN }),
});

/** What a new pile needs; the store assigns its handle and id. */
export interface NewPile {
  itemId: string;
  quantity: number;
  x: number;
  z: number;
  owner: string | null;
  publicAtTick: number;
  despawnAtTick: number;
  /** The death whose items these are (a death lock tracks them until they leave the ground). */
  deathId?: string | undefined;
}

/** A pile of a death's items that left the ground: taken by a player, or despawned/evicted (null). */
export interface CustodyExit {
  pile: GroundItem;
  takenBy: string | null;
}

/**
 * Every pile on the ground, indexed three ways: by handle (creation order, the canonical order for
 * the state hash), by tile (the per-tile cap and merging) and by 8x8 region (interest management).
 * It also runs the timers (publication and despawn, scheduled per tick), keeps the public piles in
 * the order they became public (so the world cap evicts the oldest public pile in O(1)) and logs
 * each tick's changes per region, so a viewer's sync reads only what changed near it.
 *
 * The store enforces no rule beyond "a full world evicts the oldest public pile when a pile is
 * added"; placement (merging, caps, relocation) is decided by spawn.ts, which plans before it adds.
 */
export class GroundItemStore {
  readonly limits: GroundLimits;
  private nextHandle = 1;
  private readonly piles = new Map<number, GroundItem>();
  private readonly tiles = new Map<number, GroundItem[]>();
  private readonly regionIndex = new PileRegions();
  private readonly publishAt = new Map<number, number[]>();
  private readonly despawnAt = new Map<number, number[]>();
  /** Handles in the order their piles became public; entries of removed piles are skipped lazily. */
  private publicQueue: number[] = [];
  private publicHead = 0;
  /** Piles on the ground that are in the public queue. */
  private readonly queued = new Set<number>();
  /** Regions with logged changes, to clear them cheaply. */
  private readonly changed: Bucket[] = [];
  /** Piles of deaths removed since the death feature last read them (see {@link drainCustodyExits}). */
  private custodyExits: CustodyExit[] = [];
  /** Regions whose saved piles changed (a death's piles are saved by its lock, not their region). */
  private readonly dirty = new DirtyRegions<Bucket>();

  constructor(limits: Partial<GroundLimits> = {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  /** Number of piles on the ground. */
  get size(): number {
    return this.piles.size;
  }

  /** Public piles the world cap may evict. */
  get evictable(): number {
    return this.queued.size;
  }

  get(handle: number): GroundItem | undefined {
    return this.piles.get(handle);
  }

  /** A pile by its wire id (`g123`). */
  byId(id: string): GroundItem | undefined {
    const handle = handleOf(id);
    return handle === undefined ? undefined : this.piles.get(handle);
  }

  /** Every pile, oldest first. */
  all(): IterableIterator<GroundItem> {
    return this.piles.values();
  }

  /** The piles on one tile, oldest first. */
  at(x: number, z: number): readonly GroundItem[] {
    return this.tiles.get(tileKey(x, z)) ?? [];
  }

  /**
   * Puts a new pile on the ground. When the world is at its cap the oldest public pile goes first;
   * the caller must have checked that one exists ({@link evictable}), so a missing one is a bug.
   * Returns the pile and the piles evicted for it.
   */
  add(p: NewPile, tick: number): { pile: GroundItem; evicted: GroundItem[] } {
    const evicted: GroundItem[] = [];
    while (this.piles.size >= this.limits.world) {
      const old = this.evictOldestPublic();
      if (!old) throw new Error('ground item cap reached with no public pile to evict');
      evicted.push(old);
    }
    const handle = this.nextHandle++;
    const pile: GroundItem = { handle, id: groundItemId(handle), spawnedTick: tick, version: 0, ...p };
    this.piles.set(handle, pile);
    const key = tileKey(p.x, p.z);
    const tile = this.tiles.get(key);
    if (tile) tile.push(pile);
    else this.tiles.set(key, [pile]);
    this.regionIndex.place(pile);
    this.touch(pile);
    this.markDirty(pile);
    this.scheduleTimers(pile, tick);
    return { pile, evicted };
  }

  /** Adds `quantity` to a pile (a merge) and moves its timers to the later of old and new. */
  merge(pile: GroundItem, quantity: number, publicAtTick: number, despawnAtTick: number, tick: number): void {
    pile.quantity += quantity;
    pile.publicAtTick = Math.max(pile.publicAtTick, publicAtTick);
    pile.despawnAtTick = Math.max(pile.despawnAtTick, despawnAtTick);
    pile.version++;
    this.touch(pile);
    this.markDirty(pile);
    this.scheduleTimers(pile, tick);
  }

  /** Takes a pile off the ground (picked up by `takenBy`, or despawned or evicted). */
  remove(pile: GroundItem, takenBy: string | null = null): void {
    if (this.piles.get(pile.handle) !== pile) return;
    if (pile.deathId !== undefined) this.custodyExits.push({ pile, takenBy });
    this.piles.delete(pile.handle);
    this.queued.delete(pile.handle);
    const key = tileKey(pile.x, pile.z);
    const tile = this.tiles.get(key);
    if (tile) {
      tile.splice(tile.indexOf(pile), 1);
      if (tile.length === 0) this.tiles.delete(key);
    }
    this.touch(pile);
    this.markDirty(pile);
    this.regionIndex.lift(pile);
  }

  /** `playerId`'s own items moved into or out of `pile` (a drop, a pickup): its save commits with the region. */
  noteMover(pile: GroundItem, playerId: string): void {
    this.markDirty(pile)?.add(playerId);
  }

  /** The regions whose saved piles changed since the last call, with their movers (see {@link noteMover}). */
  drainDirtyRegions(): Array<{ region: Bucket; movers: ReadonlySet<string> }> {
    return this.dirty.drain();
  }

  /** Every region holding piles now (the save on graceful shutdown). */
  occupiedRegions(): Bucket[] {
    return this.regionIndex.occupied();
  }

  private markDirty(pile: GroundItem): Set<string> | undefined {
    const b = pile.deathId === undefined ? this.regionIndex.of(pile.x, pile.z, true) : undefined;
    return b && this.dirty.mark(b);
  }

  /** Death piles removed since the last call, in removal order (the death feature updates its locks). */
  drainCustodyExits(): CustodyExit[] {
    const out = this.custodyExits;
    this.custodyExits = [];
    return out;
  }

  /** Removes the public pile that became public first (ties: created first), if any. */
  evictOldestPublic(): GroundItem | undefined {
    while (this.publicHead < this.publicQueue.length) {
      const handle = this.publicQueue[this.publicHead++] ?? 0;
      const pile = this.queued.has(handle) ? this.piles.get(handle) : undefined;
      if (pile) {
        this.remove(pile);
        this.compactQueue();
        return pile;
      }
    }
    this.compactQueue();
    return undefined;
  }

  /**
   * Runs the timers due at `tick` (once per tick, in the world phase): piles whose owner-only time
   * ended become public, then piles whose time is up are removed. Returns both lists.
   */
  advance(tick: number): { published: GroundItem[]; despawned: GroundItem[] } {
    const published: GroundItem[] = [];
    const despawned: GroundItem[] = [];
    for (const handle of take(this.publishAt, tick)) {
      const pile = this.piles.get(handle);
      if (pile && pile.publicAtTick === tick && !this.queued.has(handle)) {
        this.enqueuePublic(pile);
        this.touch(pile);
        published.push(pile);
      }
    }
    for (const handle of take(this.despawnAt, tick)) {
      const pile = this.piles.get(handle);
      if (pile && pile.despawnAtTick === tick) {
        this.remove(pile);
        despawned.push(pile);
      }
    }
    return { published, despawned };
  }

  /** Calls `fn` for every pile in the regions overlapping the square of `radius` tiles around (x, z). */
  forEachNear(x: number, z: number, radius: number, fn: (pile: GroundItem) => void): void {
    this.regionIndex.forEachIn(x - radius, z - radius, x + radius, z + radius, (b) => {
      for (const pile of b.piles) fn(pile);
    });
  }

  /**
   * Calls `fn` for every pile logged as changed since {@link clearChanges} in the regions
   * overlapping the box [x0, x1] x [z0, z1] (a pile may come more than once; removed piles too,
   * `get(handle)` tells them apart).
   */
  forEachChange(x0: number, z0: number, x1: number, z1: number, fn: (pile: GroundItem) => void): void {
    if (this.changed.length === 0) return;
    this.regionIndex.forEachIn(x0, z0, x1, z1, (b) => {
      for (const pile of b.changes) fn(pile);
    });
  }

  /** Forgets the change log: called once every viewer has synced (end of the sync phase). */
  clearChanges(): void {
    for (const b of this.changed) b.changes.length = 0;
    this.changed.length = 0;
  }

  /** Feeds the ground state into the world hash: counter, piles, public order. */
  hashInto(h: StateHasher): void {
    h.num(this.nextHandle).num(this.piles.size);
    for (const p of this.piles.values()) {
      h.num(p.handle)
        .str(p.itemId)
        .num(p.quantity)
        .num(p.x)
        .num(p.z)
        .str(p.owner ?? '');
      h.num(p.spawnedTick).num(p.publicAtTick).num(p.despawnAtTick);
    }
    for (let i = this.publicHead; i < this.publicQueue.length; i++) {
      const handle = this.publicQueue[i] ?? 0;
      if (this.queued.has(handle)) h.num(handle);
    }
  }

  private scheduleTimers(pile: GroundItem, tick: number): void {
    if (pile.publicAtTick <= tick) {
      if (!this.queued.has(pile.handle)) this.enqueuePublic(pile);
    } else {
      schedule(this.publishAt, pile.publicAtTick, pile.handle);
    }
    schedule(this.despawnAt, pile.despawnAtTick, pile.handle);
  }

  private enqueuePublic(pile: GroundItem): void {
    this.queued.add(pile.handle);
    this.publicQueue.push(pile.handle);
  }

  private compactQueue(): void {
    if (this.publicHead > 1024 && this.publicHead * 2 > this.publicQueue.length) {
      this.publicQueue = this.publicQueue.slice(this.publicHead);
      this.publicHead = 0;
    }
  }

  private touch(pile: GroundItem): void {
    const b = this.regionIndex.of(pile.x, pile.z, true);
    if (!b) return;
    if (b.changes.length === 0) this.changed.push(b);
    b.changes.push(pile);
  }

  /**
   * Finds the regions holding piles that overlap the box [x0, x1] x [z0, z1], for hot loops that
   * read their `piles` inline: returns how many, found in {@link regions} from index 0. The
   * array is reused (never shrunk, so no call allocates) and overwritten by the next call: read it
   * before asking again.
   */
  regionsIn(x0: number, z0: number, x1: number, z1: number): number {
    return this.regionIndex.regionsIn(x0, z0, x1, z1);
  }

  /** The regions the last {@link regionsIn} found (its first entries; later ones are stale). */
  get regions(): readonly Bucket[] {
    return this.regionIndex.regions;
  }

  /** Whether any pile changed since the last {@link clearChanges}. */
  get hasChanges(): boolean {
    return this.changed.length > 0;
  }

  /** The regions with changes logged since the last {@link clearChanges} (usually a handful). */
  changedRegions(): readonly Bucket[] {
    return this.changed;
  }
}

function schedule(timers: Map<number, number[]>, tick: number, handle: number): void {
  const list = timers.get(tick);
  if (list) list.push(handle);
  else timers.set(tick, [handle]);
}

function take(timers: Map<number, number[]>, tick: number): number[] {
  const list = timers.get(tick) ?? [];
  timers.delete(tick);
  return list;
}
