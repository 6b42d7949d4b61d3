import type { ClientEventName, ClientPayload, GameErrorCode, Rid, TradeErrorCode } from '@tilerealm/protocol';
import type { Npc } from './npc';
import type { Player } from './player';
import type { PlayerSlotHandle, HashedWorldSlot } from './slots';
import type { DeathLockState, JsonObject, PersistKind } from './types';
import type { World } from './world';

/** The phases of one tick, in order. The pipeline is this list; features only hook into it. */
export const PHASES = [
  'input',
  'npcs',
  'players',
  'logout',
  'login',
  'world',
  'sync',
  'persistence',
] as const;
export type PhaseName = (typeof PHASES)[number];

/** Outcome of handling a client event: a value, never an exception (exceptions are bugs). */
export type Outcome =
  | {
      ok: true;
      result?: Record<string, unknown>;
      /** the handler replies itself later in the tick */ deferred?: boolean;
    }
  | {
      ok: false;
      /** A GAME_ERROR_CODES code, or for the trade events (answered by `tradeError`) a TRADE_ERROR_CODES one. */
      code: GameErrorCode | TradeErrorCode;
      message: string;
      /** The trade a tradeError is about. */
      tradeId?: string;
    };

export const OK: Outcome = { ok: true };
export const fail = (code: GameErrorCode | TradeErrorCode, message: string, tradeId?: string): Outcome => ({
  ok: false,
  code,
  message,
  ...(tradeId !== undefined ? { tradeId } : {}),
});

export type EventHandler<E extends ClientEventName> = (
  world: World,
  player: Player,
  data: ClientPayload<E>,
  rid: Rid | undefined,
) => Outcome;

/** One variant of `player:action`, by its `action` name. */
export type PlayerAction = ClientPayload<'player:action'>;
export type ActionName = PlayerAction['action'];
export type ActionHandler<A extends ActionName> = (
  world: World,
  player: Player,
  data: Extract<PlayerAction, { action: A }>,
  rid: Rid | undefined,
) => Outcome;

/**
 * Work a request allows before its tick (see {@link Registry.prepare}): called as the request is
 * queued, with the world as it is between ticks.
 */
export type Preparer<E extends ClientEventName> = (
  world: World,
  player: Player,
  data: ClientPayload<E>,
) => void;

export type PhaseHook = (world: World) => void;
/** One player's share of a phase's work (see {@link Registry.perPlayer}). */
export type PlayerHook = (world: World, player: Player) => void;
/** One NPC's share of a phase's work (see {@link Registry.perNpc}). */
export type NpcHook = (world: World, npc: Npc) => void;

/**
 * A registered phase hook: world-level (`each: 'world'`, called once), or per entity, called once
 * for every player in world order (`'player'`) or every NPC in spawn order (`'npc'`), each call
 * caught on its own so a fault is charged to that entity alone (core/faults.ts).
 */
export type HookEntry =
  | { feature: string; each: 'world'; fn: PhaseHook }
  | { feature: string; each: 'player'; fn: PlayerHook }
  | { feature: string; each: 'npc'; fn: NpcHook };

/** Restores saved records of one kind (a start-up command). */
export type Restorer = (world: World, entries: ReadonlyArray<{ key: string; data: JsonObject }>) => void;

/**
 * The save/restore pair of a kind of saved record. Records are saved as they change (`persist`
 * effects); `restore` takes them back at start-up (a `restore` command), and `snapshot`, for records
 * whose state runs on in the world (timers), gives every record's whole current state when the world
 * stops.
 */
export interface RecordPersistence {
  restore: Restorer;
  snapshot?: (world: World) => Array<{ key: string; data: JsonObject }>;
}

/** Restores the death locks still active in storage (a `restoreDeaths` start-up command). */
export type DeathLockRestorer = (world: World, locks: readonly DeathLockState[]) => void;

/** Learns that a record handed over with `confirm` has committed (a `committed` command). */
export type CommitListener = (world: World, key: string) => void;

/**
 * Learns that a character's connection changed (an `attach` or `detach` command): `attach`, a new
 * session took the character over; `detach`, its connection dropped and it stays in the world.
 */
export type ConnectionListener = (world: World, player: Player, change: 'attach' | 'detach') => void;

/** A feature: registers its event handlers and phase hooks, never edits the pipeline. */
export interface Feature {
  name: string;
  register(registry: Registry): void;
}

/** Event handlers and phase hooks of all features, in registration order (deterministic). */
export class Registry {
  private readonly handlers = new Map<ClientEventName, EventHandler<ClientEventName>>();
  private readonly preparers = new Map<ClientEventName, Preparer<ClientEventName>>();
  private readonly actions = new Map<ActionName, ActionHandler<ActionName>>();
  private readonly hooks = new Map<PhaseName, HookEntry[]>();
  private readonly inits: PhaseHook[] = [];
  private readonly persistence = new Map<PersistKind, RecordPersistence>();
  private deathLockRestorer: DeathLockRestorer | undefined;
  private readonly worldSlotList: HashedWorldSlot[] = [];
  private readonly playerSlotList: PlayerSlotHandle[] = [];
  private readonly commitListeners = new Map<PersistKind, CommitListener>();
  private readonly connectionListenerList: ConnectionListener[] = [];
  private current = 'core';

  use(feature: Feature): this {
    this.current = feature.name;
    feature.register(this);
    this.current = 'core';
    return this;
  }

  on<E extends ClientEventName>(event: E, handler: EventHandler<E>): void {
    if (this.handlers.has(event))
      throw new Error(`${this.current}: a handler for ${event} is already registered`);
    this.handlers.set(event, handler as unknown as EventHandler<ClientEventName>);
  }

  /**
   * Work a request allows before its tick: `fn` runs when a request of `event` is queued
   * ({@link World.enqueue}, between ticks on a server), so that its handler or hook finds a costly
   * result ready instead of computing it inside the tick (movement's path searches). A preparer
   * changes no state: it may only fill a cache that nothing hashes, whose entries its user checks
   * against the state the tick has (and computes afresh when they differ), so the tick reaches the
   * same result with or without it. It may throw: the request is then handled as if unprepared.
   */
  prepare<E extends ClientEventName>(event: E, fn: Preparer<E>): void {
    if (this.preparers.has(event)) throw new Error(`${this.current}: ${event} is already prepared`);
    this.preparers.set(event, fn as unknown as Preparer<ClientEventName>);
  }

  /**
   * Handles one variant of `player:action`. Actions belong to different features (movement's
   * setRun and stop, ground items' pickup, combat's attack), so each registers its own variants
   * and the registry dispatches on `action`; `player:action` itself must not be registered with `on`.
   */
  action<A extends ActionName>(name: A, handler: ActionHandler<A>): void {
    if (this.actions.has(name))
      throw new Error(`${this.current}: a handler for player:action ${name} is already registered`);
    this.actions.set(name, handler as unknown as ActionHandler<ActionName>);
    if (!this.handlers.has('player:action')) {
      this.on('player:action', (world, player, data, rid) => {
        const h = this.actions.get(data.action);
        return h
          ? h(world, player, data, rid)
          : fail('feature_unavailable', `the ${data.action} action is not available on this server yet`);
      });
    }
  }

  /**
   * World-level work of a phase: called once per tick. Work done for each player or NPC belongs in
   * {@link perPlayer} or {@link perNpc}; a hook that must walk entities itself (its own order, pairs)
   * wraps each one's share in `world.isolate`.
   */
  phase(name: PhaseName, fn: PhaseHook): void {
    this.add(name, { feature: this.current, each: 'world', fn });
  }

  /**
   * Per-player work of a phase: `fn` runs for every player in the world, in world order (the order
   * they entered), after the hooks registered before it and before those registered after it. A
   * throw for one player is that player's fault (logged, saved when safe, taken out of the world and
   * disconnected); the others carry on in the same tick.
   */
  perPlayer(name: PhaseName, fn: PlayerHook): void {
    this.add(name, { feature: this.current, each: 'player', fn });
  }

  /** Per-NPC work of a phase: like {@link perPlayer}, for every NPC in spawn order; a faulty NPC is reset. */
  perNpc(name: PhaseName, fn: NpcHook): void {
    this.add(name, { feature: this.current, each: 'npc', fn });
  }

  private add(name: PhaseName, entry: HookEntry): void {
    const list = this.hooks.get(name) ?? [];
    list.push(entry);
    this.hooks.set(name, list);
  }

  /** Runs once when the world is created (e.g. spawning NPCs), in registration order. */
  init(fn: PhaseHook): void {
    this.inits.push(fn);
  }

  /**
   * Declares a world-level state slot of this feature (see core/slots.ts). Registration order is
   * the order of the world's state hash; a slot name is registered once.
   */
  worldSlot(slot: HashedWorldSlot): void {
    this.claimSlotName(slot.name);
    this.worldSlotList.push(slot);
  }

  /** Declares a per-player state slot: created for each player at login, saved with its record, hashed. */
  playerSlot(slot: PlayerSlotHandle): void {
    this.claimSlotName(slot.name);
    this.playerSlotList.push(slot);
  }

  private claimSlotName(name: string): void {
    if ([...this.worldSlotList, ...this.playerSlotList].some((s) => s.name === name))
      throw new Error(`${this.current}: a state slot named ${name} is already registered`);
  }

  worldSlots(): readonly HashedWorldSlot[] {
    return this.worldSlotList;
  }

  playerSlots(): readonly PlayerSlotHandle[] {
    return this.playerSlotList;
  }

  /** The save/restore pair of the records of `what` (the feature that writes them reads them back). */
  persist(what: PersistKind, pair: RecordPersistence): void {
    if (this.persistence.has(what))
      throw new Error(`${this.current}: the records of ${what} already have a restorer`);
    this.persistence.set(what, pair);
  }

  restorer(what: PersistKind): Restorer | undefined {
    return this.persistence.get(what)?.restore;
  }

  /** Every kind's records that are snapshot when the world stops, in registration order. */
  snapshotters(): Array<{
    what: PersistKind;
    snapshot: (world: World) => Array<{ key: string; data: JsonObject }>;
  }> {
    const out = [];
    for (const [what, pair] of this.persistence)
      if (pair.snapshot) out.push({ what, snapshot: pair.snapshot });
    return out;
  }

  /** Takes back the death locks still active in storage at start-up. */
  restoreDeathLocks(fn: DeathLockRestorer): void {
    if (this.deathLockRestorer) throw new Error(`${this.current}: death locks already have a restorer`);
    this.deathLockRestorer = fn;
  }

  deathLocksRestorer(): DeathLockRestorer | undefined {
    return this.deathLockRestorer;
  }

  /**
   * Listens for the commit of records of `what` handed over with `confirm` (the feature that writes
   * them tells players only once storage has them: results of I/O come back as commands).
   */
  committed(what: PersistKind, fn: CommitListener): void {
    if (this.commitListeners.has(what))
      throw new Error(`${this.current}: a commit listener for ${what} is already registered`);
    this.commitListeners.set(what, fn);
  }

  commitListener(what: PersistKind): CommitListener | undefined {
    return this.commitListeners.get(what);
  }

  /** Listens for `attach` and `detach` commands (listeners run in registration order). */
  connection(fn: ConnectionListener): void {
    this.connectionListenerList.push(fn);
  }

  connectionListeners(): readonly ConnectionListener[] {
    return this.connectionListenerList;
  }

  initializers(): readonly PhaseHook[] {
    return this.inits;
  }

  handler(event: ClientEventName): EventHandler<ClientEventName> | undefined {
    return this.handlers.get(event);
  }

  preparer(event: ClientEventName): Preparer<ClientEventName> | undefined {
    return this.preparers.get(event);
  }

  hooksOf(name: PhaseName): readonly HookEntry[] {
    return this.hooks.get(name) ?? [];
  }
}
