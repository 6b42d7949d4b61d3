import * as THREE from 'three';

const SEE_THROUGH_OPACITY = 0.28;
/** Buildings are drawn at most this tall (objects.ts), and so block the camera's view at most so high. */
const MAX_HEIGHT = 6;

/**
 * See-through buildings: whether a building stands between the camera and the player, and swapping
 * a building's (shared) materials for translucent twins and back.
 */
export class RoofFader {
  private readonly sight = new THREE.Ray();
  private reach = 0;
  private readonly box = new THREE.Box3();
  private readonly hit = new THREE.Vector3();
  /** Each shared material's see-through twin, and back. */
  private readonly faded = new Map<THREE.Material, THREE.Material>();
  private readonly solid = new Map<THREE.Material, THREE.Material>();

  /** The line of sight of this frame: from the camera to the point it looks at (the player). */
  look(cameraAt: THREE.Vector3, lookAt: THREE.Vector3): void {
    this.sight.origin.copy(cameraAt);
    this.sight.direction.subVectors(lookAt, cameraAt);
    this.reach = this.sight.direction.length();
    this.sight.direction.normalize();
  }

  /** Whether a building (footprint tiles, ground height, height) hides the player from the camera. */
  blocksSight(
    rect: { minX: number; minZ: number; maxX: number; maxZ: number },
    base: number,
    height: number,
  ): boolean {
    this.box.min.set(rect.minX - 0.5, base, rect.minZ - 0.5);
    this.box.max.set(rect.maxX + 0.5, base + Math.min(MAX_HEIGHT, height), rect.maxZ + 0.5);
    const hit = this.sight.intersectBox(this.box, this.hit);
    return hit !== null && hit.distanceTo(this.sight.origin) < this.reach;
  }

  /** Draws a building's meshes see-through or solid again. */
  apply(body: THREE.Object3D, seeThrough: boolean): void {
    body.traverse((node) => {
      if (node instanceof THREE.Mesh) node.material = this.swap(node.material, seeThrough);
    });
  }

  dispose(): void {
    for (const m of this.faded.values()) m.dispose();
    this.faded.clear();
    this.solid.clear();
  }

  private swap(m: THREE.Material | THREE.Material[], seeThrough: boolean): THREE.Material | THREE.Material[] {
    if (Array.isArray(m)) return m.map((x) => this.swap(x, seeThrough) as THREE.Material);
    const original = this.solid.get(m) ?? m;
    if (!seeThrough) return original;
    let twin = this.faded.get(original);
    if (!twin) {
      twin = original.clone();
      twin.transparent = true;
      twin.opacity = SEE_THROUGH_OPACITY * (original.transparent ? original.opacity : 1);
      twin.depthWrite = false;
      this.faded.set(original, twin);
      this.solid.set(twin, original);
    }
    return twin;
  }
}
