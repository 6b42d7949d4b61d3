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
import { sharedInts } from './layout';
import { SHORT_OF_ROOM, type ScanArrays, type Scanner } from './scan';
import type { EntityCache } from './state';
import { growSet, type ViewSets } from './view-sets';

/** Words of the shared control array: bumped at every publication (the world's thread waits on it). */
const SEQ = 0;
/** Where the published records end in the output. */
const WRITTEN = 1;
/** The run's state (RUNNING, DONE, ...). */
const STATUS = 2;
/** When short: the viewer the worker stopped before, and the room its set needs. */
const STOP_AT = 3;
const NEEDED = 4;

const RUNNING = 0;
const DONE = 1;
const SHORT_ROOM = 2;
const SHORT_OUTPUT = 3;
const FAILED = 4;

/** Viewers the worker scans between two publications. */
const PUBLISH_EVERY = 16;

/** What the worker is asked to scan: the arrays (shared memory) and the viewers from `from`. */
export interface ScanRequest extends ScanArrays {
  ctl: Int32Array;
  out: Int32Array;
  viewers: Int32Array;
  from: number;
  handles: number;
  maxRadius: number;
  crowd: number;
}

/** The worker's side: scans the views of a request and publishes their records (view-worker.ts). */
export function serveScan(scanner: Scanner, q: ScanRequest): void {
  const { ctl, out, viewers } = q;
  let o = 0;
  let since = 0;
  try {
    for (let v = q.from; v < q.handles; v++) {
      if (viewers[v] !== 1) continue;
      const next = scanner.scan(q, v, q.maxRadius, q.crowd, out, o);
      if (next < 0) {
        Atomics.store(ctl, STOP_AT, v);
        Atomics.store(ctl, NEEDED, scanner.needed);
        publish(ctl, o, next === SHORT_OF_ROOM ? SHORT_ROOM : SHORT_OUTPUT);
        return;
      }
      o = next;
      if (++since === PUBLISH_EVERY) {
        since = 0;
        publish(ctl, o, RUNNING);
      }
    }
    publish(ctl, o, DONE);
  } catch {
    publish(ctl, o, FAILED);
  }
}

function publish(ctl: Int32Array, written: number, status: number): void {
  Atomics.store(ctl, WRITTEN, written);
  Atomics.store(ctl, STATUS, status);
  Atomics.add(ctl, SEQ, 1);
  Atomics.notify(ctl, SEQ);
}

/** The world's side of the channel (see the module's comment). */
export class ScanChannel {
  private ready = false;
  private failed = false;
  private readonly ctl = sharedInts(8);
  private out: Int32Array;
  /** How long the world's thread waits for the worker's next records before it gives up on it. */
  timeoutMs = 2000;
  /** Settles once the worker is up (true) or failed before it was (false). */
  readonly up: Promise<boolean>;
  /** Ticks whose views the worker scanned. */
  ticks = 0;
  /** Called when the world's thread gives up on the worker (its host stops it). */
  onFailed: (() => void) | undefined;

  /**
   * `post` hands a request to the worker; `output` is the records' array's first length (it
   * doubles when short).
   */
  constructor(
    private readonly post: (q: ScanRequest) => void,
    output = 1 << 18,
  ) {
    this.out = sharedInts(output);
    let settle: (up: boolean) => void = () => undefined;
    this.up = new Promise((resolve) => (settle = resolve));
    this.settle = settle;
  }

  private readonly settle: (up: boolean) => void;

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
   * Has the worker scan every view of this tick, handing each batch of published records to
   * `consume` (which returns the last viewer it built, -1 for none) as they come. Returns -1, or,
   * when the worker failed, the first viewer handle whose record was not consumed (the worker is
   * not used again; `sets` then holds copies it can no longer write to).
   */
  run(
    world: World,
    sets: ViewSets,
    cache: EntityCache,
    consume: (out: Int32Array, o: number, end: number) => number,
  ): number {
    const ctl = this.ctl;
    let last = -1;
    let from = 0;
    for (;;) {
      this.request(world, sets, cache, from);
      let read = 0;
      let status = RUNNING;
      for (;;) {
        const seq = Atomics.load(ctl, SEQ);
        status = Atomics.load(ctl, STATUS);
        const written = Atomics.load(ctl, WRITTEN);
        if (read < written) {
          const v = consume(this.out, read, written);
          if (v >= 0) last = v;
          read = written;
          continue;
        }
        if (status === DONE) {
          this.ticks++;
          return -1;
        }
        if (status === SHORT_ROOM || status === SHORT_OUTPUT) break;
        if (status === FAILED || Atomics.wait(ctl, SEQ, seq, this.timeoutMs) === 'timed-out')
          return this.fail(sets, last + 1);
      }
      // Short of room: made here, where the arrays are allocated, and the scan goes on from there.
      from = Atomics.load(ctl, STOP_AT);
      if (status === SHORT_ROOM) growSet(sets, from, Atomics.load(ctl, NEEDED));
      else this.out = sharedInts(this.out.length * 2);
    }
  }

  private request(world: World, sets: ViewSets, cache: EntityCache, from: number): void {
    Atomics.store(this.ctl, STATUS, RUNNING);
    Atomics.store(this.ctl, WRITTEN, 0);
    const q: ScanRequest = {
      ctl: this.ctl,
      out: this.out,
      viewers: sets.viewers,
      heads: sets.heads,
      pool: sets.pool,
      at: cache.at,
      cells: cache.cells,
      starts: cache.starts,
      from,
      handles: world.byIdx.length,
      maxRadius: world.settings.viewDistance,
      crowd: world.settings.viewCrowd,
    };
    this.post(q);
  }

  private fail(sets: ViewSets, next: number): number {
    this.markDown();
    this.onFailed?.();
    // A worker that did not answer may still be writing: the world's thread goes on with copies.
    sets.heads = copy(sets.heads);
    sets.pool = copy(sets.pool);
    return next;
  }
}

function copy(a: Int32Array): Int32Array {
  const c = sharedInts(a.length);
  c.set(a);
  return c;
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
