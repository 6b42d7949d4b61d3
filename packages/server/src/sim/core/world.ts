import {
  GAME_ERROR_CODES,
  TRADE_ERROR_CODES,
  type ClientEventName,
  type GameErrorCode,
  type Rid,
  type ServerEventName,
  type ServerPayload,
  type TradeErrorCode,
} from '@tilerealm/protocol';
import type { Content } from '../../content/load';
import type { TileMap } from '../map/tile-map';
import { lookupIn, type ItemLookup } from '../items/types';
import { chargeFault, reportFault, runHook, type Culprit } from './faults';
import { prepare } from './prepare';
import { hashWorld } from './world-hash';
import { Ledger } from './ledger';
import type { Npc } from './npc';
import { ignoreSet, type Player } from './player';
import { fail, PHASES, Registry, type Feature, type Outcome, type PhaseName } from './registry';
import { Outbox } from './outbox';
import { Rng } from './rng';
import { releaseColumns, type SlotColumns, type WorldSlot } from './slots';
import { DEFAULT_SETTINGS, type WorldSettings } from './settings';
import { SpatialIndex } from './spatial';
import type { Command, Effect, JsonObject, OutEvent, PersistKind, PlayerRecord } from './types';

export { DEFAULT_SETTINGS, type WorldSettings } from './settings';

export interface WorldOptions {
  content: Content;
  map: TileMap;
  seed: number;
  /** Names this run (input log; ids outliving a run carry it as ticks restart at 0). Default `r0`. */
  runId?: string;
  features: readonly Feature[];
  settings?: Partial<WorldSettings>;
  /** Monotonic milliseconds for phase timings, injected by the host (the sim never reads a clock). */
  clock?: () => number;
}

export interface TickReport {
  tick: number;
  totalMs: number;
  phases: Array<{ name: PhaseName; ms: number }>;
}

/**
 * The world: all game state, advanced one tick at a time by {@link World.step}. It never reads a
 * clock, never awaits and never does I/O: commands come in through {@link World.enqueue}, events
 * and effects go out through the outbox and effect list that the host drains after each tick.
 * Same seed, content and commands give the same states ({@link World.hash}).
 */
export class World {
  tick = 0;
  /** The features' world-level state, by slot index (core/slots.ts: read with `KEY.of(world)`). */
  readonly slotStates: Array<{ state: unknown } | undefined> = [];
  /** The players' feature states by slot key and handle (core/slots.ts), filled as players enter. */
  readonly playerSlotColumns: SlotColumns = [];
  /** This run's name (see {@link WorldOptions.runId}); part of every id that is saved. */
  readonly runId: string;
  readonly content: Content;
  readonly map: TileMap;
  readonly rng: Rng;
  readonly settings: WorldSettings;
  /** Item definitions by id, for the container rules. */
  readonly itemLookup: ItemLookup;
  readonly registry = new Registry();
  /** Players in the world, in the order they entered it. */
  readonly players = new Map<string, Player>();
  /** NPCs in the world, in spawn order. */
  readonly npcs = new Map<string, Npc>();
  /** Players and NPCs by entity handle (`idx`), for the hot paths of interest management. */
  readonly byIdx: Array<Player | Npc | undefined> = [];
  readonly spatial = new SpatialIndex();
  /** Items created and destroyed by the rules in the current tick (reset at the start of each step). */
  readonly ledger = new Ledger();
  /** Logins and logouts accepted in the input phase, applied in their own phases. */
  readonly pendingLogins: PlayerRecord[] = [];
  readonly pendingLogouts: Array<{ playerId: string; reason: string }> = [];
  private queue: Command[] = [];
  private nextIdx = 0;
  private readonly freeIdx: number[] = [];
  private readonly releasing: number[] = [];
  private readonly outbox = new Outbox();
  private effects: Effect[] = [];
  private readonly clock: () => number;
  /** The phase and feature of the hook running now, for fault reports. */
  private activeHook = '';

  constructor(opts: WorldOptions) {
    this.runId = opts.runId ?? 'r0';
    this.content = opts.content;
    this.map = opts.map;
    this.rng = new Rng(opts.seed);
    this.settings = { ...DEFAULT_SETTINGS, ...opts.settings };
    this.itemLookup = lookupIn(opts.content.items);
    this.clock = opts.clock ?? (() => 0);
    for (const f of opts.features) this.registry.use(f);
    for (const init of this.registry.initializers()) init(this);
  }

  /**
   * Queues a command for the next tick's input phase (in arrival order). A request some feature
   * prepares (Registry.prepare) is prepared now, with the world as it is: nothing changes.
   */
  enqueue(command: Command): void {
    this.queue.push(command);
    if (command.type === 'client') prepare(this, command.playerId, command.message);
  }

  /** Advances the world by one tick through every phase of the pipeline. */
  step(): TickReport {
    this.tick++;
    this.ledger.reset(this.tick);
    const phases: TickReport['phases'] = [];
    const start = this.clock();
    let t = start;
    for (const name of PHASES) {
      if (name === 'input') this.applyCommands();
      const released = this.releasing.length;
      // A fault is charged to the entity or hook that threw; the world carries on (core/faults.ts).
      for (const hook of this.registry.hooksOf(name)) {
        this.activeHook = `phase ${name}/${hook.feature}`;
        runHook(this, hook, this.activeHook);
      }
      this.activeHook = '';
      // A handle released during sync (a faulty player) may still be in views built this tick: it
      // waits for the next sync.
      if (name === 'sync') {
        const freed = this.releasing.splice(0, released);
        releaseColumns(this.playerSlotColumns, freed);
        this.freeIdx.push(...freed);
      }
      const now = this.clock();
      phases.push({ name, ms: now - t });
      t = now;
    }
    return { tick: this.tick, totalMs: t - start, phases };
  }

  private applyCommands(): void {
    this.activeHook = 'input commands';
    const commands = this.queue;
    this.queue = [];
    const deferred: Command[] = [];
    for (const c of commands) {
      switch (c.type) {
        case 'login':
          this.pendingLogins.push(c.record);
          break;
        case 'logout':
          this.pendingLogouts.push({ playerId: c.playerId, reason: c.reason });
          break;
        case 'elevate': {
          const p = this.players.get(c.playerId);
          if (p) p.isAdmin = true;
          // Like a request, an /admin right after logging in waits for the login to be applied.
          else if (this.pendingLogins.some((r) => r.id === c.playerId)) deferred.push(c);
          break;
        }
        case 'restore':
          this.isolate([], () => this.registry.restorer(c.what)?.(this, c.entries));
          break;
        case 'restoreDeaths':
          this.isolate([], () => this.registry.deathLocksRestorer()?.(this, c.locks));
          break;
        case 'committed':
          this.registry.commitListener(c.what)?.(this, c.key);
          break;
        case 'broadcast':
          for (const p of this.players.values())
            this.send(p.id, 'chat:message', {
              tick: this.tick,
              channel: 'broadcast',
              from: null,
              message: c.message,
            });
          break;
        case 'attach': {
          // A new session took the character over: a logout still waiting (for the grace period
          // or for combat to end) no longer applies.
          for (let i = this.pendingLogouts.length - 1; i >= 0; i--)
            if (this.pendingLogouts[i]?.playerId === c.playerId) this.pendingLogouts.splice(i, 1);
          const p = this.players.get(c.playerId);
          if (p) {
            // Admin rights belong to the session that entered the code, not to the new one.
            p.isAdmin = false;
            for (const fn of this.registry.connectionListeners()) fn(this, p, 'attach');
          }
          for (let i = deferred.length - 1; i >= 0; i--) {
            const d = deferred[i];
            if (d?.type === 'elevate' && d.playerId === c.playerId) deferred.splice(i, 1);
          }
          break;
        }
        case 'detach': {
          const p = this.players.get(c.playerId);
          if (p) for (const fn of this.registry.connectionListeners()) fn(this, p, 'detach');
          break;
        }
        case 'ignores': {
          const p = this.players.get(c.playerId);
          if (p) p.ignored = ignoreSet(c.ignored);
          // Right after logging in, the change waits for the login like a request does.
          else if (this.pendingLogins.some((r) => r.id === c.playerId)) deferred.push(c);
          break;
        }
        case 'client':
          // A request sent right after logging in arrives before the login phase put the player
          // in the world: it waits one tick, ahead of newer commands.
          if (!this.players.has(c.playerId) && this.pendingLogins.some((r) => r.id === c.playerId))
            deferred.push(c);
          else this.applyClient(c.playerId, c.message.event, c.message.data, c.rid);
          break;
      }
    }
    this.queue.unshift(...deferred);
  }

  private applyClient(playerId: string, event: ClientEventName, data: unknown, rid: Rid | undefined): void {
    const player = this.players.get(playerId);
    if (!player) {
      this.sendFailure(playerId, event, fail('not_in_world', 'you are not in the world'), rid);
      return;
    }
    const handler = this.registry.handler(event);
    let outcome: Outcome;
    if (!handler) {
      outcome = fail('feature_unavailable', `${event} is not available on this server yet`);
    } else {
      try {
        outcome = handler(this, player, data as never, rid);
      } catch (err) {
        outcome = fail('internal_error', 'the server failed to handle this request');
        reportFault(this, `handler ${event}`, err, { kind: 'player', id: playerId });
      }
    }
    if (outcome.ok && outcome.deferred) return;
    this.answer(playerId, event, outcome, rid);
  }

  /** Answers a request of `event`: `ack` (with a rid) or the failure; also for later replies (a walk's end). */
  answer(playerId: string, event: ClientEventName, outcome: Outcome, rid: Rid | undefined): void {
    if (!outcome.ok) this.sendFailure(playerId, event, outcome, rid);
    else if (rid !== undefined)
      this.send(playerId, 'ack', { event, ...(outcome.result ? { result: outcome.result } : {}) }, rid);
  }

  /**
   * Answers a failed request: `tradeError` for the trade events (the specification's channel), `error`
   * for the others. A code outside the channel's catalogue is a bug and goes out as internal_error.
   */
  private sendFailure(
    playerId: string,
    event: ClientEventName,
    outcome: Outcome,
    rid: Rid | undefined,
  ): void {
    if (outcome.ok) return;
    const ridField = rid !== undefined ? { rid } : {};
    if (event.startsWith('trade')) {
      const code = Object.hasOwn(TRADE_ERROR_CODES, outcome.code)
        ? (outcome.code as TradeErrorCode)
        : 'internal_error';
      const tradeId = outcome.tradeId !== undefined ? { tradeId: outcome.tradeId } : {};
      this.send(playerId, 'tradeError', { code, message: outcome.message, ...tradeId, ...ridField }, rid);
      return;
    }
    const code = Object.hasOwn(GAME_ERROR_CODES, outcome.code)
      ? (outcome.code as GameErrorCode)
      : 'internal_error';
    this.send(playerId, 'error', { code, message: outcome.message, ...ridField }, rid);
  }

  /** Lowest free entity handle (handles freed this tick are reused from the next tick on). */
  allocIndex(): number {
    if (this.freeIdx.length > 0) {
      let min = 0;
      for (let i = 1; i < this.freeIdx.length; i++)
        if ((this.freeIdx[i] ?? 0) < (this.freeIdx[min] ?? 0)) min = i;
      return this.freeIdx.splice(min, 1)[0] ?? this.nextIdx++;
    }
    return this.nextIdx++;
  }

  /** Frees a departing entity's handle; it is reused from the next tick on, after every view saw it leave. */
  releaseIndex(idx: number): void {
    this.releasing.push(idx);
  }

  /** Puts a player in the world (login phase). */
  addPlayer(p: Player): void {
    this.players.set(p.id, p);
    this.byIdx[p.idx] = p;
    this.spatial.set(p.idx, p.x, p.z);
    this.outbox.entered(p);
  }

  /** Puts an NPC in the world (it keeps its handle while it exists, alive or respawning). */
  addNpc(n: Npc): void {
    this.npcs.set(n.id, n);
    this.byIdx[n.idx] = n;
    this.spatial.set(n.idx, n.x, n.z);
  }

  /** Takes a player out of the world (logout phase); its handle is released after this tick's sync. */
  removePlayer(p: Player): void {
    this.players.delete(p.id);
    this.outbox.left(p);
    this.byIdx[p.idx] = undefined;
    this.spatial.delete(p.idx);
    this.releaseIndex(p.idx);
  }

  /**
   * Queues an event for one player, sent after this tick: by id, or the player at hand (the hot
   * paths, one event a player a tick: no search by id).
   */
  send<E extends ServerEventName>(to: string | Player, event: E, data: ServerPayload<E>, rid?: Rid): void {
    const e: OutEvent = rid === undefined ? { event, data } : { event, data, rid };
    if (typeof to === 'string') this.outbox.add(this.players.get(to), to, e);
    else this.outbox.add(this.byIdx[to.idx] === to ? to : undefined, to.id, e);
  }

  /**
   * Runs one entity's share of the running hook, for hooks that walk entities themselves (in their
   * own order, or in pairs such as trades): a throw is charged to `culprits` (core/faults.ts) and
   * the hook carries on; with no culprit it is only reported. Work for every player or NPC in world
   * order registers with `perPlayer` or `perNpc` instead.
   */
  isolate(culprits: Culprit | readonly Culprit[], fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.charge(culprits, err);
    }
  }

  /**
   * Charges a throw caught in the running hook to `culprits` (core/faults.ts), as {@link isolate}
   * does: for hot loops that catch it themselves rather than make a closure per entity.
   */
  charge(culprits: Culprit | readonly Culprit[], err: unknown): void {
    const list = typeof culprits === 'string' || 'kind' in culprits ? [culprits] : culprits;
    if (list.length === 0) reportFault(this, this.activeHook, err);
    for (const c of list) chargeFault(this, c, this.activeHook, err);
  }

  effect(e: Effect): void {
    this.effects.push(e);
  }

  /** Takes the events produced by the last tick, per player. */
  drainOutbox(): Map<string, OutEvent[]> {
    return this.outbox.drain();
  }

  drainEffects(): Effect[] {
    const out = this.effects;
    this.effects = [];
    return out;
  }

  /** Height of the ground at a tile. */
  heightAt(x: number, z: number): number {
    return this.map.height(x, z);
  }

  /** Players within `radius` tiles (Chebyshev) of (x, z), in a deterministic order. */
  playersNear(x: number, z: number, radius: number): Player[] {
    const out: Player[] = [];
    this.spatial.forEachNear(x, z, radius, (idx) => {
      const p = this.byIdx[idx];
      if (p?.kind === 'player' && Math.abs(p.x - x) <= radius && Math.abs(p.z - z) <= radius) out.push(p);
    });
    return out;
  }

  /** A feature's world-level state (see core/slots.ts). */
  slot<T>(key: WorldSlot<T>): T {
    return key.of(this);
  }

  /**
   * The records that run on in the world (timers), as they are now: what the host hands to storage
   * when the world stops, so a restart resumes them (each feature's `snapshot`, in registration order).
   */
  recordsToSave(): Array<{ what: PersistKind; key: string; data: JsonObject }> {
    const out: Array<{ what: PersistKind; key: string; data: JsonObject }> = [];
    for (const { what, snapshot } of this.registry.snapshotters())
      for (const r of snapshot(this)) out.push({ what, key: r.key, data: r.data });
    return out;
  }

  /** A hash of the whole simulation state, for determinism checks and replays (world-hash.ts). */
  hash(): number {
    return hashWorld(this);
  }
}
