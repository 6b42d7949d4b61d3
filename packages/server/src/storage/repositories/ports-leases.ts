/*
 * The character leases port (see the character_leases table and docs/decisions/0015): who holds
 * a character right now, across every world on the database. Every time is the database's now().
 */

/** Outcome of {@link LeaseRepository.take}. */
export type LeaseTake =
  /** `tookOver`: the lease was another process's, expired (its world died): its open session row was closed. */
  | { ok: true; tookOver: boolean }
  /** Another world's live lease: `worldId` is that world's number. */
  | { ok: false; worldId: number };

/** A live lease (see {@link LeaseRepository.holder}). */
export interface LeaseHolder {
  worldId: number;
  instance: string;
  sessionId: string | null;
  acquiredAt: Date;
  heartbeatAt: Date;
}

export interface LeaseRepository {
  /**
   * Takes the character's lease for `instance` of world `worldId`, in one statement: creates it,
   * renews it when `instance` already holds it (a takeover or resume within the world), or takes
   * it over when its heartbeat is older than `ttlMs` (its world died). A new holding closes the
   * character's session row left open (`lease_expired` after a takeover), so at most one session
   * row is ever open per character. Refused while another process's lease lives.
   */
  take(characterId: string, worldId: number, instance: string, ttlMs: number): Promise<LeaseTake>;
  /** Renews every lease of `instance` (one statement); returns the characters it still holds. */
  renewAll(instance: string): Promise<string[]>;
  /** Ends the lease if `instance` holds it; false when it did not. */
  release(characterId: string, instance: string): Promise<boolean>;
  /** The character's live lease (heartbeat within `ttlMs`), or null when none lives. */
  holder(characterId: string, ttlMs: number): Promise<LeaseHolder | null>;
  /** Records the login's session row on the lease `instance` holds; false when it holds none. */
  attachSession(characterId: string, instance: string, sessionId: string): Promise<boolean>;
  /**
   * The save fence: which of `characterIds` `instance` holds. Inside a transaction the rows found
   * stay locked (FOR SHARE) until it ends, so no other world can take one of these leases over
   * between the check and the commit of the save.
   */
  holding(characterIds: readonly string[], instance: string): Promise<Set<string>>;
  /**
   * Start-up: ends the leases world `worldId` holds under another instance (its previous run, which
   * is dead: this process owns the world number now); returns how many.
   */
  releaseLeftBy(worldId: number, instance: string): Promise<number>;
}
