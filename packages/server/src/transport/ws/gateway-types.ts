import type { AgentService } from '../../agents/service';
import type { KeyedLimiter } from '../../redis/keyed-limiter';
import type { CounterTable } from '../http/plugins/rate-limit-store';
import type { Authenticator } from '../../auth/authenticator';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Content } from '../../content/load';
import type { Repositories } from '../../storage';
import type { Reached } from '../../social/bus';
import type { SocialService } from '../../social/service';
import type { LeaseKeeper } from '../../world/lease-keeper';
import type { SaveQueue } from '../../world/save-queue';
import type { WorldHost } from '../../world/world-host';
import type { Connection } from './connection';
import type { OutboundLimits } from './limits';
import type { SessionRids } from './session-rids';
import type { Log } from '../../app/logger';

/**
 * Cross-world requests (over the social bus): the takeover of a character logged in on another
 * world (a login with `takeover=1`).
 */
export interface CrossWorld {
  /**
   * Asks world `worldId` to log the character out: `done` when it is being logged out there,
   * `offline` when it was not there, `unavailable` when that world could not be asked.
   */
  requestLogout(characterId: string, worldId: number): Promise<Reached>;
}

export interface GatewayDeps {
  host: WorldHost;
  /** This world's number and the most players it holds at once (logins beyond it get 4012). */
  world: { id: number; capacity: number };
  /** The character leases: one login per character across every world on the database. */
  leases: LeaseKeeper;
  /** Asks other worlds to log a character out (a login with `takeover=1`); without it such a login gets 4011. */
  crossWorld?: CrossWorld;
  repos: Repositories;
  content: Content;
  authenticator: Authenticator;
  sessions: SessionTokens;
  saves: SaveQueue;
  anonymousMode: boolean;
  adminCode: string | undefined;
  logger: Log;
  reconnectGraceMs?: number;
  /**
   * The per-address limits on logins (./address-limits.ts): the connection cap, the limit on
   * refused tokens, anonymous identities created over the socket. Off unless true.
   */
  rateLimitEnabled?: boolean;
  /** Sockets one address may hold at once (WS_CONNECTIONS_PER_ADDRESS); 0 or absent: no cap. */
  connectionsPerAddress?: number;
  /**
   * AGENT_RUNTIME_SECRET: a socket whose upgrade carries it (X-Agent-Runtime-Secret) is the agent
   * runtime's, exempt from `connectionsPerAddress`. Absent: no socket is exempt.
   */
  agentRuntimeSecret?: string | undefined;
  /**
   * Where refused tokens are counted: the authentication limit's table (Redis with REDIS_URL, so
   * every world counts together), under a key of the socket's own apart from the HTTP sign-ins'
   * (address-limits.ts); default this gateway's own, in memory.
   */
  authAttempts?: CounterTable;
  /** The new-identity limit, shared by every world (Redis, REDIS_URL); default this gateway's own. */
  newIdentities?: KeyedLimiter;
  /** Answers the social events (friends, ignore lists, private messages) and sends presence. */
  social?: SocialService;
  /** Keeps agents' reports and tells an agent's session its goal state when it joins. */
  agents?: AgentService;
  /** When a client that stops reading is closed (tests shorten them); default WS_LIMITS.outbound. */
  outbound?: OutboundLimits;
}

/** What {@link Gateway.deleteCharacter} did; `worldId`: the world where the character plays. */
export type DeleteOutcome =
  { status: 'deleted' | 'save_pending' } | { status: 'character_online'; worldId?: number };

/** The /ws query, validated by the route. */
export interface LoginQuery {
  token?: string;
  characterId?: string;
  /** Log the character out of the other world holding it first (`takeover=1`). */
  takeover?: boolean;
  /** Watch this character of the account read-only instead of playing one (`spectate=<characterId>`). */
  spectate?: string;
}

/** A character's live session (or dropped one, during its reconnect grace). */
export interface Attached {
  connection: Connection;
  sessionRowId: string;
  graceTimer?: NodeJS.Timeout;
  /** The session's requests waiting for their answer, by the internal rid the world sees. */
  rids: SessionRids;
  /** The session's logger: its lines carry `reqId`, `sessionId`, `accountId` and `characterId`. */
  log: Log;
}
