/**
 * This tick's entries of every entity, built once and shared by every view that sends them
 * (sync.ts): positions and flags in one flat array, snapshots, move entries, look changes, and what a client
 * knows of an entity besides its place.
 */
import {
  heightStep,
  moveStep,
  type EntityLook,
  type EntityMove,
  type EntityReturn,
  type EntitySnapshot,
} from '@tilerealm/protocol';
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { World } from '../../core/world';
import type { LOOKS } from './look';
import { lookOf } from './look';
import { HISTORY, type Departed, type EntityCache } from './state';
import {
  ABSENT,
  AT_FLAGS,
  AT_STRIDE,
  AT_VERSION,
  AT_X,
  AT_Z,
  CELL_FLAGS,
  CELL_IDX,
  CELL_X,
  CELL_Z,
  CHANGED,
  MOVED,
  sharedInts,
} from './layout';

/**
 * An entity's snapshot, built once per tick and shared by every view it enters. An entity that has
 * not changed since its last snapshot (same place, look and figures) keeps it, with its JSON (the
 * protocol's codec keeps that on the value).
 */
export function snapshotOf(world: World, cache: EntityCache, o: Player | Npc): EntitySnapshot {
  const idx = o.idx;
  const built = cache.snapshots[idx];
  if (built !== undefined && cache.snapshotTick[idx] === world.tick + 1) return built;
  const look = lookOf(world, o).look;
  // Compared with what the snapshot was built from, not with the snapshot itself: snapshots come in
  // many shapes (players and NPCs, with and without worn items, activity, prayer), and reading them
  // here would make this code meet a shape it has not seen whenever play first brings one about.
  const appearance = cache.appearances[idx];
  if (
    built !== undefined &&
    appearance !== undefined &&
    cache.snapshotAppearances[idx] === appearance &&
    appearance.look === look &&
    appearance.id === o.id &&
    appearance.name === o.name &&
    appearance.combatLevel === o.combatLevel &&
    cache.snapshotX[idx] === o.x &&
    cache.snapshotZ[idx] === o.z &&
    cache.snapshotRunning[idx] === (o.running ? 1 : 0)
  ) {
    cache.snapshotTick[idx] = world.tick + 1;
    return built;
  }
  const snapshot = buildSnapshot(world, o, look);
  cache.snapshots[idx] = snapshot;
  cache.snapshotAppearances[idx] = appearance?.look === look ? appearance : undefined;
  cache.snapshotX[idx] = o.x;
  cache.snapshotZ[idx] = o.z;
  cache.snapshotRunning[idx] = o.running ? 1 : 0;
  cache.snapshotTick[idx] = world.tick + 1;
  return snapshot;
}

function buildSnapshot(world: World, o: Player | Npc, look: EntityLook): EntitySnapshot {
  // Keys in the protocol's order, look last (no spreads: this runs for thousands of entities a tick).
  const s: EntitySnapshot = { idx: o.idx, id: o.id, kind: o.kind } as EntitySnapshot;
  if (o.kind === 'npc') s.npcId = o.def.id;
  s.name = o.name;
  s.x = o.x;
  s.z = o.z;
  s.y = world.heightAt(o.x, o.z);
  s.running = o.running;
  s.combatLevel = o.combatLevel;
  if (look.worn) s.worn = look.worn;
  if (look.activity) s.activity = look.activity;
  if (look.headIcon) s.headIcon = look.headIcon;
  return s;
}

/**
 * An entity's move entry (protocol entity-move.ts), built by fillPositions for an entity that moved
 * and shared by every view that reports it: every client that knows the entity has its previous
 * position, so a step or two is sent as an offset from there.
 */
function moveEntry(world: World, cache: EntityCache, o: Player | Npc, idx: number): EntityMove {
  const px = cache.prevX[idx] ?? 0;
  const pz = cache.prevZ[idx] ?? 0;
  const step = moveStep(o.x - px, o.z - pz, o.running);
  let move: EntityMove;
  if (step === undefined) move = wholeEntry(world, o);
  else {
    const dy = heightStep(world.heightAt(px, pz), world.heightAt(o.x, o.z));
    move = dy === 0 ? [idx, step] : [idx, step, dy];
  }
  return move;
}

/**
 * Fills this tick's position of every entity (keeping the previous tick's), and, once per tick
 * before the views are built, its move entry when it moved and its look change when its look changed
 * (flags MOVED and CHANGED), so that a view's scan finds what to report in one array. A change of
 * place by any means counts as a move: a step, a teleport, a respawn.
 */
export function fillPositions(world: World, cache: EntityCache, looks: ReturnType<typeof LOOKS.of>): void {
  if (cache.positionsTick === world.tick + 1) return;
  cache.positionsTick = world.tick + 1;
  const byIdx = world.byIdx;
  const { at, prevX, prevZ } = cache;
  for (let idx = 0; idx < byIdx.length; idx++) {
    const o = byIdx[idx];
    const base = idx * AT_STRIDE;
    if (!o) {
      // No entity: out of every view's reach (a handle left in a bucket is never in range).
      at[base + AT_X] = ABSENT;
      at[base + AT_Z] = ABSENT;
      at[base + AT_FLAGS] = 0;
      continue;
    }
    const wasX = at[base + AT_X] ?? 0;
    const wasZ = at[base + AT_Z] ?? 0;
    prevX[idx] = wasX;
    prevZ[idx] = wasZ;
    at[base + AT_X] = o.x;
    at[base + AT_Z] = o.z;
    let flags = 0;
    if (o.x !== wasX || o.z !== wasZ) {
      cache.moves[idx] = moveEntry(world, cache, o, idx);
      flags |= MOVED;
    }
    try {
      const built = lookOf(world, o, looks);
      cache.changes[idx] = built.change;
      // Compared with undefined: a truth test reads the entry's shape, one shape more for each kind of change.
      if (built.change !== undefined) flags |= CHANGED;
      at[base + AT_VERSION] = keepAppearance(cache, o, built.look);
    } catch (err) {
      // A look that cannot be built is its entity's fault (core/faults.ts); every other view goes on.
      world.charge(o, err);
    }
    if (byIdx[idx] !== o) {
      // Taken out for that fault: it leaves every view that knew it, in this tick's sync.
      at[base + AT_X] = ABSENT;
      at[base + AT_Z] = ABSENT;
      flags = 0;
    }
    at[base + AT_FLAGS] = flags;
  }
  // The entities in place order, each with its position and flags beside it (state.ts `cells`);
  // the arrays grow when the index holds more handles than they do.
  let n = world.spatial.layout(cache.placed, cache.starts);
  if (n > cache.placed.length) {
    cache.placed = new Int32Array(n * 2);
    cache.cells = sharedInts(n * 2 * AT_STRIDE);
    n = world.spatial.layout(cache.placed, cache.starts);
  }
  const { placed, cells } = cache;
  for (let i = 0; i < n; i++) {
    const idx = placed[i] ?? 0;
    const from = idx * AT_STRIDE;
    const to = i * AT_STRIDE;
    cells[to + CELL_IDX] = idx;
    cells[to + CELL_X] = at[from + AT_X] ?? ABSENT;
    cells[to + CELL_Z] = at[from + AT_Z] ?? ABSENT;
    cells[to + CELL_FLAGS] = at[from + AT_FLAGS] ?? 0;
  }
}

/**
 * Keeps what a client knows of an entity besides its place (its id, name, level and look) in
 * `cache.appearances`, as one record per entity kept while none of them changes, numbered: each new
 * record of a handle (a change, or a new entity taking the handle over) takes the next version, so
 * that "unchanged since it left" is one comparison of numbers, which the views' scan keeps in the
 * departed lists (departed.ts). The handle's last {@link HISTORY} records stay in `cache.history`,
 * for an entity coming back to a view that kept an older one. Called for every entity once per tick
 * by fillPositions; returns the version.
 */
function keepAppearance(cache: EntityCache, o: Player | Npc, look: EntityLook): number {
  const idx = o.idx;
  const was = cache.appearances[idx];
  if (was && was.look === look && was.id === o.id && was.name === o.name && was.combatLevel === o.combatLevel)
    return was.version;
  const version = was === undefined ? 0 : (was.version + 1) & 0x3fffffff;
  const record = { id: o.id, name: o.name, combatLevel: o.combatLevel, look, version };
  cache.appearances[idx] = record;
  cache.history[idx * HISTORY + (version & (HISTORY - 1))] = record;
  return version;
}

/** The record of handle `idx`'s appearance `version`, if it is one of the last {@link HISTORY}. */
export function appearanceAt(cache: EntityCache, idx: number, version: number): Departed | undefined {
  const record = cache.history[idx * HISTORY + (version & (HISTORY - 1))];
  return record?.version === version ? record : undefined;
}

/** An entity's place in full, `[idx, x, z, y, running]`: a jump in `moved`, or a `returned` entry. */
export function wholeEntry(world: World, o: Player | Npc): EntityReturn {
  return [o.idx, o.x, o.z, world.heightAt(o.x, o.z), o.running ? 1 : 0];
}

/** The `returned` entry of entity `o` (handle `idx`) this tick, built once and shared by every view it returns to. */
export function returnEntry(world: World, cache: EntityCache, idx: number, o: Player | Npc): EntityReturn {
  const built = cache.returns[idx];
  // Compared with undefined, not tested for truth: a truth test reads the entry's memory.
  if (built !== undefined && cache.returnTick[idx] === world.tick + 1) return built;
  const entry = wholeEntry(world, o);
  cache.returns[idx] = entry;
  cache.returnTick[idx] = world.tick + 1;
  return entry;
}
