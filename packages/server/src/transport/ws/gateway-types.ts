import type { AgentService } from '../../agents/service';
import type { Authenticator } from '../../auth/authenticator';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Content } from '../../content/load';
import type { Repositories } from '../../storage';
import type { SocialService } from '../../social/service';
import type { SaveQueue } from '../../world/save-queue';
import type { WorldHost } from '../../world/world-host';
import type { Connection } from './connection';
import type { OutboundLimits } from './limits';
import type { SessionRids } from './session-rids';

/** The log calls the gateway makes; a pino logger fits. */
export interface GatewayLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface GatewayDeps {
  host: WorldHost;
  repos: Repositories;
  content: Content;
  authenticator: Authenticator;
  sessions: SessionTokens;
  saves: SaveQueue;
  anonymousMode: boolean;
  adminCode: string | undefined;
  logger: GatewayLogger;
  reconnectGraceMs?: number;
  /** The most players in the world at once (WORLD_CAPACITY); a login beyond it is closed with 4012. Unlimited when absent. */
  capacity?: number;
  /** Count anonymous identities created over the socket by the authentication limit (per address). */
  rateLimitEnabled?: boolean;
  /** Answers the social events (friends, ignore lists, private messages) and sends presence. */
  social?: SocialService;
  /** Keeps agents' reports and tells an agent's session its goal state when it joins. */
  agents?: AgentService;
  /** When a client that stops reading is closed (tests shorten them); default WS_LIMITS.outbound. */
  outbound?: OutboundLimits;
}

/** A character's live session (or dropped one, during its reconnect grace). */
export interface Attached {
  connection: Connection;
  sessionRowId: string;
  graceTimer?: NodeJS.Timeout;
  /** The session's requests waiting for their answer, by the internal rid the world sees. */
  rids: SessionRids;
}
