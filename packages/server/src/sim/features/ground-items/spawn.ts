import type { Tile } from '../../core/types';
import type { World } from '../../core/world';
import { isValidQuantity, MAX_STACK } from '../../items/types';
import type { LedgerReason } from '../../core/ledger';
import {
  isPublic,
  OWNER_ONLY_TICKS,
  pileOwner,
  PUBLIC_TICKS,
  RELOCATE_RADIUS,
  type GroundItem,
} from './types';
import { GROUND_ITEMS } from './state';

/** A request to put items on the ground: an NPC drop, a death, a player's drop. */
export interface GroundSpawn {
  itemId: string;
  quantity: number;
  x: number;
  z: number;
  /** Who sees the pile first; null: everyone, at once. */
  owner: string | null;
  /** Ticks the pile stays owner-only: default 100 with an owner, 0 without. */
  publicAfterTicks?: number;
  /**
   * When the tile already holds the per-tile maximum of piles: `nearest` (default) puts the pile on
   * the nearest walkable tile with room (connected to this one, within 8 tiles); `fail` refuses with
   * `tile_full` (a player's own drop).
   */
  onFullTile?: 'nearest' | 'fail';
  /** The death these items come from: such piles merge only with piles of the same death. */
  deathId?: string;
}

/**
 * Why nothing was spawned: an unknown item, a quantity outside 1..2^31-1, no tile with room, or the
 * world at its pile cap with only owner-only piles (which are never evicted).
 */
export type SpawnFailure = 'unknown_item' | 'invalid_quantity' | 'tile_full' | 'ground_full';

/** A checked spawn, ready to commit in the same tick (nothing changes in between). */
export interface SpawnPlan {
  itemId: string;
  quantity: number;
  stackable: boolean;
  owner: string | null;
  publicAtTick: number;
  despawnAtTick: number;
  deathId: string | undefined;
  /** A stackable item joining an existing pile of the same owner, item and visibility. */
  mergeInto: GroundItem | undefined;
  /** Otherwise the tile of each new pile: one pile for a stackable, one per unit for the rest. */
  tiles: Tile[];
}

export type SpawnResult =
  | { ok: true; piles: GroundItem[]; merged: boolean; evicted: GroundItem[] }
  | { ok: false; reason: SpawnFailure };

/**
 * Checks a spawn against the rules without changing anything:
 * - a stackable item merges into a pile on the tile with the same item and owner that is in the
 *   same state (both owner-only or both public) when the sum stays within 2^31-1; otherwise (also
 *   on overflow) it makes a separate pile; a non-stackable item makes one pile per unit;
 * - a tile holds at most `limits.perTile` piles (see `onFullTile`);
 * - the world holds at most `limits.world` piles: the oldest public piles are evicted to make room,
 *   owner-only piles never are, so when only owner-only piles remain the spawn fails (`ground_full`).
 */
export function planGroundSpawn(
  world: World,
  spec: GroundSpawn,
): { ok: true; plan: SpawnPlan } | { ok: false; reason: SpawnFailure } {
  const store = GROUND_ITEMS.of(world);
  const def = world.itemLookup(spec.itemId);
  if (!def) return { ok: false, reason: 'unknown_item' };
  if (!isValidQuantity(spec.quantity)) return { ok: false, reason: 'invalid_quantity' };
  const publicAfter = spec.publicAfterTicks ?? (spec.owner === null ? 0 : OWNER_ONLY_TICKS);
  if (!Number.isInteger(publicAfter) || publicAfter < 0)
    throw new RangeError(`publicAfterTicks must be a non-negative integer, got ${publicAfter}`);
  const tick = world.tick;
  const publicAtTick = tick + publicAfter;
  const plan: SpawnPlan = {
    itemId: spec.itemId,
    quantity: spec.quantity,
    stackable: def.stackable,
    owner: spec.owner,
    publicAtTick,
    despawnAtTick: publicAtTick + PUBLIC_TICKS,
    deathId: spec.deathId,
    mergeInto: undefined,
    tiles: [],
  };
  const needed = def.stackable ? 1 : spec.quantity;
  // Evicting public piles makes room in the world; a merge needs none.
  const worldRoom = store.limits.world - store.size + store.evictable;
  if (!def.stackable && needed > worldRoom) return { ok: false, reason: 'ground_full' };
  for (const tile of candidateTiles(world, spec)) {
    if (def.stackable) {
      const target = store.at(tile.x, tile.z).find((p) => canMerge(p, plan, tick));
      if (target) return { ok: true, plan: { ...plan, mergeInto: target } };
      if (needed > worldRoom) continue;
    }
    const room = Math.min(store.limits.perTile - store.at(tile.x, tile.z).length, needed - plan.tiles.length);
    for (let i = 0; i < room; i++) plan.tiles.push(tile);
    if (plan.tiles.length === needed) return { ok: true, plan };
  }
  return { ok: false, reason: needed > worldRoom ? 'ground_full' : 'tile_full' };
}

/** Applies a plan made in this tick; returns the new or grown piles and any piles evicted for them. */
export function commitGroundSpawn(
  world: World,
  plan: SpawnPlan,
): { piles: GroundItem[]; merged: boolean; evicted: GroundItem[] } {
  const store = GROUND_ITEMS.of(world);
  if (plan.mergeInto) {
    store.merge(plan.mergeInto, plan.quantity, plan.publicAtTick, plan.despawnAtTick, world.tick);
    return { piles: [plan.mergeInto], merged: true, evicted: [] };
  }
  const piles: GroundItem[] = [];
  const evicted: GroundItem[] = [];
  const each = plan.stackable ? plan.quantity : 1;
  for (const tile of plan.tiles) {
    const res = store.add(
      {
        itemId: plan.itemId,
        quantity: each,
        x: tile.x,
        z: tile.z,
        owner: plan.owner,
        publicAtTick: plan.publicAtTick,
        despawnAtTick: plan.despawnAtTick,
        deathId: plan.deathId,
      },
      world.tick,
    );
    piles.push(res.pile);
    for (const old of res.evicted) {
      world.ledger.record(old.itemId, -old.quantity, 'evict', pileOwner(old));
      evicted.push(old);
    }
  }
  return { piles, merged: false, evicted };
}

/**
 * Puts items on the ground, all or nothing: the function NPC drops, deaths and other features
 * call. Owned piles are visible to their owner only for `publicAfterTicks` (default 100), then to
 * everyone for 100 more ticks, then despawn. See {@link planGroundSpawn} for merging and the caps.
 * A failure changes nothing, so the caller still holds the items and decides (e.g. keep them).
 */
export function spawnGroundItem(world: World, spec: GroundSpawn): SpawnResult {
  const planned = planGroundSpawn(world, spec);
  if (!planned.ok) return planned;
  return { ok: true, ...commitGroundSpawn(world, planned.plan) };
}

/**
 * Records items a rule created on the ground (an NPC drop, ashes, a bonus drop, a landed arrow)
 * in the ledger of each pile's owner: the whole quantity for one pile (new or merged), one unit
 * per pile for items that do not stack.
 */
export function recordSpawned(
  world: World,
  piles: readonly GroundItem[],
  itemId: string,
  quantity: number,
  reason: LedgerReason,
): void {
  if (piles.length === 1 && piles[0]) world.ledger.record(itemId, quantity, reason, pileOwner(piles[0]));
  else for (const pile of piles) world.ledger.record(itemId, pile.quantity, reason, pileOwner(pile));
}

function canMerge(p: GroundItem, plan: SpawnPlan, tick: number): boolean {
  return (
    p.itemId === plan.itemId &&
    p.owner === plan.owner &&
    p.deathId === plan.deathId &&
    isPublic(p, tick) === plan.publicAtTick <= tick &&
    p.quantity + plan.quantity <= MAX_STACK
  );
}

/**
 * The spawn tile, then (unless `onFullTile` is `fail`) the walkable tiles connected to it in rings
 * of growing Chebyshev distance, nearest first (squared distance, then x, then z): deterministic.
 */
function* candidateTiles(world: World, spec: GroundSpawn): Generator<Tile> {
  const origin = { x: spec.x, z: spec.z };
  yield origin;
  if (spec.onFullTile === 'fail') return;
  const map = world.map;
  const anchored = map.isWalkable(origin.x, origin.z);
  for (let r = 1; r <= RELOCATE_RADIUS; r++) {
    const ring: Array<Tile & { d: number }> = [];
    for (let dx = -r; dx <= r; dx++) {
      for (let dz = -r; dz <= r; dz++) {
        if (Math.max(Math.abs(dx), Math.abs(dz)) !== r) continue;
        const t = { x: origin.x + dx, z: origin.z + dz };
        if (!map.isWalkable(t.x, t.z) || (anchored && !map.connected(origin, t))) continue;
        ring.push({ ...t, d: dx * dx + dz * dz });
      }
    }
    ring.sort((a, b) => a.d - b.d || a.x - b.x || a.z - b.z);
    for (const t of ring) yield { x: t.x, z: t.z };
  }
}
