import { CLOSE_CODES, type Rid } from '@tilerealm/protocol';
import type { WorldView } from '../app/world-view';
import type { Content } from '../content/load';
import type { Command, DeathLockState, Effect, JsonObject, OutEvent, PersistKind } from '../sim/core/types';
import { World, type TickReport, type WorldSettings } from '../sim/core/world';
import { FEATURES } from '../sim/features';
import { snapshotOf } from '../sim/core/snapshot';
import { buildTileMap } from '../sim/map/build-tile-map';
import type { NpcKillRepository } from '../storage';
import type { InputRecorder } from './input-recorder';
import type { SaveQueue } from './save-queue';
import { collectYoungGarbage } from './young-garbage';
import { TickLoop } from './tick-loop';
import { startViewThread, stopViewThread, viewChunksOf } from './view-thread';
import { StepGc, type StepGcTotals } from './step-gc';
import { TickStats } from './tick-stats';
import type { Log } from '../app/logger';

/** Where the host delivers a player's events and disconnects (implemented by the WebSocket sessions). */
export interface PlayerSink {
  /** Queues events for the player's next frame. */
  deliver(playerId: string, events: OutEvent[]): void;
  /** Sends every player's queued events, one frame per player (after each tick's delivery). */
  flush(): void;
  disconnect(playerId: string, code: number, reason: string): void;
}

/** Close reason (4011) of a character whose lease another world took over while it played here. */
export const LEASE_LOST_REASON = 'logged_in_elsewhere: another world took this character over';

/**
 * Told after each tick: the world's report and how long delivering its events took (queueing them
 * on the sessions, then encoding and sending every player's frame), in milliseconds.
 */
export type TickObserver = (report: TickReport, deliveryMs: number) => void;

/** The administrators' reach beyond this world: broadcasts and kicks on the other worlds. */
export interface CrossWorldAdmin {
  /** A broadcast already heard here, for every other world; false when they could not be reached. */
  broadcast(message: string): Promise<boolean>;
  /** Kicks the named character on the world that holds it (none here has the name). */
  kick(
    name: string,
  ): Promise<{ kicked: true; world: number } | { kicked: false; reason: 'not_found' | 'unavailable' }>;
}

export interface WorldHostOptions {
  content: Content;
  seed: number;
  /** This run's name (unique per start); ids saved by the world carry it (see WorldOptions.runId). */
  runId?: string;
  tickMs: number;
  settings?: Partial<WorldSettings>;
  saves: SaveQueue;
  logger: Log;
  recorder?: InputRecorder;
  /** Where NPC kills are counted (fire and forget); without it kills are not recorded (some tests). */
  npcKills?: Pick<NpcKillRepository, 'increment'>;
  /** Broadcasts and kicks across worlds; without it they stay on this world. */
  crossWorld?: CrossWorldAdmin;
  /** An administrator's system update reached zero: begin the graceful shutdown (start-server). */
  onSystemUpdate?: () => void;
  /**
   * Players from which the world's views are scanned on a worker thread (VIEW_THREAD_FROM,
   * view-thread.ts); 0 or absent: never.
   */
  viewThreadFrom?: number;
}

/**
 * Runs the world in real time: the drift-correcting tick loop, command intake, delivery of each
 * tick's events, hand-over of saves, death locks and feature records (`persist`) to the
 * write-behind queue, kill statistics, and tick figures for /status.
 */
export class WorldHost implements WorldView {
  readonly world: World;
  readonly stats = new TickStats();
  private readonly loop: TickLoop;
  private sink: PlayerSink | undefined;
  private lastReport: TickReport | undefined;
  private readonly observers: TickObserver[] = [];
  private viewThreadStarted = false;
  private readonly stepGc = new StepGc();

  constructor(private readonly opts: WorldHostOptions) {
    this.world = new World({
      content: opts.content,
      map: buildTileMap(opts.content),
      seed: opts.seed,
      ...(opts.runId !== undefined ? { runId: opts.runId } : {}),
      features: FEATURES,
      settings: { ...opts.settings, tickMs: opts.tickMs },
      clock: () => performance.now(),
    });
    this.loop = new TickLoop(
      opts.tickMs,
      () => this.tick(),
      (err) => opts.logger.error({ err }, 'a tick failed; the world ticks on'),
    );
    opts.saves.listen({
      // Results of I/O come back to the world as commands (recorded, so replays see them too).
      committed: (what, key) => this.enqueue({ type: 'committed', what, key }),
      setAside: (ids) => {
        for (const id of ids)
          this.sink?.disconnect(id, CLOSE_CODES.saveFailed, 'your progress could not be saved: log in again');
      },
      leaseLost: (ids) => {
        for (const id of ids) this.sink?.disconnect(id, CLOSE_CODES.loggedInElsewhere, LEASE_LOST_REASON);
      },
    });
    opts.recorder?.begin({ seed: opts.seed, tickMs: opts.tickMs, runId: this.world.runId });
  }

  get tickMs(): number {
    return this.opts.tickMs;
  }

  attach(sink: PlayerSink): void {
    this.sink = sink;
  }

  /** Calls `observer` after every tick (the metrics). */
  observeTicks(observer: TickObserver): void {
    this.observers.push(observer);
  }

  /** Ticks the loop skipped because the process fell behind, and ticks that threw. */
  loopCounters(): { skipped: number; failed: number } {
    return { skipped: this.loop.skipped, failed: this.loop.failed };
  }

  /**
   * Chunks of viewers scanned through the views' worker channel since it started, by the thread
   * that scanned them (zeros while the world scans its views alone): the worker's share of the scan.
   */
  viewChunks(): { worker: number; world: number } {
    return viewChunksOf(this.world);
  }

  /** Garbage collections that began inside the world's steps, by kind, since the host started. */
  gcInSteps(): StepGcTotals {
    return this.stepGc.totals;
  }

  start(): void {
    this.loop.start();
  }

  /**
   * Puts the death locks still active in storage back into the world (gravestones holding their
   * items), so a restart loses no item in custody. Call once, before `start()`.
   */
  restoreDeaths(locks: readonly DeathLockState[]): void {
    // A command, so the input recorder keeps it and a replay starts from the same gravestones.
    if (locks.length > 0) this.enqueue({ type: 'restoreDeaths', locks: [...locks] });
  }

  /**
   * Hands saved feature records (world chunks, shop stock) back to the features that wrote them,
   * as a `restore` command before the first tick. Call before `start()`.
   */
  restoreRecords(what: PersistKind, entries: ReadonlyArray<{ key: string; data: JsonObject }>): void {
    // A command, so the input recorder keeps it and a replay starts from the same state.
    if (entries.length > 0) this.enqueue({ type: 'restore', what, entries: [...entries] });
  }

  /** Stops ticking and hands every player's final snapshot to the save queue (it ends their leases). */
  stop(): void {
    this.loop.stop();
    this.stepGc.stop();
    void stopViewThread(this.world);
    for (const p of this.world.players.values())
      this.guarded('saving a player at shutdown', { playerId: p.id }, () =>
        this.opts.saves.push(snapshotOf(this.world, p), { release: true }),
      );
    // World objects and ground piles with their timers as they are now (ticks left), so a restart resumes them.
    for (const r of this.world.recordsToSave()) this.opts.saves.pushRecord(r.what, r.key, r.data, []);
  }

  /** The views' worker thread, started once the world holds `viewThreadFrom` players. */
  private startViewThreadWhenDue(): void {
    const from = this.opts.viewThreadFrom ?? 0;
    if (this.viewThreadStarted || !(from > 0) || this.world.players.size < from) return;
    this.viewThreadStarted = true;
    const logger = this.opts.logger;
    logger.info({ players: this.world.players.size }, 'scanning the views on a worker thread');
    startViewThread(this.world, {
      onDown: (err) => logger.error({ err }, 'the views worker failed: the world scans its views itself'),
    });
  }

  enqueue(command: Command): void {
    this.opts.recorder?.command(command);
    this.world.enqueue(command);
  }

  /** Sends an event to a player from outside the tick: it goes out with the player's next frame. */
  sendNow(playerId: string, event: OutEvent['event'], data: OutEvent['data'], rid?: Rid): void {
    this.sink?.deliver(playerId, [rid === undefined ? { event, data } : { event, data, rid }]);
  }

  /** Runs one tick now (the loop calls this; tests may too). */
  tick(): TickReport {
    this.startViewThreadWhenDue();
    this.stepGc.begin();
    const report = this.world.step();
    this.stepGc.end();
    this.lastReport = report;
    this.stats.add(report);
    this.opts.recorder?.tick(report.tick, this.world.hash());
    // Each delivery and each effect on its own: one failing never costs another player its events
    // or its save.
    const delivering = performance.now();
    for (const [playerId, events] of this.world.drainOutbox())
      this.guarded("delivering a tick's events", { playerId }, () => this.sink?.deliver(playerId, events));
    this.guarded("sending the tick's frames", {}, () => this.sink?.flush());
    const deliveryMs = performance.now() - delivering;
    this.stats.addDelivery(deliveryMs);
    for (const observe of this.observers)
      this.guarded('observing a tick', {}, () => observe(report, deliveryMs));
    for (const e of this.world.drainEffects())
      this.guarded('applying a world effect', { effect: e.type }, () => this.apply(e));
    collectYoungGarbage();
    return report;
  }

  private guarded(what: string, context: object, fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.opts.logger.error({ err, ...context }, `${what} failed`);
    }
  }

  private apply(e: Effect): void {
    switch (e.type) {
      case 'save':
        this.opts.saves.push(e.snapshot, { release: e.reason !== 'autosave' });
        return;
      case 'deathLock':
        this.opts.saves.pushLock(e.lock, e.snapshots, e.step, e.ledger);
        return;
      case 'persist':
        this.opts.saves.pushRecord(e.what, e.key, e.data, e.snapshots, {
          ...(e.ledger ? { ledger: e.ledger } : {}),
          ...(e.linked ? { linked: e.linked } : {}),
          ...(e.confirm ? { confirm: true } : {}),
        });
        return;
      case 'npcKill':
        this.opts.npcKills?.increment(e.characterId, e.npcId).catch((err: unknown) => {
          this.opts.logger.error(
            { err, characterId: e.characterId, npcId: e.npcId },
            'counting an NPC kill failed',
          );
        });
        return;
      case 'disconnect':
        this.sink?.disconnect(e.playerId, e.code, e.reason);
        return;
      case 'broadcast':
        void this.opts.crossWorld?.broadcast(e.message).then((reached) => {
          if (!reached)
            this.sendNow(e.adminId, 'error', {
              code: 'unavailable',
              message: 'the broadcast reached this world only: the other worlds are unavailable right now',
            });
        });
        return;
      case 'remoteKick':
        void this.kickElsewhere(e.name, e.adminId, e.rid);
        return;
      case 'systemUpdate':
        this.opts.logger.info({}, 'the system update is due: beginning the graceful shutdown');
        this.opts.onSystemUpdate?.();
        return;
      case 'fault':
        // The world already acted on it (core/faults.ts): a faulty player's disconnect is its own effect.
        this.opts.logger.error(
          { where: e.where, entity: e.entity, action: e.action, message: e.message, stack: e.stack },
          'world fault',
        );
        return;
    }
  }

  /** Answers an administrator's `/kick` of a name no player here has, once the other worlds have. */
  private async kickElsewhere(name: string, adminId: string, rid: Rid | undefined): Promise<void> {
    const ridField = rid === undefined ? {} : { rid };
    let outcome: Awaited<ReturnType<CrossWorldAdmin['kick']>> = { kicked: false, reason: 'not_found' };
    try {
      if (this.opts.crossWorld) outcome = await this.opts.crossWorld.kick(name);
    } catch (err) {
      this.opts.logger.error({ err, name }, 'kicking a player on another world failed');
      outcome = { kicked: false, reason: 'unavailable' };
    }
    if (outcome.kicked) {
      if (rid !== undefined)
        this.sendNow(
          adminId,
          'ack',
          { event: 'player:chat', result: { kicked: name, world: outcome.world } },
          rid,
        );
      return;
    }
    const error =
      outcome.reason === 'unavailable'
        ? {
            code: 'unavailable' as const,
            message: `${name} could not be looked for on the other worlds: try again shortly`,
          }
        : { code: 'invalid_command' as const, message: `no player named ${name} is online` };
    this.sendNow(adminId, 'error', { ...error, ...ridField }, rid);
  }

  playersOnline(): number {
    return this.world.players.size;
  }

  isOnline(characterId: string): boolean {
    return this.world.players.has(characterId);
  }

  livePosition(characterId: string) {
    const p = this.world.players.get(characterId);
    return p ? { x: p.x, y: this.world.heightAt(p.x, p.z), z: p.z } : undefined;
  }

  tickFigures() {
    return this.stats.figures(this.opts.tickMs);
  }

  currentTick(): number | null {
    return this.lastReport ? this.world.tick : null;
  }
}
