/**
 * Minimal binary glTF 2.0 (.glb) reader: enough to compute a model's bounding box.
 *
 * Used by scripts/model-bounds.ts to derive tile footprints from the shipped models, so the
 * server never has to guess how many tiles a station or building covers. Only the parts of the
 * format that affect bounds are read: the JSON chunk (validated with zod), the BIN chunk (for
 * POSITION data when an accessor lacks min/max), node transforms and the scene graph.
 */
import { z } from 'zod';

export type Vec3 = [number, number, number];
/** Column-major 4x4 matrix, as glTF stores it. */
export type Mat4 = number[];

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a; // 'JSON'
const CHUNK_BIN = 0x004e4942; // 'BIN\0'
const FLOAT = 5126;

const vec3 = z.tuple([z.number(), z.number(), z.number()]);
const nodeSchema = z.object({
  children: z.array(z.number().int().nonnegative()).optional(),
  mesh: z.number().int().nonnegative().optional(),
  matrix: z.array(z.number()).length(16).optional(),
  translation: vec3.optional(),
  rotation: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  scale: vec3.optional(),
});
const accessorSchema = z.object({
  bufferView: z.number().int().nonnegative().optional(),
  byteOffset: z.number().int().nonnegative().optional(),
  componentType: z.number().int(),
  count: z.number().int().nonnegative(),
  type: z.string(),
  min: z.array(z.number()).optional(),
  max: z.array(z.number()).optional(),
});
const bufferViewSchema = z.object({
  buffer: z.number().int().nonnegative(),
  byteOffset: z.number().int().nonnegative().optional(),
  byteLength: z.number().int().nonnegative(),
  byteStride: z.number().int().positive().optional(),
});
const gltfSchema = z.object({
  asset: z.object({ version: z.string() }),
  scene: z.number().int().nonnegative().optional(),
  scenes: z.array(z.object({ nodes: z.array(z.number().int().nonnegative()).optional() })).optional(),
  nodes: z.array(nodeSchema).optional(),
  meshes: z
    .array(
      z.object({ primitives: z.array(z.object({ attributes: z.record(z.string(), z.number().int()) })) }),
    )
    .optional(),
  accessors: z.array(accessorSchema).optional(),
  bufferViews: z.array(bufferViewSchema).optional(),
});

/** The validated JSON part of a glTF asset (only the fields bounds depend on). */
export type GltfDocument = z.infer<typeof gltfSchema>;

/** A parsed .glb: its JSON document and its optional binary chunk. */
export interface Glb {
  json: GltfDocument;
  bin: Uint8Array | undefined;
}

/** Axis-aligned bounding box in model units (1 unit = 1 tile). */
export interface Bounds {
  min: Vec3;
  max: Vec3;
}

/** Parses a .glb container; throws a descriptive error on anything malformed. */
export function parseGlb(bytes: Uint8Array): Glb {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20) throw new Error('GLB too short for a header and a chunk');
  if (view.getUint32(0, true) !== GLB_MAGIC) throw new Error('not a GLB file (bad magic)');
  const version = view.getUint32(4, true);
  if (version !== 2) throw new Error(`unsupported GLB version ${version}`);
  const length = view.getUint32(8, true);
  if (length > bytes.byteLength)
    throw new Error(`GLB header length ${length} exceeds file size ${bytes.byteLength}`);

  let json: GltfDocument | undefined;
  let bin: Uint8Array | undefined;
  let offset = 12;
  while (offset + 8 <= length) {
    const chunkLength = view.getUint32(offset, true);
    const chunkType = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) throw new Error('GLB chunk runs past the end of the file');
    const data = bytes.subarray(start, start + chunkLength);
    if (chunkType === CHUNK_JSON && json === undefined) {
      json = gltfSchema.parse(JSON.parse(new TextDecoder().decode(data)));
    } else if (chunkType === CHUNK_BIN && bin === undefined) {
      bin = data;
    }
    offset = start + chunkLength;
  }
  if (json === undefined) throw new Error('GLB has no JSON chunk');
  return { json, bin };
}

/** Identity matrix. */
export function identity(): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
}

/** a * b for column-major 4x4 matrices. */
export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16).fill(0);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + row] ?? 0) * (b[col * 4 + k] ?? 0);
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** T * R * S, the local transform of a glTF node given as translation/rotation/scale. */
export function composeTrs(
  t: Vec3 = [0, 0, 0],
  q: [number, number, number, number] = [0, 0, 0, 1],
  s: Vec3 = [1, 1, 1],
): Mat4 {
  const [x, y, z, w] = q;
  const [sx, sy, sz] = s;
  // prettier-ignore
  return [
    (1 - 2 * (y * y + z * z)) * sx, 2 * (x * y + z * w) * sx, 2 * (x * z - y * w) * sx, 0,
    2 * (x * y - z * w) * sy, (1 - 2 * (x * x + z * z)) * sy, 2 * (y * z + x * w) * sy, 0,
    2 * (x * z + y * w) * sz, 2 * (y * z - x * w) * sz, (1 - 2 * (x * x + y * y)) * sz, 0,
    t[0], t[1], t[2], 1,
  ];
}

/** Applies a matrix to a point. */
export function transformPoint(m: Mat4, p: Vec3): Vec3 {
  const at = (i: number): number => m[i] ?? 0;
  return [
    at(0) * p[0] + at(4) * p[1] + at(8) * p[2] + at(12),
    at(1) * p[0] + at(5) * p[1] + at(9) * p[2] + at(13),
    at(2) * p[0] + at(6) * p[1] + at(10) * p[2] + at(14),
  ];
}

/**
 * Bounding box of everything the default scene draws, in scene units. Each mesh's local
 * POSITION box is carried through its node's world transform (all 8 corners, so rotation and
 * negative scale are handled); meshes not referenced by any node are used untransformed.
 */
export function computeBounds(glb: Glb): Bounds {
  const { json } = glb;
  const acc = new BoundsAccumulator();
  const nodes = json.nodes ?? [];
  const sceneIndex = json.scene ?? 0;
  const scene = json.scenes?.[sceneIndex];
  const roots = scene?.nodes ?? rootNodes(nodes.length, nodes);
  const visiting = new Set<number>();

  const visit = (index: number, parent: Mat4): void => {
    const node = nodes[index];
    if (node === undefined) throw new Error(`node ${index} does not exist`);
    if (visiting.has(index)) throw new Error(`node ${index} is part of a cycle`);
    visiting.add(index);
    const local = node.matrix ?? composeTrs(node.translation, node.rotation, node.scale);
    const world = multiply(parent, local);
    if (node.mesh !== undefined) {
      const box = meshBounds(glb, node.mesh);
      if (box) for (const corner of corners(box)) acc.add(transformPoint(world, corner));
    }
    for (const child of node.children ?? []) visit(child, world);
    visiting.delete(index);
  };

  if (nodes.length === 0) {
    (json.meshes ?? []).forEach((_mesh, i) => {
      const box = meshBounds(glb, i);
      if (box) for (const corner of corners(box)) acc.add(corner);
    });
  } else {
    for (const root of roots) visit(root, identity());
  }
  return acc.result();
}

function rootNodes(count: number, nodes: readonly { children?: number[] | undefined }[]): number[] {
  const isChild = new Set(nodes.flatMap((n) => n.children ?? []));
  return Array.from({ length: count }, (_, i) => i).filter((i) => !isChild.has(i));
}

function meshBounds(glb: Glb, meshIndex: number): Bounds | undefined {
  const mesh = glb.json.meshes?.[meshIndex];
  if (mesh === undefined) throw new Error(`mesh ${meshIndex} does not exist`);
  const acc = new BoundsAccumulator();
  for (const primitive of mesh.primitives) {
    const position = primitive.attributes['POSITION'];
    if (position === undefined) continue;
    const box = accessorBounds(glb, position);
    if (box) {
      acc.add(box.min);
      acc.add(box.max);
    }
  }
  return acc.empty ? undefined : acc.result();
}

/** min/max of a VEC3 accessor: from its declared min/max, else from the FLOAT data itself. */
function accessorBounds(glb: Glb, index: number): Bounds | undefined {
  const accessor = glb.json.accessors?.[index];
  if (accessor === undefined) throw new Error(`accessor ${index} does not exist`);
  if (accessor.type !== 'VEC3') throw new Error(`POSITION accessor ${index} is ${accessor.type}, not VEC3`);
  if (accessor.count === 0) return undefined;
  const min = accessor.min;
  const max = accessor.max;
  if (min && max && min.length === 3 && max.length === 3) {
    return { min: [min[0] ?? 0, min[1] ?? 0, min[2] ?? 0], max: [max[0] ?? 0, max[1] ?? 0, max[2] ?? 0] };
  }
  return scanFloatPositions(glb, index);
}

function scanFloatPositions(glb: Glb, index: number): Bounds | undefined {
  const accessor = glb.json.accessors?.[index];
  if (accessor?.bufferView === undefined) return undefined;
  if (accessor.componentType !== FLOAT) throw new Error(`accessor ${index} has no min/max and is not FLOAT`);
  const bufferView = glb.json.bufferViews?.[accessor.bufferView];
  if (bufferView === undefined || glb.bin === undefined || bufferView.buffer !== 0) {
    throw new Error(`accessor ${index} has no min/max and its data is not in the GLB binary chunk`);
  }
  const stride = bufferView.byteStride ?? 12;
  const base = (bufferView.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
  const bin = glb.bin;
  if (base + stride * (accessor.count - 1) + 12 > bin.byteLength)
    throw new Error(`accessor ${index} overruns the binary chunk`);
  const view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
  const acc = new BoundsAccumulator();
  for (let i = 0; i < accessor.count; i++) {
    const at = base + i * stride;
    acc.add([view.getFloat32(at, true), view.getFloat32(at + 4, true), view.getFloat32(at + 8, true)]);
  }
  return acc.result();
}

function corners(b: Bounds): Vec3[] {
  const out: Vec3[] = [];
  for (const x of [b.min[0], b.max[0]])
    for (const y of [b.min[1], b.max[1]]) for (const z of [b.min[2], b.max[2]]) out.push([x, y, z]);
  return out;
}

class BoundsAccumulator {
  private readonly min: Vec3 = [Infinity, Infinity, Infinity];
  private readonly max: Vec3 = [-Infinity, -Infinity, -Infinity];
  empty = true;

  add(p: Vec3): void {
    this.empty = false;
    for (let i = 0; i < 3; i++) {
      const v = p[i] ?? 0;
      if (v < (this.min[i] ?? 0)) this.min[i] = v;
      if (v > (this.max[i] ?? 0)) this.max[i] = v;
    }
  }

  result(): Bounds {
    if (this.empty) throw new Error('model has no geometry');
    return { min: [...this.min], max: [...this.max] };
  }
}
