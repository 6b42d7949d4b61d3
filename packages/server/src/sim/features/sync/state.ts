/**
 * What each client was last told (features/sync): the entities in its view, its own state in the
 * last `world:update`, and the container versions and health last sent (kept by the equipment and
 * consumables features' sync hooks, reset by a full `player:sync`). And, per world, this tick's
 * entity snapshots and move tuples, built once and shared by every view. Nothing here decides what
 * happens in the world, only what is sent: none of it is hashed.
 */
import {
  type EntityChange,
  type EntityLook,
  type EntityMove,
  type EntityReturn,
  type EntitySnapshot,
} from '@tilerealm/protocol';
import { playerSlot, worldSlot } from '../../core/slots';
import { BUCKETS } from '../../core/spatial';
import { AT_STRIDE, sharedCopy, sharedInts } from './layout';

/** A client's own state as last sent in a world:update (x NaN: nothing sent yet, or a full sync asked for). */
export interface SentSelf {
  x: number;
  z: number;
  running: boolean;
  moving: boolean;
  energyPercent: number;
}

/**
 * What a player's client was last told. The entities it knows, those that left its view lately and
 * its view's radius are kept apart, in arrays a worker thread can share (view-sets.ts, departed.ts).
 */
export interface ClientView {
  /** Own state last sent in a world:update, so unchanged state is not re-sent. */
  lastSent: SentSelf;
  /** Container versions last sent (inventory:update / equipment:update). */
  sentInventoryVersion: number;
  sentEquipmentVersion: number;
  /** Health and maximum health last sent (player:sync / player:stats), so unchanged values are not re-sent. */
  sentHealth: number;
  sentMaxHealth: number;
}

/** What a client knows of an entity besides its place: one record per appearance (entries.ts keepAppearance). */
export interface Departed {
  id: string;
  name: string;
  combatLevel: number;
  /** The look object (look.ts keeps the same object while the look is unchanged). */
  look: EntityLook;
  /** The record's number among its handle's records. */
  version: number;
}

/** Appearance records kept per handle in {@link EntityCache.history} (a power of two). */
export const HISTORY = 16;

/** Nothing sent yet: the next world:update carries the player's own state and its whole view. */
export const UNSENT: Readonly<SentSelf> = {
  x: NaN,
  z: NaN,
  running: false,
  moving: false,
  energyPercent: -1,
};

/** What the player's client was last told (it enters the world knowing its health from player:sync). */
export const CLIENT_VIEW = playerSlot('sync.clientView', {
  init: (player): ClientView => ({
    lastSent: { ...UNSENT },
    sentInventoryVersion: -1,
    sentEquipmentVersion: -1,
    sentHealth: player.health,
    sentMaxHealth: player.maxHealth,
  }),
});

/**
 * This tick's entity snapshots, returns, move entries and look changes by entity handle, each built
 * at most once per tick and shared by every view, and every entity's position and flags this tick in
 * one flat array (`at`, filled with the moves and changes once per tick before the views are built),
 * so that a view's scan reads one compact array rather than every entity's object. Snapshots and
 * returns are built by the first view that needs them (`*Tick` holds the tick + 1 it was built in;
 * 0: never); a move or change entry is this tick's where the entity's flags say so.
 */
export interface EntityCache {
  snapshotTick: Int32Array;
  snapshots: Array<EntitySnapshot | undefined>;
  /**
   * What each snapshot was built from: the entity's appearance record (`appearances`, kept while its
   * id, name, level and look do not change; undefined: none to compare with), place and running.
   */
  snapshotAppearances: Array<Departed | undefined>;
  snapshotX: Int32Array;
  snapshotZ: Int32Array;
  snapshotRunning: Uint8Array;
  moves: Array<EntityMove | undefined>;
  changes: Array<EntityChange | undefined>;
  returnTick: Int32Array;
  returns: Array<EntityReturn | undefined>;
  /** Each entity's id, name, level and look as one record, kept while they do not change (entries.ts keepAppearance, every tick). */
  appearances: Array<Departed | undefined>;
  /** Each handle's last {@link HISTORY} records, for entities returning to a view that kept an older one. */
  history: Array<Departed | undefined>;
  /** Tick + 1 the positions were filled in. */
  positionsTick: number;
  /**
   * Per entity handle, this tick's `[x, z, flags, version]` (AT_* offsets, {@link AT_STRIDE} numbers
   * a handle): what a view's scan reads of every entity near it, side by side so that one memory line
   * holds it. Flags: {@link MOVED} (its move entry is in `moves`), {@link CHANGED} (its look change
   * is in `changes`); version: its appearance's (`appearances`).
   */
  at: Int32Array;
  /**
   * Each entity's position at the previous tick's updates: what every client that knows it has.
   * A move is reported against it (`moved` short steps), and a change of place by any means (a
   * step, a teleport, a respawn) counts as a move.
   */
  prevX: Int32Array;
  prevZ: Int32Array;
  /**
   * The spatial index laid out once per tick (core/spatial.ts `layout`): `placed` holds every indexed
   * handle bucket by bucket (the layout's buffer), `starts` where each bucket begins, and `cells`
   * this tick's `[handle, x, z, flags]` of each placed handle in the same order ({@link AT_STRIDE}
   * numbers each, offsets CELL_*), so that a view's scan reads the entities near it as a few runs of
   * one array.
   */
  placed: Int32Array;
  starts: Int32Array;
  cells: Int32Array;
}

export const ENTITY_CACHE = worldSlot('sync.entityCache', {
  init: (): EntityCache => ({
    snapshotTick: new Int32Array(0),
    snapshots: [],
    snapshotAppearances: [],
    snapshotX: new Int32Array(0),
    snapshotZ: new Int32Array(0),
    snapshotRunning: new Uint8Array(0),
    moves: [],
    changes: [],
    returnTick: new Int32Array(0),
    returns: [],
    appearances: [],
    history: [],
    positionsTick: 0,
    at: sharedInts(0),
    prevX: new Int32Array(0),
    prevZ: new Int32Array(0),
    placed: new Int32Array(0),
    starts: sharedInts(BUCKETS + 1),
    cells: sharedInts(0),
  }),
});

/** The cache, sized for `handles` entity handles. */
export function entityCache(cache: EntityCache, handles: number): EntityCache {
  if (handles > cache.snapshotTick.length) {
    const size = Math.max(handles, cache.snapshotTick.length * 2, 1024);
    const grow = (old: Int32Array) => {
      const next = new Int32Array(size);
      next.set(old);
      return next;
    };
    cache.snapshotTick = grow(cache.snapshotTick);
    cache.returnTick = grow(cache.returnTick);
    cache.snapshotX = grow(cache.snapshotX);
    cache.snapshotZ = grow(cache.snapshotZ);
    const running = new Uint8Array(size);
    running.set(cache.snapshotRunning);
    cache.snapshotRunning = running;
    cache.prevX = grow(cache.prevX);
    cache.prevZ = grow(cache.prevZ);
    cache.at = sharedCopy(cache.at, size * AT_STRIDE);
    while (cache.snapshots.length < size) cache.snapshots.push(undefined);
    while (cache.snapshotAppearances.length < size) cache.snapshotAppearances.push(undefined);
    while (cache.moves.length < size) cache.moves.push(undefined);
    while (cache.changes.length < size) cache.changes.push(undefined);
    while (cache.appearances.length < size) cache.appearances.push(undefined);
    while (cache.returns.length < size) cache.returns.push(undefined);
    while (cache.history.length < size * HISTORY) cache.history.push(undefined);
  }
  return cache;
}
