import {
  NOT_KEPT,
  type DepartedList,
  type EntityChange,
  type EntityMove,
  type EntityReturn,
  type EntitySnapshot,
  type ServerPayload,
} from '@tilerealm/protocol';
import type { Npc } from '../../core/npc';
import type { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { groundDelta, warmGroundView } from '../ground-items/view';
import { selfPosition } from '../session/session';
import { GROUND_ITEMS } from '../ground-items/state';
import { LOOKS, lookChange } from './look';
import { fillPositions, returnEntry, snapshotOf } from './entries';
import {
  AT_FLAGS,
  AT_STRIDE,
  CELL_FLAGS,
  CELL_IDX,
  CELL_X,
  CELL_Z,
  CHANGED,
  CLIENT_VIEW,
  ENTITY_CACHE,
  entityCache,
  MOVED,
  type Departed,
  type EntityCache,
} from './state';

/**
 * Interest management: each tick, every player gets at most one `world:update` with what changed in
 * its view (players and NPCs within its view radius): its own state, entities entering (full
 * snapshot, with their look: look.ts), returning (a short entry for an unchanged entity the client
 * keeps from its departed ones: protocol RETURN_MEMORY), moving (short move entries: protocol
 * entity-move.ts), changing their look (compact change entries) and leaving, and the ground items
 * added and removed (ground-items/view.ts).
 *
 * An entity enters a view within the view's radius and, in a view shrunk by a crowd, leaves it only
 * beyond the radius plus {@link LEAVE_MARGIN} tiles (never beyond the world's view distance, within
 * which actions on entities are allowed), so that one walking to and fro along the edge does not
 * enter (a full snapshot) and leave over and over. The radius is the world's view distance, and it shrinks in a
 * crowd, as the original game's does: by a tile a tick while the view holds more than
 * `settings.viewCrowd` entities (down to {@link MIN_VIEW}), and it grows back by a tile a tick once
 * it holds less than three quarters of that. A crowd thus costs each of its players a bounded number
 * of entities to scan and to be told about. The radius depends on the world's state alone: it is
 * deterministic, but only what is sent depends on it.
 * Nothing outside the view is ever sent.
 */
export const syncFeature: Feature = {
  name: 'sync',
  register(r) {
    r.playerSlot(CLIENT_VIEW);
    r.worldSlot(ENTITY_CACHE);
    r.worldSlot(LOOKS);
    // Every entity's position, move entry and look change, in one flat array, before the views are built.
    r.phase('sync', (world) => {
      fillPositions(world, entityCache(ENTITY_CACHE.of(world), world.byIdx.length), LOOKS.of(world));
    });
    // Views are built in the order of handles: each player's slot states are read through the
    // world's columns by handle (core/slots.ts), front to back in this order, while the positions a
    // view scans (this tick's cells) stay in the processor's cache in any order. They are built a
    // chunk at a time, each chunk's state warmed first (see warmView). Each view is its player's own
    // work: a throw is that player's fault.
    r.phase('sync', (world) => {
      const byIdx = world.byIdx;
      const handles = byIdx.length;
      for (let start = 0; start < handles; start += WARM_CHUNK) {
        const end = Math.min(start + WARM_CHUNK, handles);
        for (let i = start; i < end; i++) {
          const p = byIdx[i];
          if (p?.kind !== 'player') continue;
          try {
            warmView(p);
          } catch {
            // Broken state: building the view below meets it again, and charges its player.
          }
        }
        for (let i = start; i < end; i++) {
          const p = byIdx[i];
          if (p?.kind !== 'player') continue;
          try {
            syncPlayer(world, p);
          } catch (err) {
            world.charge(p, err);
          }
        }
      }
    });
    // Every view has read this tick's ground changes.
    r.phase('sync', (world) => GROUND_ITEMS.of(world).clearChanges());
  },
};

/**
 * Players per chunk of views (see warmView): 32 to 64 measured best at 5,000 players, 512 no
 * better than none.
 */
const WARM_CHUNK = 48;
/** Where warmView's reads go, so that the compiler keeps them. */
let warmed = 0;

/**
 * Reads the first fields of a player's view state (the player, its view, the view's lists, its
 * ground view), before its view is built. Each player's state is a chain of objects spread over the
 * heap and out of the processor's cache by the time its turn comes; building a view reads its chain
 * link by link, each miss stalling the view's work in turn. Read for a whole chunk in one tight loop,
 * the chunk's misses overlap, and its views are then built from cached state: the sync phase at
 * 5,000 players took about a tenth less (docs/performance.md). Changes nothing.
 */
function warmView(p: Player): void {
  const view = CLIENT_VIEW.of(p);
  warmed =
    (warmed +
      view.radius +
      view.lastSent.x +
      view.visible.length +
      (view.visible[0] ?? 0) +
      view.departed.size +
      p.path.length +
      p.runEnergy +
      warmGroundView(p)) |
    0;
}

/** No change: a returning entity looks as the client last knew it. */
const SAME = Symbol('same look');

/**
 * How an entity entering the view comes back, when the client keeps it from its departed ones
 * (protocol RETURN_MEMORY) as the same entity with the same name and level: with its place only
 * (SAME), or with its place and a look change from the look the client kept (an entity whose worn
 * items or activity changed while away). Undefined: the client does not have it, a snapshot is
 * sent. Either way it is no longer a departed one.
 */
function returnOf(
  cache: EntityCache,
  departed: DepartedList<Departed | undefined>,
  o: Player | Npc,
): typeof SAME | EntityChange | undefined {
  const was = departed.take(o.idx);
  if (was === NOT_KEPT || was === undefined) return undefined;
  // Filled for every entity in the world this tick (fillPositions).
  const now = cache.appearances[o.idx];
  if (was === now) return SAME;
  if (now === undefined) return undefined;
  if (was.id !== now.id || was.name !== now.name || was.combatLevel !== now.combatLevel) return undefined;
  return lookChange(o.idx, was.look, now.look) ?? SAME;
}

/**
 * Keeps what the client knew of an entity leaving its view, as the client keeps it (the oldest
 * beyond RETURN_MEMORY goes). Known only if the entity is still in the world (a player that logged
 * out is not; a dead NPC is, and may return at its respawn) and its look did not change this tick:
 * a change this tick reached the views that kept it, not this one.
 */
function remember(
  world: World,
  cache: EntityCache,
  departed: DepartedList<Departed | undefined>,
  idx: number,
): void {
  let known: Departed | undefined;
  if (world.byIdx[idx] !== undefined && !((cache.at[idx * AT_STRIDE + AT_FLAGS] ?? 0) & CHANGED))
    known = cache.appearances[idx];
  departed.keep(idx, known);
}

/** Tiles beyond a shrunk view's radius an entity the client knows stays in it (never beyond the view distance). */
export const LEAVE_MARGIN = 2;
/** The smallest radius a crowd shrinks a view to. */
export const MIN_VIEW = 4;

/**
 * Per entity handle, the mark of the last view that scanned it: twice the view's stamp where the
 * view knew it before its scan, twice plus one where the scan found it in range (see syncPlayer). The
 * view's own set is read once, in order, into the marks: the scan then tests a flat array instead of
 * a hash set per entity (5,000 hash sets do not stay in the processor's cache).
 */
let marks = new Int32Array(1024);
/** The runs of cells a view scans (core/spatial.ts rangesNear: two numbers a run, two runs a column). */
const ranges = new Int32Array(4 * 256);
let stamp = 0;
/** A view's entries as it gathers them (reused from view to view; see syncPlayer). */
const enteredBuf: EntitySnapshot[] = [];
const returnedBuf: EntityReturn[] = [];
const movedBuf: EntityMove[] = [];
const leftBuf: number[] = [];
const changedBuf: EntityChange[] = [];

function syncPlayer(world: World, p: Player): void {
  const view = CLIENT_VIEW.of(p);
  const maxRadius = world.settings.viewDistance;
  // NaN on the first sync; a lowered view distance takes effect at once.
  if (!(view.radius <= maxRadius)) view.radius = maxRadius;
  const radius = view.radius;
  // Never beyond the view distance: whatever a client knows is within reach of its actions.
  const keep = Math.min(radius + LEAVE_MARGIN, maxRadius);
  const lastSent = view.lastSent;
  // lastSent is unset only on a player's first sync and after player:sync: the client starts afresh.
  const items = groundDelta(world, p, Number.isNaN(lastSent.x));
  // This view's entries, gathered in reused buffers and copied out at their exact length.
  let entered = 0;
  let moved = 0;
  let left = 0;
  let returned = 0;
  let changed = 0;
  // One pass over the entities near the player: each in range is stamped; known ones that moved
  // are reported, unknown ones enter. Known entities left unstamped have left the view.
  if (world.byIdx.length > marks.length) {
    const grown = new Int32Array(Math.max(world.byIdx.length, marks.length * 2));
    grown.set(marks);
    marks = grown;
  }
  if (stamp === 0x3fffffff) {
    marks.fill(0);
    stamp = 0;
  }
  stamp++;
  const knownMark = stamp * 2;
  const seenMark = knownMark + 1;
  let knownInRange = 0;
  const byIdx = world.byIdx;
  // Filled for this tick by the phase's first hook (fillPositions).
  const cache = ENTITY_CACHE.of(world);
  const moves = cache.moves;
  const changes = cache.changes;
  const visible = view.visible;
  const knownBefore = visible.length;
  for (let i = 0; i < knownBefore; i++) marks[visible[i] ?? 0] = knownMark;
  const px = p.x;
  const pz = p.z;
  const self = p.idx;
  // The entities in the buckets near the player, as runs of the tick's place-ordered cells.
  const cells = cache.cells;
  const runs = world.spatial.rangesNear(px, pz, keep, cache.starts, ranges);
  for (let r = 0; r < runs; r++) {
    const end = (ranges[2 * r + 1] ?? 0) * AT_STRIDE;
    for (let base = (ranges[2 * r] ?? 0) * AT_STRIDE; base < end; base += AT_STRIDE) {
      const idx = cells[base + CELL_IDX] ?? -1;
      const dx = (cells[base + CELL_X] ?? 0) - px;
      const dz = (cells[base + CELL_Z] ?? 0) - pz;
      const d = Math.max(dx < 0 ? -dx : dx, dz < 0 ? -dz : dz);
      if (d > keep || idx === self) continue;
      if (marks[idx] === knownMark) {
        // Known and in reach: what changed is read from this tick's shared entries (fillPositions).
        marks[idx] = seenMark;
        knownInRange++;
        const flags = cells[base + CELL_FLAGS] ?? 0;
        if (flags !== 0) {
          // Compared with undefined, not tested for truth: a truth test reads the entry's own
          // memory, a miss per entry for thousands of entries a tick.
          const move = flags & MOVED ? moves[idx] : undefined;
          if (move !== undefined) movedBuf[moved++] = move;
          const change = flags & CHANGED ? changes[idx] : undefined;
          if (change !== undefined) changedBuf[changed++] = change;
        }
      } else if (d <= radius) {
        const o = byIdx[idx];
        // Taken out of the world since the places were laid out (a fault charged earlier in this
        // phase): it does not enter, and from the next tick its handle is out of every view's reach.
        if (o === undefined) continue;
        marks[idx] = seenMark;
        visible.push(idx);
        const back = view.departed.size > 0 ? returnOf(cache, view.departed, o) : undefined;
        if (back === undefined) enteredBuf[entered++] = snapshotOf(world, cache, o);
        else {
          returnedBuf[returned++] = returnEntry(world, cache, o);
          if (back !== SAME) changedBuf[changed++] = back;
        }
      }
    }
  }
  if (knownInRange < knownBefore) {
    // Known entities not stamped have left the view (kept in order). A player who logged out this
    // tick is gone (its handle is not reused before the next tick); a dead NPC is out of the spatial
    // index: neither is stamped.
    let kept = 0;
    for (let i = 0; i < visible.length; i++) {
      const idx = visible[i] ?? 0;
      if (marks[idx] === seenMark) visible[kept++] = idx;
      else {
        leftBuf[left++] = idx;
        remember(world, cache, view.departed, idx);
      }
    }
    visible.length = kept;
  }
  // A crowd shrinks the view a tile a tick; it grows back a tile a tick once the crowd thins.
  const crowd = world.settings.viewCrowd;
  if (visible.length > crowd && radius > MIN_VIEW) view.radius = radius - 1;
  else if (radius < maxRadius && visible.length * 4 < crowd * 3) view.radius = radius + 1;
  const energyPercent = Math.floor(p.runEnergy / 100);
  const moving = p.path.length > 0;
  const selfChanged =
    p.x !== lastSent.x ||
    p.z !== lastSent.z ||
    p.running !== lastSent.running ||
    moving !== lastSent.moving ||
    energyPercent !== lastSent.energyPercent;
  if (!selfChanged && !entered && !returned && !moved && !left && !changed && !items.added && !items.removed)
    return;
  const update: ServerPayload<'world:update'> = { tick: world.tick };
  if (selfChanged) {
    update.self = selfPosition(world, p);
    lastSent.x = p.x;
    lastSent.z = p.z;
    lastSent.running = p.running;
    lastSent.moving = moving;
    lastSent.energyPercent = energyPercent;
  }
  if (entered) update.entered = enteredBuf.slice(0, entered);
  if (returned) update.returned = returnedBuf.slice(0, returned);
  if (moved) update.moved = movedBuf.slice(0, moved);
  if (left) update.left = leftBuf.slice(0, left);
  if (changed) update.changed = changedBuf.slice(0, changed);
  if (items.removed) update.itemsRemoved = items.removed;
  if (items.added) update.itemsAdded = items.added;
  world.send(p.id, 'world:update', update);
}
