/**
 * Storage: the database schema, opening a database (embedded PGlite or
 * PostgreSQL), migrations, and the repositories the rest of the server uses.
 */
export { openDatabase, type OpenDatabaseOptions } from './database';
export { migrate, MIGRATIONS_FOLDER } from './drivers';
export { DatabaseInUseError, LOCK_FILE_NAME } from './lock';
export {
  acquireWorldOwnership,
  embeddedWorldOwnership,
  stillOwner,
  WorldInUseError,
  WORLD_ADVISORY_LOCK,
  type OwnershipState,
  type WorldOwnership,
} from './world-ownership';
export { DEFAULT_POSTGRES_TIMEOUTS, type PostgresTimeouts } from './postgres-pool';
export { startLocalPostgres, type LocalPostgres, type LocalPostgresOptions } from './local-postgres';
export type { AppDatabase, Database, DatabaseKind, Schema } from './types';
export { createRepositories, type Repositories, type RepositoryOptions } from './repositories';
export type {
  StoredWorldStatus,
  WorldListing,
  WorldRegistration,
  WorldRepository,
} from './repositories/worlds';
export type * from './repositories/ports';
export type * from './repositories/ports-more';
export type * from './repositories/ports-leases';
export { skillsOf } from './repositories/characters';
export { findPgError, isTransientDatabaseError, isUniqueViolation } from './repositories/errors';
export { IDP_PROVIDER } from './repositories/users';
export * as schema from './schema';
export {
  BANK_SLOT_LIMIT,
  CONSTITUTION_START_XP,
  INVENTORY_SLOTS,
  SKILLS,
  type ItemStack,
  type JsonValue,
  type Skill,
  type SocialIds,
} from './schema';
