import {
  type EntityChange,
  type EntityMove,
  type EntityReturn,
  type EntitySnapshot,
  type ServerPayload,
} from '@tilerealm/protocol';
import type { Player } from '../../core/player';
import type { Feature } from '../../core/registry';
import type { World } from '../../core/world';
import { groundDelta, warmGroundView } from '../ground-items/view';
import { resync, selfPosition } from '../session/session';
import { GROUND_ITEMS } from '../ground-items/state';
import { LOOKS, lookChange } from './look';
import { appearanceAt, fillPositions, returnEntry, snapshotOf } from './entries';
import { AT_STRIDE, AT_VERSION, CHANGED, MOVED } from './layout';
import { NOT_KEPT } from './departed';
import { CLIENT_VIEW, ENTITY_CACHE, entityCache, type EntityCache } from './state';
import { recordEnd, Scanner, SHORT_OF_ROOM } from './scan';
import { forget, growSet, scanArrays, trackViewers, VIEW_SETS, type ViewSets } from './view-sets';
import { VIEW_CHANNEL, viewChannelFor } from './scan-channel';

export { LEAVE_MARGIN, MIN_VIEW } from './scan';

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
    r.worldSlot(VIEW_SETS);
    r.worldSlot(VIEW_CHANNEL);
    // Every entity's position, move entry and look change, in one flat array, before the views are built.
    r.phase('sync', (world) => {
      fillPositions(world, entityCache(ENTITY_CACHE.of(world), world.byIdx.length), LOOKS.of(world));
    });
    // Views are scanned (scan.ts) and their updates built in the order of handles: each player's
    // slot states are read through the world's columns by handle (core/slots.ts), front to back in
    // this order. When the host gave the world a worker thread (scan-channel.ts), it scans them
    // while this thread builds the updates of the views scanned so far; the updates are the same.
    r.phase('sync', (world) => {
      const sets = VIEW_SETS.of(world);
      trackViewers(world, sets);
      const channel = viewChannelFor(world);
      let from = 0;
      if (channel !== undefined) {
        from = channel.run(world, sets, ENTITY_CACHE.of(world), (out, o, end) =>
          buildUpdates(world, out, o, end),
        );
        if (from < 0) return;
        // The thread failed: the views it may have left half done start afresh.
        for (let i = from; i < world.byIdx.length; i++) {
          const p = world.byIdx[i];
          if (p?.kind === 'player' && sets.viewers[i] === 1)
            world.isolate(p, () => resync(world, p, undefined));
        }
      }
      scanHere(world, sets, from);
    });
    // Every view has read this tick's ground changes.
    r.phase('sync', (world) => GROUND_ITEMS.of(world).clearChanges());
  },
};

/** This thread's scanner, and the records of a chunk of views (grown when short). */
const scanner = new Scanner();
let records = new Int32Array(16_384);

/** Scans the views from handle `from` on this thread, a chunk at a time, and builds their updates. */
function scanHere(world: World, sets: ViewSets, from: number): void {
  const cache = ENTITY_CACHE.of(world);
  const maxRadius = world.settings.viewDistance;
  const crowd = world.settings.viewCrowd;
  const handles = world.byIdx.length;
  let arrays = scanArrays(sets, cache.at, cache.cells, cache.starts);
  for (let start = from; start < handles; start += WARM_CHUNK) {
    const end = Math.min(start + WARM_CHUNK, handles);
    let o = 0;
    for (let v = start; v < end; v++) {
      if (sets.viewers[v] !== 1) continue;
      for (;;) {
        const next = scanner.scan(arrays, v, maxRadius, crowd, records, o);
        if (next >= 0) {
          o = next;
          break;
        }
        if (next === SHORT_OF_ROOM) {
          growSet(sets, v, scanner.needed);
          arrays = scanArrays(sets, cache.at, cache.cells, cache.starts);
        } else {
          const grown = new Int32Array(records.length * 2);
          grown.set(records.subarray(0, o));
          records = grown;
        }
      }
    }
    buildUpdates(world, records, 0, o);
  }
}

/**
 * Builds the updates of the views whose records lie in `out` from `o` to `end` (scan.ts), a chunk
 * at a time, each chunk's state warmed first (see warmView). Each view is its player's own work: a
 * throw is that player's fault.
 */
function buildUpdates(world: World, out: Int32Array, o: number, end: number): void {
  const byIdx = world.byIdx;
  while (o < end) {
    let chunkEnd = o;
    for (let n = 0; n < WARM_CHUNK && chunkEnd < end; n++) {
      const p = byIdx[out[chunkEnd] ?? -1];
      if (p?.kind === 'player') {
        try {
          warmView(p);
        } catch {
          // Broken state: building the view below meets it again, and charges its player.
        }
      }
      chunkEnd = recordEnd(out, chunkEnd);
    }
    for (; o < chunkEnd; o = recordEnd(out, o)) {
      const p = byIdx[out[o] ?? -1];
      // Taken out of the world by a fault earlier in this phase: nothing to tell.
      if (p?.kind !== 'player') continue;
      try {
        buildUpdate(world, p, out, o);
      } catch (err) {
        world.charge(p, err);
      }
    }
  }
}

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
  warmed = (warmed + view.lastSent.x + p.path.length + p.runEnergy + warmGroundView(p)) | 0;
}

/** No change: a returning entity looks as the client last knew it. */
const SAME = Symbol('same look');

/**
 * How an entity entering the view comes back, when the client keeps it from its departed ones
 * (protocol RETURN_MEMORY; `kept`: the version of its appearance the view's departed list kept,
 * scan.ts) as the same entity with the same name and level: with its place only (SAME), or with its
 * place and a look change from the look the client kept (an entity whose worn items or activity
 * changed while away; one whose appearance changed more often than the handle's records are kept
 * comes as a snapshot). Undefined: the client does not have it, a snapshot is sent.
 */
function returnOf(cache: EntityCache, idx: number, kept: number): typeof SAME | EntityChange | undefined {
  // Filled for every entity in the world this tick (fillPositions).
  const now = cache.appearances[idx];
  if (now === undefined) return undefined;
  // The version as fillPositions laid it out beside the place (the same number as `now.version`):
  // read from that flat array, not from the record, which is a miss per returning entity.
  if (cache.at[idx * AT_STRIDE + AT_VERSION] === kept) return SAME;
  const was = appearanceAt(cache, idx, kept);
  if (was === undefined) return undefined;
  if (was.id !== now.id || was.name !== now.name || was.combatLevel !== now.combatLevel) return undefined;
  return lookChange(idx, was.look, now.look) ?? SAME;
}

/** A view's entries as it gathers them (reused from view to view; see buildUpdate). */
const enteredBuf: EntitySnapshot[] = [];
const returnedBuf: EntityReturn[] = [];
const movedBuf: EntityMove[] = [];
const leftBuf: number[] = [];
const changedBuf: EntityChange[] = [];

/** Builds and queues `p`'s `world:update` from its view's record at `o` in `out` (scan.ts), if anything changed. */
function buildUpdate(world: World, p: Player, out: Int32Array, o: number): void {
  const view = CLIENT_VIEW.of(p);
  const lastSent = view.lastSent;
  // lastSent is unset only on a player's first sync and after player:sync: the client starts afresh.
  const items = groundDelta(world, p, Number.isNaN(lastSent.x));
  // This view's entries, gathered in reused buffers and copied out at their exact length.
  let entered = 0;
  let moved = 0;
  let left = 0;
  let returned = 0;
  let changed = 0;
  const byIdx = world.byIdx;
  // Filled for this tick by the phase's first hook (fillPositions).
  const cache = ENTITY_CACHE.of(world);
  const moves = cache.moves;
  const changes = cache.changes;
  const entriesEnd = o + 2 + (out[o + 1] ?? 0);
  let lost = false;
  for (let e = o + 2; e < entriesEnd; e++) {
    const entry = out[e] ?? 0;
    const idx = entry >> 2;
    const code = entry & 3;
    if (code === 0) {
      const kept = out[++e] ?? NOT_KEPT;
      const ent = byIdx[idx];
      if (ent === undefined) {
        // Taken out of the world since the places were laid out (a fault charged earlier in this
        // phase): it does not enter, and from the next tick its handle is out of every view's reach.
        // Were it among the departed ones, the scan took it out of the list while the client keeps
        // it: the lists would differ, so the client starts afresh instead.
        if (kept !== NOT_KEPT) lost = true;
        forget(world, p, idx);
        continue;
      }
      // By handle: a return entry already built this tick is shared without reading the entity.
      const back = kept >= 0 ? returnOf(cache, idx, kept) : undefined;
      if (back === undefined) enteredBuf[entered++] = snapshotOf(world, cache, ent);
      else {
        returnedBuf[returned++] = returnEntry(world, cache, idx, ent);
        if (back !== SAME) changedBuf[changed++] = back;
      }
    } else {
      // Known and in reach: what changed is read from this tick's shared entries (fillPositions).
      // Compared with undefined, not tested for truth: a truth test reads the entry's own memory, a
      // miss per entry for thousands of entries a tick.
      const move = code & MOVED ? moves[idx] : undefined;
      if (move !== undefined) movedBuf[moved++] = move;
      const change = code & CHANGED ? changes[idx] : undefined;
      if (change !== undefined) changedBuf[changed++] = change;
    }
  }
  const leftEnd = entriesEnd + 1 + (out[entriesEnd] ?? 0);
  for (let e = entriesEnd + 1; e < leftEnd; e++) leftBuf[left++] = out[e] ?? 0;
  if (lost) {
    resync(world, p, undefined);
    return;
  }
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
  world.send(p, 'world:update', update);
}
