import type { StateHasher } from './hash';
import type { Player } from './player';
import type { FeatureRecordFields } from './types';
import type { World } from './world';

/**
 * State slots: how a feature keeps its own state on a world or on a player without the core
 * knowing its type. A feature defines a typed key at module level, registers it in its `register`
 * (`r.worldSlot(KEY)`, `r.playerSlot(KEY)`: the registration order is the hash order) and reads
 * the state with `KEY.of(world)` / `world.slot(KEY)` (or `KEY.of(player)` / `player.slot(KEY)`):
 *
 * ```ts
 * export const STOCK = worldSlot('shops.stock', {
 *   init: (world) => new Map<string, Shop>(),
 *   hash: (shops, h) => { for (const s of shops.values()) h.str(s.id) },
 * });
 * ```
 *
 * The state is created the first time it is asked for and lives as long as its world or player
 * (two worlds, in tests or replays, never share it). `hash` feeds the state to the world's state
 * hash ({@link World.hash}) in a stable order; a slot without `hash` holds nothing that decides
 * what happens next (listeners, caches).
 */
export interface WorldSlotSpec<T> {
  /** The state of a new world (its content and map are loaded). */
  init: (world: World) => T;
  hash?: (state: T, h: StateHasher, world: World) => void;
}

/** What the world's hash needs of a slot, whatever its state's type. */
export interface HashedWorldSlot {
  readonly name: string;
  hashInto(world: World, h: StateHasher): void;
}

/** The next world slot's index in {@link World.slotStates} (one per key, across worlds). */
let nextWorldSlotIndex = 0;

/**
 * A typed key of one world-level state slot (see {@link worldSlot}). The state sits in the world's
 * {@link World.slotStates} at this key's index: reading it is an array access, on paths that run
 * for every player (and every entity in view) every tick.
 */
export class WorldSlot<T> implements HashedWorldSlot {
  private readonly index = nextWorldSlotIndex++;

  constructor(
    readonly name: string,
    private readonly spec: WorldSlotSpec<T>,
  ) {}

  /** This slot's state in `world`, created on first use. */
  of(world: World): T {
    const box = world.slotStates[this.index];
    if (box) return box.state as T;
    const state = this.spec.init(world);
    world.slotStates[this.index] = { state };
    return state;
  }

  hashInto(world: World, h: StateHasher): void {
    this.spec.hash?.(this.of(world), h, world);
  }
}

/** Defines a world-level state slot (register it with `r.worldSlot`). */
export function worldSlot<T>(name: string, spec: WorldSlotSpec<T>): WorldSlot<T> {
  return new WorldSlot(name, spec);
}

/** The next player slot's index in {@link Player.slotStates} (one per key, across worlds). */
let nextPlayerSlotIndex = 0;

/**
 * A per-player state slot. `init` is the restore half: the state of a player entering the world,
 * from its saved record's feature fields (`player.saved`, see {@link FeatureRecordFields}) at world
 * tick `tick`. `save` is the other half: the record fields this slot owns, as they are at `tick`
 * (merged into the player's record by `Player.toRecord`); omitted when nothing is saved.
 */
export interface PlayerSlotSpec<T extends object> {
  init: (player: Player, tick: number) => T;
  save?: (state: T, tick: number) => Partial<FeatureRecordFields>;
  hash?: (state: T, h: StateHasher) => void;
}

/** What the player's record and the world's hash need of a slot, whatever its state's type. */
export interface PlayerSlotHandle {
  readonly name: string;
  /** Whether `player` has this slot's state yet (it is created on first use or at login). */
  has(player: Player): boolean;
  attach(player: Player, tick: number): void;
  saveOf(player: Player, tick: number): Partial<FeatureRecordFields> | undefined;
  hashInto(player: Player, h: StateHasher): void;
}

/**
 * A world's player slot states, by key index, then by entity handle (decision 0027): the column of
 * a key holds, at `2 * handle`, the player holding the handle and, at `2 * handle + 1`, its state.
 * A hook that runs for every player reads one key's column in handle order, an array of pointers
 * the processor streams from memory; through the player's own array (`Player.slotStates`) each
 * read was two more dependent misses (its array, the array's storage) at 5,000 players, where a
 * tick runs some twenty such hooks (docs/performance.md). The columns are a cache:
 * `Player.slotStates` stays each state's home, so a player that left still reads its own states.
 */
export type SlotColumns = unknown[][];

/**
 * Clears the columns' entries of handles being freed (their players left the world), so that a
 * world does not hold the states of players gone until their handles are reused.
 */
export function releaseColumns(columns: SlotColumns, handles: readonly number[]): void {
  for (const column of columns)
    for (const handle of handles)
      if (column.length > 2 * handle + 1) {
        column[2 * handle] = undefined;
        column[2 * handle + 1] = undefined;
      }
}

/**
 * A typed key of one per-player state slot (see {@link playerSlot}). The state's home is the
 * player's {@link Player.slotStates} at this key's index; reads go through the world's
 * {@link SlotColumns}, on paths that run for every player every tick.
 */
export class PlayerSlot<T extends object> implements PlayerSlotHandle {
  private readonly index = nextPlayerSlotIndex++;

  constructor(
    readonly name: string,
    private readonly spec: PlayerSlotSpec<T>,
  ) {}

  /** This slot's state for `player`, created on first use (from the record it entered with, at its join tick). */
  of(player: Player): T {
    const column = player.slotColumns[this.index];
    const at = 2 * player.idx;
    if (column !== undefined && column[at] === player) return column[at + 1] as T;
    // Not in the column (first use, a player that left, two worlds' players on one handle).
    const state = player.slotStates[this.index];
    if (state === undefined) return this.create(player, player.joinedTick);
    this.place(player, state);
    return state as T;
  }

  has(player: Player): boolean {
    return player.slotStates[this.index] !== undefined;
  }

  /** Creates the state at login (the world calls this for every registered slot). */
  attach(player: Player, tick: number): void {
    if (!this.has(player)) this.create(player, tick);
  }

  saveOf(player: Player, tick: number): Partial<FeatureRecordFields> | undefined {
    return this.spec.save?.(this.of(player), tick);
  }

  hashInto(player: Player, h: StateHasher): void {
    this.spec.hash?.(this.of(player), h);
  }

  private create(player: Player, tick: number): T {
    const state = this.spec.init(player, tick);
    player.slotStates[this.index] = state;
    this.place(player, state);
    return state;
  }

  /** Puts the player's state in its world's column at its handle (grown without holes). */
  private place(player: Player, state: unknown): void {
    const columns = player.slotColumns;
    while (columns.length <= this.index) columns.push([]);
    const column = columns[this.index] ?? [];
    const at = 2 * player.idx;
    while (column.length < at) column.push(undefined);
    column[at] = player;
    column[at + 1] = state;
  }
}

/** Defines a per-player state slot (register it with `r.playerSlot`); its state is an object. */
export function playerSlot<T extends object>(name: string, spec: PlayerSlotSpec<T>): PlayerSlot<T> {
  return new PlayerSlot(name, spec);
}
