import type { Bot, WorldPlaces } from '@tilerealm/sdk';
import type { ActivitySink } from './activity-log';
import type { OwnerLocator } from './behaviours/owner';
import type { LlmAdvisor } from './llm';

/** What an agent runner needs from the runtime (and what tests stand in for). */
export interface AgentDeps {
  /** The WebSocket address of the world the agent plays on. */
  socketUrl: string;
  places: WorldPlaces;
  llm?: LlmAdvisor | undefined;
  /**
   * Headers on the WebSocket upgrade: the runtime's secret (AgentDirectory.socketHeaders), which
   * exempts its agents' connections from the game server's per-address cap.
   */
  socketHeaders?: Readonly<Record<string, string>> | undefined;
  /** A fresh session token to connect the agent with (minted on demand, never stored). */
  sessionToken: (agentId: string) => Promise<string>;
  /**
   * Where the owner is when out of view, for "come here" / "follow me"; by default the REST API of
   * the server behind `socketUrl`, asked with the agent's own token (behaviours/owner.ts).
   */
  locateOwner?: OwnerLocator | undefined;
  /** Waits between logins while another world holds the character (default 5 s doubling to 5 min). */
  leaseRetry?: { baseMs: number; maxMs: number } | undefined;
  /** Where the activity log and goal history are saved (the game's database); memory only without. */
  activitySink?: ActivitySink | undefined;
  /** How to connect (tests stand in for the server here). */
  connect?: typeof Bot.connect | undefined;
}

/**
 * `taken_over`: another connection logged the character in on this world (close 4000), e.g. another
 * runtime replica or its owner: this runtime leaves it alone. `waiting`: another world holds the
 * character's lease (close 4011): the runtime tries again later, with a growing wait.
 */
export type AgentStatus = 'stopped' | 'connecting' | 'running' | 'error' | 'taken_over' | 'waiting';
