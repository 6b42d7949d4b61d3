import type { StoredWorldStatus, WorldRegistration, WorldRepository } from '../storage';
import type { Log } from '../app/logger';

export interface WorldRegistryOptions {
  repo: WorldRepository;
  /** What the world list shows of this world, and the process running it. */
  world: WorldRegistration;
  /** Players in the world now. */
  population: () => number;
  /** How often the heartbeat is written. */
  intervalMs: number;
  logger: Log;
}

/** The heartbeat period for a lease TTL: three beats within one TTL, at most every 5 s. */
export function heartbeatInterval(leaseTtlMs: number): number {
  return Math.max(100, Math.min(5_000, Math.floor(leaseTtlMs / 3)));
}

/**
 * This world's row in the world list (the `worlds` table): registered at start, renewed with the
 * population every `intervalMs` (the database's clock stamps it; a row whose heartbeat is older than
 * the lease TTL is listed offline), marked `draining` when shutdown begins and `offline` when it
 * ends. Nothing here throws: a database fault is logged and the next beat tries again (registering
 * first when the start could not). The timer does not keep the process alive.
 */
export class WorldRegistry {
  private timer: NodeJS.Timeout | undefined;
  private registered = false;
  private stopped = false;
  private beating: Promise<void> | undefined;
  /** The status this process wants the row to have (written again by a beat after a failed write). */
  private status: StoredWorldStatus = 'online';
  private statusWritten = true;
  private failing = false;
  private displaced = false;
  /** A status write in flight (drain), which the stop waits for. */
  private writing: Promise<void> | undefined;

  constructor(private readonly opts: WorldRegistryOptions) {}

  /** Registers the world (or, when the database does not answer, leaves it to the next beat) and starts beating. */
  async start(): Promise<void> {
    await this.beat();
    if (this.stopped) return;
    this.timer = setInterval(() => void this.beat(), this.opts.intervalMs);
    this.timer.unref();
  }

  /**
   * Marks the world draining (shutdown has begun: no new logins); the heartbeat goes on. The write
   * need not be awaited: {@link stop} waits for it.
   */
  drain(): Promise<void> {
    this.writing = this.setStatus('draining');
    return this.writing;
  }

  /** Stops the heartbeat and marks the world offline (a clean stop). Idempotent. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating;
    await this.writing;
    if (this.registered) await this.setStatus('offline');
  }

  private async setStatus(status: StoredWorldStatus): Promise<void> {
    this.status = status;
    this.statusWritten = false;
    await this.beating;
    if (!this.registered) return; // written by the registration's beat
    await this.guard(`mark the world ${status}`, async () => {
      await this.opts.repo.setStatus(this.opts.world.instance, status);
      this.statusWritten = true;
    });
  }

  /** One heartbeat (or the registration still owed); never two at once. */
  private beat(): Promise<void> {
    this.beating ??= (async () => {
      try {
        if (!this.registered) {
          await this.guard('register the world', async () => {
            await this.opts.repo.register(this.opts.world);
            this.registered = true;
            this.statusWritten = this.status === 'online';
            this.opts.logger.info(
              { name: this.opts.world.name, address: this.opts.world.address },
              'world registered in the world list',
            );
          });
        }
        if (!this.registered || this.stopped) return;
        await this.guard('renew the world heartbeat', async () => {
          const repo = this.opts.repo;
          const ours = this.statusWritten
            ? await repo.heartbeat(this.opts.world.instance, this.opts.population())
            : await repo.setStatus(this.opts.world.instance, this.status);
          if (ours) this.statusWritten = true;
          if (!ours && !this.displaced)
            this.opts.logger.warn(
              { instance: this.opts.world.instance },
              'the world list row names another process: this one no longer renews it',
            );
          this.displaced = !ours;
        });
      } finally {
        this.beating = undefined;
      }
    })();
    return this.beating;
  }

  /** Runs a write; a failure is logged (once per outage) and left to the next beat. */
  private async guard(what: string, write: () => Promise<void>): Promise<void> {
    try {
      await write();
      if (this.failing) this.opts.logger.info({}, 'world list writes work again');
      this.failing = false;
    } catch (err) {
      if (!this.failing)
        this.opts.logger.warn({ err }, `could not ${what}: retrying with the next heartbeat`);
      this.failing = true;
    }
  }
}
