/**
 * The views' scan on another thread (docs/decisions/0028-views-scanned-on-a-worker-thread.md): the
 * two sides of the channel through which a worker (the host's: world/view-thread.ts) scans the views
 * (scan.ts) over the world's arrays in shared memory, a viewer at a time in the order of handles,
 * and publishes the records as it goes, while the world's thread builds each view's update from
 * them (sync.ts). The worker computes what the world's thread would: the records, and so the
 * updates, are the same on either thread.
 *
 * Only the world's thread allocates: when a view's set or the output runs short, the worker stops
 * before that viewer, the world's thread makes room and starts it again from there. When the worker
 * fails (an error, or no record for `timeoutMs`), the world stops using it; the views it may have
 * left half done start afresh (sync.ts), and the world's thread scans them.
 */
import { worldSlot } from '../../core/slots';
import type { World } from '../../core/world';
import { sharedCopy, sharedInts } from './layout';
import { Scanner, SHORT_OF_ROOM, type ScanArrays } from './scan';
import type { EntityCache } from './state';
import { growSet, growSetInPlace, scanArrays, type ViewSets } from './view-sets';

/** Words of the shared control array: bumped at every publication (the world's thread waits on it). */
const SEQ = 0;
/** The worker's state for a request: `generation * 8 + RUNNING, DONE, SHORT or FAILED`. */
const STATUS = 2;

const RUNNING = 0;
const DONE = 1;
const SHORT = 2;
const FAILED = 4;

/** Who holds a chunk of viewers: `generation * 4 + NONE, WORKER or HERE` (the world's thread). */
const NONE = 0;
const WORKER = 1;
const HERE = 2;
/**
 * A worker chunk's state in the chunk table (start, end, state, stop: TABLE_STRIDE numbers a
 * chunk): scanning, done, or done up to the viewer `stop`, whose set needs more room (the worker
 * goes on with the next chunks) or whose record did not fit in the output (the worker stops).
 */
const PENDING = 0;
const READY = 1;
const SHORT_ROOM = 2;
const SHORT_OUTPUT = 3;
const TABLE_STRIDE = 4;

/** Handles per chunk: the unit either thread claims. */
const CHUNK = 16;

/** What the worker is asked to scan: the arrays (shared memory) and the viewers' chunks. */
export interface ScanRequest extends ScanArrays {
  ctl: Int32Array;
  owners: Int32Array;
  table: Int32Array;
  out: Int32Array;
  viewers: Int32Array;
  generation: number;
  chunks: number;
  handles: number;
  maxRadius: number;
  crowd: number;
}

/**
 * The worker's side (view-worker.ts): claims the request's chunks of viewers in order, skipping
 * those the world's thread took, scans each and publishes its records. A chunk stops short before
 * a viewer whose set needs more room (the world's thread makes it and scans the rest of the chunk;
 * the worker goes on) or whose record does not fit (the worker claims no more).
 */
export function serveScan(scanner: Scanner, q: ScanRequest): void {
  const { ctl, out, viewers, owners, table } = q;
  const status = q.generation * 8;
  let o = 0;
  try {
    const free = q.generation * 4 + NONE;
    for (let k = 0; k < q.chunks; k++) {
      if (Atomics.compareExchange(owners, k, free, q.generation * 4 + WORKER) !== free) continue;
      const start = o;
      const end = Math.min((k + 1) * CHUNK, q.handles);
      for (let v = k * CHUNK; v < end; v++) {
        if (viewers[v] !== 1) continue;
        const next = scanner.scan(q, v, q.maxRadius, q.crowd, out, o);
        if (next === SHORT_OF_ROOM) {
          // The world's thread makes the room and scans the rest of this chunk.
          table[TABLE_STRIDE * k + 3] = v;
          break;
        }
        if (next < 0) {
          table[TABLE_STRIDE * k + 3] = v;
          settle(table, k, start, o, SHORT_OUTPUT);
          publish(ctl, status + SHORT);
          return;
        }
        o = next;
      }
      settle(table, k, start, o, table[TABLE_STRIDE * k + 3] === -1 ? READY : SHORT_ROOM);
      Atomics.add(ctl, SEQ, 1);
      Atomics.notify(ctl, SEQ);
    }
    publish(ctl, status + DONE);
  } catch {
    publish(ctl, status + FAILED);
  }
}

function settle(table: Int32Array, k: number, start: number, end: number, state: number): void {
  table[TABLE_STRIDE * k] = start;
  table[TABLE_STRIDE * k + 1] = end;
  Atomics.store(table, TABLE_STRIDE * k + 2, state);
}

function publish(ctl: Int32Array, status: number): void {
  Atomics.store(ctl, STATUS, status);
  Atomics.add(ctl, SEQ, 1);
  Atomics.notify(ctl, SEQ);
}

/** The world's side of the channel (see the module's comment). */
export class ScanChannel {
  private ready = false;
  private failed = false;
  private readonly ctl = sharedInts(8);
  private owners = sharedInts(0);
  private table = sharedInts(0);
  private out: Int32Array;
  private generation = 0;
  /** The world's thread's own scanner, its records and where each of its chunks' records are. */
  private readonly scanner = new Scanner();
  private here = new Int32Array(16_384);
  /** Per chunk scanned here: where its records start and end in `here`, and the generation it was scanned in. */
  private hereAt = new Int32Array(0);
  private hereGen = new Int32Array(0);
  /** How long the world's thread waits for the worker's next records before it gives up on it. */
  timeoutMs = 2000;
  /** Settles once the worker is up (true) or failed before it was (false). */
  readonly up: Promise<boolean>;
  /** Ticks whose views the worker scanned (some of). */
  ticks = 0;
  /** Chunks of viewers the worker scanned, and the world's thread scanned while it waited. */
  chunksThere = 0;
  chunksHere = 0;
  /** Called when the world's thread gives up on the worker (its host stops it). */
  onFailed: (() => void) | undefined;

  /**
   * `post` hands a request to the worker; `output` is the records' array's first length (it
   * doubles when short); `share` false: the world's thread waits for the worker instead of scanning
   * free chunks itself (tests and measurements).
   */
  constructor(
    private readonly post: (q: ScanRequest) => void,
    options: { output?: number | undefined; share?: boolean | undefined } = {},
  ) {
    this.out = sharedInts(options.output ?? 1 << 18);
    this.share = options.share ?? true;
    let settle: (up: boolean) => void = () => undefined;
    this.up = new Promise((resolve) => (settle = resolve));
    this.settle = settle;
  }

  private readonly settle: (up: boolean) => void;
  private readonly share: boolean;

  /** The worker is up: it serves requests from now on. */
  markUp(): void {
    if (this.failed) return;
    this.ready = true;
    this.settle(true);
  }

  /** The worker is gone (an error, an exit, a stop): never used again. */
  markDown(): void {
    this.failed = true;
    this.settle(false);
  }

  /** Failed or stopped: never used again. */
  get down(): boolean {
    return this.failed;
  }

  /** Up and not failed. */
  get usable(): boolean {
    return this.ready && !this.failed;
  }

  /**
   * Scans every view of this tick with the worker and builds their updates in the order of
   * handles, handing each chunk's records to `consume`. The viewers go by chunks that either
   * thread claims: the worker takes them in order; this thread, while the next chunk it needs is
   * still being scanned, scans the next free one itself (so it never waits on a worker that has not
   * woken up yet, or that lost its core). Returns -1, or, when the worker failed, the first viewer
   * handle whose update was not built (the worker is not used again; `sets` then holds copies it
   * can no longer write to).
   */
  run(
    world: World,
    sets: ViewSets,
    cache: EntityCache,
    consume: (out: Int32Array, o: number, end: number) => void,
  ): number {
    const handles = world.byIdx.length;
    const chunks = Math.ceil(handles / CHUNK);
    const gen = this.request(world, sets, cache, chunks);
    const { ctl, owners } = this;
    const free = gen * 4 + NONE;
    const mine = gen * 4 + HERE;
    const failed = gen * 8 + FAILED;
    const maxRadius = world.settings.viewDistance;
    const crowd = world.settings.viewCrowd;
    let arrays = scanArrays(sets, cache.at, cache.cells, cache.starts);
    let workerIdle = false;
    let broken = false;
    let hereTop = 0;
    let steal = 0;
    const scanHere = (k: number, from: number): void => {
      const end = Math.min((k + 1) * CHUNK, handles);
      const start = hereTop;
      for (let v = from; v < end && !broken; v++) {
        if (sets.viewers[v] !== 1) continue;
        for (;;) {
          const next = this.scanner.scan(arrays, v, maxRadius, crowd, this.here, hereTop);
          if (next >= 0) {
            hereTop = next;
            break;
          }
          if (next === SHORT_OF_ROOM) {
            // Room placed without moving the other sets, or, when the pool must be packed, once
            // the worker has let go of every chunk.
            if (!growSetInPlace(sets, v, this.scanner.needed)) {
              if (!workerIdle && !this.quiesce(gen, chunks)) {
                broken = true;
                break;
              }
              workerIdle = true;
              growSet(sets, v, this.scanner.needed);
            }
            arrays = scanArrays(sets, cache.at, cache.cells, cache.starts);
          } else {
            const grown = new Int32Array(this.here.length * 2);
            grown.set(this.here.subarray(0, hereTop));
            this.here = grown;
          }
        }
      }
      this.hereAt[2 * k] = start;
      this.hereAt[2 * k + 1] = hereTop;
      this.hereGen[k] = gen;
      this.chunksHere++;
    };
    for (let k = 0; k < chunks; k++) {
      for (;;) {
        const seq = Atomics.load(ctl, SEQ);
        const owner = Atomics.load(owners, k);
        if (owner === free && (this.share || workerIdle)) {
          if (Atomics.compareExchange(owners, k, free, mine) === free) scanHere(k, k * CHUNK);
          if (broken) return this.fail(sets, k * CHUNK);
          continue;
        }
        if (owner === mine) {
          // Claimed, and not scanned yet when it was claimed to let the worker go (quiesce).
          if (this.hereGen[k] !== gen) {
            scanHere(k, k * CHUNK);
            if (broken) return this.fail(sets, k * CHUNK);
          }
          consume(this.here, this.hereAt[2 * k] ?? 0, this.hereAt[2 * k + 1] ?? 0);
          break;
        }
        const at = TABLE_STRIDE * k;
        const state = owner === free ? PENDING : Atomics.load(this.table, at + 2);
        if (state !== PENDING) {
          consume(this.out, this.table[at] ?? 0, this.table[at + 1] ?? 0);
          this.chunksThere++;
          if (state === READY) break;
          // The worker stopped short in this chunk: the rest is scanned here. Short of output, it
          // claims no more this tick (the next gets a longer output).
          if (state === SHORT_OUTPUT) {
            workerIdle = true;
            this.out = sharedInts(this.out.length * 2);
          }
          Atomics.store(owners, k, mine);
          scanHere(k, this.table[at + 3] ?? 0);
          if (broken) return this.fail(sets, k * CHUNK);
          consume(this.here, this.hereAt[2 * k] ?? 0, this.hereAt[2 * k + 1] ?? 0);
          break;
        }
        // Still being scanned: scan the next free chunk here meanwhile, or wait.
        if (Atomics.load(ctl, STATUS) === failed) return this.fail(sets, k * CHUNK);
        if (steal <= k) steal = k + 1;
        if (this.share) while (steal < chunks && Atomics.load(owners, steal) !== free) steal++;
        if (this.share && steal < chunks && Atomics.compareExchange(owners, steal, free, mine) === free) {
          scanHere(steal, steal * CHUNK);
          if (broken) return this.fail(sets, k * CHUNK);
          continue;
        }
        if (Atomics.wait(ctl, SEQ, seq, this.timeoutMs) === 'timed-out') return this.fail(sets, k * CHUNK);
      }
    }
    this.ticks++;
    return -1;
  }

  /**
   * Claims every free chunk for this thread and waits until the worker has settled the ones it
   * holds: from then on it touches none of the arrays this tick. False when it did not answer.
   */
  private quiesce(gen: number, chunks: number): boolean {
    const free = gen * 4 + NONE;
    for (let k = 0; k < chunks; k++) Atomics.compareExchange(this.owners, k, free, gen * 4 + HERE);
    for (let k = 0; k < chunks; k++)
      for (;;) {
        const seq = Atomics.load(this.ctl, SEQ);
        if (Atomics.load(this.owners, k) !== gen * 4 + WORKER) break;
        if (Atomics.load(this.table, TABLE_STRIDE * k + 2) !== PENDING) break;
        if (Atomics.load(this.ctl, STATUS) === gen * 8 + FAILED) return false;
        if (Atomics.wait(this.ctl, SEQ, seq, this.timeoutMs) === 'timed-out') return false;
      }
    return true;
  }

  /** Posts this tick's request: every chunk free, in a new generation. Returns the generation. */
  private request(world: World, sets: ViewSets, cache: EntityCache, chunks: number): number {
    if (chunks > this.owners.length) {
      const size = Math.max(chunks, this.owners.length * 2, 64);
      this.owners = sharedInts(size);
      this.table = sharedInts(TABLE_STRIDE * size);
      this.hereAt = new Int32Array(2 * size);
      this.hereGen = new Int32Array(size);
      // A fresh array: no worker of an older generation holds it.
      this.generation = 0;
    }
    // Generations tag the owners and the status, so that a worker still finishing an older request
    // can neither claim a chunk of this one nor be mistaken for answering it.
    const gen = (this.generation = this.generation >= 0xfffff ? 1 : this.generation + 1);
    this.owners.fill(gen * 4 + NONE, 0, chunks);
    for (let k = 0; k < chunks; k++) {
      this.table[TABLE_STRIDE * k + 2] = PENDING;
      this.table[TABLE_STRIDE * k + 3] = -1;
    }
    Atomics.store(this.ctl, STATUS, gen * 8 + RUNNING);
    const q: ScanRequest = {
      ctl: this.ctl,
      owners: this.owners,
      table: this.table,
      out: this.out,
      viewers: sets.viewers,
      heads: sets.heads,
      pool: sets.pool,
      at: cache.at,
      cells: cache.cells,
      starts: cache.starts,
      departedHandles: sets.departedHandles,
      departedVersions: sets.departedVersions,
      departedState: sets.departedState,
      generation: gen,
      chunks,
      handles: world.byIdx.length,
      maxRadius: world.settings.viewDistance,
      crowd: world.settings.viewCrowd,
    };
    this.post(q);
    return gen;
  }

  private fail(sets: ViewSets, next: number): number {
    this.markDown();
    this.onFailed?.();
    // A worker that did not answer may still be writing: the world's thread goes on with copies.
    sets.heads = sharedCopy(sets.heads);
    sets.pool = sharedCopy(sets.pool);
    sets.departedHandles = sharedCopy(sets.departedHandles);
    sets.departedVersions = sharedCopy(sets.departedVersions);
    sets.departedState = sharedCopy(sets.departedState);
    return next;
  }
}

/** Per world, the channel to the worker that scans its views, when its host gave it one. */
export const VIEW_CHANNEL = worldSlot('sync.viewChannel', {
  init: (): { channel?: ScanChannel } => ({}),
});

/** The world's channel to its views' worker when it is up. */
export function viewChannelFor(world: World): ScanChannel | undefined {
  const channel = VIEW_CHANNEL.of(world).channel;
  return channel?.usable ? channel : undefined;
}
