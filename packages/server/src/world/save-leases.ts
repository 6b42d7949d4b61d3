import type { Repositories } from '../storage';
import type { Entry } from './save-entries';

/**
 * A batch's lease fence failed: another world holds these characters now (their lease expired
 * while this world could not renew it, and was taken over). Their saves must never be written over
 * the new holder's state: the batch is rolled back and, alone, set aside.
 */
export class LeaseLostError extends Error {
  constructor(readonly characterIds: readonly string[]) {
    super(`this world no longer holds the lease of ${characterIds.join(', ')}: another world took it over`);
  }
}

/** A batch's fence said this process no longer owns the world: rolled back, kept for later. */
export class NotOwnerError extends Error {
  constructor() {
    super('this process does not hold the world lock on the database');
  }
}

/**
 * The character fence, inside a batch's transaction before it writes: this world (`instance`)
 * must hold the lease of every character whose snapshot the batch writes. The leases stay locked
 * (FOR SHARE) until the transaction ends, so none can be taken over before the save commits.
 */
export async function fenceLeases(
  tx: Repositories,
  batch: readonly Entry[],
  instance: string,
): Promise<void> {
  const ids = batch.flatMap((e) => (e.snapshot ? [e.snapshot.id] : []));
  const held = await tx.leases.holding(ids, instance);
  const lost = ids.filter((id) => !held.has(id));
  if (lost.length > 0) throw new LeaseLostError(lost);
}

/**
 * Ends, in the batch's transaction, the leases of the characters whose final save (logout or
 * shutdown) it writes: the lease ends exactly when the character's last state is committed.
 */
export async function releaseLeases(
  tx: Repositories,
  batch: readonly Entry[],
  instance: string,
): Promise<void> {
  for (const e of batch) if (e.release && e.snapshot) await tx.leases.release(e.snapshot.id, instance);
}
