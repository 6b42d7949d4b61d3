import type { AgentService } from '../../agents/service';
import type { Config } from '../../app/config';
import type { LifecyclePhase } from '../../app/lifecycle';
import type { WorldView } from '../../app/world-view';
import type { Authenticator } from '../../auth/authenticator';
import type { SessionTokens } from '../../auth/session-tokens';
import type { Content } from '../../content/load';
import type { SocialState } from '../../social/lists';
import type { CounterTables } from './plugins/rate-limit-store';
import type { OwnershipState, Repositories } from '../../storage';
import type { SaveQueueStatus } from '../../world/save-queue';
import type { Gateway } from '../ws/gateway';
import type { ServerMetrics } from '../../metrics';

/** Everything the HTTP routes need, injected by the composition root (tests pass their own). */
export interface HttpDeps {
  config: Config;
  version: string;
  startedAt: Date;
  authenticator: Authenticator;
  sessions: SessionTokens;
  repos: Repositories;
  database: {
    kind: string;
    ping(timeoutMs: number): Promise<boolean>;
    /** This process's ownership of the world in the database (always `held` when not given). */
    ownership?: () => OwnershipState;
  };
  content: Content;
  world: WorldView;
  /** Starting, ready or draining, for `GET /ready` (always ready when not given). */
  lifecycle?: { phase(): LifecyclePhase };
  /** Directory holding the manifests this server loaded (served under /manifests/). */
  manifestsDir: string;
  /** Directory of the built frontend; served when it holds an index.html. */
  publicDir: string | undefined;
  /** The save queue, for /status (absent in tests without a world). */
  saves?: { status(): SaveQueueStatus };
  /** The real-time gateway; when present, /ws is served. */
  gateway?: Gateway;
  /**
   * The social service: the REST lists with presence on every world. Without it they show the
   * gateway's own sessions online (on this world).
   */
  social?: { stateOf(character: { id: string; accountId: string }): Promise<SocialState> };
  /** The cross-world link (Redis with REDIS_URL), for /status; absent: in-process, always reachable. */
  crossWorld?: { kind: 'redis' | 'in-process'; bus: { readonly available: boolean } };
  /** The rate limits' counters shared by every world (Redis, with REDIS_URL); in memory when absent. */
  rateLimitCounters?: CounterTables;
  /** Agent goal control; without one the routes use a service that sees every agent offline. */
  agents?: AgentService;
  /** The server's metrics (GET /metrics); without them the app keeps HTTP and process metrics only. */
  metrics?: ServerMetrics;
}
