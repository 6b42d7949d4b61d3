import type { PersistKind } from '../sim/core/types';
import type { Repositories } from '../storage';

/** Options of {@link SaveQueue}. */
export interface SaveQueueOptions {
  /** Entries taken per transaction (a batch may grow past it to keep a record's writes together). */
  batchSize?: number;
  /** First wait after a failure while the database is unavailable; it doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** The world's tick length, to store tick-counted cooldowns as points in time (default 600). */
  tickMs?: number;
  /**
   * Crash-test hook (FAILPOINTS): called with `<step>:beforeCommit` inside the transaction after
   * all of a batch's writes, and `<step>:afterCommit` right after it committed, once per death
   * step whose lock states the batch holds, with step `trade` when it holds a trade's audit row and
   * `ground` when it holds a ground region. Killing the process there simulates a crash.
   */
  failpoint?: (name: string) => void;
  /** Whether this process may write now (it holds the database's world lock); while false, writes wait. */
  writable?: () => boolean;
  /**
   * Checked inside each batch's transaction before it writes (storage/world-ownership.ts
   * `stillOwner`): false rolls the batch back and keeps it for later, so a process that lost the
   * world never overwrites the new owner's state.
   */
  fence?: (tx: Repositories) => Promise<boolean>;
  /** Names this process in commit markers (the world's run id); random when absent. */
  runId?: string;
  /**
   * Character leases (docs/decisions/0015): each batch checks in its transaction that this world
   * (`instance`) holds the lease of every character it saves (else it is set aside, see
   * {@link SaveListener.leaseLost}), and a character's final save ends its lease in that transaction.
   */
  leases?: { instance: string };
}

/** What the queue tells its host (the world host). */
export interface SaveListener {
  /** A record handed over with `confirm` has committed (the host tells the world). */
  committed(what: PersistKind, key: string): void;
  /** Characters whose save was set aside: the host ends their sessions (close 4007). */
  setAside(characterIds: readonly string[]): void;
  /** Characters whose save was refused because another world holds their lease: the host ends their sessions (4011). */
  leaseLost?(characterIds: readonly string[]): void;
}

/** A save the queue set aside: what it logs and keeps in the save_quarantine table. */
export interface SetAsideSave {
  id: string;
  characterIds: string[];
  recordKeys: string[];
  error: string;
  at: string;
}

/** The queue's state for /status and the readiness check. */
export interface SaveQueueStatus {
  /** Keys waiting to be written, and keys in a transaction (or whose outcome is being checked). */
  waiting: number;
  inFlight: number;
  saved: number;
  failed: number;
  setAside: number;
  /** Set while writes fail because the database is unavailable (or this process may not write). */
  outage: { since: string; error: string; retries: number } | null;
  lastCommitAt: string | null;
}
