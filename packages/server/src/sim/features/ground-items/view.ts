import type { GroundItemSnapshot } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { GROUND_VIEWER, type ViewerState } from './store';
import { groundItemId, visibleTo, type GroundItem } from './types';
import { GROUND_ITEMS } from './state';

/**
 * What a viewer's client must learn about the ground this tick (each list undefined when empty).
 * Every delta has both fields, set in this order (see {@link emptyDelta}): one object shape, so the
 * sync code that reads thousands of them a tick never meets a new one (a shape first seen late in a
 * server's life would make the compiled sync code start over: a tick of tens of milliseconds).
 */
export interface GroundDelta {
  added: GroundItemSnapshot[] | undefined;
  removed: string[] | undefined;
}

const emptyDelta = (): GroundDelta => ({ added: undefined, removed: undefined });

/** Beyond this many tiles between two syncs (a teleport), the view is rebuilt rather than slid. */
const MAX_SLIDE = 4;

interface Box {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

/** Sets a box to the square of radius r around (x, z) (the boxes below are reused: no call allocates). */
function square(b: Box, x: number, z: number, r: number): Box {
  b.x0 = x - r;
  b.z0 = z - r;
  b.x1 = x + r;
  b.z1 = z + r;
  return b;
}
function setBox(b: Box, x0: number, z0: number, x1: number, z1: number): Box {
  b.x0 = x0;
  b.z0 = z0;
  b.x1 = x1;
  b.z1 = z1;
  return b;
}
const beforeBox: Box = { x0: 0, z0: 0, x1: 0, z1: 0 };
const nowBox: Box = { x0: 0, z0: 0, x1: 0, z1: 0 };
const stripBox: Box = { x0: 0, z0: 0, x1: 0, z1: 0 };
const snapshot = (g: GroundItem): GroundItemSnapshot => ({
  id: g.id,
  itemId: g.itemId,
  quantity: g.quantity,
  x: g.x,
  z: g.z,
});

/** Side of the store's regions (ground-items/store.ts). */
const REGION = 8;

/** Nothing to tell (not frozen: a frozen object has a shape of its own; read-only by type). */
const NOTHING: Readonly<GroundDelta> = emptyDelta();

const inside = (g: GroundItem, b: Box): boolean => g.x >= b.x0 && g.x <= b.x1 && g.z >= b.z0 && g.z <= b.z1;

/** Forgets a pile the client knew (it is told to remove it). */
function remove(v: ViewerState, out: GroundDelta, handle: number): void {
  v.known.delete(handle);
  (out.removed ??= []).push(groundItemId(handle));
}

/** Tells the client about a pile. */
function show(v: ViewerState, out: GroundDelta, g: GroundItem): void {
  v.known.set(g.handle, g.version);
  (out.added ??= []).push(snapshot(g));
}

/** Brings the client's knowledge of one pile up to date. */
function check(world: World, p: Player, v: ViewerState, out: GroundDelta, g: GroundItem): void {
  const r = world.settings.viewDistance;
  const known = v.known.get(g.handle);
  const present =
    GROUND_ITEMS.of(world).get(g.handle) === g && Math.abs(g.x - p.x) <= r && Math.abs(g.z - p.z) <= r;
  if (known === undefined) {
    if (present && visibleTo(g, p.id, world.tick)) show(v, out, g);
  } else if (!present) {
    remove(v, out, g.handle);
  } else if (known !== g.version) {
    remove(v, out, g.handle);
    show(v, out, g);
  }
}

/** Checks the piles in `strip` (part of the view the player slid into) that were not in `before`. */
function enter(world: World, p: Player, v: ViewerState, out: GroundDelta, before: Box, strip: Box): void {
  const store = GROUND_ITEMS.of(world);
  const found = store.regionsIn(strip.x0, strip.z0, strip.x1, strip.z1);
  const regions = store.regions;
  for (let i = 0; i < found; i++) {
    const region = regions[i];
    if (!region) continue;
    for (const g of region.piles)
      if (inside(g, strip) && !inside(g, before) && !v.known.has(g.handle)) check(world, p, v, out, g);
  }
}

/**
 * Reads the fields of a player's ground view that {@link groundDelta} reads first, for the sync
 * feature's warming of a chunk of views before it builds them (sync.ts warmView): a number to keep
 * the reads. Changes nothing.
 */
export function warmGroundView(p: Player): number {
  const v = GROUND_VIEWER.of(p);
  return v.scanX + v.known.size;
}

/**
 * Interest management of ground items for one player, called by the sync feature once per tick.
 * Piles within view distance that the player may see are `added` when they come into view or
 * become visible (a public pile); piles the client knows are `removed` when they leave view, are
 * picked up, despawn or are evicted; a known pile whose quantity changed is sent as removed and
 * added (the client applies removals first). `resync` (after a player:sync) forgets what the
 * client knew, so everything in view is sent again.
 *
 * The cost follows what changed, not what lies in view: the store's per-region change log of this
 * tick, plus, for a player who moved, the piles it knows and the regions of its view. Only a first
 * sync, a resync or a teleport scans the whole view. It runs for every player every tick, so it
 * creates no closures and returns a shared empty delta when there is nothing to say.
 */
export function groundDelta(world: World, p: Player, resync: boolean): Readonly<GroundDelta> {
  const store = GROUND_ITEMS.of(world);
  const v = GROUND_VIEWER.of(p);
  if (resync) v.known.clear();
  const slide = Math.max(Math.abs(p.x - v.scanX), Math.abs(p.z - v.scanZ)); // NaN before the first sync
  const before = square(beforeBox, v.scanX, v.scanZ, world.settings.viewDistance);
  v.scanX = p.x;
  v.scanZ = p.z;
  // Nothing on the ground and nothing known: nothing to tell (the common case away from drops).
  if (store.size === 0 && v.known.size === 0) return NOTHING;
  if (!resync && slide === 0 && !store.hasChanges) return NOTHING;
  const r = world.settings.viewDistance;
  // A delta left over by a viewer whose sync threw belongs to no one.
  if (pending.added || pending.removed) pending = emptyDelta();
  const out = pending;
  const now = square(nowBox, p.x, p.z, r);
  if (resync || !(slide <= MAX_SLIDE)) {
    for (const handle of v.known.keys()) {
      const g = store.get(handle);
      if (g) check(world, p, v, out, g);
      else remove(v, out, handle);
    }
    const found = store.regionsIn(now.x0, now.z0, now.x1, now.z1);
    const regions = store.regions;
    for (let i = 0; i < found; i++) {
      const region = regions[i];
      if (!region) continue;
      for (const g of region.piles) if (!v.known.has(g.handle)) check(world, p, v, out, g);
    }
    return taken();
  }
  if (store.hasChanges) {
    // The regions that changed this tick are few: test each against the old and new view.
    const x0 = Math.floor(Math.min(before.x0, now.x0) / REGION);
    const z0 = Math.floor(Math.min(before.z0, now.z0) / REGION);
    const x1 = Math.floor(Math.max(before.x1, now.x1) / REGION);
    const z1 = Math.floor(Math.max(before.z1, now.z1) / REGION);
    for (const region of store.changedRegions()) {
      if (region.bx < x0 || region.bx > x1 || region.bz < z0 || region.bz > z1) continue;
      for (let i = 0; i < region.changes.length; i++) {
        const g = region.changes[i];
        if (g) check(world, p, v, out, g);
      }
    }
  }
  if (slide > 0) {
    // Piles the client knows that the slide left behind; then piles of the view's regions that lie
    // in the strip it slid into (region lookups, not one per tile).
    for (const handle of v.known.keys()) {
      const g = store.get(handle);
      if (g && !inside(g, now)) remove(v, out, handle);
    }
    // The strip entered is at most two rectangles: the columns and the rows the view gained.
    const right = p.x > before.x0 + r;
    const colsX0 = right ? before.x1 + 1 : now.x0;
    const colsX1 = right ? now.x1 : before.x0 - 1;
    const down = p.z > before.z0 + r;
    const rowsZ0 = down ? before.z1 + 1 : now.z0;
    const rowsZ1 = down ? now.z1 : before.z0 - 1;
    if (colsX0 <= colsX1) enter(world, p, v, out, before, setBox(stripBox, colsX0, now.z0, colsX1, now.z1));
    if (rowsZ0 <= rowsZ1) enter(world, p, v, out, before, setBox(stripBox, now.x0, rowsZ0, now.x1, rowsZ1));
  }
  return taken();
}

/** The delta being gathered for the current viewer (a fresh object only once something was added to it). */
let pending: GroundDelta = emptyDelta();

/** The gathered delta, or the shared empty one when nothing was gathered. */
function taken(): Readonly<GroundDelta> {
  if (!pending.added && !pending.removed) return NOTHING;
  const out = pending;
  pending = emptyDelta();
  return out;
}
