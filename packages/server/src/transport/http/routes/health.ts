import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OwnershipState } from '../../../storage';
import type { HttpDeps } from '../deps';

export const healthResponse = z.object({
  status: z.string(),
  timestamp: z.iso.datetime(),
  version: z.string(),
});

const phase = z.object({ name: z.string(), p50Ms: z.number(), p99Ms: z.number() });
/** The body of a request shed under event-loop pressure (plugins/pressure.ts). */
const shedResponse = z.object({
  error: z.object({ code: z.literal('overloaded'), message: z.string() }),
});

export const statusResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  timestamp: z.iso.datetime(),
  version: z.string(),
  commitHash: z.string(),
  environment: z.string(),
  /** The world this process runs (WORLD_ID, WORLD_NAME). */
  world: z.object({ id: z.number().int(), name: z.string() }),
  uptimeSeconds: z.number(),
  playersOnline: z.number().int(),
  authMode: z.enum(['anonymous', 'identity-provider']),
  database: z.object({
    kind: z.string(),
    /** Reachable and the world owned by this process. */
    ok: z.boolean(),
    /** A trivial query answered within 1 s. */
    reachable: z.boolean(),
    ownership: z.enum(['held', 'reconnecting', 'lost', 'released']),
    /** What is wrong, when `ok` is false. */
    problem: z.string().optional(),
  }),
  /**
   * The link to the other worlds (docs/scaling.md): Redis with REDIS_URL, else in-process. While
   * Redis is away the world keeps running (the status stays `ok`) and cross-world requests answer
   * `unavailable`.
   */
  crossWorld: z.object({ kind: z.enum(['redis', 'in-process']), available: z.boolean() }),
  /** The write-behind save queue (null where the server runs without a world). */
  saves: z
    .object({
      waiting: z.number().int(),
      inFlight: z.number().int(),
      saved: z.number().int(),
      failed: z.number().int(),
      setAside: z.number().int(),
      outage: z.object({ since: z.iso.datetime(), error: z.string(), retries: z.number().int() }).nullable(),
      lastCommitAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  tick: z
    .object({
      tick: z.number().int(),
      tickMs: z.number(),
      p50Ms: z.number(),
      p99Ms: z.number(),
      phases: z.array(phase),
      delivery: z.object({ p50Ms: z.number(), p99Ms: z.number() }),
    })
    .nullable(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
});

/**
 * Liveness (`/health`: 200 while the process runs) and monitoring (`/status`: 503 while degraded).
 * Both answer from memory (the status ping has a 1 s cap) so they stay fast under load.
 */
export async function healthRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process runs',
        response: { 200: healthResponse },
      },
    },
    async () => ({ status: 'ok', timestamp: new Date().toISOString(), version: deps.version }),
  );
  r.get(
    '/status',
    {
      schema: {
        tags: ['health'],
        summary: 'Monitor status: uptime, players, tick figures (503 while degraded)',
        // 503: degraded (the status body), or shed under event-loop pressure (an error body).
        response: { 200: statusResponse, 503: z.union([statusResponse, shedResponse]) },
      },
    },
    async (_request, reply) => {
      const database = await databaseStatus(deps.database);
      const saves = deps.saves?.status() ?? null;
      const mem = process.memoryUsage();
      // Degraded while the database cannot be written: unreachable, not ours, or saves failing.
      const status = database.ok && !saves?.outage ? ('ok' as const) : ('degraded' as const);
      // The same body either way; a monitor that reads only the status code sees the degradation.
      return reply.code(status === 'ok' ? 200 : 503).send({
        status,
        timestamp: new Date().toISOString(),
        version: deps.version,
        commitHash: deps.config.commitHash,
        environment: deps.config.env,
        world: { id: deps.config.world.id, name: deps.config.world.name },
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        playersOnline: deps.world.playersOnline(),
        authMode: deps.config.idp ? ('identity-provider' as const) : ('anonymous' as const),
        database,
        crossWorld: {
          kind: deps.crossWorld?.kind ?? ('in-process' as const),
          available: deps.crossWorld?.bus.available ?? true,
        },
        saves,
        tick: deps.world.tickFigures(),
        memory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed },
      });
    },
  );
}

const OWNERSHIP_PROBLEMS: Record<OwnershipState, string | undefined> = {
  held: undefined,
  reconnecting: 'the connection holding the world lock was lost; saves wait until it is taken back',
  lost: 'another server process took the world: this process no longer saves; restart it',
  released: 'the server is shutting down',
};

/** The database part of /status: reachable (1 s ping) and this process's ownership of the world. */
async function databaseStatus(db: HttpDeps['database']): Promise<z.infer<typeof statusResponse>['database']> {
  const reachable = await db.ping(1000);
  const ownership = db.ownership?.() ?? 'held';
  const problem = reachable
    ? OWNERSHIP_PROBLEMS[ownership]
    : 'the database is unreachable (no answer within 1 s)';
  return {
    kind: db.kind,
    ok: reachable && ownership === 'held',
    reachable,
    ownership,
    ...(problem ? { problem } : {}),
  };
}
