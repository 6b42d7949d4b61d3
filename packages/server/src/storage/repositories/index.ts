import type { AppDatabase, Database } from '../types';
import { createAgentActivityRepository, type AgentActivityRepository } from './agent-activity';
import { createAgentRepository } from './agents';
import { createCharacterRepository } from './characters';
import { createBankRepository, createEquipmentRepository, createInventoryRepository } from './containers';
import { createItemRepository } from './items';
import { createHiscoreRepository, type HiscoreRepository } from './hiscores';
import { createLeaseRepository } from './leases';
import type { LeaseRepository } from './ports-leases';
import type {
  AgentRepository,
  BankRepository,
  CharacterRepository,
  EquipmentRepository,
  InventoryRepository,
  ItemRepository,
  SessionRepository,
  UserRepository,
} from './ports';
import type {
  DeathRepository,
  NpcKillRepository,
  QuestRepository,
  GroundRegionRepository,
  ItemLedgerRepository,
  SaveCommitRepository,
  SaveQuarantineRepository,
  SocialRepository,
  StoreStockRepository,
  TradeLogRepository,
  WorldChunkRepository,
  WorldOwnerRepository,
} from './ports-more';
import {
  createGroundRegionRepository,
  createItemLedgerRepository,
  createSaveCommitRepository,
  createSaveQuarantineRepository,
} from './persistence';
import { createDeathRepository, createNpcKillRepository, createQuestRepository } from './progress';
import { createSessionRepository } from './sessions';
import { createSocialRepository } from './social';
import { createUserRepository } from './users';
import {
  createStoreStockRepository,
  createTradeLogRepository,
  createWorldChunkRepository,
  createWorldOwnerRepository,
} from './world';
import { createWorldRepository, type WorldRepository } from './worlds';

/** Options of {@link createRepositories}. */
export interface RepositoryOptions {
  /**
   * The world whose rows the world-scoped repositories read and write (world chunks, shop stock,
   * ground regions, death locks, session rows, set-aside saves, the `world_owner` row); default 1.
   * Account data (users, characters, banks, social lists, quests...) is global.
   */
  worldId?: number;
}

/** Every repository, bound to one database or one transaction, and to one world. */
export interface Repositories {
  /** The world the world-scoped repositories are bound to. */
  readonly worldId: number;
  users: UserRepository;
  characters: CharacterRepository;
  inventory: InventoryRepository;
  equipment: EquipmentRepository;
  bank: BankRepository;
  items: ItemRepository;
  sessions: SessionRepository;
  agents: AgentRepository;
  /** Agents' activity logs and goal histories (written by the agent runtime). */
  agentActivity: AgentActivityRepository;
  social: SocialRepository;
  npcKills: NpcKillRepository;
  quests: QuestRepository;
  deaths: DeathRepository;
  worldChunks: WorldChunkRepository;
  storeStock: StoreStockRepository;
  tradeLog: TradeLogRepository;
  groundRegions: GroundRegionRepository;
  itemLedger: ItemLedgerRepository;
  saveQuarantine: SaveQuarantineRepository;
  saveCommits: SaveCommitRepository;
  worldOwner: WorldOwnerRepository;
  leases: LeaseRepository;
  /** The world list: this world's row, and every world's. */
  worlds: WorldRepository;
  /** Characters ranked by skill or total level (the public hiscores). */
  hiscores: HiscoreRepository;
  /**
   * Runs `fn` in one database transaction with repositories bound to it:
   * all of its writes commit together or none do (trades, bank moves, death
   * locks). Inside `fn`, use only the repositories it is given: on PGlite the
   * outer ones wait for the transaction to end, so using them deadlocks.
   */
  transaction<T>(fn: (repos: Repositories) => Promise<T>): Promise<T>;
}

/** Builds the Drizzle repositories on an open {@link Database} (or a drizzle instance or transaction). */
export function createRepositories(
  database: Database | AppDatabase,
  options: RepositoryOptions = {},
): Repositories {
  const db = 'kind' in database ? database.db : database;
  const worldId = options.worldId ?? 1;
  return {
    worldId,
    users: createUserRepository(db),
    characters: createCharacterRepository(db),
    inventory: createInventoryRepository(db),
    equipment: createEquipmentRepository(db),
    bank: createBankRepository(db),
    items: createItemRepository(db),
    sessions: createSessionRepository(db, worldId),
    agents: createAgentRepository(db),
    agentActivity: createAgentActivityRepository(db),
    social: createSocialRepository(db),
    npcKills: createNpcKillRepository(db),
    quests: createQuestRepository(db),
    deaths: createDeathRepository(db, worldId),
    worldChunks: createWorldChunkRepository(db, worldId),
    storeStock: createStoreStockRepository(db, worldId),
    tradeLog: createTradeLogRepository(db),
    groundRegions: createGroundRegionRepository(db, worldId),
    itemLedger: createItemLedgerRepository(db),
    saveQuarantine: createSaveQuarantineRepository(db, worldId),
    saveCommits: createSaveCommitRepository(db),
    worldOwner: createWorldOwnerRepository(db, worldId),
    leases: createLeaseRepository(db),
    worlds: createWorldRepository(db, worldId),
    hiscores: createHiscoreRepository(db),
    transaction: (fn) => db.transaction((tx) => fn(createRepositories(tx, { worldId }))),
  };
}
