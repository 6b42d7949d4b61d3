import { roofsShown } from '../../settings';
import * as THREE from 'three';
import type { Content } from '../../content';
import type { GameStore } from '../store';
import type { Ground, Pickables } from './entities';
import { footprintRect, rectCentre, type ModelBounds } from './logic';
import { colourOf, ModelLibrary, type FallbackShape } from './models';
import { inRect, rockColour, rotationOf, treeColour } from './object-looks';
import { RoofFader } from './roofs';

interface ObjectVisual {
  id: string;
  kind: 'resource' | 'station' | 'building';
  defId: string;
  rotation: number;
  placed: { x: number; z: number } | undefined;
  x: number;
  z: number;
  depleted: boolean;
  root: THREE.Group;
  body: THREE.Group;
  hitbox: THREE.Mesh | undefined;
  rect: { minX: number; minZ: number; maxX: number; maxZ: number };
  /** Which model the body shows (so a late load for an old state is ignored). */
  showing: string;
  removed: boolean;
  /** How a building is drawn now (see updateRoofs); undefined when its body changed since. */
  roof: RoofMode | undefined;
}

/** A building drawn whole, see-through (the player can see and click inside), or not at all. */
export type RoofMode = 'solid' | 'see-through' | 'hidden';

interface SmallVisual {
  mesh: THREE.Object3D;
  hitbox: THREE.Mesh;
  key: string;
}

/**
 * The static world (area placements: trees, rocks, fishing spots, stations, buildings) with the
 * state the server reports for it (object:update: depleted, moved, spawned like fires), the ground
 * item piles of world:update and the own gravestones. Models load from the CDN; simple shapes stand
 * in until they do, and for good when they cannot.
 */
export class ObjectLayer {
  readonly group = new THREE.Group();
  private readonly objects = new Map<string, ObjectVisual>();
  private readonly items = new Map<string, SmallVisual>();
  private readonly graves = new Map<string, SmallVisual>();
  private readonly boxGeometry = new THREE.BoxGeometry(1, 1, 1).translate(0, 0.5, 0);
  private readonly hitMaterial = new THREE.MeshBasicMaterial({ visible: false });
  private readonly roofs = new RoofFader();
  private bounds: ModelBounds = new Map();
  private placed = false;

  constructor(
    private readonly store: GameStore,
    private readonly content: Content,
    private readonly models: ModelLibrary,
    private readonly ground: Ground,
    private readonly pickables: Pickables,
  ) {
    this.group.name = 'objects';
  }

  /** Places every area's resources, stations and buildings (once the footprints are known). */
  place(bounds: ModelBounds): void {
    if (this.placed) return;
    this.placed = true;
    this.bounds = bounds;
    for (const area of this.content.areas) {
      (area.resources ?? []).forEach((r, i) =>
        this.add(`${area.id}:r${i}`, 'resource', r.resourceId, r.x, r.z, 0, { x: r.x, z: r.z }),
      );
      (area.stations ?? []).forEach((s, i) =>
        this.add(`${area.id}:s${i}`, 'station', s.stationId, s.x, s.z, rotationOf(s), { x: s.x, z: s.z }),
      );
      (area.buildings ?? []).forEach((b, i) =>
        this.add(`${area.id}:b${i}`, 'building', b.buildingId, b.x, b.z, rotationOf(b), { x: b.x, z: b.z }),
      );
    }
    this.sync();
  }

  /** Applies the altered objects (WorldModel.objects), ground items and gravestones. */
  sync(): void {
    const altered = this.store.world.objects;
    if (this.placed) {
      for (const o of this.objects.values()) {
        if (o.kind === 'building') continue;
        const a = altered.get(o.id);
        if (o.placed) {
          this.setState(o, a?.x ?? o.placed.x, a?.z ?? o.placed.z, a?.depleted ?? false);
        } else if (!a) {
          this.removeObject(o);
        }
      }
      for (const a of altered.values()) {
        const o = this.objects.get(a.id);
        if (o) this.setState(o, a.x, a.z, a.depleted);
        else this.add(a.id, a.kind, a.defId, a.x, a.z, 0, undefined, a.depleted);
      }
    }
    this.syncItems();
    this.syncGraves();
  }

  /**
   * Roofs, as players expect: a building is hidden while the player stands inside its footprint,
   * and see-through while the pointer is over its footprint or it stands between the camera and the
   * player, so the booths and NPCs inside can be seen (and clicked: buildings are not pickable, the
   * ray goes through them) from outside.
   */
  updateRoofs(
    me: { x: number; z: number },
    hover: { x: number; z: number } | undefined,
    cameraAt: THREE.Vector3,
    lookAt: THREE.Vector3,
  ): void {
    this.roofs.look(cameraAt, lookAt);
    for (const o of this.objects.values()) {
      if (o.kind !== 'building') continue;
      let mode: RoofMode = 'solid';
      // Settings: roofs off shows inside every building.
      if (inRect(o.rect, me) || !roofsShown()) mode = 'hidden';
      else if (
        (hover && inRect(o.rect, hover)) ||
        this.roofs.blocksSight(o.rect, o.root.position.y, this.footprint('building', o.defId).height)
      )
        mode = 'see-through';
      if (mode === o.roof) continue;
      o.roof = mode;
      o.root.visible = mode !== 'hidden';
      this.roofs.apply(o.body, mode === 'see-through');
    }
  }

  /** How a building is drawn now, for browser tests. */
  roofOf(id: string): RoofMode | undefined {
    return this.objects.get(id)?.roof;
  }

  /** The world-space centre of an object's clickable shape (its hit box, else its body). */
  centreOf(id: string): THREE.Vector3 | undefined {
    const o = this.objects.get(id);
    if (!o || o.removed) return undefined;
    const box = new THREE.Box3().setFromObject(o.hitbox ?? o.body);
    return box.isEmpty() ? undefined : box.getCenter(new THREE.Vector3());
  }

  dispose(): void {
    for (const o of [...this.objects.values()]) this.removeObject(o);
    for (const [id, v] of this.items) this.removeSmall(this.items, id, v);
    for (const [id, v] of this.graves) this.removeSmall(this.graves, id, v);
    this.boxGeometry.dispose();
    this.hitMaterial.dispose();
    this.roofs.dispose();
  }

  private footprint(
    kind: ObjectVisual['kind'],
    defId: string,
  ): { width: number; depth: number; height: number } {
    if (kind === 'building') {
      const def = this.content.buildings.get(defId);
      const b = def?.model ? this.bounds.get(def.model) : undefined;
      return {
        width: def?.footprint?.width ?? 1,
        depth: def?.footprint?.depth ?? 1,
        height: (b?.height ?? 3) * (def?.modelScale ?? 1),
      };
    }
    const def = kind === 'resource' ? this.content.resources.get(defId) : this.content.stations.get(defId);
    const b = def?.model ? this.bounds.get(def.model) : undefined;
    const scale = kind === 'station' ? ((def as { modelScale?: number } | undefined)?.modelScale ?? 1) : 1;
    return { width: b?.width ?? 1, depth: b?.depth ?? 1, height: (b?.height ?? 1.5) * scale };
  }

  private add(
    id: string,
    kind: ObjectVisual['kind'],
    defId: string,
    x: number,
    z: number,
    rotation: number,
    placed: { x: number; z: number } | undefined,
    depleted = false,
  ): void {
    const root = new THREE.Group();
    root.name = `object:${id}`;
    const body = new THREE.Group();
    root.add(body);
    const fp = this.footprint(kind, defId);
    const rect = footprintRect(x, z, fp.width, fp.depth, rotation);
    const o: ObjectVisual = {
      id,
      kind,
      defId,
      rotation,
      placed,
      x,
      z,
      depleted,
      root,
      body,
      hitbox: undefined,
      rect,
      showing: '',
      removed: false,
      roof: undefined,
    };
    if (kind !== 'building') {
      // Buildings are not pickable: their floors are walkable and stations stand inside them.
      const hitbox = new THREE.Mesh(this.boxGeometry, this.hitMaterial);
      root.add(hitbox);
      o.hitbox = hitbox;
      this.pickables.set(hitbox, () => ({
        kind: 'object',
        id: o.id,
        objectKind: o.kind === 'resource' ? 'resource' : 'station',
        defId: o.defId,
        depleted: o.depleted,
        x: o.x,
        z: o.z,
      }));
    }
    this.objects.set(id, o);
    this.group.add(root);
    this.setState(o, x, z, depleted);
  }

  private setState(o: ObjectVisual, x: number, z: number, depleted: boolean): void {
    if (o.x === x && o.z === z && o.depleted === depleted && o.showing) return;
    const moved = o.x !== x || o.z !== z || !o.showing;
    o.x = x;
    o.z = z;
    const fp = this.footprint(o.kind, o.defId);
    o.rect = footprintRect(x, z, fp.width, fp.depth, o.rotation);
    if (moved) {
      const c = rectCentre(o.rect);
      const onWater = this.content.resources.get(o.defId)?.kind === 'fishing_spot';
      o.root.position.set(c.x, onWater ? this.ground.surface(x, z) + 0.02 : this.ground.at(c.x, c.z), c.z);
      o.root.rotation.y = (-o.rotation * Math.PI) / 180;
    }
    if (o.depleted === depleted && o.showing) return;
    o.depleted = depleted;
    const { model, shape, scale, colour, height } = this.look(o, fp);
    if (o.hitbox) {
      const w = o.rect.maxX - o.rect.minX + 1;
      const d = o.rect.maxZ - o.rect.minZ + 1;
      // The hitbox is in the root's rotated frame: undo the swap the rotation makes.
      const swap = o.rotation === 90 || o.rotation === 270;
      o.hitbox.scale.set(swap ? d : w, Math.max(0.4, height), swap ? w : d);
    }
    const key = `${model ?? shape}:${depleted}`;
    o.showing = key;
    o.body.clear();
    o.body.add(this.models.fallback(shape, fp.width, fp.depth, Math.max(1, height), colour));
    o.roof = undefined;
    void this.models.load(model).then((m) => {
      if (!m || o.removed || o.showing !== key) return;
      m.scale.multiplyScalar(scale);
      const size = ModelLibrary.sizeOf(m);
      const limit = Math.max(fp.width, fp.depth) * 2.5 + 2;
      if (Math.max(size.x, size.z) > limit) m.scale.multiplyScalar(limit / Math.max(size.x, size.z));
      o.body.clear();
      o.body.add(m);
      o.roof = undefined;
    });
  }

  private look(
    o: ObjectVisual,
    fp: { width: number; depth: number; height: number },
  ): {
    model: string | undefined;
    shape: FallbackShape;
    scale: number;
    colour: number | undefined;
    height: number;
  } {
    if (o.kind === 'building') {
      const def = this.content.buildings.get(o.defId);
      return {
        model: def?.model,
        shape: 'building',
        scale: def?.modelScale ?? 1,
        colour: undefined,
        height: Math.min(6, fp.height),
      };
    }
    if (o.kind === 'resource') {
      const def = this.content.resources.get(o.defId);
      const kind = def?.kind;
      if (kind === 'fishing_spot')
        return { model: def?.model, shape: 'fishing-spot', scale: 1, colour: undefined, height: 0.4 };
      if (kind === 'tree')
        return o.depleted
          ? { model: def?.depletedModel, shape: 'stump', scale: 1, colour: undefined, height: 0.5 }
          : { model: def?.model, shape: 'tree', scale: 1, colour: treeColour(o.defId), height: fp.height };
      return o.depleted
        ? { model: def?.depletedModel, shape: 'rock-depleted', scale: 1, colour: undefined, height: 0.4 }
        : {
            model: def?.model,
            shape: 'rock',
            scale: 1,
            colour: rockColour(o.defId),
            height: Math.max(0.7, fp.height),
          };
    }
    const def = this.content.stations.get(o.defId);
    return {
      model: def?.model,
      shape: o.defId === 'fire' ? 'fire' : 'station',
      scale: def?.modelScale ?? 1,
      colour: undefined,
      height: fp.height,
    };
  }

  private removeObject(o: ObjectVisual): void {
    o.removed = true;
    this.group.remove(o.root);
    if (o.hitbox) this.pickables.delete(o.hitbox);
    this.objects.delete(o.id);
  }

  private syncItems(): void {
    const items = this.store.world.groundItems;
    for (const [id, v] of this.items) if (!items.has(id)) this.removeSmall(this.items, id, v);
    const perTile = new Map<string, number>();
    for (const g of items.values()) {
      const tileKey = `${g.x},${g.z}`;
      const n = perTile.get(tileKey) ?? 0;
      perTile.set(tileKey, n + 1);
      const key = `${g.itemId}:${g.quantity}:${g.x}:${g.z}`;
      const existing = this.items.get(g.id);
      if (existing?.key === key) continue;
      if (existing) this.removeSmall(this.items, g.id, existing);
      const mesh = this.models.fallback('item', 1, 1, 1, colourOf(g.itemId));
      const ox = ((n % 3) - 1) * 0.22;
      const oz = (Math.floor(n / 3) % 3) * 0.22 - 0.22;
      mesh.position.set(g.x + ox, this.ground.surface(g.x, g.z), g.z + oz);
      const hitbox = new THREE.Mesh(this.boxGeometry, this.hitMaterial);
      hitbox.scale.set(0.5, 0.4, 0.5);
      mesh.add(hitbox);
      this.group.add(mesh);
      const snapshot = g;
      this.pickables.set(hitbox, () => ({
        kind: 'groundItem',
        id: snapshot.id,
        itemId: snapshot.itemId,
        quantity: snapshot.quantity,
        x: snapshot.x,
        z: snapshot.z,
      }));
      this.items.set(g.id, { mesh, hitbox, key });
    }
  }

  private syncGraves(): void {
    const list = this.store.last['gravestone:update']?.gravestones ?? [];
    const ids = new Set(list.map((g) => g.id));
    for (const [id, v] of this.graves) if (!ids.has(id)) this.removeSmall(this.graves, id, v);
    for (const g of list) {
      if (this.graves.has(g.id)) continue;
      const mesh = this.models.fallback('gravestone');
      mesh.position.set(g.x, this.ground.surface(g.x, g.z), g.z);
      const hitbox = new THREE.Mesh(this.boxGeometry, this.hitMaterial);
      hitbox.scale.set(0.8, 1, 0.8);
      mesh.add(hitbox);
      this.group.add(mesh);
      this.pickables.set(hitbox, () => ({ kind: 'gravestone', id: g.id, x: g.x, z: g.z }));
      this.graves.set(g.id, { mesh, hitbox, key: g.id });
    }
  }

  private removeSmall(map: Map<string, SmallVisual>, id: string, v: SmallVisual): void {
    this.group.remove(v.mesh);
    this.pickables.delete(v.hitbox);
    map.delete(id);
  }
}
