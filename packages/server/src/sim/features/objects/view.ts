/**
 * Interest management of world objects: each tick, in the sync phase, every player learns in one
 * `object:update` what changed among the objects within its view distance whose state differs from
 * the area placements (depleted, moved, made at run time): `objects` for those that came into view
 * or changed, `removed` for known ones that went back to their placement, vanished or left the
 * view. A first sync or a player:sync (`lastSent.x` NaN) sends everything in view again.
 *
 * The cost follows what changed, not what lies in view:
 * - each object changed this tick is checked by the players near its region only (a spatial query
 *   per changed region, pushed to those players);
 * - a player who moved a few tiles checks the objects of the strips of view it entered and left;
 * - only a first sync, a resync or a jump of more than {@link MAX_SLIDE} tiles scans the whole view.
 * A player far from every change who did not move costs a few comparisons. No closures, and no
 * allocation when there is nothing to say.
 */
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { OBJECT_VIEWER, type ObjectSnapshot, type ObjectViewer } from './store';
import { isAltered, REGION, type WorldObject } from './types';
import { OBJECTS } from './state';
import { CLIENT_VIEW } from '../sync/state';

/** Beyond this many tiles between two syncs (a teleport), the view is rebuilt rather than slid. */
export const MAX_SLIDE = 4;

/** Per object, its wire snapshot at a version: built once and shared by every viewer. */
const snapshots = new WeakMap<WorldObject, { version: number; snap: ObjectSnapshot }>();

function snapshotOf(o: WorldObject): ObjectSnapshot {
  const cached = snapshots.get(o);
  if (cached?.version === o.version) return cached.snap;
  const snap: ObjectSnapshot = {
    id: o.id,
    defId: o.defId,
    kind: o.kind,
    x: o.x,
    z: o.z,
    depleted: o.depleted,
  };
  snapshots.set(o, { version: o.version, snap });
  return snap;
}

/** Brings the client's knowledge of one object up to date (idempotent within a tick). */
function check(world: World, p: Player, v: ObjectViewer, o: WorldObject): void {
  const r = world.settings.viewDistance;
  const known = v.known.get(o);
  const present =
    OBJECTS.of(world).get(o.id) === o && isAltered(o) && Math.abs(o.x - p.x) <= r && Math.abs(o.z - p.z) <= r;
  if (present) {
    if (known === o.version) return;
    v.known.set(o, o.version);
    (v.objects ??= []).push(snapshotOf(o));
  } else if (known !== undefined) {
    v.known.delete(o);
    (v.removed ??= []).push(o.id);
  }
}

/** Checks the altered objects of the box [x0, x1] x [z0, z1]: those unknown (entering) or known (leaving). */
function scan(
  world: World,
  p: Player,
  v: ObjectViewer,
  known: boolean,
  x0: number,
  z0: number,
  x1: number,
  z1: number,
): void {
  if (x0 > x1 || z0 > z1) return;
  for (const region of OBJECTS.of(world).regionsIn(x0, z0, x1, z1))
    for (const o of region.altered)
      if (o.x >= x0 && o.x <= x1 && o.z >= z0 && o.z <= z1 && v.known.has(o) === known) check(world, p, v, o);
}

/** Pushes this tick's changes to the players near them (they may be known, or come into view). */
function pushChanges(world: World): void {
  const store = OBJECTS.of(world);
  // A player who knows an object saw it within view at its last sync and moved at most MAX_SLIDE
  // since (a longer jump rebuilds its view): this reach around a region finds every such player.
  const reach = world.settings.viewDistance + REGION + MAX_SLIDE;
  const half = REGION / 2;
  for (const region of store.changedRegions()) {
    const cx = region.rx * REGION + half;
    const cz = region.rz * REGION + half;
    const found = world.spatial.bucketsNear(cx, cz, reach);
    const near = world.spatial.near;
    for (let b = 0; b < found; b++) {
      const bucket = near[b] ?? [];
      for (let i = 0; i < bucket.length; i++) {
        const e = world.byIdx[bucket[i] ?? -1];
        if (e?.kind !== 'player') continue;
        const v = OBJECT_VIEWER.of(e);
        for (let k = 0; k < region.changes.length; k++) {
          const o = region.changes[k];
          if (o) check(world, e, v, o);
        }
      }
    }
  }
}

/** The player's own part: a rebuilt view (first sync, resync, jump) or the strips of a slide. */
function slideView(world: World, p: Player, v: ObjectViewer, resync: boolean): void {
  const r = world.settings.viewDistance;
  const bx = v.scanX;
  const bz = v.scanZ;
  v.scanX = p.x;
  v.scanZ = p.z;
  const slide = Math.max(Math.abs(p.x - bx), Math.abs(p.z - bz)); // NaN before the first sync
  if (resync) {
    // The client starts afresh: whatever this tick said so far is void.
    v.known.clear();
    v.objects = undefined;
    v.removed = undefined;
  } else if (slide === 0) {
    return;
  }
  if (OBJECTS.of(world).alteredCount === 0 && v.known.size === 0) return;
  if (resync || !(slide <= MAX_SLIDE)) {
    for (const o of v.known.keys()) check(world, p, v, o);
    scan(world, p, v, false, p.x - r, p.z - r, p.x + r, p.z + r);
    return;
  }
  // Entered: the columns and rows of the new view outside the old one.
  if (p.x > bx) scan(world, p, v, false, bx + r + 1, p.z - r, p.x + r, p.z + r);
  else if (p.x < bx) scan(world, p, v, false, p.x - r, p.z - r, bx - r - 1, p.z + r);
  if (p.z > bz) scan(world, p, v, false, p.x - r, bz + r + 1, p.x + r, p.z + r);
  else if (p.z < bz) scan(world, p, v, false, p.x - r, p.z - r, p.x + r, bz - r - 1);
  if (v.known.size === 0) return;
  // Left: the columns and rows of the old view outside the new one, for objects the client knows.
  if (p.x > bx) scan(world, p, v, true, bx - r, bz - r, Math.min(p.x - r - 1, bx + r), bz + r);
  else if (p.x < bx) scan(world, p, v, true, Math.max(p.x + r + 1, bx - r), bz - r, bx + r, bz + r);
  if (p.z > bz) scan(world, p, v, true, bx - r, bz - r, bx + r, Math.min(p.z - r - 1, bz + r));
  else if (p.z < bz) scan(world, p, v, true, bx - r, Math.max(p.z + r + 1, bz - r), bx + r, bz + r);
}

/**
 * The objects' sync hooks: changes pushed to the players near them ({@link pushObjectChanges}),
 * then each player's own view (slide or rebuild) and its `object:update` when there is something to
 * say ({@link syncObjectView}); the change log is cleared at the end (every view has read it). They
 * run before the sync feature's hook, while a first sync or a player:sync still shows as
 * `lastSent.x` NaN.
 */
export function pushObjectChanges(world: World): void {
  if (OBJECTS.of(world).hasChanges) pushChanges(world);
}

export function syncObjectView(world: World, p: Player): void {
  const v = OBJECT_VIEWER.of(p);
  slideView(world, p, v, Number.isNaN(CLIENT_VIEW.of(p).lastSent.x));
  if (!v.objects && !v.removed) return;
  world.send(p.id, 'object:update', {
    tick: world.tick,
    objects: v.objects ?? [],
    removed: v.removed ?? [],
  });
  v.objects = undefined;
  v.removed = undefined;
}
