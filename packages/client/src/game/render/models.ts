import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

/** The simple shapes drawn while a model loads or when it cannot be loaded. */
export type FallbackShape =
  | 'tree'
  | 'stump'
  | 'rock'
  | 'rock-depleted'
  | 'fishing-spot'
  | 'station'
  | 'fire'
  | 'building'
  | 'human'
  | 'creature'
  | 'item'
  | 'gravestone';

/**
 * Models from the CDN (`<cdn>/models/<file>`), each loaded once and cloned per use (clones share
 * geometry and materials), plus the fallback shapes, built from shared geometries and materials.
 * A model that fails to load (CDN down, bad file) resolves to undefined and the caller keeps its
 * fallback: a failed model never breaks the view. `dispose` frees everything it made.
 */
export class ModelLibrary {
  private readonly loader = new GLTFLoader();
  private readonly cache = new Map<string, Promise<THREE.Object3D | undefined>>();
  private readonly loaded: THREE.Object3D[] = [];
  private readonly geometries = new Map<string, THREE.BufferGeometry>();
  private readonly materials = new Map<string, THREE.Material>();
  private disposed = false;

  constructor(private readonly cdnUrl: string) {}

  /** The model, normalised (centred on X/Z, standing on y = 0), or undefined when it cannot load. */
  load(file: string | undefined): Promise<THREE.Object3D | undefined> {
    if (!file) return Promise.resolve(undefined);
    let p = this.cache.get(file);
    if (!p) {
      p = this.loader
        .loadAsync(`${this.cdnUrl}/models/${encodeURIComponent(file)}`)
        .then((gltf) => {
          const root = gltf.scene;
          if (this.disposed) {
            disposeTree(root);
            return undefined;
          }
          const box = new THREE.Box3().setFromObject(root);
          if (!box.isEmpty()) {
            const c = box.getCenter(new THREE.Vector3());
            root.position.set(-c.x, -box.min.y, -c.z);
          }
          const holder = new THREE.Group();
          holder.add(root);
          this.loaded.push(holder);
          return holder;
        })
        .catch((err: unknown) => {
          console.warn(`model ${file} could not be loaded`, err);
          return undefined;
        });
      this.cache.set(file, p);
    }
    return p.then((m) => (m && !this.disposed ? m.clone(true) : undefined));
  }

  /** Size (x, y, z) of a loaded model at scale 1, for fitting it to a footprint. */
  static sizeOf(model: THREE.Object3D): THREE.Vector3 {
    return new THREE.Box3().setFromObject(model).getSize(new THREE.Vector3());
  }

  geometry(key: string, make: () => THREE.BufferGeometry): THREE.BufferGeometry {
    let g = this.geometries.get(key);
    if (!g) {
      g = make();
      this.geometries.set(key, g);
    }
    return g;
  }

  material(color: number | string, opts: { transparent?: boolean; opacity?: number } = {}): THREE.Material {
    const key = `${String(color)}|${opts.opacity ?? 1}`;
    let m = this.materials.get(key);
    if (!m) {
      m = new THREE.MeshLambertMaterial({
        color,
        transparent: opts.transparent ?? false,
        opacity: opts.opacity ?? 1,
      });
      this.materials.set(key, m);
    }
    return m;
  }

  /** A fallback shape sized for a footprint of `w` x `d` tiles (buildings) with `height`. */
  fallback(shape: FallbackShape, w = 1, d = 1, height = 3, color?: number): THREE.Object3D {
    const g = new THREE.Group();
    const mesh = (geo: THREE.BufferGeometry, mat: THREE.Material, y: number): THREE.Mesh => {
      const m = new THREE.Mesh(geo, mat);
      m.position.y = y;
      g.add(m);
      return m;
    };
    switch (shape) {
      case 'tree': {
        const s = Math.max(1, Math.min(w, d));
        const trunk = mesh(
          this.geometry('trunk', () => new THREE.CylinderGeometry(0.12, 0.18, 1, 6)),
          this.material(0x6b4a2b),
          0.5,
        );
        trunk.scale.set(s, s * 1.2, s);
        trunk.position.y = 0.6 * s;
        const crown = mesh(
          this.geometry('crown', () => new THREE.ConeGeometry(0.6, 1.8, 7)),
          this.material(color ?? 0x2f6b2a),
          0,
        );
        crown.scale.set(s, s, s);
        crown.position.y = 1.2 * s + 0.9 * s;
        break;
      }
      case 'stump':
        mesh(
          this.geometry('stump', () => new THREE.CylinderGeometry(0.25, 0.3, 0.35, 7)),
          this.material(0x6b4a2b),
          0.175,
        );
        break;
      case 'rock':
        mesh(
          this.geometry('rock', () => new THREE.DodecahedronGeometry(0.45)),
          this.material(color ?? 0x80796e),
          0.3,
        );
        break;
      case 'rock-depleted':
        mesh(
          this.geometry('rock-flat', () => new THREE.DodecahedronGeometry(0.4)),
          this.material(0x5d5850),
          0.05,
        ).scale.y = 0.35;
        break;
      case 'fishing-spot': {
        const ring = mesh(
          this.geometry('ripple', () => new THREE.RingGeometry(0.2, 0.42, 16).rotateX(-Math.PI / 2)),
          this.material(0xdff4ff, { transparent: true, opacity: 0.75 }),
          0.03,
        );
        ring.renderOrder = 2;
        break;
      }
      case 'station':
        mesh(
          this.geometry('box', () => new THREE.BoxGeometry(1, 1, 1)),
          this.material(color ?? 0x8a7356),
          0.5,
        ).scale.set(0.9 * w, 1, 0.9 * d);
        break;
      case 'fire':
        mesh(
          this.geometry('flame', () => new THREE.ConeGeometry(0.3, 0.7, 6)),
          this.material(0xff8a1e),
          0.35,
        );
        break;
      case 'building': {
        const walls = mesh(
          this.geometry('box', () => new THREE.BoxGeometry(1, 1, 1)),
          this.material(color ?? 0xb49a76),
          height / 2,
        );
        walls.scale.set(w, height, d);
        const roof = mesh(
          this.geometry('roof', () => new THREE.ConeGeometry(0.75, 1, 4).rotateY(Math.PI / 4)),
          this.material(0x8c3b2a),
          0,
        );
        roof.scale.set(w * 0.95, Math.min(w, d) * 0.5, d * 0.95);
        roof.position.y = height + Math.min(w, d) * 0.25;
        break;
      }
      case 'human': {
        mesh(
          this.geometry('body', () => new THREE.CylinderGeometry(0.22, 0.26, 1.05, 8)),
          this.material(color ?? 0x3d6fb0),
          0.55,
        );
        mesh(
          this.geometry('head', () => new THREE.SphereGeometry(0.2, 10, 8)),
          this.material(0xe0b48c),
          1.3,
        );
        mesh(
          this.geometry('nose', () => new THREE.BoxGeometry(0.08, 0.08, 0.12)),
          this.material(0xe0b48c),
          1.3,
        ).position.z = 0.2;
        break;
      }
      case 'creature':
        mesh(
          this.geometry('blob', () => new THREE.SphereGeometry(0.35, 10, 8)),
          this.material(color ?? 0x8f6f4f),
          0.35,
        ).scale.set(1, 0.9, 1.3);
        mesh(
          this.geometry('nose', () => new THREE.BoxGeometry(0.08, 0.08, 0.12)),
          this.material(0x222222),
          0.45,
        ).position.z = 0.45;
        break;
      case 'item':
        mesh(
          this.geometry('item', () => new THREE.OctahedronGeometry(0.16)),
          this.material(color ?? 0xd8c15a),
          0.16,
        );
        break;
      case 'gravestone':
        mesh(
          this.geometry('slab', () => new THREE.BoxGeometry(0.6, 0.8, 0.18)),
          this.material(0x9a9a9a),
          0.4,
        );
        break;
    }
    return g;
  }

  dispose(): void {
    this.disposed = true;
    for (const m of this.loaded) disposeTree(m);
    this.loaded.length = 0;
    for (const g of this.geometries.values()) g.dispose();
    for (const m of this.materials.values()) m.dispose();
    this.geometries.clear();
    this.materials.clear();
  }
}

/** Disposes every geometry and material (and texture) under an object. */
export function disposeTree(root: THREE.Object3D): void {
  root.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (mesh.geometry) mesh.geometry.dispose();
    const mat = mesh.material as THREE.Material | THREE.Material[] | undefined;
    for (const m of Array.isArray(mat) ? mat : mat ? [mat] : []) {
      for (const v of Object.values(m)) if (v instanceof THREE.Texture) v.dispose();
      m.dispose();
    }
  });
}

/** A stable colour per string (ground item piles, unknown NPCs), from the string's hash. */
export function colourOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  const hue = ((h >>> 0) % 360) / 360;
  return new THREE.Color().setHSL(hue, 0.55, 0.55).getHex();
}
