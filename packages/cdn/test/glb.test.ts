import { describe, expect, it } from 'vitest';
import { composeTrs, computeBounds, parseGlb } from '../../../scripts/lib/glb';
import type { Vec3 } from '../../../scripts/lib/glb';
import {
  boundsEntry,
  collectModelScales,
  modelFileName,
  serializeModelBounds,
  tilesFor,
} from '../../../scripts/lib/glb-footprint';
import { box } from '../../../scripts/lib/glb-shapes';
import { buildModelGlb, encodeGlb } from '../../../scripts/lib/glb-write';

/** A GLB whose single VEC3 accessor spans [-1,0,-0.5]..[1,2,0.5], placed by the given nodes. */
function glbWithNodes(nodes: object[], scenes?: object[]): Uint8Array {
  const json = {
    asset: { version: '2.0' },
    ...(scenes ? { scenes, scene: 0 } : {}),
    nodes,
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [{ componentType: 5126, count: 2, type: 'VEC3', min: [-1, 0, -0.5], max: [1, 2, 0.5] }],
  };
  return encodeGlb(json, new Uint8Array(0));
}

describe('parseGlb', () => {
  it('reads the JSON and BIN chunks written by the encoder', () => {
    const glb = parseGlb(
      buildModelGlb({
        name: 'cube',
        parts: [{ name: 'c', color: [1, 0, 0], faces: box([0, 0, 0], [1, 1, 1]) }],
      }),
    );
    expect(glb.json.asset.version).toBe('2.0');
    expect(glb.bin?.byteLength).toBeGreaterThan(0);
  });

  it.each([
    ['empty', new Uint8Array(0), /too short/],
    ['bad magic', new Uint8Array(24).fill(1), /magic/],
  ])('rejects %s input', (_label, bytes, error) => {
    expect(() => parseGlb(bytes)).toThrow(error);
  });

  it('rejects a wrong version and a truncated file', () => {
    const good = glbWithNodes([{ mesh: 0 }]);
    const wrongVersion = good.slice();
    new DataView(wrongVersion.buffer).setUint32(4, 1, true);
    expect(() => parseGlb(wrongVersion)).toThrow(/version 1/);
    expect(() => parseGlb(good.slice(0, good.byteLength - 8))).toThrow(/exceeds file size/);
  });

  it('rejects JSON that is not glTF', () => {
    expect(() => parseGlb(encodeGlb({ hello: 'world' }, new Uint8Array(0)))).toThrow();
  });
});

describe('computeBounds', () => {
  it('uses accessor min/max directly for an untransformed node', () => {
    expect(computeBounds(parseGlb(glbWithNodes([{ mesh: 0 }])))).toEqual({
      min: [-1, 0, -0.5],
      max: [1, 2, 0.5],
    });
  });

  it('applies translation and scale, through parent and child nodes', () => {
    const bytes = glbWithNodes([
      { children: [1], translation: [10, 0, 0], scale: [2, 1, 1] },
      { mesh: 0, translation: [0, 1, 0], scale: [1, 1, 3] },
    ]);
    // child: x [-1,1], y [1,3], z [-1.5,1.5]; parent: x*2+10 -> [8,12]
    expect(computeBounds(parseGlb(bytes))).toEqual({ min: [8, 1, -1.5], max: [12, 3, 1.5] });
  });

  it('applies a 90 degree rotation about Y and an explicit matrix', () => {
    const s = Math.SQRT1_2;
    const rotated = computeBounds(parseGlb(glbWithNodes([{ mesh: 0, rotation: [0, s, 0, s] }])));
    expect(rotated.min.map((v) => Number(v.toFixed(6)))).toEqual([-0.5, 0, -1]);
    expect(rotated.max.map((v) => Number(v.toFixed(6)))).toEqual([0.5, 2, 1]);

    const matrix = composeTrs([0, 5, 0], undefined, [3, 1, 1]);
    const viaMatrix = computeBounds(parseGlb(glbWithNodes([{ mesh: 0, matrix }])));
    expect(viaMatrix).toEqual({ min: [-3, 5, -0.5], max: [3, 7, 0.5] });
  });

  it('only counts nodes of the default scene and unions several instances', () => {
    const bytes = glbWithNodes(
      [{ mesh: 0 }, { mesh: 0, translation: [4, 0, 0] }, { mesh: 0, translation: [100, 0, 0] }],
      [{ nodes: [0, 1] }],
    );
    expect(computeBounds(parseGlb(bytes))).toEqual({ min: [-1, 0, -0.5], max: [5, 2, 0.5] });
  });

  it('scans FLOAT position data when an accessor has no min/max', () => {
    const positions = new Float32Array([0, 0, 0, 2, -1, 3, -4, 1, 0]);
    const json = {
      asset: { version: '2.0' },
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ bufferView: 0, componentType: 5126, count: 3, type: 'VEC3' }],
      bufferViews: [{ buffer: 0, byteLength: positions.byteLength }],
      buffers: [{ byteLength: positions.byteLength }],
    };
    const bounds = computeBounds(parseGlb(encodeGlb(json, new Uint8Array(positions.buffer))));
    expect(bounds).toEqual({ min: [-4, -1, 0], max: [2, 1, 3] });
  });

  it('rejects a cyclic node graph and a model without geometry', () => {
    expect(() =>
      computeBounds(
        parseGlb(glbWithNodes([{ children: [1] }, { children: [0], mesh: 0 }], [{ nodes: [0] }])),
      ),
    ).toThrow(/cycle/);
    expect(() =>
      computeBounds(parseGlb(encodeGlb({ asset: { version: '2.0' } }, new Uint8Array(0)))),
    ).toThrow(/no geometry/);
  });
});

describe('footprint math', () => {
  it('rounds up to whole tiles, never below one, ignoring float noise', () => {
    expect(tilesFor(1, 1)).toBe(1);
    expect(tilesFor(1.0000001, 1)).toBe(1);
    expect(tilesFor(1.01, 1)).toBe(2);
    expect(tilesFor(0.2, 1)).toBe(1);
    expect(tilesFor(0, 1)).toBe(1);
    expect(tilesFor(1.6, 1.5)).toBe(3);
    expect(tilesFor(1.6, 0.5)).toBe(1);
    expect(() => tilesFor(1, 0)).toThrow();
    expect(() => tilesFor(Number.NaN, 1)).toThrow();
  });

  it('builds an entry with size and a per-axis footprint', () => {
    const entry = boundsEntry({ min: [-0.8, 0, -0.7], max: [0.8, 2.4, 0.74] }, { x: 1.5, z: 0.6 });
    expect(entry).toEqual({
      min: [-0.8, 0, -0.7],
      max: [0.8, 2.4, 0.74],
      size: [1.6, 2.4, 1.44],
      footprint: { width: 3, depth: 1 },
    });
  });

  it('normalises model references to file names', () => {
    expect(modelFileName('furnace.glb')).toBe('furnace.glb');
    expect(modelFileName('models/furnace.glb')).toBe('furnace.glb');
    expect(modelFileName('asset://models/furnace.glb?v=2')).toBe('furnace.glb');
    expect(modelFileName('furnace')).toBe('furnace.glb');
  });

  it('finds model + modelScale pairs anywhere in a manifest and keeps the largest scale', () => {
    const stations = {
      stations: [
        { id: 'furnace', model: 'furnace.glb', modelScale: 1.5 },
        { id: 'big_furnace', nested: { model: 'models/furnace.glb', modelScale: [2, 1, 1] } },
        { id: 'anvil', model: 'anvil.glb', modelScale: { x: 1, y: 3, z: 2 } },
        { id: 'broken', model: 'range.glb', modelScale: -1 },
        { id: 'unscaled', model: 'altar.glb' },
      ],
    };
    const buildings = [{ type: 'bank', model: 'bank.glb', modelScale: 1 }];
    const { scales, problems } = collectModelScales([stations, buildings]);
    expect(Object.fromEntries(scales)).toEqual({
      'furnace.glb': { x: 2, z: 1.5 },
      'anvil.glb': { x: 1, z: 2 },
      'bank.glb': { x: 1, z: 1 },
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/range\.glb/);
  });

  it('serialises with sorted keys and one-line arrays', () => {
    const e = boundsEntry({ min: [0, 0, 0] as Vec3, max: [1, 1, 1] as Vec3 });
    const text = serializeModelBounds(
      new Map([
        ['b.glb', e],
        ['a.glb', e],
      ]),
    );
    expect(text.indexOf('"a.glb"')).toBeLessThan(text.indexOf('"b.glb"'));
    expect(text).toContain('"size": [1, 1, 1]');
    expect(JSON.parse(text)).toEqual({ 'a.glb': e, 'b.glb': e });
    expect(text.endsWith('}\n')).toBe(true);
  });
});
