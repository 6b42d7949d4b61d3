import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AgentStatus } from './agent';

/** Every status an agent can be in, each always exported (0 when none is in it). */
const STATUSES: readonly AgentStatus[] = [
  'stopped',
  'connecting',
  'running',
  'error',
  'taken_over',
  'waiting',
];

const errorBody = (code: string, message: string) => ({ error: { code, message } });

/** The prefix of every metric the agent runtime exports. */
export const RUNTIME_METRIC_PREFIX = 'tilerealm_agent_runtime_';

/**
 * Who may read `/metrics`: with a token (METRICS_TOKEN) only `Authorization: Bearer <token>`;
 * without one, anyone when `open` (outside production) and no one otherwise (404).
 */
export interface MetricsAccess {
  token: string | undefined;
  open: boolean;
}

let processRegistry: Registry | undefined;

/** The process's default metrics, collected once per process (their monitors are never stopped). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: RUNTIME_METRIC_PREFIX });
  }
  return processRegistry;
}

/**
 * Request durations by routed pattern (`/agents/:agentId`, never the id; `unmatched` for
 * unknown paths) and status, in a registry of this app's own, and `GET /metrics` (see docs/agent-runtime.md).
 */
export function registerRuntimeMetrics(
  app: FastifyInstance,
  access: MetricsAccess,
  agents: () => ReadonlyMap<string, number>,
): void {
  const registry = new Registry();
  const duration = new Histogram({
    name: `${RUNTIME_METRIC_PREFIX}http_request_duration_seconds`,
    help: 'Agent runtime API requests by method, routed pattern (or "unmatched") and status code, in seconds.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: `${RUNTIME_METRIC_PREFIX}agents`,
    help: 'Agents of this runtime by status (running, stopped, connecting, waiting, error, taken_over).',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const counts = agents();
      for (const status of STATUSES) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration
      .labels(request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', async (request, reply) => {
    const denied = refusal(access, request.headers.authorization);
    if (denied) {
      if (denied.status === 401) void reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(denied.status).header('cache-control', 'no-store').send(denied.body);
    }
    const [proc, own] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(`${proc.endsWith('\n') ? proc : `${proc}\n`}${own}`);
  });
}

function refusal(
  access: MetricsAccess,
  authorization: string | undefined,
): { status: number; body: ReturnType<typeof errorBody> } | undefined {
  if (access.token === undefined) {
    return access.open ? undefined : { status: 404, body: errorBody('not_found', 'no route GET /metrics') };
  }
  if (authorization === undefined)
    return {
      status: 401,
      body: errorBody('unauthorized', 'missing Authorization: Bearer token (METRICS_TOKEN)'),
    };
  const given = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
  const digest = (s: string) => createHash('sha256').update(s).digest();
  if (given === undefined || !timingSafeEqual(digest(given), digest(access.token)))
    return { status: 401, body: errorBody('invalid_token', 'the metrics token is not valid') };
  return undefined;
}
