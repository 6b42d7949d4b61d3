/**
 * Each view's departed list (protocol RETURN_MEMORY): the entities that left the client's view
 * lately, oldest first, as the client keeps them, with what the client knew of each as a version
 * of the entity's appearance (entries.ts keepAppearance), or {@link UNKNOWN}. The views' scan keeps
 * it (scan.ts): an entity entering is taken out, one leaving goes in. Numbers only, in shared memory
 * by viewer handle, so that a worker thread scanning the views keeps them too (view-thread.ts).
 *
 * Exactly the entries, in the order, the client keeps (the protocol's `keepDeparted`: departed.test.ts
 * runs both side by side): each view has {@link DEPARTED_ROOM} places, handles stored plus one (0: a
 * hole left by an entity taken out, closed by the next compaction); only the places from the head to
 * the tail are ever read.
 */
import { RETURN_MEMORY } from '@tilerealm/protocol';

/** Places per view: the list compacts when its newest entry reaches the end. */
export const DEPARTED_ROOM = RETURN_MEMORY * 2;
/** Numbers per viewer handle in {@link DepartedArrays.departedState}: head, tail, size. */
export const DEPARTED_STRIDE = 3;
/** What {@link takeDeparted} returns when the list did not hold the entity. */
export const NOT_KEPT = -2;
/** Kept with nothing a return could reuse (an entity that left the world, or whose look changed as it left). */
export const UNKNOWN = -1;

export interface DepartedArrays {
  /** Per viewer handle, {@link DEPARTED_ROOM} places: entity handles plus one (0: a hole). */
  departedHandles: Int32Array;
  /** Beside each place, the version kept for it, or {@link UNKNOWN}. */
  departedVersions: Int32Array;
  /** Per viewer handle, {@link DEPARTED_STRIDE} numbers: first place in use, place after the newest, entries. */
  departedState: Int32Array;
}

/**
 * Takes entity `idx` out of `viewer`'s list (it is back in view): the version kept for it, or
 * {@link UNKNOWN}, or {@link NOT_KEPT} when the list did not hold it. Searched from the newest: an
 * entity coming back most often left lately.
 */
export function takeDeparted(a: DepartedArrays, viewer: number, idx: number): number {
  const { departedHandles: handles, departedState: state } = a;
  const s = viewer * DEPARTED_STRIDE;
  if (state[s + 2] === 0) return NOT_KEPT;
  const base = viewer * DEPARTED_ROOM;
  const head = base + (state[s] ?? 0);
  const key = idx + 1;
  for (let i = base + (state[s + 1] ?? 0) - 1; i >= head; i--) {
    if (handles[i] !== key) continue;
    handles[i] = 0;
    const size = (state[s + 2] ?? 0) - 1;
    state[s + 2] = size;
    if (size === 0) state[s] = state[s + 1] = 0;
    return a.departedVersions[i] ?? UNKNOWN;
  }
  return NOT_KEPT;
}

/**
 * Puts entity `idx` that left `viewer`'s view in as the newest, with `version`, dropping the oldest
 * beyond RETURN_MEMORY. It must not be kept already: an entity is in view or in this list, never both.
 */
export function keepDeparted(a: DepartedArrays, viewer: number, idx: number, version: number): void {
  const { departedHandles: handles, departedVersions: versions, departedState: state } = a;
  const s = viewer * DEPARTED_STRIDE;
  const base = viewer * DEPARTED_ROOM;
  if (state[s + 1] === DEPARTED_ROOM) compact(a, viewer);
  const tail = state[s + 1] ?? 0;
  handles[base + tail] = idx + 1;
  versions[base + tail] = version;
  state[s + 1] = tail + 1;
  const size = (state[s + 2] ?? 0) + 1;
  if (size <= RETURN_MEMORY) {
    state[s + 2] = size;
    return;
  }
  let head = state[s] ?? 0;
  while (handles[base + head] === 0) head++;
  handles[base + head] = 0;
  state[s] = head + 1;
  state[s + 2] = size - 1;
}

/** Moves `viewer`'s entries to the front of its places, in order, closing the holes. */
function compact(a: DepartedArrays, viewer: number): void {
  const { departedHandles: handles, departedVersions: versions, departedState: state } = a;
  const s = viewer * DEPARTED_STRIDE;
  const base = viewer * DEPARTED_ROOM;
  const tail = base + (state[s + 1] ?? 0);
  let to = base;
  for (let i = base + (state[s] ?? 0); i < tail; i++) {
    const key = handles[i] ?? 0;
    if (key === 0) continue;
    handles[to] = key;
    versions[to] = versions[i] ?? UNKNOWN;
    to++;
  }
  // What lies beyond the new tail is never read: the next entries overwrite it.
  state[s] = 0;
  state[s + 1] = to - base;
}

/** Forgets `viewer`'s list (a full sync, or a new player on the handle: the client starts afresh). */
export function clearDeparted(a: DepartedArrays, viewer: number): void {
  const s = viewer * DEPARTED_STRIDE;
  a.departedState[s] = a.departedState[s + 1] = a.departedState[s + 2] = 0;
}

/** `viewer`'s list: the handles kept, oldest first, each with its version. */
export function departedEntries(a: DepartedArrays, viewer: number): Array<[number, number]> {
  const s = viewer * DEPARTED_STRIDE;
  const base = viewer * DEPARTED_ROOM;
  const out: Array<[number, number]> = [];
  for (let i = base + (a.departedState[s] ?? 0); i < base + (a.departedState[s + 1] ?? 0); i++) {
    const key = a.departedHandles[i] ?? 0;
    if (key !== 0) out.push([key - 1, a.departedVersions[i] ?? UNKNOWN]);
  }
  return out;
}
