import { RETURN_MEMORY } from './entity-move';

/** A slot whose entry was taken out, or never used (handles are never negative). */
const HOLE = -1;

/**
 * The departed list of {@link keepDeparted} (the entities that left a client's view lately, newest
 * last, the oldest out beyond {@link RETURN_MEMORY}) in flat arrays, for a server that keeps one per
 * client and looks into thousands of them each tick: handles in an `Int32Array` searched with the
 * typed array's own `lastIndexOf`, what was known of each beside them. An entity taken out (back in
 * view) leaves a hole that the next compaction closes. It keeps exactly the entries, in the order,
 * that {@link keepDeparted} keeps in a `Map` (departed-list.test.ts checks both against each other).
 */
export class DepartedList<T> {
  /** Handles from `head` to `tail`, oldest first; HOLE where one was taken out. */
  private handles = new Int32Array(RETURN_MEMORY * 2).fill(HOLE);
  private known: Array<T | undefined> = new Array<T | undefined>(RETURN_MEMORY * 2).fill(undefined);
  private head = 0;
  private tail = 0;
  /** Entries kept (holes not counted). */
  size = 0;

  /**
   * The slot of a handle in the list, or -1. Searched from the newest: an entity coming back into
   * view most often left it lately (one walking along the view's edge).
   */
  private slotOf(idx: number): number {
    if (this.size === 0 || idx < 0) return -1;
    const at = this.handles.lastIndexOf(idx, this.tail - 1);
    return at >= this.head ? at : -1;
  }

  /**
   * Takes a handle out of the list (its entity is back in view): what was known of it, or
   * NOT_KEPT when the list did not hold it.
   */
  take(idx: number): T | undefined | typeof NOT_KEPT {
    const at = this.slotOf(idx);
    if (at < 0) return NOT_KEPT;
    const known = this.known[at];
    this.handles[at] = HOLE;
    this.known[at] = undefined;
    this.size--;
    if (this.size === 0) this.head = this.tail = 0;
    return known;
  }

  /**
   * Puts an entity that left the view in as the newest, dropping the oldest beyond RETURN_MEMORY.
   * It must not be kept already (take it out first): an entity is either in view or in this list,
   * never both, so a server that takes every entity entering its view out never searches here.
   */
  keep(idx: number, known: T): void {
    if (this.tail === this.handles.length) this.compact();
    this.handles[this.tail] = idx;
    this.known[this.tail] = known;
    this.tail++;
    this.size++;
    if (this.size > RETURN_MEMORY) {
      while (this.handles[this.head] === HOLE) this.head++;
      this.handles[this.head] = HOLE;
      this.known[this.head] = undefined;
      this.head++;
      this.size--;
    }
  }

  /** Forgets every entry (a full sync: the client starts afresh). */
  clear(): void {
    this.handles.fill(HOLE, this.head, this.tail);
    this.known.fill(undefined, this.head, this.tail);
    this.head = this.tail = 0;
    this.size = 0;
  }

  /** The kept handles, oldest first. */
  keys(): number[] {
    const out: number[] = [];
    for (let i = this.head; i < this.tail; i++)
      if (this.handles[i] !== HOLE) out.push(this.handles[i] ?? HOLE);
    return out;
  }

  /** Moves the kept entries to the front, in order, closing the holes. */
  private compact(): void {
    let to = 0;
    for (let i = this.head; i < this.tail; i++) {
      const idx = this.handles[i] ?? HOLE;
      if (idx === HOLE) continue;
      this.handles[to] = idx;
      this.known[to] = this.known[i];
      to++;
    }
    this.handles.fill(HOLE, to, this.tail);
    this.known.fill(undefined, to, this.tail);
    this.head = 0;
    this.tail = to;
  }
}

/** {@link DepartedList.take}: the list did not hold the handle. */
export const NOT_KEPT: unique symbol = Symbol('not kept');
