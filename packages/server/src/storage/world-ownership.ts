import { PostgresWorldOwnership } from './postgres-world-lock';
import type { PostgresTimeouts } from './postgres-pool';
import type { Repositories } from './repositories';
import type { Log } from '../app/logger';

export { WORLD_ADVISORY_LOCK, WorldInUseError } from './postgres-world-lock';

/**
 * `held`: this process owns the world and may write it. `reconnecting`: the connection that holds
 * the lock was lost (a failover); the lock is being taken again. `lost`: another process took the
 * world meanwhile; this one must never write it again (restart it). `released`: shut down.
 */
export type OwnershipState = 'held' | 'reconnecting' | 'lost' | 'released';

/**
 * This process's ownership of its world (WORLD_ID) in the database: one server process per world,
 * any number of worlds per database (docs/decisions/0013-one-process-per-database.md,
 * docs/decisions/0015-world-nodes-and-character-leases.md). Writes of world state (saves) must only
 * happen while {@link held} is true.
 */
export interface WorldOwnership {
  /**
   * The id naming this process in the `world_owner` row (undefined for the embedded database, whose
   * directory lock is the whole guard).
   */
  readonly instance: string | undefined;
  held(): boolean;
  state(): OwnershipState;
  /** Calls `listener` on every change of state; returns the unsubscribe function. */
  onChange(listener: (state: OwnershipState) => void): () => void;
  /** Lets go of the world (clean shutdown). Never throws, never hangs. */
  release(): Promise<void>;
}

/**
 * The fence of a save: run inside the save's transaction (with the transaction's repositories), it
 * is true only while the `world_owner` row still names this process, and it holds that row until
 * the transaction ends, so another process cannot claim the world between the check and the commit.
 * A save whose fence is false must be rolled back (throw) and kept for later.
 */
export async function stillOwner(ownership: WorldOwnership, tx: Repositories): Promise<boolean> {
  if (ownership.instance === undefined) return ownership.held();
  return ownership.held() && (await tx.worldOwner.holds(ownership.instance));
}

/** Options of {@link acquireWorldOwnership}. */
export interface WorldOwnershipOptions {
  url: string;
  /** The world this process runs (WORLD_ID): its lock and its `world_owner` row. */
  worldId: number;
  logger: Log;
  timeouts?: PostgresTimeouts;
  /** How often the lock's connection is checked with a query (default 5 s). */
  heartbeatMs?: number;
  /** Longest wait between two attempts to take the lock back after a connection loss (default 2 s). */
  maxRetryMs?: number;
  /** How long a newcomer lets a previous owner reconnect after a database restart (default 10 s). */
  reclaimWaitMs?: number;
  /** A database restart older than this is not waited for (default 60 s). */
  reclaimWindowMs?: number;
  /** How long a start looks again at a lock found taken before it is refused (default 3 s). */
  takenGraceMs?: number;
}

/** An ownership for the embedded database, whose data-directory lock already keeps it to one process. */
export function embeddedWorldOwnership(): WorldOwnership {
  let state: OwnershipState = 'held';
  return {
    instance: undefined,
    held: () => state === 'held',
    state: () => state,
    onChange: () => () => undefined,
    release: () => {
      state = 'released';
      return Promise.resolve();
    },
  };
}

/**
 * Takes world `worldId` of the PostgreSQL database at `url` for this process: a session-level
 * advisory lock (the two-key lock ({@link WORLD_ADVISORY_LOCK}, worldId)) held on a dedicated
 * connection for the life of the process, and the world's `world_owner` row (id: the world number
 * as text) naming this process. Other worlds of the same database are not affected. Refuses with
 * {@link WorldInUseError} when another live process holds the world's lock, or when the previous owner was running when the database restarted less
 * than a minute ago and takes the world back within `reclaimWaitMs` (a failover in progress).
 * After a connection loss the lock is taken back with backoff; see {@link OwnershipState}.
 */
export async function acquireWorldOwnership(opts: WorldOwnershipOptions): Promise<WorldOwnership> {
  const ownership = new PostgresWorldOwnership(opts);
  await ownership.start();
  return ownership;
}
