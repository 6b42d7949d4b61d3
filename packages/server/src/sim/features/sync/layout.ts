/**
 * How this tick's positions are laid out for the views (state.ts EntityCache `at` and `cells`):
 * numbers only, so that a worker thread scanning the views (scan.ts) reads them without the world.
 */

/** Offsets in state.ts `EntityCache.cells`: the handle, then as in `at` (AT_X + 1, ...). */
export const CELL_IDX = 0;
export const CELL_X = 1;
export const CELL_Z = 2;
export const CELL_FLAGS = 3;

/** Numbers per handle in state.ts `EntityCache.at`, and their offsets. */
export const AT_STRIDE = 4;
export const AT_X = 0;
export const AT_Z = 1;
export const AT_FLAGS = 2;
/** The version of the entity's appearance (entries.ts keepAppearance): kept by views it leaves (departed.ts). */
export const AT_VERSION = 3;
/** The position kept for a handle no entity holds: farther than any view reaches. */
export const ABSENT = -0x40000000;
/** Flags in `EntityCache.at`: the entity moved this tick; its look changed this tick. */
export const MOVED = 1;
export const CHANGED = 2;

/** An Int32Array in memory a worker thread can share (view-thread.ts). */
export function sharedInts(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT));
}

/** A {@link sharedInts} copy of `a`, `length` numbers long (`a`'s length by default). */
export function sharedCopy(a: Int32Array, length = a.length): Int32Array {
  const copy = sharedInts(length);
  copy.set(a);
  return copy;
}
