/**
 * The ground height formula, shared by the server (which builds its tile map with it) and clients
 * (which draw the same ground): entities are sent with the server's `y`, so a client that computes
 * tiles differently would show them floating or buried. Pure integer hashing (Math.imul), so every
 * platform and every run gives the same value: terrain needs no seed and no randomness.
 */

/** A biome's terrain parameters (biomes.json `terrain`). */
export interface TerrainParams {
  baseHeight: number;
  heightVariation: number;
}

/** Lattice spacing of the height noise, in tiles: hills a few tiles across, not per-tile spikes. */
export const HEIGHT_NOISE_CELL = 8;

/** Integer hash of a lattice point to [0, 1). */
export function latticeHash(ix: number, iz: number): number {
  let h = Math.imul(ix | 0, 0x27d4eb2d) ^ Math.imul(iz | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Smooth value noise in [0, 1) at tile (x, z): the lattice hashes of the surrounding cell corners,
 * blended with a smoothstep. Deterministic per tile, so a client can reproduce the ground exactly.
 */
export function valueNoise(x: number, z: number, cell = HEIGHT_NOISE_CELL): number {
  const gx = Math.floor(x / cell);
  const gz = Math.floor(z / cell);
  const tx = smooth((x - gx * cell) / cell);
  const tz = smooth((z - gz * cell) / cell);
  const a = latticeHash(gx, gz);
  const b = latticeHash(gx + 1, gz);
  const c = latticeHash(gx, gz + 1);
  const d = latticeHash(gx + 1, gz + 1);
  const top = a + (b - a) * tx;
  const bottom = c + (d - c) * tx;
  return top + (bottom - top) * tz;
}

/**
 * Ground height (Y) of a dry tile: the biome's baseHeight raised by up to heightVariation of noise.
 * The noise is never negative, so land never dips below baseHeight and therefore never below the
 * biome's waterLevel (the content schema guarantees waterLevel <= baseHeight).
 */
export function terrainHeight(terrain: TerrainParams, x: number, z: number): number {
  if (terrain.heightVariation === 0) return terrain.baseHeight;
  return terrain.baseHeight + terrain.heightVariation * valueNoise(x, z);
}
