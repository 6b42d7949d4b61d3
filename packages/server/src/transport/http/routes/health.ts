import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpDeps } from '../deps';

export const healthResponse = z.object({
  status: z.string(),
  timestamp: z.iso.datetime(),
  version: z.string(),
});

const phase = z.object({ name: z.string(), p50Ms: z.number(), p99Ms: z.number() });
export const statusResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  timestamp: z.iso.datetime(),
  version: z.string(),
  commitHash: z.string(),
  environment: z.string(),
  uptimeSeconds: z.number(),
  playersOnline: z.number().int(),
  authMode: z.enum(['anonymous', 'identity-provider']),
  database: z.object({ kind: z.string(), ok: z.boolean() }),
  tick: z
    .object({
      tick: z.number().int(),
      tickMs: z.number(),
      p50Ms: z.number(),
      p99Ms: z.number(),
      phases: z.array(phase),
    })
    .nullable(),
  memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
});

/** Liveness and monitoring. Both answer from memory (the status ping has a 1 s cap) so they stay fast under load. */
export async function healthRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Legacy health check', response: { 200: healthResponse } } },
    async () => ({ status: 'ok', timestamp: new Date().toISOString(), version: deps.version }),
  );
  r.get(
    '/status',
    {
      schema: {
        tags: ['health'],
        summary: 'Monitor status: uptime, players, tick figures',
        response: { 200: statusResponse },
      },
    },
    async () => {
      const dbOk = await deps.database.ping(1000);
      const mem = process.memoryUsage();
      return {
        status: dbOk ? ('ok' as const) : ('degraded' as const),
        timestamp: new Date().toISOString(),
        version: deps.version,
        commitHash: deps.config.commitHash,
        environment: deps.config.env,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt.getTime()) / 1000),
        playersOnline: deps.world.playersOnline(),
        authMode: deps.config.idp ? ('identity-provider' as const) : ('anonymous' as const),
        database: { kind: deps.database.kind, ok: dbOk },
        tick: deps.world.tickFigures(),
        memory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed },
      };
    },
  );
}
