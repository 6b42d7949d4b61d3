/**
 * Writes flat-shaded, single-mesh binary glTF 2.0 files from lists of coloured solids.
 *
 * Output is byte-for-byte deterministic (no timestamps, fixed key order, float32-rounded
 * min/max), so `npm run generate:models -w @tilerealm/cdn` reproduces the committed files exactly.
 */
import type { Vec3 } from './glb';
import { faceNormal } from './glb-shapes';
import type { Face } from './glb-shapes';

/** One coloured part of a model; becomes one glTF primitive with its own material. */
export interface ModelPart {
  name: string;
  /** Linear RGB base colour, each 0..1; optional alpha (blended when < 1). */
  color: [number, number, number] | [number, number, number, number];
  /** Linear RGB emission (glowing coals, flames). */
  emissive?: Vec3;
  faces: Face[];
}

/** A whole model: a name (used for the node and mesh) and its parts. */
export interface ModelSpec {
  name: string;
  parts: ModelPart[];
}

const FLOAT = 5126;
const UNSIGNED_SHORT = 5123;
const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** Fan-triangulates convex faces with one flat normal per face. */
function triangulate(faces: Face[]): Geometry {
  const g: Geometry = { positions: [], normals: [], indices: [] };
  for (const face of faces) {
    const n = faceNormal(face);
    const len = Math.hypot(n[0], n[1], n[2]);
    if (face.length < 3 || len === 0) continue;
    const base = g.positions.length / 3;
    for (const p of face) {
      g.positions.push(...p);
      g.normals.push(n[0] / len, n[1] / len, n[2] / len);
    }
    for (let i = 1; i + 1 < face.length; i++) g.indices.push(base, base + i, base + i + 1);
  }
  if (g.positions.length / 3 > 0xffff) throw new Error('part too large for 16-bit indices');
  return g;
}

function vec3MinMax(values: number[]): { min: number[]; max: number[] } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < values.length; i++) {
    const v = Math.fround(values[i] ?? 0);
    const axis = i % 3;
    min[axis] = Math.min(min[axis] ?? v, v);
    max[axis] = Math.max(max[axis] ?? v, v);
  }
  return { min, max };
}

/**
 * Joins parts that share a colour and emission into one part (named after the first), so a
 * model has one primitive per material rather than per solid: fewer draw calls, smaller files.
 */
export function mergeByMaterial(parts: readonly ModelPart[]): ModelPart[] {
  const merged = new Map<string, ModelPart>();
  for (const part of parts) {
    const key = JSON.stringify([part.color, part.emissive ?? null]);
    const existing = merged.get(key);
    if (existing) existing.faces = [...existing.faces, ...part.faces];
    else merged.set(key, { ...part, faces: [...part.faces] });
  }
  return [...merged.values()];
}

/** Builds the GLB bytes of a model: one mesh, one primitive per distinct material. */
export function buildModelGlb(spec: ModelSpec): Uint8Array {
  const chunks: Uint8Array[] = [];
  let byteLength = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const materials: object[] = [];
  const primitives: object[] = [];

  const addView = (bytes: Uint8Array, target: number): number => {
    bufferViews.push({ buffer: 0, byteOffset: byteLength, byteLength: bytes.byteLength, target });
    const padded = align4(bytes);
    chunks.push(padded);
    byteLength += padded.byteLength;
    return bufferViews.length - 1;
  };

  for (const part of mergeByMaterial(spec.parts)) {
    const g = triangulate(part.faces);
    const count = g.positions.length / 3;
    const positionView = addView(new Uint8Array(new Float32Array(g.positions).buffer), ARRAY_BUFFER);
    accessors.push({
      bufferView: positionView,
      componentType: FLOAT,
      count,
      type: 'VEC3',
      ...vec3MinMax(g.positions),
    });
    const normalView = addView(new Uint8Array(new Float32Array(g.normals).buffer), ARRAY_BUFFER);
    accessors.push({
      bufferView: normalView,
      componentType: FLOAT,
      count,
      type: 'VEC3',
      ...vec3MinMax(g.normals),
    });
    const indexView = addView(new Uint8Array(new Uint16Array(g.indices).buffer), ELEMENT_ARRAY_BUFFER);
    accessors.push({
      bufferView: indexView,
      componentType: UNSIGNED_SHORT,
      count: g.indices.length,
      type: 'SCALAR',
      min: [Math.min(...g.indices)],
      max: [Math.max(...g.indices)],
    });
    const [r, gr, b, a = 1] = part.color;
    materials.push({
      name: `${spec.name}_${part.name}`,
      pbrMetallicRoughness: { baseColorFactor: [r, gr, b, a], metallicFactor: 0, roughnessFactor: 0.9 },
      ...(part.emissive ? { emissiveFactor: part.emissive } : {}),
      ...(a < 1 ? { alphaMode: 'BLEND' } : {}),
    });
    const first = accessors.length - 3;
    primitives.push({
      attributes: { POSITION: first, NORMAL: first + 1 },
      indices: first + 2,
      material: materials.length - 1,
      mode: 4,
    });
  }

  const json = {
    asset: { version: '2.0', generator: 'tilerealm scripts/generate-models.ts' },
    scene: 0,
    scenes: [{ name: spec.name, nodes: [0] }],
    nodes: [{ name: spec.name, mesh: 0 }],
    meshes: [{ name: spec.name, primitives }],
    materials,
    accessors,
    bufferViews,
    buffers: [{ byteLength }],
  };
  return encodeGlb(json, concat(chunks, byteLength));
}

/** Packs a glTF JSON document and its binary buffer into the GLB container (spec section 4.4). */
export function encodeGlb(json: object, bin: Uint8Array): Uint8Array {
  const jsonBytes = padWith(new TextEncoder().encode(JSON.stringify(json)), 0x20);
  const binBytes = padWith(bin, 0);
  const hasBin = binBytes.byteLength > 0;
  const total = 12 + 8 + jsonBytes.byteLength + (hasBin ? 8 + binBytes.byteLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonBytes.byteLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(jsonBytes, 20);
  if (hasBin) {
    const at = 20 + jsonBytes.byteLength;
    view.setUint32(at, binBytes.byteLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(binBytes, at + 8);
  }
  return out;
}

function padWith(bytes: Uint8Array, fill: number): Uint8Array {
  const padded = Math.ceil(bytes.byteLength / 4) * 4;
  if (padded === bytes.byteLength) return bytes;
  const out = new Uint8Array(padded).fill(fill);
  out.set(bytes);
  return out;
}

function align4(bytes: Uint8Array): Uint8Array {
  return padWith(bytes, 0);
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
