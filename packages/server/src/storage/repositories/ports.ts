import type { agents, characters, items, playerSessions, users } from '../schema';
import type { JsonValue, Skill, SocialIds } from '../schema';

/*
 * The ports: what the rest of the server may ask of storage. Callers depend on
 * these interfaces only, so a test can hand a route or a system an in-memory
 * fake, and the Drizzle implementations stay swappable.
 */

/** An account row. */
export type UserRow = typeof users.$inferSelect;
/** A character row: the spec's character record plus the remaining skills and state. */
export type CharacterRow = typeof characters.$inferSelect;
/** An item definition row. */
export type ItemRow = typeof items.$inferSelect;
/** A login/logout tracking row. */
export type PlayerSessionRow = typeof playerSessions.$inferSelect;
/** An agent mapping row. */
export type AgentRow = typeof agents.$inferSelect;

/** Accounts. `provider` is `'idp'` for the identity provider, otherwise a social-network name. */
export interface UserRepository {
  findById(id: string): Promise<UserRow | null>;
  findByProviderId(provider: string, providerUserId: string): Promise<UserRow | null>;
  /** A temporary identity for anonymous mode. */
  createAnonymous(opts?: { name?: string }): Promise<UserRow>;
  /**
   * Finds or creates the account of an identity-provider user. A given
   * `name` replaces the stored one; `socialIds` are merged into the stored map.
   */
  upsertProviderUser(input: { idpUserId: string; name?: string; socialIds?: SocialIds }): Promise<UserRow>;
  /** Records a login (sets `lastLoginAt` to now). */
  touchLogin(id: string): Promise<void>;
  setAdmin(id: string, isAdmin: boolean): Promise<void>;
}

/** Character columns a caller may set at creation (a template) or change later. */
export type CharacterFields = Omit<typeof characters.$inferInsert, 'id' | 'accountId' | 'name' | 'createdAt'>;

/** Input of {@link CharacterRepository.create}: unset fields take the spec's defaults. */
export type NewCharacter = { accountId: string; name: string; id?: string } & CharacterFields;

/** Result of {@link CharacterRepository.create}: a taken name is an expected failure, not an exception. */
export type CreateCharacterResult =
  { ok: true; character: CharacterRow } | { ok: false; reason: 'name_taken' };

/** Level and experience of every skill. */
export type SkillSet = Record<Skill, { level: number; xp: number }>;

export interface CharacterRepository {
  create(input: NewCharacter): Promise<CreateCharacterResult>;
  findById(id: string): Promise<CharacterRow | null>;
  /** Case-insensitive, like the uniqueness rule. */
  findByName(name: string): Promise<CharacterRow | null>;
  /** Oldest first. */
  listByAccount(accountId: string): Promise<CharacterRow[]>;
  /** Returns the updated row, or null when the character does not exist. */
  update(id: string, patch: CharacterFields): Promise<CharacterRow | null>;
  /** As {@link update}, reading nothing back: a save's write (the save queue's, 50 a tick at 5,000 players). */
  save(id: string, patch: CharacterFields): Promise<void>;
  /** Renames, keeping names unique case-insensitively. */
  rename(
    id: string,
    name: string,
  ): Promise<{ ok: true; character: CharacterRow } | { ok: false; reason: 'name_taken' | 'not_found' }>;
  getSkills(id: string): Promise<SkillSet | null>;
  /** Deletes the character and (by cascade) its items, sessions and social rows. */
  delete(id: string): Promise<boolean>;
  /**
   * The account's player: its most recently logged-in character (newest created when none has
   * logged in), never one of its agents' characters.
   */
  lastPlayed(accountId: string): Promise<CharacterRow | null>;
}

/** An occupied inventory or bank slot. */
export interface ItemSlot {
  slot: number;
  itemId: string;
  quantity: number;
}

/** An occupied equipment slot, named by slot type. */
export interface EquipmentSlot {
  slot: string;
  itemId: string;
  quantity: number;
}

/**
 * A per-character slot container. `replaceAll` swaps the whole content in one
 * transaction: the simulation owns the live state and saves snapshots of it.
 */
export interface SlotContainerRepository<TSlot> {
  /** Occupied slots, ordered by slot. */
  get(characterId: string): Promise<TSlot[]>;
  replaceAll(characterId: string, slots: readonly TSlot[]): Promise<void>;
}

export type InventoryRepository = SlotContainerRepository<ItemSlot>;
export type BankRepository = SlotContainerRepository<ItemSlot>;
export type EquipmentRepository = SlotContainerRepository<EquipmentSlot>;

/** An item definition as read from the manifests; omitted fields take the column defaults. */
export interface ItemDefinition {
  id: string;
  name: string;
  category: string;
  value?: number;
  stackable?: boolean;
  tradeable?: boolean;
  equipSlot?: string | null;
  bonuses?: Record<string, number>;
  requirements?: Record<string, number>;
  data?: Record<string, JsonValue>;
}

/** What {@link ItemRepository.syncDefinitions} changed. */
export interface ItemSyncResult {
  inserted: number;
  updated: number;
  deleted: number;
  unchanged: number;
}

export interface ItemRepository {
  /**
   * Makes the items table equal to `definitions`: inserts new ids, updates
   * changed rows, deletes ids no longer defined; unchanged rows are not touched.
   */
  syncDefinitions(definitions: readonly ItemDefinition[]): Promise<ItemSyncResult>;
  /** All definitions, ordered by id. */
  list(): Promise<ItemRow[]>;
  findById(id: string): Promise<ItemRow | null>;
}

export interface SessionRepository {
  /** Opens a session row at login. */
  open(input: {
    characterId: string;
    accountId: string;
    /** The world the session plays on. */
    worldId: number;
    ip?: string;
    transport?: string;
  }): Promise<PlayerSessionRow>;
  /** Closes an open session; false when it was unknown or already closed. */
  close(id: string, reason: string): Promise<boolean>;
  /**
   * Closes every session of the repositories' world left open (a crash skips logout); returns how
   * many. Other worlds' sessions are untouched.
   */
  closeAllOpen(reason: string): Promise<number>;
  /** Newest first, in every world. */
  listByCharacter(characterId: string, limit?: number): Promise<PlayerSessionRow[]>;
}

export interface AgentRepository {
  get(agentId: string): Promise<AgentRow | null>;
  /** The agent playing a character (at most one; the oldest mapping wins), so a joining session learns it is an agent. */
  findByCharacter(characterId: string): Promise<AgentRow | null>;
  /** Creates the mapping or updates owner, character and name; goal state is kept. */
  upsert(input: {
    agentId: string;
    accountId: string;
    characterId?: string | null;
    name: string;
  }): Promise<AgentRow>;
  setGoal(agentId: string, goal: JsonValue | null): Promise<AgentRow | null>;
  setGoalsPaused(agentId: string, paused: boolean): Promise<AgentRow | null>;
  listByAccount(accountId: string): Promise<AgentRow[]>;
  delete(agentId: string): Promise<boolean>;
  /** The agents the runtime plays on a world (`worldId` set to it), oldest first. */
  listByWorld(worldId: number): Promise<AgentRow[]>;
  /**
   * Sets the world the runtime plays an agent on and whether it should be playing; null when there
   * is no such agent of `accountId` (the owner the runtime checked).
   */
  setRuntimeState(
    agentId: string,
    accountId: string,
    state: { worldId: number; running: boolean },
  ): Promise<AgentRow | null>;
}
