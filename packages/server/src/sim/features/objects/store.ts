/**
 * World objects: the trees, rocks and fishing spots (resources) and the bank booths, furnaces,
 * anvils, ranges, altars, ladders and fires (stations) of the world. Placed objects come from the
 * world areas (ids `<areaId>:r<i>` for an area's i-th resource placement, `<areaId>:s<i>` for its
 * i-th station); features may add objects at run time (a lit fire) and change their state (a
 * depleted tree). Lookups by id and by region.
 */
import type { Content } from '../../../content/load';

export type ObjectKind = 'resource' | 'station';

export interface WorldObject {
  readonly id: string;
  readonly kind: ObjectKind;
  /** resources.json id (kind resource) or stations.json id (kind station). */
  readonly defId: string;
  x: number;
  z: number;
  /** A depleted resource cannot be gathered until it respawns. */
  depleted: boolean;
  /** Created at run time (a fire), not placed by an area. */
  readonly dynamic: boolean;
}

const REGION = 8;
const regionKey = (x: number, z: number): number =>
  (Math.floor(x / REGION) + 0x8000) * 0x10000 + (Math.floor(z / REGION) + 0x8000);

export class ObjectStore {
  private readonly byId = new Map<string, WorldObject>();
  private readonly regions = new Map<number, WorldObject[]>();

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

  add(o: WorldObject): void {
    this.byId.set(o.id, o);
    const key = regionKey(o.x, o.z);
    const list = this.regions.get(key);
    if (list) list.push(o);
    else this.regions.set(key, [o]);
  }

  remove(o: WorldObject): void {
    if (this.byId.get(o.id) !== o) return;
    this.byId.delete(o.id);
    const list = this.regions.get(regionKey(o.x, o.z));
    if (list) list.splice(list.indexOf(o), 1);
  }

  /** Moves an object to another tile (a fishing spot that relocates). */
  move(o: WorldObject, x: number, z: number): void {
    this.remove(o);
    o.x = x;
    o.z = z;
    this.add(o);
  }

  /** Objects within `radius` tiles (Chebyshev) of (x, z), in a deterministic order. */
  near(x: number, z: number, radius: number): WorldObject[] {
    const out: WorldObject[] = [];
    for (let bx = Math.floor((x - radius) / REGION); bx <= Math.floor((x + radius) / REGION); bx++)
      for (let bz = Math.floor((z - radius) / REGION); bz <= Math.floor((z + radius) / REGION); bz++)
        for (const o of this.regions.get(regionKey(bx * REGION, bz * REGION)) ?? [])
          if (Math.abs(o.x - x) <= radius && Math.abs(o.z - z) <= radius) out.push(o);
    return out;
  }
}
