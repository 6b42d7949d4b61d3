import type { ClientMessage, Rid, ServerEventName, ServerPayload } from '@tilerealm/protocol';
import type { SkillName } from '../../content/skills';
import type { LedgerEntry } from './ledger';

/** A tile on the ground plane. */
export interface Tile {
  x: number;
  z: number;
}

/** A saved container slot (inventory or equipment; equipment slots are named). */
export interface SlotRow<S extends number | string = number> {
  slot: S;
  itemId: string;
  quantity: number;
}

/**
 * The fields of a character's record that features keep in their player slots (core/slots.ts): a
 * slot's `init` reads them from `player.saved`, its `save` writes them back. A field no registered
 * slot writes is saved as it was loaded. Every numeric one is a whole number (checked before a save).
 */
export interface FeatureRecordFields {
  /** Ticks until home teleport may be cast again (0: ready); storage keeps it as a point in time. */
  homeTeleportCooldownTicks: number;
  /** Prayer points (0 to the prayer level; features/prayer). */
  prayerPoints: number;
  /** Prayers switched on (prayers.json ids). */
  activePrayers: string[];
  /** Quest points earned (each completed quest's reward; features/quests). */
  questPoints: number;
  /** The quests this character has started or completed (quest_progress rows). */
  quests: QuestProgressState[];
}

/** The feature fields of a record (a copy). */
export function featureFieldsOf(record: FeatureRecordFields): FeatureRecordFields {
  return {
    homeTeleportCooldownTicks: record.homeTeleportCooldownTicks,
    prayerPoints: record.prayerPoints,
    activePrayers: [...record.activePrayers],
    questPoints: record.questPoints,
    quests: record.quests.map((q) => structuredClone(q)),
  };
}

/** What the world needs to put a character in it: loaded from storage by the transport layer. */
export interface PlayerRecord extends FeatureRecordFields {
  id: string;
  accountId: string;
  name: string;
  x: number;
  z: number;
  runEnergy: number;
  health: number;
  coins: number;
  combatLevel: number;
  skills: Record<SkillName, { level: number; xp: number }>;
  inventory: Array<SlotRow<number>>;
  equipment: Array<SlotRow<string>>;
  /** The bank's occupied slots (every item stacks there; see features/bank). */
  bank: Array<SlotRow<number>>;
  /**
   * Characters the account ignores (ignore_lists): their chat and trade requests never reach this
   * player. Not part of a save (the social service owns the list); absent means none.
   */
  ignored?: string[];
}

/** A character's progress in one quest: the index of its current stage in quests.json, and extra counters. */
export interface QuestProgressState {
  questId: string;
  /** Index of the current stage (the stage count once completed). */
  stage: number;
  status: 'in_progress' | 'completed';
  /** Quest-specific counters (kills or items counted towards the current stage). */
  data: JsonObject;
}

/** What the world hands to storage to save a character (write-behind snapshot). */
export interface PlayerSnapshot extends PlayerRecord {
  y: number;
  /** Items the rules created or destroyed in this character's containers since its last snapshot. */
  ledger: LedgerEntry[];
}

/** Inputs of the world. Every change to the world comes from one of these, applied in the tick. */
export type Command =
  | { type: 'client'; playerId: string; message: ClientMessage; rid: Rid | undefined }
  | { type: 'login'; record: PlayerRecord }
  | { type: 'logout'; playerId: string; reason: string }
  /** The transport verified the admin code; the player's session may use admin commands. */
  | { type: 'elevate'; playerId: string }
  /**
   * A new connection took over a character that is still in the world (a resume, or a reconnect
   * while a logout waits for combat to end): any waiting logout of it is cancelled, and admin
   * rights (which belong to one session) are dropped.
   */
  | { type: 'attach'; playerId: string }
  /**
   * The player's connection dropped; the character stays in the world for the reconnect grace
   * (or until combat ends) but is not at the keyboard: an open trade is cancelled.
   */
  | { type: 'detach'; playerId: string }
  /** The account's ignore list changed (the social service committed it): the new whole list. */
  | { type: 'ignores'; playerId: string; ignored: string[] }
  /** Start-up recovery of keyed feature state (see {@link PersistKind}), handed to the feature that owns it. */
  | { type: 'restore'; what: PersistKind; entries: Array<{ key: string; data: JsonObject }> }
  /** Start-up recovery: death locks still active in storage come back as gravestones. */
  | { type: 'restoreDeaths'; locks: DeathLockState[] }
  /**
   * A record handed over with `confirm` has committed (storage tells the world through the host,
   * a later tick): the feature that wrote it may now tell players (a trade's `tradeCompleted`).
   */
  | { type: 'committed'; what: PersistKind; key: string }
  /** An administrator's broadcast from another world: every player here hears it. */
  | { type: 'broadcast'; message: string };

/** An event for one player, produced by the tick and sent by the transport after it. */
export interface OutEvent<E extends ServerEventName = ServerEventName> {
  event: E;
  data: ServerPayload<E>;
  rid?: Rid;
}

/** A JSON value, for feature state that storage keeps as JSON (world chunks, store stock). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * Keyed feature state kept by storage: `worldChunk` (world objects whose state differs from the
 * placements, per region: worldChunks table), `storeStock` (a shop's stock: store_stock table) and
 * `tradeLog` (a completed trade's audit row, insert-only: trade_log table, written with both traders)
 * and `groundRegion` (the piles lying in one 8x8-tile region: ground_regions table).
 */
export type PersistKind = 'worldChunk' | 'storeStock' | 'tradeLog' | 'groundRegion';

/** A stack of items (no slot): what a death lock holds. */
export interface ItemStackRow {
  itemId: string;
  quantity: number;
}

/** Status of a death lock: `active` while any of its items are still in the death's custody. */
export type DeathLockStatus = 'active' | 'recovered' | 'expired';

/**
 * The whole current state of one death lock (a `playerDeaths` row): the items of a death that are
 * still in the death's custody (a gravestone or piles on the ground), where, and whether the lock
 * is still active. Storage upserts it by id: the newest state always wins.
 */
export interface DeathLockState {
  /** Deterministic and unique across runs: `<characterId>:<run>:<tick>` of the death. */
  id: string;
  characterId: string;
  position: { x: number; y: number; z: number };
  items: ItemStackRow[];
  status: DeathLockStatus;
}

/** Which step of a death's life a death-lock write belongs to (for logs and crash tests). */
export type DeathStep = 'death' | 'reclaim' | 'pickup' | 'expire' | 'despawn';

/** Side effects for the world's host (storage, sessions), collected during a tick. */
export type Effect =
  | { type: 'save'; snapshot: PlayerSnapshot; reason: 'logout' | 'autosave' | 'shutdown' }
  /**
   * Items moved into or out of a death's custody: the lock state and the snapshots of the players
   * whose items changed with it (the victim at death, the taker at a pickup or reclaim) must be
   * written in one transaction.
   */
  | {
      type: 'deathLock';
      step: DeathStep;
      lock: DeathLockState;
      snapshots: PlayerSnapshot[];
      /** Items the rules destroyed in the death's custody since the lock's last state (despawns). */
      ledger?: LedgerEntry[];
    }
  /**
   * The whole current state of one keyed record (newest wins), with the snapshots of the players
   * whose state changed with it (a purchase: the buyer), written in one transaction.
   */
  | {
      type: 'persist';
      what: PersistKind;
      key: string;
      data: JsonObject;
      snapshots: PlayerSnapshot[];
      /** Items the rules created or destroyed in this record since its last state (restock, despawns). */
      ledger?: LedgerEntry[];
      /**
       * Players whose items moved with this record but who left the world this tick: their logout
       * snapshot, already handed over this tick, must commit with it.
       */
      linked?: string[];
      /** Tell the world when this state has committed (a `committed` command), e.g. a trade's swap. */
      confirm?: boolean;
    }
  /** A player was credited with killing an NPC (npcKills statistics). */
  | { type: 'npcKill'; characterId: string; npcId: string }
  | { type: 'disconnect'; playerId: string; code: number; reason: string }
  /** An administrator's broadcast, already heard here: the host passes it on to the other worlds. */
  | { type: 'broadcast'; message: string; adminId: string }
  /**
   * An administrator kicked a name no player here has: the host looks for the character on the
   * other worlds and answers the administrator's request (`rid`) itself.
   */
  | { type: 'remoteKick'; name: string; adminId: string; rid: Rid | undefined }
  /** An administrator's system update reached zero: the host begins the graceful shutdown. */
  | { type: 'systemUpdate' }
  /**
   * A feature failed (a bug): the host logs it; the world carried on (core/faults.ts). `stack` is
   * the thrown error's (absent for faults found without an exception, e.g. unplaceable saved items);
   * `entity` the player or NPC it was charged to, and `action` what the world did about it.
   */
  | {
      type: 'fault';
      where: string;
      message: string;
      stack?: string;
      entity?: { kind: 'player' | 'npc'; id: string };
      action?: string;
    };
