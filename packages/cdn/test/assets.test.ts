import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FRAME_BYTES, FRAME_HEADER, TRACKS, silentMp3 } from '../../../scripts/generate-audio';
import { MODELS } from '../../../scripts/generate-models';
import { generateModelBounds } from '../../../scripts/model-bounds';
import { computeBounds, parseGlb } from '../../../scripts/lib/glb';
import type { Vec3 } from '../../../scripts/lib/glb';
import { buildModelGlb } from '../../../scripts/lib/glb-write';

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets');
const REQUIRED_MODELS = [
  'bank_booth',
  'furnace',
  'anvil',
  'range',
  'altar',
  'fire',
  'tree',
  'oak_tree',
  'willow_tree',
  'rock',
  'fishing_spot',
  'house',
  'shop',
  'bank',
];

describe('shipped models', () => {
  it('include every required model, byte-identical to what the generator produces', async () => {
    const files = (await readdir(path.join(assets, 'models'))).filter((f) => f.endsWith('.glb'));
    for (const name of REQUIRED_MODELS) expect(files).toContain(`${name}.glb`);
    for (const spec of MODELS) {
      const shipped = await readFile(path.join(assets, 'models', `${spec.name}.glb`));
      expect(Buffer.compare(shipped, Buffer.from(buildModelGlb(spec))), `${spec.name}.glb is stale`).toBe(0);
    }
  });

  it('carry POSITION and NORMAL accessors with min/max and outward, unit normals', async () => {
    for (const spec of MODELS) {
      const glb = parseGlb(await readFile(path.join(assets, 'models', `${spec.name}.glb`)));
      const accessors = glb.json.accessors ?? [];
      for (const primitive of glb.json.meshes?.[0]?.primitives ?? []) {
        const position = accessors[primitive.attributes['POSITION'] ?? -1];
        const normal = accessors[primitive.attributes['NORMAL'] ?? -1];
        expect(position?.min).toHaveLength(3);
        expect(position?.max).toHaveLength(3);
        expect(normal?.min).toHaveLength(3);
        expect(normal?.max).toHaveLength(3);
      }
      const bounds = computeBounds(glb);
      expect(bounds.min[1], `${spec.name} sits on the ground`).toBeCloseTo(0, 5);
    }
    // Outward winding: each face's geometric normal points away from its part's centre.
    for (const spec of MODELS) {
      for (const part of spec.parts) {
        const points = part.faces.flat();
        const centre = points.reduce<Vec3>((c, p) => add(c, scale(p, 1 / points.length)), [0, 0, 0]);
        for (const [a, b, c] of part.faces) {
          if (!a || !b || !c) continue;
          const normal = cross(sub(b, a), sub(c, a));
          expect(dot(normal, sub(a, centre)), `${spec.name}/${part.name}`).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('model-bounds.json', () => {
  it('is up to date with the models and the station/building scales', async () => {
    const { text } = await generateModelBounds({
      modelsDir: path.join(assets, 'models'),
      manifestsDir: path.join(assets, 'manifests'),
    });
    const committed = await readFile(path.join(assets, 'manifests', 'model-bounds.json'), 'utf8');
    expect(committed, 'run `npm run model-bounds`').toBe(text);
  });
});

describe('shipped music', () => {
  it('is the generator output: an ID3 tag followed by whole silent MPEG-1 Layer III frames', async () => {
    for (const track of TRACKS) {
      const shipped = await readFile(path.join(assets, 'audio/music', track.category, track.file));
      expect(Buffer.compare(shipped, Buffer.from(silentMp3(track.title, track.seconds)))).toBe(0);
      expect(shipped.subarray(0, 3).toString('latin1')).toBe('ID3');
      const tagSize = shipped.subarray(6, 10).reduce((size, byte) => (size << 7) | byte, 0) + 10;
      const frames = shipped.subarray(tagSize);
      expect(frames.byteLength % FRAME_BYTES).toBe(0);
      expect(frames.byteLength / FRAME_BYTES).toBeGreaterThanOrEqual((track.seconds * 48_000) / 1152);
      for (let at = 0; at < frames.byteLength; at += FRAME_BYTES) {
        expect([...frames.subarray(at, at + 4)]).toEqual([...FRAME_HEADER]);
      }
    }
    const normal = await readdir(path.join(assets, 'audio/music/normal'));
    const combat = await readdir(path.join(assets, 'audio/music/combat'));
    expect(normal.length).toBeGreaterThanOrEqual(3);
    expect(combat.length).toBeGreaterThanOrEqual(2);
  });
});
