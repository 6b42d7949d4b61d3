import type { GroundItemSnapshot } from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import { groundItemId, visibleTo, type GroundItem } from './types';

/** What a viewer's client must learn about the ground this tick (each list absent when empty). */
export interface GroundDelta {
  added?: GroundItemSnapshot[];
  removed?: string[];
}

/** Beyond this many tiles between two syncs (a teleport), the view is rebuilt rather than slid. */
const MAX_SLIDE = 4;

interface Box {
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

const box = (x: number, z: number, r: number): Box => ({ x0: x - r, z0: z - r, x1: x + r, z1: z + r });
const snapshot = (g: GroundItem): GroundItemSnapshot => ({
  id: g.id,
  itemId: g.itemId,
  quantity: g.quantity,
  x: g.x,
  z: g.z,
});

/** Calls `fn` for each tile of `a` outside `b`: the strip a view gains or loses when it slides. */
function forEachTileOutside(a: Box, b: Box, fn: (x: number, z: number) => void): void {
  for (let x = a.x0; x <= a.x1; x++) {
    if (x < b.x0 || x > b.x1) {
      for (let z = a.z0; z <= a.z1; z++) fn(x, z);
    } else {
      for (let z = a.z0; z <= Math.min(a.z1, b.z0 - 1); z++) fn(x, z);
      for (let z = Math.max(a.z0, b.z1 + 1); z <= a.z1; z++) fn(x, z);
    }
  }
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
 * tick, plus, for a player who moved, the strips of tiles entering and leaving the view. Only a
 * first sync, a resync or a teleport scans the whole view.
 */
export function groundDelta(world: World, p: Player, resync: boolean): GroundDelta {
  const store = world.groundItems;
  const v = store.viewer(p);
  const r = world.settings.viewDistance;
  const out: GroundDelta = {};
  const remove = (handle: number) => {
    v.known.delete(handle);
    (out.removed ??= []).push(groundItemId(handle));
  };
  const show = (g: GroundItem) => {
    v.known.set(g.handle, g.version);
    (out.added ??= []).push(snapshot(g));
  };
  /** Brings the client's knowledge of one pile up to date. */
  const check = (g: GroundItem) => {
    const known = v.known.get(g.handle);
    const present = store.get(g.handle) === g && Math.abs(g.x - p.x) <= r && Math.abs(g.z - p.z) <= r;
    if (known === undefined) {
      if (present && visibleTo(g, p.id, world.tick)) show(g);
    } else if (!present) {
      remove(g.handle);
    } else if (known !== g.version) {
      remove(g.handle);
      show(g);
    }
  };
  if (resync) v.known.clear();
  const slide = Math.max(Math.abs(p.x - v.scanX), Math.abs(p.z - v.scanZ)); // NaN before the first sync
  if (resync || !(slide <= MAX_SLIDE)) {
    for (const handle of v.known.keys()) {
      const g = store.get(handle);
      if (g) check(g);
      else remove(handle);
    }
    store.forEachNear(p.x, p.z, r, (g) => {
      if (!v.known.has(g.handle)) check(g);
    });
  } else {
    const before = box(v.scanX, v.scanZ, r);
    const now = box(p.x, p.z, r);
    const both = {
      x0: Math.min(before.x0, now.x0),
      z0: Math.min(before.z0, now.z0),
      x1: Math.max(before.x1, now.x1),
      z1: Math.max(before.z1, now.z1),
    };
    store.forEachChange(both.x0, both.z0, both.x1, both.z1, check);
    if (slide > 0) {
      forEachTileOutside(before, now, (x, z) => {
        for (const g of store.at(x, z)) if (v.known.has(g.handle)) remove(g.handle);
      });
      forEachTileOutside(now, before, (x, z) => {
        for (const g of store.at(x, z)) if (!v.known.has(g.handle)) check(g);
      });
    }
  }
  v.scanX = p.x;
  v.scanZ = p.z;
  return out;
}
