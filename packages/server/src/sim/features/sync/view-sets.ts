/**
 * Each player's view as the views' scan keeps it (scan.ts): the handles of the entities its client
 * knows, in the order they entered, and the view's radius. They live in shared memory, per world,
 * by the player's handle, so that a worker thread can scan the views (view-thread.ts) while the
 * world's thread reads the results; only the world's thread allocates them, and never while a
 * worker scans. Nothing here decides what happens in the world, only what is sent: none of it is
 * hashed.
 */
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import { worldSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { sharedCopy, sharedInts } from './layout';
import {
  clearDeparted,
  DEPARTED_ROOM,
  DEPARTED_STRIDE,
  departedEntries,
  type DepartedArrays,
} from './departed';
import {
  HEAD_CAPACITY,
  HEAD_LENGTH,
  HEAD_OFFSET,
  HEAD_RADIUS,
  HEAD_STRIDE,
  UNSET_RADIUS,
  type ScanArrays,
} from './scan';

/** The views' sets and radii, and their departed lists (departed.ts), all by viewer handle. */
export interface ViewSets extends DepartedArrays {
  /** Per handle, the head of its view (scan.ts HEAD_*): where its set is in `pool`, its room, size and radius. */
  heads: Int32Array;
  /** The views' sets. */
  pool: Int32Array;
  /** Where the pool's free room starts. */
  top: number;
  /** Per handle, 1 where a player holds it: its view is scanned. */
  viewers: Int32Array;
  /**
   * Per handle, the entity its head was set up for: a player taking a handle over starts with an
   * empty view and an unset radius.
   */
  owners: Array<Player | Npc | undefined>;
}

/** The room a new view's set gets; it doubles when a scan finds it short. */
const FIRST_ROOM = 48;

export const VIEW_SETS = worldSlot('sync.viewSets', {
  init: (): ViewSets => ({
    heads: sharedInts(0),
    pool: sharedInts(4096),
    top: 0,
    viewers: sharedInts(0),
    owners: [],
    departedHandles: sharedInts(0),
    departedVersions: sharedInts(0),
    departedState: sharedInts(0),
  }),
});

/**
 * Brings the heads up to date with the world's handles before the views are scanned: a player that
 * took a handle over gets an empty view. Compares two arrays of references: cheap when nothing
 * changed.
 */
export function trackViewers(world: World, sets: ViewSets): void {
  const byIdx = world.byIdx;
  const n = byIdx.length;
  if (n > sets.viewers.length) {
    const size = Math.max(n, sets.viewers.length * 2, 256);
    sets.heads = sharedCopy(sets.heads, size * HEAD_STRIDE);
    sets.viewers = sharedCopy(sets.viewers, size);
    sets.departedHandles = sharedCopy(sets.departedHandles, size * DEPARTED_ROOM);
    sets.departedVersions = sharedCopy(sets.departedVersions, size * DEPARTED_ROOM);
    sets.departedState = sharedCopy(sets.departedState, size * DEPARTED_STRIDE);
  }
  const owners = sets.owners;
  for (let i = 0; i < n; i++) {
    const o = byIdx[i];
    if (owners[i] === o) continue;
    owners[i] = o;
    const player = o?.kind === 'player';
    sets.viewers[i] = player ? 1 : 0;
    if (!player) continue;
    const head = i * HEAD_STRIDE;
    sets.heads[head + HEAD_LENGTH] = 0;
    sets.heads[head + HEAD_RADIUS] = UNSET_RADIUS;
    clearDeparted(sets, i);
    if ((sets.heads[head + HEAD_CAPACITY] ?? 0) === 0) place(sets, i, FIRST_ROOM);
  }
}

/** Gives `viewer`'s set room for `needed` handles (at least twice that), keeping what it holds. */
export function growSet(sets: ViewSets, viewer: number, needed: number): void {
  const head = viewer * HEAD_STRIDE;
  const offset = sets.heads[head + HEAD_OFFSET] ?? 0;
  const held = sets.pool.slice(offset, offset + (sets.heads[head + HEAD_LENGTH] ?? 0));
  sets.heads[head + HEAD_CAPACITY] = 0;
  place(sets, viewer, Math.max(needed * 2, FIRST_ROOM));
  sets.pool.set(held, sets.heads[head + HEAD_OFFSET] ?? 0);
  sets.heads[head + HEAD_LENGTH] = held.length;
}

/**
 * {@link growSet} when the pool has the room without packing (which moves every set: not while a
 * worker scans them); false, changing nothing, when it has not.
 */
export function growSetInPlace(sets: ViewSets, viewer: number, needed: number): boolean {
  if (sets.top + Math.max(needed * 2, FIRST_ROOM) > sets.pool.length) return false;
  growSet(sets, viewer, needed);
  return true;
}

/** Places `viewer`'s set (empty) in the pool with `room` places, packing the pool when it is full. */
function place(sets: ViewSets, viewer: number, room: number): void {
  if (sets.top + room > sets.pool.length) pack(sets, room);
  const head = viewer * HEAD_STRIDE;
  sets.heads[head + HEAD_OFFSET] = sets.top;
  sets.heads[head + HEAD_CAPACITY] = room;
  sets.top += room;
}

/**
 * Copies the players' sets into a new pool, front to back (the places of handles no player holds
 * any more, and of sets that grew, are dropped), with room for `extra` more and as much again.
 */
function pack(sets: ViewSets, extra: number): void {
  const { heads, viewers } = sets;
  let live = 0;
  for (let i = 0; i < viewers.length; i++)
    if (viewers[i] === 1) live += heads[i * HEAD_STRIDE + HEAD_CAPACITY] ?? 0;
  const pool = sharedInts(Math.max(4096, 2 * (live + extra)));
  let top = 0;
  for (let i = 0; i < viewers.length; i++) {
    const head = i * HEAD_STRIDE;
    const room = heads[head + HEAD_CAPACITY] ?? 0;
    if (viewers[i] !== 1 || room === 0) {
      heads[head + HEAD_OFFSET] = 0;
      heads[head + HEAD_CAPACITY] = 0;
      heads[head + HEAD_LENGTH] = 0;
      continue;
    }
    const offset = heads[head + HEAD_OFFSET] ?? 0;
    pool.set(sets.pool.subarray(offset, offset + (heads[head + HEAD_LENGTH] ?? 0)), top);
    heads[head + HEAD_OFFSET] = top;
    top += room;
  }
  sets.pool = pool;
  sets.top = top;
}

/** What the views' scan reads of this world this tick. */
export function scanArrays(
  sets: ViewSets,
  at: Int32Array,
  cells: Int32Array,
  starts: Int32Array,
): ScanArrays {
  return {
    heads: sets.heads,
    pool: sets.pool,
    at,
    cells,
    starts,
    departedHandles: sets.departedHandles,
    departedVersions: sets.departedVersions,
    departedState: sets.departedState,
  };
}

/** Whether the view of `p` was set up for it (it had a sync since it took its handle). */
function ownView(world: World, p: Player): ViewSets | undefined {
  const sets = VIEW_SETS.of(world);
  return sets.owners[p.idx] === p ? sets : undefined;
}

/** The handles of the entities `p`'s client knows, in the order they entered its view. */
export function viewHandles(world: World, p: Player): number[] {
  const sets = ownView(world, p);
  if (sets === undefined) return [];
  const head = p.idx * HEAD_STRIDE;
  const offset = sets.heads[head + HEAD_OFFSET] ?? 0;
  return Array.from(sets.pool.subarray(offset, offset + (sets.heads[head + HEAD_LENGTH] ?? 0)));
}

/** Whether `p`'s client knows the entity of handle `idx` (it is in its view as last sent). */
export function viewKnows(world: World, p: Player, idx: number): boolean {
  const sets = ownView(world, p);
  if (sets === undefined) return false;
  const head = p.idx * HEAD_STRIDE;
  const offset = sets.heads[head + HEAD_OFFSET] ?? 0;
  const end = offset + (sets.heads[head + HEAD_LENGTH] ?? 0);
  for (let i = offset; i < end; i++) if (sets.pool[i] === idx) return true;
  return false;
}

/**
 * Takes handle `idx` out of `p`'s view (an entity the scan found entering but that a fault took out
 * of the world since), keeping the others in order.
 */
export function forget(world: World, p: Player, idx: number): void {
  const sets = ownView(world, p);
  if (sets === undefined) return;
  const head = p.idx * HEAD_STRIDE;
  const offset = sets.heads[head + HEAD_OFFSET] ?? 0;
  const length = sets.heads[head + HEAD_LENGTH] ?? 0;
  const at = sets.pool.subarray(offset, offset + length).lastIndexOf(idx);
  if (at < 0) return;
  sets.pool.copyWithin(offset + at, offset + at + 1, offset + length);
  sets.heads[head + HEAD_LENGTH] = length - 1;
}

/** Forgets what `p`'s client knows, in view and departed (a full sync: the client starts afresh). */
export function clearView(world: World, p: Player): void {
  const sets = ownView(world, p);
  if (sets === undefined) return;
  sets.heads[p.idx * HEAD_STRIDE + HEAD_LENGTH] = 0;
  clearDeparted(sets, p.idx);
}

/** The entities that left `p`'s view lately as its client keeps them (departed.ts): handles, oldest first. */
export function departedOf(world: World, p: Player): number[] {
  const sets = ownView(world, p);
  return sets === undefined ? [] : departedEntries(sets, p.idx).map(([idx]) => idx);
}

/**
 * How far the player's view reaches now, in tiles: the world's view distance, less while a crowd
 * shrinks it (sync.ts); the view distance before its first sync.
 */
export function viewRadius(world: World, p: Player): number {
  const max = world.settings.viewDistance;
  const sets = ownView(world, p);
  if (sets === undefined) return max;
  const r = sets.heads[p.idx * HEAD_STRIDE + HEAD_RADIUS] ?? UNSET_RADIUS;
  return r >= 0 && r <= max ? r : max;
}
