import type { PlayerStatePayload } from '@tilerealm/protocol';
import type { OutEvent } from '../sim/core/types';

/**
 * What the agent service needs from the live server: the sessions (to reach an agent's
 * character) and the world (its live state, and a way to cancel its path). The composition root
 * builds it from the gateway and the world host ({@link worldAgentLink}); without one (HTTP tests
 * with no world) every agent is offline and goal state lives in storage only.
 */
export interface AgentLink {
  /** The character has a session (a dropped one counts until its reconnect grace ends). */
  isOnline(characterId: string): boolean;
  /** The character's session has an open connection, so an event sent now reaches it. */
  isConnected(characterId: string): boolean;
  /** Sends events to the character's session (dropped when it has none). */
  deliver(characterId: string, events: OutEvent[]): void;
  /** The character's state as `player:sync` shows it, while it is in the world. */
  liveState(characterId: string): PlayerStatePayload | undefined;
  /** Cancels the character's movement path and cast in the next tick, as the server. */
  stopMovement(characterId: string): void;
}

/** The link of a server without a world: nobody is online. */
export const offlineLink: AgentLink = {
  isOnline: () => false,
  isConnected: () => false,
  deliver: () => undefined,
  liveState: () => undefined,
  stopMovement: () => undefined,
};
