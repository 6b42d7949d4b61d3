/**
 * Pure helpers of the world view (no three.js, no DOM): movement interpolation between ticks,
 * facing, tile picking, the orbit camera and the fading effects. Tested in test/render-logic.test.ts.
 */

/** Vertical scale of the terrain heights when drawn (the CDN's world/terrain.json heightScale). */
export const HEIGHT_SCALE = 0.25;

/** A jump longer than this (tiles) is drawn as a jump, not a walk (teleport, respawn, a new view). */
export const SNAP_DISTANCE = 4;

export interface Point {
  x: number;
  z: number;
}

/** One leg of an entity's movement: from where it was drawn to its new tile, over one tick. */
export interface Motion {
  fromX: number;
  fromZ: number;
  toX: number;
  toZ: number;
  start: number;
  duration: number;
}

/** A motion that stands still at a tile. */
export function restingAt(x: number, z: number, now = 0): Motion {
  return { fromX: x, fromZ: z, toX: x, toZ: z, start: now, duration: 0 };
}

/** Where a motion is at time `now` (clamped to its ends). */
export function sampleMotion(m: Motion, now: number): Point {
  const t = m.duration <= 0 ? 1 : Math.min(1, Math.max(0, (now - m.start) / m.duration));
  return { x: m.fromX + (m.toX - m.fromX) * t, z: m.fromZ + (m.toZ - m.fromZ) * t };
}

/** Whether the motion has reached its tile. */
export function motionDone(m: Motion, now: number): boolean {
  return m.duration <= 0 || now >= m.start + m.duration;
}

/**
 * The motion towards a new server tile: from where the entity is drawn now to the tile, over one
 * tick (a run covers its two tiles in the same time). Far jumps and unchanged targets return the
 * right thing without a slide: a jump snaps, the same target keeps the running motion.
 */
export function retarget(current: Motion, toX: number, toZ: number, now: number, tickMs: number): Motion {
  if (current.toX === toX && current.toZ === toZ) return current;
  const here = sampleMotion(current, now);
  const d = Math.max(Math.abs(toX - here.x), Math.abs(toZ - here.z));
  if (d > SNAP_DISTANCE) return restingAt(toX, toZ, now);
  return { fromX: here.x, fromZ: here.z, toX, toZ, start: now, duration: Math.max(1, tickMs) };
}

/**
 * Yaw (radians, rotation about +Y) that turns a model facing +Z towards the direction (dx, dz);
 * `previous` when there is no direction (standing still keeps the last facing).
 */
export function facingYaw(dx: number, dz: number, previous: number): number {
  if (Math.abs(dx) < 1e-6 && Math.abs(dz) < 1e-6) return previous;
  return Math.atan2(dx, dz);
}

/** Turns `from` towards `to` by fraction `t` along the shorter way round (radians). */
export function lerpAngle(from: number, to: number, t: number): number {
  let d = (to - from) % (Math.PI * 2);
  if (d > Math.PI) d -= Math.PI * 2;
  if (d < -Math.PI) d += Math.PI * 2;
  return from + d * Math.min(1, Math.max(0, t));
}

/** The tile under a point of the ground: tiles are centred on integer coordinates. */
export function tileAt(x: number, z: number): Point {
  return { x: Math.round(x), z: Math.round(z) };
}

/** Chebyshev (king-move) distance between two tiles, the game's notion of "next to" and range. */
export function chebyshev(a: Point, b: Point): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.z - b.z));
}

/**
 * Height of the drawn ground at a point between tile centres: the bilinear blend of the four
 * surrounding tile heights (`heightOf` gives a tile's height in world units).
 */
export function groundHeightAt(x: number, z: number, heightOf: (tx: number, tz: number) => number): number {
  const x0 = Math.floor(x);
  const z0 = Math.floor(z);
  const fx = x - x0;
  const fz = z - z0;
  const h00 = heightOf(x0, z0);
  if (fx === 0 && fz === 0) return h00;
  const h10 = heightOf(x0 + 1, z0);
  const h01 = heightOf(x0, z0 + 1);
  const h11 = heightOf(x0 + 1, z0 + 1);
  const a = h00 + (h10 - h00) * fx;
  const b = h01 + (h11 - h01) * fx;
  return a + (b - a) * fz;
}

/** The orbit camera around the followed player. */
export interface Orbit {
  /** Angle around the player (radians); 0 looks from +Z towards -Z. */
  yaw: number;
  /** Elevation (radians above the horizon). */
  pitch: number;
  distance: number;
}

export const ORBIT_LIMITS = { minPitch: 0.25, maxPitch: 1.45, minDistance: 4, maxDistance: 40 } as const;

/** The orbit clamped to its limits (pitch and distance), yaw wrapped to [-PI, PI). */
export function clampOrbit(o: Orbit): Orbit {
  const twoPi = Math.PI * 2;
  const yaw = ((((o.yaw + Math.PI) % twoPi) + twoPi) % twoPi) - Math.PI;
  return {
    yaw,
    pitch: Math.min(ORBIT_LIMITS.maxPitch, Math.max(ORBIT_LIMITS.minPitch, o.pitch)),
    distance: Math.min(ORBIT_LIMITS.maxDistance, Math.max(ORBIT_LIMITS.minDistance, o.distance)),
  };
}

/** Camera position for an orbit around `target` (x, y, z). */
export function orbitPosition(
  o: Orbit,
  target: { x: number; y: number; z: number },
): { x: number; y: number; z: number } {
  const flat = Math.cos(o.pitch) * o.distance;
  return {
    x: target.x + Math.sin(o.yaw) * flat,
    y: target.y + Math.sin(o.pitch) * o.distance,
    z: target.z + Math.cos(o.yaw) * flat,
  };
}

/** Zoom by a wheel delta (pixels): multiplicative, so each notch feels the same at any distance. */
export function zoomOrbit(o: Orbit, deltaY: number): Orbit {
  return clampOrbit({ ...o, distance: o.distance * Math.exp(deltaY * 0.001) });
}

/**
 * Normalised device coordinates (-1..1, y up) of a page point inside an element's client rect,
 * for a ray from the camera.
 */
export function toNdc(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } {
  return {
    x: ((clientX - rect.left) / Math.max(1, rect.width)) * 2 - 1,
    y: -((clientY - rect.top) / Math.max(1, rect.height)) * 2 + 1,
  };
}

/**
 * Page (client) coordinates of projected normalised device coordinates, or undefined when the
 * point is behind the camera (z outside -1..1) or outside the element.
 */
export function fromNdc(
  ndc: { x: number; y: number; z: number },
  rect: { left: number; top: number; width: number; height: number },
): { x: number; y: number } | undefined {
  if (!Number.isFinite(ndc.x) || !Number.isFinite(ndc.y) || ndc.z < -1 || ndc.z > 1) return undefined;
  if (ndc.x < -1 || ndc.x > 1 || ndc.y < -1 || ndc.y > 1) return undefined;
  return {
    x: rect.left + ((ndc.x + 1) / 2) * rect.width,
    y: rect.top + ((1 - ndc.y) / 2) * rect.height,
  };
}

/** A hit splat's look at `age` ms of its `life`: rising and fading out in the last third. */
export function splatStyle(age: number, life: number): { rise: number; opacity: number; alive: boolean } {
  if (age >= life) return { rise: 1, opacity: 0, alive: false };
  const t = Math.max(0, age / life);
  return { rise: t, opacity: t < 2 / 3 ? 1 : 1 - (t - 2 / 3) * 3, alive: true };
}

/** A splat's colour class: red for damage, blue for a miss (RuneScape's blue 0). */
export function splatKind(hit: boolean, damage: number): 'miss' | 'zero' | 'damage' {
  if (!hit) return 'miss';
  return damage === 0 ? 'zero' : 'damage';
}

/** How far (world units) a dying entity has sunk after `age` ms of a `ms` long death. */
export function deathSink(age: number, ms: number): number {
  if (ms <= 0) return 1;
  return Math.min(1, Math.max(0, age / ms));
}

/** Whether a pointer gesture was a click (moved less than the slop) rather than a drag. */
export function isClick(dx: number, dy: number, slop = 5): boolean {
  return dx * dx + dy * dy <= slop * slop;
}

/**
 * Footprint rectangle of an object placed with its min corner at (x, z): width and depth swap at
 * 90 and 270 degrees (the server's footprintRect).
 */
export function footprintRect(
  x: number,
  z: number,
  width: number,
  depth: number,
  rotation: number,
): { minX: number; minZ: number; maxX: number; maxZ: number } {
  const swap = rotation === 90 || rotation === 270;
  const w = Math.max(1, swap ? depth : width);
  const d = Math.max(1, swap ? width : depth);
  return { minX: x, minZ: z, maxX: x + w - 1, maxZ: z + d - 1 };
}

/** Centre point of an inclusive tile rectangle (tiles centred on integers). */
export function rectCentre(r: { minX: number; minZ: number; maxX: number; maxZ: number }): Point {
  return { x: (r.minX + r.maxX) / 2, z: (r.minZ + r.maxZ) / 2 };
}

/** Whether the terrain window centred at `centre` must be rebuilt for a player at `at`. */
export function needsRecentre(centre: Point | undefined, at: Point, margin: number): boolean {
  return !centre || chebyshev(centre, at) > margin;
}

/** model-bounds.json: per model file its tile footprint (and box), as the asset pipeline wrote it. */
export type ModelBounds = Map<string, { width: number; depth: number; height: number }>;

/** Reads model-bounds.json (`{ "tree.glb": { size: [x, y, z], footprint: { width, depth } } }`). */
export function parseModelBounds(raw: unknown): ModelBounds {
  const out: ModelBounds = new Map();
  if (!raw || typeof raw !== 'object') return out;
  for (const [file, v] of Object.entries(raw as Record<string, unknown>)) {
    const entry = v as { size?: unknown; footprint?: { width?: unknown; depth?: unknown } } | undefined;
    const size = Array.isArray(entry?.size) ? (entry.size as unknown[]) : [];
    const width = Number(entry?.footprint?.width);
    const depth = Number(entry?.footprint?.depth);
    out.set(file, {
      width: Number.isFinite(width) ? Math.max(1, width) : 1,
      depth: Number.isFinite(depth) ? Math.max(1, depth) : 1,
      height: typeof size[1] === 'number' ? size[1] : 1,
    });
  }
  return out;
}
