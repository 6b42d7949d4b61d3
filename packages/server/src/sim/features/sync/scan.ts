/**
 * The views' scan (sync.ts): for one viewer, which entities near it enter its view, which it knows
 * moved or changed their look, and which left it, with its set of known entities and its radius
 * brought up to date. Numbers only, over typed arrays: the world's thread runs it, and so can a
 * worker thread over the same arrays in shared memory (view-thread.ts), with the same result.
 *
 * A view's set lives in {@link ScanArrays.pool}, at the offset its head gives (view-sets.ts keeps
 * the heads and allocates the pool); what the scan found goes to an output array as one record a
 * viewer, which the world's thread turns into the viewer's `world:update`:
 *
 * ```
 * [viewer, n, entry... (n numbers), m, left handle x m]
 * ```
 *
 * Each entry is `handle * 4 + code`, in the order of the scan: code 0 the entity enters the view
 * (it is not known to it), followed by what the view's departed list kept of it (departed.ts: an
 * appearance version, UNKNOWN or NOT_KEPT); otherwise the known entity's flags this tick ({@link MOVED}
 * and {@link CHANGED}; a known entity with neither has no entry). The left handles come in the order
 * of the view's set (the order the entities entered). The view's departed list is kept on the way:
 * the entities entering are taken out of it, in the order of the scan, then those that left go in.
 */
import { rangesNear } from '../../core/spatial';
import {
  ABSENT,
  AT_FLAGS,
  AT_STRIDE,
  AT_VERSION,
  AT_X,
  AT_Z,
  CELL_FLAGS,
  CELL_IDX,
  CELL_X,
  CELL_Z,
  CHANGED,
} from './layout';
import { keepDeparted, takeDeparted, UNKNOWN, type DepartedArrays } from './departed';

/** Tiles beyond a shrunk view's radius an entity the client knows stays in it (never beyond the view distance). */
export const LEAVE_MARGIN = 2;
/** The smallest radius a crowd shrinks a view to. */
export const MIN_VIEW = 4;

/** Numbers per viewer handle in {@link ScanArrays.heads}, and their offsets. */
export const HEAD_STRIDE = 4;
/** Where the view's set starts in the pool, how many handles its place holds, how many it holds now. */
export const HEAD_OFFSET = 0;
export const HEAD_CAPACITY = 1;
export const HEAD_LENGTH = 2;
/** The view's radius in tiles; {@link UNSET_RADIUS} before its first scan. */
export const HEAD_RADIUS = 3;
export const UNSET_RADIUS = -1;

/** What a scan returns when the view's set has no room for what enters (the room needed: {@link Scanner.needed}). */
export const SHORT_OF_ROOM = -1;
/** What a scan returns when the output array may not hold the viewer's record. */
export const SHORT_OF_OUTPUT = -2;

/** What the scan reads and writes. */
export interface ScanArrays extends DepartedArrays {
  /** Per viewer handle, {@link HEAD_STRIDE} numbers (HEAD_* offsets). */
  heads: Int32Array;
  /** The views' sets, each at its head's offset. */
  pool: Int32Array;
  /** Per entity handle, this tick's `[x, z, flags, 0]` (layout.ts). */
  at: Int32Array;
  /** The spatial index laid out this tick: `[handle, x, z, flags]` of every indexed entity, bucket by bucket. */
  cells: Int32Array;
  /** Where each bucket starts in `cells` (in entities). */
  starts: Int32Array;
}

/** One thread's scanner: its marks and scratch arrays (never shared). */
export class Scanner {
  /**
   * Per entity handle, the mark of the last view that scanned it: twice the view's stamp where the
   * view knew it before its scan, twice plus one where the scan found it in range. The view's own
   * set is read once, in order, into the marks: the scan then tests a flat array instead of a hash
   * set per entity (5,000 hash sets do not stay in the processor's cache).
   */
  private marks = new Int32Array(1024);
  private stamp = 0;
  /** The runs of cells a view scans (core/spatial.ts rangesNear: two numbers a run, two runs a column). */
  private readonly ranges = new Int32Array(4 * 256);
  /** The handles entering the view being scanned, and where each one's departed number goes in the output. */
  private entering = new Int32Array(256);
  private enteringAt = new Int32Array(256);
  /** After {@link SHORT_OF_ROOM}: the room the view's set needs. */
  needed = 0;

  /**
   * Scans `viewer`'s view and writes its record into `out` at `o`: returns where the record ends,
   * or {@link SHORT_OF_ROOM} / {@link SHORT_OF_OUTPUT}, having changed nothing but scratch.
   */
  scan(a: ScanArrays, viewer: number, maxRadius: number, crowd: number, out: Int32Array, o: number): number {
    const { heads, pool, at, cells } = a;
    const head = viewer * HEAD_STRIDE;
    // Unset on the first scan; a lowered view distance takes effect at once.
    let radius = heads[head + HEAD_RADIUS] ?? UNSET_RADIUS;
    if (radius < 0 || radius > maxRadius) radius = maxRadius;
    // Never beyond the view distance: whatever a client knows is within reach of its actions.
    const keep = Math.min(radius + LEAVE_MARGIN, maxRadius);
    const offset = heads[head + HEAD_OFFSET] ?? 0;
    const knownBefore = heads[head + HEAD_LENGTH] ?? 0;
    const px = at[viewer * AT_STRIDE + AT_X] ?? 0;
    const pz = at[viewer * AT_STRIDE + AT_Z] ?? 0;
    const ranges = this.ranges;
    const runs = rangesNear(px, pz, keep, a.starts, ranges);
    let span = 0;
    for (let r = 0; r < runs; r++) span += (ranges[2 * r + 1] ?? 0) - (ranges[2 * r] ?? 0);
    // Each entity scanned gives at most one entry (two numbers), each one known at most one leave.
    if (o + 3 + 2 * span + knownBefore > out.length) return SHORT_OF_OUTPUT;
    const handles = at.length / AT_STRIDE;
    if (handles > this.marks.length) {
      const grown = new Int32Array(Math.max(handles, this.marks.length * 2));
      grown.set(this.marks);
      this.marks = grown;
    }
    if (span > this.entering.length) {
      this.entering = new Int32Array(span * 2);
      this.enteringAt = new Int32Array(span * 2);
    }
    const marks = this.marks;
    const entering = this.entering;
    const enteringAt = this.enteringAt;
    if (this.stamp === 0x3fffffff) {
      marks.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
    const knownMark = this.stamp * 2;
    const seenMark = knownMark + 1;
    for (let i = 0; i < knownBefore; i++) marks[pool[offset + i] ?? 0] = knownMark;
    // One pass over the entities near the viewer: each in range is stamped; known ones that moved or
    // changed are reported, unknown ones enter. Known entities left unstamped have left the view.
    let w = o + 2;
    let knownInRange = 0;
    let entered = 0;
    for (let r = 0; r < runs; r++) {
      const end = (ranges[2 * r + 1] ?? 0) * AT_STRIDE;
      for (let base = (ranges[2 * r] ?? 0) * AT_STRIDE; base < end; base += AT_STRIDE) {
        const idx = cells[base + CELL_IDX] ?? -1;
        const dx = (cells[base + CELL_X] ?? 0) - px;
        const dz = (cells[base + CELL_Z] ?? 0) - pz;
        const d = Math.max(dx < 0 ? -dx : dx, dz < 0 ? -dz : dz);
        if (d > keep || idx === viewer) continue;
        if (marks[idx] === knownMark) {
          marks[idx] = seenMark;
          knownInRange++;
          const flags = cells[base + CELL_FLAGS] ?? 0;
          if (flags !== 0) out[w++] = idx * 4 + (flags & 3);
        } else if (d <= radius) {
          marks[idx] = seenMark;
          out[w++] = idx * 4;
          enteringAt[entered] = w++;
          entering[entered++] = idx;
        }
      }
    }
    const size = knownInRange + entered;
    if (size > (heads[head + HEAD_CAPACITY] ?? 0)) {
      this.needed = size;
      return SHORT_OF_ROOM;
    }
    out[o] = viewer;
    out[o + 1] = w - o - 2;
    for (let i = 0; i < entered; i++) out[enteringAt[i] ?? 0] = takeDeparted(a, viewer, entering[i] ?? 0);
    const leftAt = w++;
    if (knownInRange < knownBefore) {
      // Known entities not stamped have left the view; the others are kept in order. A player who
      // logged out this tick is gone (its handle is not reused before the next tick); a dead NPC is
      // out of the spatial index: neither is stamped.
      let kept = 0;
      for (let i = 0; i < knownBefore; i++) {
        const idx = pool[offset + i] ?? 0;
        if (marks[idx] === seenMark) pool[offset + kept++] = idx;
        else {
          out[w++] = idx;
          keepDeparted(a, viewer, idx, knownOf(at, idx));
        }
      }
    }
    out[leftAt] = w - leftAt - 1;
    for (let i = 0; i < entered; i++) pool[offset + knownInRange + i] = entering[i] ?? 0;
    heads[head + HEAD_LENGTH] = size;
    // A crowd shrinks the view a tile a tick; it grows back a tile a tick once the crowd thins.
    if (size > crowd && radius > MIN_VIEW) radius--;
    else if (radius < maxRadius && size * 4 < crowd * 3) radius++;
    heads[head + HEAD_RADIUS] = radius;
    return w;
  }
}

/**
 * What a view keeps of an entity leaving it: its appearance's version, if it is still in the world
 * (a player that logged out is not; a dead NPC is, and may return at its respawn) and its look did
 * not change this tick (a change this tick reached the views that kept it, not this one).
 */
function knownOf(at: Int32Array, idx: number): number {
  const base = idx * AT_STRIDE;
  if (at[base + AT_X] === ABSENT || (at[base + AT_FLAGS] ?? 0) & CHANGED) return UNKNOWN;
  return at[base + AT_VERSION] ?? UNKNOWN;
}

/** Where the record at `o` ends (see the module's comment). */
export function recordEnd(out: Int32Array, o: number): number {
  const leftAt = o + 2 + (out[o + 1] ?? 0);
  return leftAt + 1 + (out[leftAt] ?? 0);
}
