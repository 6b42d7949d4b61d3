import { REGION, regionKeyOf, type WorldObject } from './types';

/** The altered objects of one region and those of its objects that changed since the last sync. */
export interface ObjectRegion {
  /** Region coordinates: it covers tiles [rx * 8, rx * 8 + 7] x [rz * 8, rz * 8 + 7]. */
  readonly rx: number;
  readonly rz: number;
  /** Objects lying here whose state differs from the placement (see isAltered). */
  readonly altered: Set<WorldObject>;
  /** Objects here (or that left here) changed since the last {@link AlteredIndex.clearChanges}. */
  readonly changes: WorldObject[];
}

/**
 * What interest management reads: the objects whose state differs from the placements, by 8x8
 * region, and a per-region log of the objects that changed since the last sync. Viewers only ever
 * look at the few regions around them, and only at altered objects (the client knows the rest from
 * the area placements).
 */
export class AlteredIndex {
  /**
   * Regions by wrapped coordinates (256 x 256 slots, like the spatial index), so a lookup is one
   * array read; a region whose slot is held by another (2,048 tiles apart) goes to `overflow`.
   */
  private readonly slots = new Array<ObjectRegion | undefined>(65_536).fill(undefined);
  private readonly overflow = new Map<number, ObjectRegion>();
  private size = 0;
  private readonly changed: ObjectRegion[] = [];
  private readonly scratch: ObjectRegion[] = [];
  private total = 0;

  /** Number of altered objects in the world. */
  get count(): number {
    return this.total;
  }

  /** Records `o` as altered at its current tile (add) or no longer (remove). */
  set(o: WorldObject, altered: boolean): void {
    const r = this.regionOf(o.x, o.z);
    if (altered) {
      if (!r.altered.has(o)) this.total++;
      r.altered.add(o);
    } else if (r.altered.delete(o)) {
      this.total--;
    }
  }

  /** Logs a change of `o` in the region of (x, z) (its tile before or after the change). */
  log(o: WorldObject, x: number, z: number): void {
    const r = this.regionOf(x, z);
    if (r.changes.length === 0) this.changed.push(r);
    r.changes.push(o);
  }

  /**
   * The regions overlapping the box [x0, x1] x [z0, z1] that hold altered objects, for hot loops
   * that read their `altered` inline. The array is reused by the next call: read it before asking again.
   */
  regionsIn(x0: number, z0: number, x1: number, z1: number): readonly ObjectRegion[] {
    const out = this.scratch;
    out.length = 0;
    if (this.size === 0) return out;
    const rx1 = Math.floor(x1 / REGION);
    const rz1 = Math.floor(z1 / REGION);
    for (let rx = Math.floor(x0 / REGION); rx <= rx1; rx++)
      for (let rz = Math.floor(z0 / REGION); rz <= rz1; rz++) {
        const r = this.lookup(rx, rz);
        if (r !== undefined && r.altered.size > 0) out.push(r);
      }
    return out;
  }

  /** Whether anything changed since the last {@link clearChanges}. */
  get hasChanges(): boolean {
    return this.changed.length > 0;
  }

  /** The regions with changes logged since the last {@link clearChanges} (usually a handful). */
  changedRegions(): readonly ObjectRegion[] {
    return this.changed;
  }

  /** Forgets the change log (once every viewer has read it). */
  clearChanges(): void {
    for (const r of this.changed) r.changes.length = 0;
    this.changed.length = 0;
  }

  private lookup(rx: number, rz: number): ObjectRegion | undefined {
    const r = this.slots[((rx & 0xff) << 8) | (rz & 0xff)];
    if (r !== undefined && r.rx === rx && r.rz === rz) return r;
    return this.overflow.size === 0 ? undefined : this.overflow.get(regionKeyOf(rx, rz));
  }

  private regionOf(x: number, z: number): ObjectRegion {
    const rx = Math.floor(x / REGION);
    const rz = Math.floor(z / REGION);
    let r = this.lookup(rx, rz);
    if (!r) {
      r = { rx, rz, altered: new Set(), changes: [] };
      const slot = ((rx & 0xff) << 8) | (rz & 0xff);
      if (this.slots[slot] === undefined) this.slots[slot] = r;
      else this.overflow.set(regionKeyOf(rx, rz), r);
      this.size++;
    }
    return r;
  }
}
