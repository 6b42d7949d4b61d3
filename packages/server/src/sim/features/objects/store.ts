/**
 * World objects (`OBJECTS.of(world)`): the objects placed by the world areas (ids `<areaId>:r<i>` for
 * an area's i-th resource placement, `<areaId>:s<i>` for its i-th station) and the ones made at run
 * time (`fire:<n>`). Lookups by id and by region, plus the bookkeeping the features around them
 * need: timers, the altered objects per region with a per-tick change log (interest management,
 * view.ts), and which saved chunks changed (persist.ts).
 */
import type { ServerPayload } from '@tilerealm/protocol';
import type { Content } from '../../../content/load';
import type { StateHasher } from '../../core/hash';
import { playerSlot } from '../../core/slots';
import { AlteredIndex, type ObjectRegion } from './regions';
import {
  chunkKey,
  DYNAMIC_PREFIX,
  isAltered,
  isPersisted,
  REGION,
  regionKey,
  regionKeyOf,
  type NewObject,
  type WorldObject,
} from './types';

export type { NewObject, ObjectKind, WorldObject } from './types';
export type { ObjectRegion } from './regions';

/** What one player's client knows of the objects (interest management, see view.ts). */
export interface ObjectViewer {
  /** Objects the client was told about, with the version it saw. */
  readonly known: Map<WorldObject, number>;
  /** Where the player stood at its last sync; NaN: never synced. */
  scanX: number;
  scanZ: number;
  /** What this tick's `object:update` will say so far (built in the sync phase, then sent). */
  objects: ObjectSnapshot[] | undefined;
  removed: string[] | undefined;
}

/**
 * Each player's object view (a player slot: read every tick for every player, and it lives and dies
 * with the Player object, so a new login starts afresh). Only what is sent: not hashed.
 */
export const OBJECT_VIEWER = playerSlot('objects.viewer', {
  init: (): ObjectViewer => ({
    known: new Map(),
    scanX: NaN,
    scanZ: NaN,
    objects: undefined,
    removed: undefined,
  }),
});

/** One object as `object:update` describes it. */
export type ObjectSnapshot = ServerPayload<'object:update'>['objects'][number];

/**
 * Every world object, indexed by id (creation order, the canonical order for the state hash) and
 * by 8x8 region (lookups near a tile). Features change objects only through its methods (`move`,
 * `setDepleted`, `setGathersLeft`, `schedule`, `add`, `remove`), so the altered-object index, the
 * per-tick change log and the dirty chunks stay right. A fire is taken away with
 * `expireDynamicStation` (fires.ts), which also frees its tile in the collision map.
 */
export class ObjectStore {
  private readonly byId = new Map<string, WorldObject>();
  private readonly regions = new Map<number, WorldObject[]>();
  private readonly altered = new AlteredIndex();
  private readonly timers = new Map<number, WorldObject[]>();
  /** Objects with saved state, by the chunk of their placement (a moved spot stays in its chunk). */
  private readonly persisted = new Map<string, Set<WorldObject>>();
  private readonly dirty = new Set<string>();
  private nextDynamic = 1;
  /** While set (start-up restore), changes are not marked for saving: they came from the save. */
  quiet = false;

  /** The objects placed by the world areas, in area then placement order. */
  static fromContent(content: Content): ObjectStore {
    const store = new ObjectStore();
    for (const area of content.areas.values()) {
      area.resources.forEach((r, i) =>
        store.add({
          id: `${area.id}:r${i}`,
          kind: 'resource',
          defId: r.resourceId,
          x: r.x,
          z: r.z,
          depleted: false,
          dynamic: false,
        }),
      );
      area.stations.forEach((s, i) =>
        store.add({
          id: `${area.id}:s${i}`,
          kind: 'station',
          defId: s.stationId,
          x: s.x,
          z: s.z,
          depleted: false,
          dynamic: false,
        }),
      );
    }
    return store;
  }

  get(id: string): WorldObject | undefined {
    return this.byId.get(id);
  }

  /** Every object, in the order they were added. */
  all(): IterableIterator<WorldObject> {
    return this.byId.values();
  }

  /** Number of objects whose state differs from the placements (depleted, moved, made at run time). */
  get alteredCount(): number {
    return this.altered.count;
  }

  /** Adds an object; its placement (home) is where it is added. Returns the stored object. */
  add(n: NewObject): WorldObject {
    const o: WorldObject = { ...n, homeX: n.x, homeZ: n.z, timerAt: 0, gathersLeft: 0, version: 0 };
    this.byId.set(o.id, o);
    this.listOf(o.x, o.z).push(o);
    if (isAltered(o)) {
      this.altered.set(o, true);
      this.altered.log(o, o.x, o.z);
    }
    this.persist(o, false);
    if (o.dynamic && o.id.startsWith(DYNAMIC_PREFIX)) {
      const n = Number(o.id.slice(DYNAMIC_PREFIX.length));
      if (Number.isInteger(n) && n >= this.nextDynamic) this.nextDynamic = n + 1;
    }
    return o;
  }

  /** A fresh id for an object made at run time (`fire:<n>`, never reused in this run). */
  nextDynamicId(): string {
    return `${DYNAMIC_PREFIX}${this.nextDynamic++}`;
  }

  remove(o: WorldObject): void {
    if (this.byId.get(o.id) !== o) return;
    const wasPersisted = isPersisted(o);
    this.byId.delete(o.id);
    const list = this.regions.get(regionKey(o.x, o.z));
    if (list) list.splice(list.indexOf(o), 1);
    if (isAltered(o)) this.altered.set(o, false);
    o.version++;
    this.altered.log(o, o.x, o.z);
    this.persisted.get(chunkKey(o.homeX, o.homeZ))?.delete(o);
    if (wasPersisted) this.markDirty(o);
  }

  /** Moves an object to another tile (a fishing spot that relocates). */
  move(o: WorldObject, x: number, z: number): void {
    if (o.x === x && o.z === z) return;
    this.change(o, () => {
      const list = this.regions.get(regionKey(o.x, o.z));
      if (list) list.splice(list.indexOf(o), 1);
      o.x = x;
      o.z = z;
      this.listOf(x, z).push(o);
    });
  }

  /** Depletes (true) or respawns (false) a resource. */
  setDepleted(o: WorldObject, depleted: boolean): void {
    if (o.depleted === depleted) return;
    this.change(o, () => {
      o.depleted = depleted;
    });
  }

  /** Sets the gathers left of a resource with counted depletion (saved, not shown). */
  setGathersLeft(o: WorldObject, n: number): void {
    if (o.gathersLeft === n) return;
    const was = isPersisted(o);
    o.gathersLeft = n;
    this.persist(o, was);
  }

  /** Sets the object's timer to `tick` (0: none); it comes back from {@link due} at that tick. */
  schedule(o: WorldObject, tick: number): void {
    o.timerAt = tick;
    if (tick <= 0) return;
    const list = this.timers.get(tick);
    if (list) list.push(o);
    else this.timers.set(tick, [o]);
  }

  /** The objects whose timer is due at `tick` (their timer is cleared), in the order they were set. */
  due(tick: number): WorldObject[] {
    const list = this.timers.get(tick);
    if (!list) return [];
    this.timers.delete(tick);
    const out: WorldObject[] = [];
    for (const o of list) {
      if (o.timerAt !== tick || this.byId.get(o.id) !== o) continue;
      o.timerAt = 0;
      out.push(o);
    }
    return out;
  }

  /** Objects within `radius` tiles (Chebyshev) of (x, z), in a deterministic order. */
  near(x: number, z: number, radius: number): WorldObject[] {
    const out: WorldObject[] = [];
    for (let bx = Math.floor((x - radius) / REGION); bx <= Math.floor((x + radius) / REGION); bx++)
      for (let bz = Math.floor((z - radius) / REGION); bz <= Math.floor((z + radius) / REGION); bz++)
        for (const o of this.regions.get(regionKeyOf(bx, bz)) ?? [])
          if (Math.abs(o.x - x) <= radius && Math.abs(o.z - z) <= radius) out.push(o);
    return out;
  }

  /** Objects standing on (x, z) (their placement corner), in a deterministic order. */
  at(x: number, z: number): WorldObject[] {
    return this.near(x, z, 0);
  }

  /** The regions overlapping the box [x0, x1] x [z0, z1] with their altered objects (a reused array). */
  regionsIn(x0: number, z0: number, x1: number, z1: number): readonly ObjectRegion[] {
    return this.altered.regionsIn(x0, z0, x1, z1);
  }

  /** Whether any object changed since the last {@link clearChanges}. */
  get hasChanges(): boolean {
    return this.altered.hasChanges;
  }

  /** The regions with changes logged since the last {@link clearChanges}. */
  changedRegions(): readonly ObjectRegion[] {
    return this.altered.changedRegions();
  }

  /** Forgets the change log: called once every viewer has synced (end of the objects' sync hook). */
  clearChanges(): void {
    this.altered.clearChanges();
  }

  /** Chunks whose saved state changed since the last call, in the order they changed. */
  drainDirtyChunks(): string[] {
    const out = [...this.dirty];
    this.dirty.clear();
    return out;
  }

  /** Marks every chunk holding saved state dirty (to refresh the remaining ticks of its timers). */
  markAllPersistedDirty(): void {
    for (const [key, set] of this.persisted) if (set.size > 0) this.dirty.add(key);
  }

  /** The objects with saved state whose placement lies in chunk `key` (in the order they got it). */
  persistedIn(key: string): WorldObject[] {
    const set = this.persisted.get(key);
    return set ? [...set] : [];
  }

  /** Feeds the object state into the world hash (world.hash calls it). */
  hashInto(h: StateHasher): void {
    h.num(this.nextDynamic).num(this.byId.size);
    for (const o of this.byId.values())
      h.str(o.id).num(o.x).num(o.z).bool(o.depleted).num(o.timerAt).num(o.gathersLeft);
  }

  /** Applies a visible change to `o`, keeping the indexes, the change log and the saved chunks right. */
  private change(o: WorldObject, mutate: () => void): void {
    const wasAltered = isAltered(o);
    const wasPersisted = isPersisted(o);
    const ox = o.x;
    const oz = o.z;
    if (wasAltered) this.altered.set(o, false);
    mutate();
    if (isAltered(o)) this.altered.set(o, true);
    o.version++;
    this.altered.log(o, ox, oz);
    if (ox !== o.x || oz !== o.z) this.altered.log(o, o.x, o.z);
    this.persist(o, wasPersisted);
  }

  private persist(o: WorldObject, wasPersisted: boolean): void {
    const key = chunkKey(o.homeX, o.homeZ);
    const now = isPersisted(o);
    if (now) {
      let set = this.persisted.get(key);
      if (!set) {
        set = new Set();
        this.persisted.set(key, set);
      }
      set.add(o);
    } else {
      this.persisted.get(key)?.delete(o);
    }
    if (now || wasPersisted) this.markDirty(o);
  }

  private markDirty(o: WorldObject): void {
    if (!this.quiet) this.dirty.add(chunkKey(o.homeX, o.homeZ));
  }

  private listOf(x: number, z: number): WorldObject[] {
    const key = regionKey(x, z);
    let list = this.regions.get(key);
    if (!list) {
      list = [];
      this.regions.set(key, list);
    }
    return list;
  }
}
