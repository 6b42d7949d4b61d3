/**
 * A player's death in progress (features/death): set when its health reaches 0 (combat's
 * `startDying`, or an administrator's `/hit`), resolved when the death animation ends. In memory
 * only, never saved: a logout waits until the death is resolved (features/session).
 */
import type { Player } from '../../core/player';
import { playerSlot } from '../../core/slots';

export interface DeathState {
  /** The tick the death is resolved (items, respawn); 0 when alive. */
  until: number;
  /** Who landed the killing blow (null: no one, e.g. an administrator's /hit), while dying. */
  killedBy: string | null;
}

/** The player's death in progress, if any. */
export const DYING = playerSlot('death.dying', {
  init: (): DeathState => ({ until: 0, killedBy: null }),
  hash: (s, h) => h.num(s.until).str(s.killedBy ?? ''),
});

/** Whether the player is dying (it can neither act nor be hit until its death is resolved). */
export function isDying(p: Player): boolean {
  return DYING.of(p).until !== 0;
}
