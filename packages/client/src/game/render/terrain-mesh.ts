import * as THREE from 'three';
import { groundColor, tileInfo, type TerrainContent } from '../terrain';
import { HEIGHT_SCALE, needsRecentre, type Point } from './logic';

/** Tiles along each side of the drawn window. */
export const WINDOW = 96;
/** How far (tiles) the player may walk from the window's centre before it is rebuilt around them. */
const RECENTRE_MARGIN = 20;
/** How far below the water surface the bed of a water tile is drawn (terrain units). */
const BED_DEPTH = 1.6;

/**
 * The ground around the player: one grid mesh with a vertex on every tile centre (the tile's
 * height, vertex colours from the biome's groundColors) and translucent quads on the water tiles at
 * their biome's waterLevel. The window is re-centred (buffers rewritten in place) as the player
 * moves; the water mesh is rebuilt with it.
 */
export class TerrainMesh {
  readonly ground: THREE.Mesh;
  readonly water: THREE.Mesh;
  private centre: Point | undefined;
  private readonly groundGeometry = new THREE.BufferGeometry();
  private waterGeometry = new THREE.BufferGeometry();
  private readonly groundMaterial = new THREE.MeshLambertMaterial({ vertexColors: true });
  private readonly waterMaterial = new THREE.MeshLambertMaterial({
    color: 0x3a7bc8,
    transparent: true,
    opacity: 0.62,
    depthWrite: false,
  });
  /** Heights (world units) of the window's tiles, for the bilinear ground height of entities. */
  private heights = new Float32Array((WINDOW + 1) * (WINDOW + 1));
  private origin: Point = { x: 0, z: 0 };

  constructor(private readonly content: TerrainContent) {
    const n = WINDOW + 1;
    this.groundGeometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(n * n * 3), 3));
    this.groundGeometry.setAttribute('color', new THREE.BufferAttribute(new Float32Array(n * n * 3), 3));
    const index: number[] = [];
    for (let j = 0; j < WINDOW; j++)
      for (let i = 0; i < WINDOW; i++) {
        const a = j * n + i;
        const b = a + 1;
        const c = a + n;
        const d = c + 1;
        index.push(a, c, b, b, c, d);
      }
    this.groundGeometry.setIndex(index);
    this.ground = new THREE.Mesh(this.groundGeometry, this.groundMaterial);
    this.ground.name = 'terrain';
    this.water = new THREE.Mesh(this.waterGeometry, this.waterMaterial);
    this.water.renderOrder = 1;
    this.water.name = 'water';
  }

  /** Height (world units) at which a tile is drawn: the ground, the bed under water. */
  drawnHeight(x: number, z: number): number {
    const lx = x - this.origin.x;
    const lz = z - this.origin.z;
    if (this.centre && lx >= 0 && lz >= 0 && lx <= WINDOW && lz <= WINDOW)
      return this.heights[lz * (WINDOW + 1) + lx] ?? 0;
    return this.surfaceHeight(x, z);
  }

  /** Height (world units) of what stands on a tile: the ground, or the water surface. */
  surfaceHeight(x: number, z: number): number {
    return tileInfo(this.content, x, z).height * HEIGHT_SCALE;
  }

  /** Rebuilds the window around `at` when the player has walked far enough; true when it did. */
  update(at: Point): boolean {
    const tile = { x: Math.round(at.x), z: Math.round(at.z) };
    if (!needsRecentre(this.centre, tile, RECENTRE_MARGIN)) return false;
    this.centre = tile;
    this.origin = { x: tile.x - WINDOW / 2, z: tile.z - WINDOW / 2 };
    const n = WINDOW + 1;
    const pos = this.groundGeometry.getAttribute('position') as THREE.BufferAttribute;
    const col = this.groundGeometry.getAttribute('color') as THREE.BufferAttribute;
    const waterPos: number[] = [];
    const colour = new THREE.Color();
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        const x = this.origin.x + i;
        const z = this.origin.z + j;
        const info = tileInfo(this.content, x, z);
        const h = (info.water ? info.height - BED_DEPTH : info.height) * HEIGHT_SCALE;
        const k = j * n + i;
        this.heights[k] = h;
        pos.setXYZ(k, x, h, z);
        const [r, g, b] = groundColor(this.content, x, z);
        colour.setRGB(r, g, b, THREE.SRGBColorSpace);
        col.setXYZ(k, colour.r, colour.g, colour.b);
        if (info.water) {
          const y = info.height * HEIGHT_SCALE;
          const x0 = x - 0.5;
          const x1 = x + 0.5;
          const z0 = z - 0.5;
          const z1 = z + 0.5;
          waterPos.push(x0, y, z0, x0, y, z1, x1, y, z0, x1, y, z0, x0, y, z1, x1, y, z1);
        }
      }
    pos.needsUpdate = true;
    col.needsUpdate = true;
    this.groundGeometry.computeVertexNormals();
    this.groundGeometry.computeBoundingBox();
    this.groundGeometry.computeBoundingSphere();

    const water = new THREE.BufferGeometry();
    water.setAttribute('position', new THREE.Float32BufferAttribute(waterPos, 3));
    water.computeVertexNormals();
    this.waterGeometry.dispose();
    this.waterGeometry = water;
    this.water.geometry = water;
    return true;
  }

  dispose(): void {
    this.groundGeometry.dispose();
    this.waterGeometry.dispose();
    this.groundMaterial.dispose();
    this.waterMaterial.dispose();
  }
}
