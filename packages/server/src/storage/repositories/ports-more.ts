import type { playerDeaths, questProgress, saveQuarantine, tradeLog } from '../schema';
import type { ItemStack, JsonValue } from '../schema';
import type { DeathLockState } from '../../sim/core/types';

/*
 * Ports for the features beyond accounts and characters: social lists, kill
 * counts, quests, death locks, world chunks, shop stock and the trade audit.
 * Death locks, world chunks, shop stock, ground regions, set-aside saves and the
 * `world_owner` row belong to one world: their repositories read and write only the
 * rows of the world they were created for (`createRepositories(db, { worldId })`).
 */

/** Friends (per character), friend requests, and ignore lists (per account). */
export interface SocialRepository {
  /** Makes two characters friends of each other; false when they already were. */
  addFriendship(characterId: string, otherId: string): Promise<boolean>;
  removeFriendship(characterId: string, otherId: string): Promise<boolean>;
  areFriends(characterId: string, otherId: string): Promise<boolean>;
  /** Ids of the character's friends, sorted. */
  listFriends(characterId: string): Promise<string[]>;
  /** false when the same request is already pending. */
  addFriendRequest(fromCharacterId: string, toCharacterId: string): Promise<boolean>;
  removeFriendRequest(fromCharacterId: string, toCharacterId: string): Promise<boolean>;
  /** Senders of the requests pending for a character, oldest first. */
  listIncomingRequests(toCharacterId: string): Promise<string[]>;
  ignore(accountId: string, characterId: string): Promise<boolean>;
  unignore(accountId: string, characterId: string): Promise<boolean>;
  listIgnored(accountId: string): Promise<string[]>;
  /** Recipients of the requests a character sent that are still pending, oldest first. */
  listOutgoingRequests(fromCharacterId: string): Promise<string[]>;
  hasFriendRequest(fromCharacterId: string, toCharacterId: string): Promise<boolean>;
  /** Deletes pending requests between two characters in both directions; returns how many. */
  removeFriendRequestsBetween(characterId: string, otherId: string): Promise<number>;
  /** Friends plus pending requests sent: what the friends list limit counts. */
  countFriendsAndOutgoing(characterId: string): Promise<number>;
  countIgnored(accountId: string): Promise<number>;
  /** Whether the account ignores the character (refusals need one row, not the whole list). */
  isIgnored(accountId: string, characterId: string): Promise<boolean>;
  /** Names of the given characters by id, to show the lists; ids of missing characters are absent. */
  characterNames(characterIds: readonly string[]): Promise<Map<string, string>>;
}

export interface NpcKillRepository {
  /** Adds `by` (default 1) kills and returns the new total. */
  increment(characterId: string, npcId: string, by?: number): Promise<number>;
  /** Kill counts by NPC id. */
  get(characterId: string): Promise<Record<string, number>>;
}

/** A quest progress row. */
export type QuestProgressRow = typeof questProgress.$inferSelect;
/** One of the quest states the table allows. */
export type QuestStatus = 'not_started' | 'in_progress' | 'completed';

export interface QuestRepository {
  list(characterId: string): Promise<QuestProgressRow[]>;
  upsert(input: {
    characterId: string;
    questId: string;
    stage: number;
    status: QuestStatus;
    data?: Record<string, JsonValue>;
  }): Promise<QuestProgressRow>;
}

/** A death-lock row as stored. */
export type PlayerDeathRow = typeof playerDeaths.$inferSelect;

/**
 * Death locks, one row per death whose items went into custody. The world owns the state: it
 * hands over the whole current state of a lock each time it changes, and storage keeps the
 * newest. Call `upsert` inside the transaction that saves the players whose items moved with the
 * lock (the save queue does), so custody and inventories never disagree after a crash.
 */
export interface DeathRepository {
  /**
   * Inserts the lock, or overwrites an existing one with the same id (items, status, position).
   * `resolvedAt` becomes now() when the status is not `active` (and null when it is). The newest
   * state always wins, whatever the stored status.
   */
  upsert(state: DeathLockState): Promise<void>;
  /** Every `active` lock of the world, oldest death first (createdAt, then id): the start-up restore. */
  listActive(): Promise<DeathLockState[]>;
  /** The `active` locks of one character in the world, in the same order. */
  listActiveFor(characterId: string): Promise<DeathLockState[]>;
}

export interface WorldChunkRepository {
  get(chunkKey: string): Promise<Record<string, JsonValue> | null>;
  upsert(chunkKey: string, data: Record<string, JsonValue>): Promise<void>;
  /** Every stored chunk of the world, ordered by key. */
  list(): Promise<Array<{ chunkKey: string; data: Record<string, JsonValue> }>>;
}

/** The `world_owner` row (see world-ownership.ts). */
export interface WorldOwnerRepository {
  /**
   * True when the world's row still names `instance` as the world's owner; inside a transaction it also
   * locks the row (FOR SHARE) until the transaction ends, so no other process can claim the world
   * before this transaction's writes commit: a fence for saves.
   */
  holds(instance: string): Promise<boolean>;
}

export interface StoreStockRepository {
  /** Stock by item id for one store. */
  get(storeId: string): Promise<Record<string, number>>;
  /** Replaces the store's saved stock. */
  replaceAll(storeId: string, stock: Record<string, number>): Promise<void>;
}

/** A trade audit row. */
export type TradeLogRow = typeof tradeLog.$inferSelect;

export interface TradeLogRepository {
  /** Writes the audit row; call it inside the transaction that swaps the items. */
  record(input: {
    /** The world's trade id (unique across runs); a fresh uuid when absent. */
    id?: string;
    characterAId: string;
    characterBId: string;
    itemsFromA: readonly ItemStack[];
    itemsFromB: readonly ItemStack[];
  }): Promise<TradeLogRow>;
  /** Trades a character took part in, newest first. */
  listByCharacter(characterId: string, limit?: number): Promise<TradeLogRow[]>;
}

/** Items on the ground, one saved record per region (see the groundRegions table). */
export interface GroundRegionRepository {
  /** Writes the region's whole current record, or removes its row when it holds no pile (`empty`). */
  put(regionKey: string, data: Record<string, JsonValue>, empty: boolean): Promise<void>;
  /** Every stored region of the world, ordered by key (the start-up restore). */
  list(): Promise<Array<{ regionKey: string; data: Record<string, JsonValue> }>>;
}

/** One committed ledger line: units of an item a rule created (+) or destroyed (-). */
export interface LedgerTotalDelta {
  itemId: string;
  reason: string;
  delta: number;
}

/** The item ledger's committed totals (see the itemLedger table). */
export interface ItemLedgerRepository {
  /** Adds each entry's delta to its (item, reason) total; call it in the transaction of the state it explains. */
  add(entries: readonly LedgerTotalDelta[]): Promise<void>;
  /** Every total, ordered by item then reason. */
  totals(): Promise<Array<{ itemId: string; reason: string; total: number }>>;
}

/** A save set aside for an operator (see the saveQuarantine table). */
export type SaveQuarantineRow = typeof saveQuarantine.$inferSelect;

export interface SaveQuarantineRepository {
  add(row: {
    id: string;
    characterIds: string[];
    recordKeys: string[];
    error: string;
    payload: Record<string, JsonValue>;
  }): Promise<void>;
  /** The world's newest set-aside saves first. */
  list(limit?: number): Promise<SaveQuarantineRow[]>;
}

/** Commit markers of save batches (see the saveCommits table). */
export interface SaveCommitRepository {
  /** Records that the batch `id` commits (call it inside the batch's transaction). */
  mark(id: string): Promise<void>;
  /** Whether the batch `id` committed. */
  exists(id: string): Promise<boolean>;
  /** Removes markers older than `olderThanMs`, except `keep`. */
  prune(olderThanMs: number, keep: string): Promise<void>;
}
