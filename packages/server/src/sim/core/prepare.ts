import type { ClientMessage } from '@tilerealm/protocol';
import type { World } from './world';

/**
 * Prepares a request as it is queued (Registry.prepare): between ticks on a server, so that the
 * tick finds a costly result ready. A request of a player not in the world (yet) is left alone, and
 * a preparer that throws only leaves the request unprepared: its handler meets the same state in the
 * tick and deals with it there (a fault is charged then, not now).
 */
export function prepare(world: World, playerId: string, message: ClientMessage): void {
  const fn = world.registry.preparer(message.event);
  if (fn === undefined) return;
  const player = world.players.get(playerId);
  if (player === undefined) return;
  try {
    fn(world, player, message.data as never);
  } catch {
    // Unprepared: see above.
  }
}
