import type { LeaseHolder, LeaseRepository, LeaseTake } from '../storage';
import type { Log } from '../app/logger';

/** What the keeper asks of the world's sessions (the gateway). */
export interface LeaseWatcher {
  /** The character is in use here: logging in, in a session, in the world, or its save is waiting. */
  inUse(characterId: string): boolean;
  /** Another world took the character's lease over: its session here ends (close 4011). */
  lost(characterId: string): void;
}

export interface LeaseKeeperOptions {
  leases: LeaseRepository;
  /** This world's number and this process's instance id (the lease's holder). */
  worldId: number;
  instance: string;
  /** CHARACTER_LEASE_TTL_MS; the leases are renewed every third of it. */
  ttlMs: number;
  logger: Log;
}

/**
 * This world's side of the character leases (docs/decisions/0015): takes them at login, renews
 * them all every third of the TTL, and releases the leases this world holds for characters no
 * longer in use here (a login that failed, a player who left the world without a save). A lease
 * found taken over by another world (this world could not renew it in time) ends the character's
 * session here. The final save of a character ends its lease itself, in its transaction (see
 * SaveQueue). The renewal never throws: a database error is logged and the next period retries.
 */
export class LeaseKeeper {
  readonly worldId: number;
  readonly instance: string;
  readonly ttlMs: number;
  /** Leases taken here, by character, with the generation of the take (a new take renumbers it). */
  private readonly book = new Map<string, number>();
  private generation = 0;
  /** Releases in flight: a take of the same character waits for its release first. */
  private readonly releasing = new Map<string, Promise<void>>();
  private watcher: LeaseWatcher | undefined;
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private running = false;

  constructor(private readonly opts: LeaseKeeperOptions) {
    this.worldId = opts.worldId;
    this.instance = opts.instance;
    this.ttlMs = opts.ttlMs;
  }

  /** Who tells which characters are in use here and ends sessions (the gateway). */
  watch(watcher: LeaseWatcher): void {
    this.watcher = watcher;
  }

  /** Takes (or renews, when this world holds it) the character's lease. */
  async take(characterId: string): Promise<LeaseTake> {
    await this.releasing.get(characterId);
    const outcome = await this.opts.leases.take(characterId, this.worldId, this.instance, this.ttlMs);
    if (outcome.ok) this.book.set(characterId, ++this.generation);
    return outcome;
  }

  /** The character's live lease anywhere, or null. */
  holder(characterId: string): Promise<LeaseHolder | null> {
    return this.opts.leases.holder(characterId, this.ttlMs);
  }

  /** Records the login's session row on the lease. */
  async attachSession(characterId: string, sessionId: string): Promise<void> {
    await this.opts.leases.attachSession(characterId, this.instance, sessionId);
  }

  /**
   * Ends this world's lease of a character no longer in use here. Never throws: a failure is
   * logged, and the next renewal's sweep releases it.
   */
  release(characterId: string): Promise<void> {
    const pending = this.releasing.get(characterId);
    if (pending) return pending;
    this.book.delete(characterId);
    const done = this.opts.leases
      .release(characterId, this.instance)
      .then(
        () => undefined,
        (err: unknown) => this.opts.logger.warn({ err, characterId }, 'releasing a character lease failed'),
      )
      .finally(() => this.releasing.delete(characterId));
    this.releasing.set(characterId, done);
    return done;
  }

  /** Renews every third of the TTL until {@link stop}. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** Stops renewing (after the shutdown's final saves ended the leases); waits for a renewal in flight. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.renewing;
  }

  /**
   * One renewal: renews every lease of this world in one statement, ends the sessions of the
   * characters whose lease another world took over, and releases the leases of characters no
   * longer in use here. Never throws.
   */
  renew(): Promise<void> {
    this.renewing ??= this.renewOnce().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(
      () => {
        void this.renew().finally(() => this.schedule());
      },
      Math.max(1, Math.floor(this.ttlMs / 3)),
    );
    this.timer.unref();
  }

  private async renewOnce(): Promise<void> {
    const before = new Map(this.book);
    let held: Set<string>;
    try {
      held = new Set(await this.opts.leases.renewAll(this.instance));
    } catch (err) {
      this.opts.logger.error({ err }, 'renewing the character leases failed; retrying next period');
      return;
    }
    for (const [id, generation] of before) {
      // Still held, or taken again since the renewal began: nothing was lost.
      if (held.has(id) || this.book.get(id) !== generation) continue;
      this.book.delete(id);
      if (!this.watcher?.inUse(id)) continue; // released by its final save
      if (!(await this.heldElsewhere(id))) continue; // its final save committed during this renewal
      this.opts.logger.warn(
        { characterId: id },
        'another world took over a character lease: ending its session',
      );
      this.guard('ending the session of a lost lease', id, () => this.watcher?.lost(id));
    }
    if (!this.watcher) return;
    for (const id of held) {
      if (this.releasing.has(id) || this.watcher.inUse(id)) continue;
      await this.release(id);
    }
  }

  /**
   * Whether another process holds the lease of a character the renewal missed while it is still in
   * use here. No lease at all is this world's own release: the final save ended it in its
   * transaction, which committed while the renewal ran and before the save queue marked the save
   * done. (Were the character still playing here without a lease, the save fence would refuse its
   * next save and end its session.) A failed look-up counts as taken over, as before it.
   */
  private async heldElsewhere(characterId: string): Promise<boolean> {
    try {
      const lease = await this.opts.leases.holder(characterId, this.ttlMs);
      return lease !== null && lease.instance !== this.instance;
    } catch (err) {
      this.opts.logger.warn({ err, characterId }, 'looking up a lease the renewal missed failed');
      return true;
    }
  }

  private guard(what: string, characterId: string, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.opts.logger.error({ err, characterId }, `${what} failed`);
    }
  }
}
