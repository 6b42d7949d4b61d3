/**
 * Tile footprints from model bounds, and the model scales that stations and buildings declare.
 *
 * The interface defines a station's footprint as its model's dimensions multiplied by the
 * station's `modelScale`, rounded up to whole tiles; this module is that rule, kept pure so
 * it can be unit-tested apart from the file system.
 */
import path from 'node:path';
import { z } from 'zod';
import type { Bounds, Vec3 } from './glb';

/** Horizontal scale applied to a model: x (width) and z (depth). */
export interface ModelScale {
  x: number;
  z: number;
}

/** One entry of assets/manifests/model-bounds.json. */
export interface ModelBoundsEntry {
  min: Vec3;
  max: Vec3;
  size: Vec3;
  footprint: { width: number; depth: number };
}

/** Float noise (e.g. 1.0000001 from float32 vertex data) must not add a whole tile. */
const TILE_EPSILON = 1e-4;
const DECIMALS = 4;

/** Rounds to 4 decimals so the generated JSON is stable and readable. */
export function round(value: number): number {
  const factor = 10 ** DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** Whole tiles covered by `extent` model units at `scale`: rounded up, never below 1. */
export function tilesFor(extent: number, scale: number): number {
  if (!Number.isFinite(extent) || !Number.isFinite(scale) || extent < 0 || scale <= 0) {
    throw new Error(`invalid extent ${extent} or scale ${scale}`);
  }
  return Math.max(1, Math.ceil(extent * scale - TILE_EPSILON));
}

/** The model-bounds.json entry for a model's bounds at the given scale. */
export function boundsEntry(bounds: Bounds, scale: ModelScale = { x: 1, z: 1 }): ModelBoundsEntry {
  const min: Vec3 = [round(bounds.min[0]), round(bounds.min[1]), round(bounds.min[2])];
  const max: Vec3 = [round(bounds.max[0]), round(bounds.max[1]), round(bounds.max[2])];
  const size: Vec3 = [round(max[0] - min[0]), round(max[1] - min[1]), round(max[2] - min[2])];
  return {
    min,
    max,
    size,
    footprint: { width: tilesFor(size[0], scale.x), depth: tilesFor(size[2], scale.z) },
  };
}

const positive = z.number().positive().finite();
const modelScaleSchema = z.union([
  positive.transform((s) => ({ x: s, z: s })),
  z.tuple([positive, positive, positive]).transform(([x, , zz]) => ({ x, z: zz })),
  z.object({ x: positive, y: positive.optional(), z: positive }).transform(({ x, z: zz }) => ({ x, z: zz })),
]);

/** `"models/furnace.glb"`, `"asset://models/furnace.glb"` or `"furnace"` all name `furnace.glb`. */
export function modelFileName(model: string): string {
  const base = path.posix.basename(model.replace(/\\/g, '/').split(/[?#]/)[0] ?? '');
  return path.posix.extname(base) === '' ? `${base}.glb` : base;
}

/**
 * Walks any parsed manifest (stations.json, buildings.json, ...) and collects, per model file,
 * the scale of every object that has both a string `model` and a valid `modelScale`. When
 * several objects share a model the largest scale per axis wins, so no user of the model can
 * overlap its neighbours. Objects with an unreadable `modelScale` are reported in `problems`.
 */
export function collectModelScales(documents: readonly unknown[]): {
  scales: Map<string, ModelScale>;
  problems: string[];
} {
  const scales = new Map<string, ModelScale>();
  const problems: string[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${where}[${i}]`));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if ('model' in value && typeof value.model === 'string' && 'modelScale' in value) {
      const parsed = modelScaleSchema.safeParse(value.modelScale);
      if (parsed.success) {
        const file = modelFileName(value.model);
        const previous = scales.get(file);
        scales.set(file, {
          x: Math.max(previous?.x ?? 0, parsed.data.x),
          z: Math.max(previous?.z ?? 0, parsed.data.z),
        });
      } else {
        problems.push(`${where}: modelScale of ${value.model} is not a positive number, [x,y,z] or {x,z}`);
      }
    }
    for (const [key, child] of Object.entries(value)) visit(child, `${where}.${key}`);
  };
  documents.forEach((doc, i) => visit(doc, `#${i}`));
  return { scales, problems };
}

/**
 * Serialises entries with sorted keys, one-line number arrays (as Prettier would print them)
 * and a trailing newline, so regeneration is byte-stable and diffs stay readable.
 */
export function serializeModelBounds(entries: ReadonlyMap<string, ModelBoundsEntry>): string {
  const sorted = [...entries.keys()].sort();
  const out: Record<string, ModelBoundsEntry> = {};
  for (const key of sorted) {
    const entry = entries.get(key);
    if (entry) out[key] = entry;
  }
  const pretty = JSON.stringify(out, null, 2).replace(
    /\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g,
    (_m, list: string) => `[${list.split(/,\s*/).join(', ')}]`,
  );
  return `${pretty}\n`;
}
