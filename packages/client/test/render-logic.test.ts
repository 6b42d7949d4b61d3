import { describe, expect, it } from 'vitest';
import {
  chebyshev,
  clampOrbit,
  deathSink,
  facingYaw,
  footprintRect,
  fromNdc,
  groundHeightAt,
  isClick,
  lerpAngle,
  motionDone,
  needsRecentre,
  orbitPosition,
  parseModelBounds,
  ORBIT_LIMITS,
  rectCentre,
  restingAt,
  retarget,
  sampleMotion,
  splatKind,
  splatStyle,
  tileAt,
  toNdc,
  zoomOrbit,
} from '../src/game/render/logic';

describe('movement interpolation', () => {
  it('slides from the drawn position to the new tile over one tick', () => {
    const m = retarget(restingAt(0, 0, 0), 1, 0, 1000, 600);
    expect(sampleMotion(m, 1000)).toEqual({ x: 0, z: 0 });
    expect(sampleMotion(m, 1300)).toEqual({ x: 0.5, z: 0 });
    expect(sampleMotion(m, 1600)).toEqual({ x: 1, z: 0 });
    expect(sampleMotion(m, 5000)).toEqual({ x: 1, z: 0 });
    expect(motionDone(m, 1599)).toBe(false);
    expect(motionDone(m, 1600)).toBe(true);
  });

  it('covers two tiles in one tick when running', () => {
    const m = retarget(restingAt(5, 5, 0), 7, 3, 0, 600);
    expect(m.duration).toBe(600);
    expect(sampleMotion(m, 300)).toEqual({ x: 6, z: 4 });
  });

  it('continues from mid-step when the next tile comes early', () => {
    const first = retarget(restingAt(0, 0, 0), 1, 0, 0, 600);
    const second = retarget(first, 2, 0, 300, 600);
    expect(second.fromX).toBeCloseTo(0.5);
    expect(second.toX).toBe(2);
    expect(sampleMotion(second, 900)).toEqual({ x: 2, z: 0 });
  });

  it('keeps the motion when the target is unchanged and snaps on a teleport', () => {
    const m = retarget(restingAt(0, 0, 0), 1, 1, 0, 600);
    expect(retarget(m, 1, 1, 200, 600)).toBe(m);
    const jump = retarget(m, 40, -70, 300, 600);
    expect(sampleMotion(jump, 300)).toEqual({ x: 40, z: -70 });
    expect(motionDone(jump, 300)).toBe(true);
  });
});

describe('facing', () => {
  it('turns a +Z-facing model towards the direction of travel', () => {
    expect(facingYaw(0, 1, 9)).toBeCloseTo(0);
    expect(facingYaw(1, 0, 9)).toBeCloseTo(Math.PI / 2);
    expect(facingYaw(0, -1, 9)).toBeCloseTo(Math.PI);
    expect(facingYaw(-1, 0, 9)).toBeCloseTo(-Math.PI / 2);
    expect(facingYaw(0, 0, 1.25)).toBe(1.25);
  });

  it('turns the short way round', () => {
    const a = lerpAngle(Math.PI - 0.1, -Math.PI + 0.1, 0.5);
    expect(Math.abs(Math.abs(a) - Math.PI)).toBeLessThan(1e-9);
    expect(lerpAngle(0, 1, 0.5)).toBeCloseTo(0.5);
    expect(lerpAngle(0, 1, 2)).toBeCloseTo(1);
  });
});

describe('tile picking and ground', () => {
  it('maps a ground hit to the tile centred on the nearest integers', () => {
    expect(tileAt(2.4, -3.6)).toEqual({ x: 2, z: -4 });
    expect(tileAt(-0.49, 0.49)).toEqual({ x: -0, z: 0 });
    expect(tileAt(10.51, 7.5)).toEqual({ x: 11, z: 8 });
  });

  it('measures Chebyshev distance', () => {
    expect(chebyshev({ x: 0, z: 0 }, { x: 3, z: -2 })).toBe(3);
    expect(chebyshev({ x: 1, z: 1 }, { x: 1, z: 1 })).toBe(0);
  });

  it('blends tile heights bilinearly between tile centres', () => {
    const heights: Record<string, number> = { '0,0': 0, '1,0': 2, '0,1': 4, '1,1': 6 };
    const at = (x: number, z: number) => heights[`${x},${z}`] ?? 0;
    expect(groundHeightAt(0, 0, at)).toBe(0);
    expect(groundHeightAt(0.5, 0, at)).toBe(1);
    expect(groundHeightAt(0, 0.5, at)).toBe(2);
    expect(groundHeightAt(0.5, 0.5, at)).toBe(3);
    expect(groundHeightAt(1, 1, at)).toBe(6);
  });

  it('converts between page pixels and device coordinates', () => {
    const rect = { left: 100, top: 50, width: 800, height: 600 };
    expect(toNdc(500, 350, rect)).toEqual({ x: 0, y: 0 });
    expect(toNdc(100, 50, rect)).toEqual({ x: -1, y: 1 });
    expect(fromNdc({ x: 0, y: 0, z: 0.5 }, rect)).toEqual({ x: 500, y: 350 });
    expect(fromNdc({ x: 1, y: -1, z: 0.5 }, rect)).toEqual({ x: 900, y: 650 });
    expect(fromNdc({ x: 0, y: 0, z: 1.5 }, rect)).toBeUndefined();
    expect(fromNdc({ x: 1.2, y: 0, z: 0.5 }, rect)).toBeUndefined();
    const round = toNdc(321, 222, rect);
    expect(fromNdc({ ...round, z: 0 }, rect)).toEqual({ x: 321, y: 222 });
  });

  it('tells clicks from drags', () => {
    expect(isClick(2, 3)).toBe(true);
    expect(isClick(6, 0)).toBe(false);
  });

  it('computes footprints like the server, swapped at 90 and 270 degrees', () => {
    expect(footprintRect(10, 20, 3, 2, 0)).toEqual({ minX: 10, minZ: 20, maxX: 12, maxZ: 21 });
    expect(footprintRect(10, 20, 3, 2, 90)).toEqual({ minX: 10, minZ: 20, maxX: 11, maxZ: 22 });
    expect(footprintRect(0, 0, 0, 0, 0)).toEqual({ minX: 0, minZ: 0, maxX: 0, maxZ: 0 });
    expect(rectCentre({ minX: 10, minZ: 20, maxX: 11, maxZ: 22 })).toEqual({ x: 10.5, z: 21 });
  });

  it('re-centres the terrain window only after walking past the margin', () => {
    expect(needsRecentre(undefined, { x: 0, z: 0 }, 20)).toBe(true);
    expect(needsRecentre({ x: 0, z: 0 }, { x: 20, z: -20 }, 20)).toBe(false);
    expect(needsRecentre({ x: 0, z: 0 }, { x: 21, z: 0 }, 20)).toBe(true);
  });

  it('reads model-bounds.json footprints', () => {
    const b = parseModelBounds({
      'altar.glb': {
        min: [0, 0, 0],
        max: [1, 1, 1],
        size: [1.6, 1.27, 0.9],
        footprint: { width: 3, depth: 2 },
      },
      'odd.glb': { size: 'x', footprint: { width: 0 } },
    });
    expect(b.get('altar.glb')).toEqual({ width: 3, depth: 2, height: 1.27 });
    expect(b.get('odd.glb')).toEqual({ width: 1, depth: 1, height: 1 });
    expect(parseModelBounds(null).size).toBe(0);
  });
});

describe('orbit camera', () => {
  it('places the camera behind and above the target', () => {
    const p = orbitPosition({ yaw: 0, pitch: Math.PI / 4, distance: 10 }, { x: 1, y: 2, z: 3 });
    expect(p.x).toBeCloseTo(1);
    expect(p.y).toBeCloseTo(2 + 10 * Math.SQRT1_2);
    expect(p.z).toBeCloseTo(3 + 10 * Math.SQRT1_2);
    const side = orbitPosition({ yaw: Math.PI / 2, pitch: 0, distance: 5 }, { x: 0, y: 0, z: 0 });
    expect(side.x).toBeCloseTo(5);
    expect(side.z).toBeCloseTo(0);
  });

  it('clamps pitch and distance and wraps yaw', () => {
    const o = clampOrbit({ yaw: 3 * Math.PI, pitch: 5, distance: 1000 });
    expect(o.pitch).toBe(ORBIT_LIMITS.maxPitch);
    expect(o.distance).toBe(ORBIT_LIMITS.maxDistance);
    expect(Math.abs(o.yaw)).toBeCloseTo(Math.PI);
    expect(clampOrbit({ yaw: 0, pitch: -1, distance: 0 })).toEqual({
      yaw: 0,
      pitch: ORBIT_LIMITS.minPitch,
      distance: ORBIT_LIMITS.minDistance,
    });
  });

  it('zooms in and out with the wheel', () => {
    const o = { yaw: 0, pitch: 0.8, distance: 16 };
    expect(zoomOrbit(o, -100).distance).toBeLessThan(16);
    expect(zoomOrbit(o, 100).distance).toBeGreaterThan(16);
    expect(zoomOrbit(o, 1e6).distance).toBe(ORBIT_LIMITS.maxDistance);
  });
});

describe('effects', () => {
  it('floats a hit splat up for its life and fades it at the end', () => {
    expect(splatStyle(0, 1000)).toEqual({ rise: 0, opacity: 1, alive: true });
    expect(splatStyle(500, 1000).opacity).toBe(1);
    expect(splatStyle(900, 1000).opacity).toBeCloseTo(0.3);
    expect(splatStyle(1000, 1000).alive).toBe(false);
  });

  it('colours misses blue and damage red', () => {
    expect(splatKind(false, 0)).toBe('miss');
    expect(splatKind(true, 0)).toBe('zero');
    expect(splatKind(true, 12)).toBe('damage');
  });

  it('sinks a dying entity over its death ticks', () => {
    expect(deathSink(0, 1800)).toBe(0);
    expect(deathSink(900, 1800)).toBe(0.5);
    expect(deathSink(5000, 1800)).toBe(1);
    expect(deathSink(10, 0)).toBe(1);
  });
});
