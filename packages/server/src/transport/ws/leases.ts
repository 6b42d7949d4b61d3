import { CLOSE_CODES } from '@tilerealm/protocol';
import type { LeaseKeeper } from '../../world/lease-keeper';
import type { Connection } from './connection';
import type { DeleteOutcome, GatewayDeps } from './gateway-types';

/** How often a takeover looks again whether the other world released the character. */
export const TAKEOVER_POLL_MS = 250;
/** How long a takeover waits for the other world's logout save to end its lease. */
export const TAKEOVER_WAIT_MS = 10_000;
/** Polls between two asks while the world holding the lease says the character is not there. */
const TAKEOVER_ASK_AGAIN_POLLS = 4;

/** Close reason of a login refused because another world holds the character (at most 123 bytes). */
export const elsewhereReason = (worldId: number) => `logged_in_elsewhere: world ${worldId}`;

/**
 * Close reason of a takeover refused because the world holding the character could not be asked
 * to log it out (the cross-world link is down, or that world does not answer).
 */
export const takeoverUnavailableReason = (worldId: number) =>
  `logged_in_elsewhere: world ${worldId}; takeover unavailable: that world cannot be reached now, try again shortly`;

/** Close reason of a login refused because the world holds its capacity of players. */
export const WORLD_FULL_REASON = 'world_full: this world holds its capacity of players, choose another';

/**
 * Takes the character's lease for a login (docs/decisions/0015). While another live world holds
 * it, the login is closed with 4011 naming that world; with `takeover`, that world is first asked
 * (over `crossWorld`) to log the character out, and the lease is tried again every
 * {@link TAKEOVER_POLL_MS} until its logout save released it, for at most {@link TAKEOVER_WAIT_MS}
 * (asking again every second while that world answers that it does not have the character);
 * when that world cannot be asked, the close reason says the takeover is unavailable.
 * True when the lease is this world's; false when the connection was closed (or went away).
 */
export async function leaseForLogin(
  deps: Pick<GatewayDeps, 'leases' | 'crossWorld' | 'logger'>,
  connection: Connection,
  characterId: string,
  takeover: boolean,
): Promise<boolean> {
  const { leases: keeper, crossWorld, logger } = deps;
  let outcome = await keeper.take(characterId);
  if (outcome.ok) return true;
  let unreachable = false;
  if (takeover && crossWorld) {
    const ask = (holder: number) =>
      crossWorld.requestLogout(characterId, holder).catch((err: unknown) => {
        logger.warn(
          { err, characterId, worldId: holder },
          'asking another world to log a character out failed',
        );
        return 'unavailable' as const;
      });
    let asked = await ask(outcome.worldId);
    const deadline = Date.now() + TAKEOVER_WAIT_MS;
    let polls = 0;
    while (asked !== 'unavailable' && connection.isOpen && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, TAKEOVER_POLL_MS));
      outcome = await keeper.take(characterId);
      if (outcome.ok) return true;
      // 'offline' while that world still holds the lease: the character is between its removal
      // and its final save there, or that world's listener was not up yet. Ask again now and then.
      if (asked === 'offline' && ++polls % TAKEOVER_ASK_AGAIN_POLLS === 0) asked = await ask(outcome.worldId);
    }
    unreachable = asked === 'unavailable';
  }
  const reason = unreachable ? takeoverUnavailableReason : elsewhereReason;
  connection.close(CLOSE_CODES.loggedInElsewhere, reason(outcome.worldId));
  return false;
}

/**
 * Deletes a character while holding its lease: refused while another world holds it; held, no
 * world can log it in while `remove` runs (its lease row goes with the character).
 */
export async function deleteUnderLease(
  keeper: LeaseKeeper,
  characterId: string,
  remove: () => Promise<void>,
): Promise<DeleteOutcome> {
  const lease = await keeper.take(characterId);
  if (!lease.ok) return { status: 'character_online', worldId: lease.worldId };
  try {
    await remove();
  } catch (err) {
    await keeper.release(characterId);
    throw err;
  }
  return { status: 'deleted' };
}
