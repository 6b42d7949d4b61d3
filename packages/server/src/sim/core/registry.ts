import type { ClientEventName, ClientPayload, GameErrorCode, Rid, TradeErrorCode } from '@tilerealm/protocol';
import type { Npc } from './npc';
import type { Player } from './player';
import type { JsonObject, PersistKind } from './types';
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

/** Learns that a record handed over with `confirm` has committed (a `committed` command). */
export type CommitListener = (world: World, key: string) => void;

/** A feature: registers its event handlers and phase hooks, never edits the pipeline. */
export interface Feature {
  name: string;
  register(registry: Registry): void;
}

/** Event handlers and phase hooks of all features, in registration order (deterministic). */
export class Registry {
  private readonly handlers = new Map<ClientEventName, EventHandler<ClientEventName>>();
  private readonly actions = new Map<ActionName, ActionHandler<ActionName>>();
  private readonly hooks = new Map<PhaseName, HookEntry[]>();
  private readonly inits: PhaseHook[] = [];
  private readonly restorers = new Map<PersistKind, Restorer>();
  private readonly commitListeners = new Map<PersistKind, CommitListener>();
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

  /** Takes the saved records of `what` at start-up (the feature that writes them reads them back). */
  restore(what: PersistKind, fn: Restorer): void {
    if (this.restorers.has(what))
      throw new Error(`${this.current}: a restorer for ${what} is already registered`);
    this.restorers.set(what, fn);
  }

  restorer(what: PersistKind): Restorer | undefined {
    return this.restorers.get(what);
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

  initializers(): readonly PhaseHook[] {
    return this.inits;
  }

  handler(event: ClientEventName): EventHandler<ClientEventName> | undefined {
    return this.handlers.get(event);
  }

  hooksOf(name: PhaseName): readonly HookEntry[] {
    return this.hooks.get(name) ?? [];
  }
}
