import type { WorldHost } from '../world/world-host';
import type { Gateway } from '../transport/ws/gateway';
import { playerState } from '../sim/features/session/session';
import type { AgentLink } from './link';

/**
 * The real {@link AgentLink}: sessions through the gateway, state read from the world between ticks
 * (HTTP handlers run on the same event loop as the tick, so the read is consistent), and the path
 * cancelled by enqueueing the `player:action stop` command for the character: the same command its
 * own client could send, so the server gains no second way to move a player.
 */
export function worldAgentLink(host: WorldHost, gateway: Gateway): AgentLink {
  return {
    isOnline: (id) => gateway.isOnline(id),
    isConnected: (id) => gateway.isConnected(id),
    deliver: (id, events) => gateway.deliver(id, events),
    liveState: (id) => {
      const player = host.world.players.get(id);
      return player ? playerState(host.world, player) : undefined;
    },
    stopMovement: (id) => {
      if (!host.isOnline(id)) return;
      host.enqueue({
        type: 'client',
        playerId: id,
        message: { event: 'player:action', data: { action: 'stop' } },
        rid: undefined,
      });
    },
  };
}
