/**
 * A character's connection as the world sees it (features/session): whether its connection dropped
 * with no new one taking it over yet, and a logout that waits for combat to end. In memory only.
 */
import { playerSlot } from '../../core/slots';

export interface SessionState {
  /** A logout that waits for combat to end (the character stays in the world until then). */
  logoutWaiting: string | undefined;
  /** The connection dropped and no new one took the character over yet (see the `detach` command). */
  detached: boolean;
}

/** The player's connection state (reset when a new session takes the character over). */
export const SESSION = playerSlot('session.connection', {
  init: (): SessionState => ({ logoutWaiting: undefined, detached: false }),
  hash: (s, h) => h.str(s.logoutWaiting ?? '').bool(s.detached),
});
