import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HttpDeps } from '../deps';

/** Why the server does not take players now (`GET /ready` 503). */
export const NOT_READY_CODES = ['starting', 'draining', 'database_unreachable', 'world_not_owned'] as const;
export type NotReadyCode = (typeof NOT_READY_CODES)[number];

const reason = z.object({ code: z.enum(NOT_READY_CODES), message: z.string() });
export const readyResponse = z.object({ status: z.literal('ready'), timestamp: z.iso.datetime() });
export const notReadyResponse = z.object({
  status: z.literal('not_ready'),
  timestamp: z.iso.datetime(),
  reasons: z.array(reason).min(1),
});

/** The database ping's cap: the answer stays well within an orchestrator probe's timeout. */
const PING_TIMEOUT_MS = 1000;

/**
 * Readiness for an orchestrator or a load balancer: 200 while this process takes players, 503 with
 * every reason while it does not (starting, draining, its database unreachable, the world's
 * ownership not held). Answers from memory plus one database ping capped at 1 s.
 */
export async function readyRoutes(app: FastifyInstance, deps: HttpDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 while the server takes players, 503 with reasons while it does not',
        response: { 200: readyResponse, 503: notReadyResponse },
      },
    },
    async (_request, reply) => {
      const timestamp = new Date().toISOString();
      const reasons = await notReadyReasons(deps);
      if (reasons.length === 0) return { status: 'ready' as const, timestamp };
      return reply.code(503).send({ status: 'not_ready' as const, timestamp, reasons });
    },
  );
}

async function notReadyReasons(deps: HttpDeps): Promise<Array<z.infer<typeof reason>>> {
  const phase = deps.lifecycle?.phase() ?? 'ready';
  // A draining server's database may be closing already: draining says everything.
  if (phase === 'draining')
    return [{ code: 'draining', message: 'the server is shutting down: no new logins' }];
  const reasons: Array<z.infer<typeof reason>> = [];
  if (phase === 'starting')
    reasons.push({ code: 'starting', message: 'the server is starting: the world is not ticking yet' });
  if (!(await deps.database.ping(PING_TIMEOUT_MS)))
    reasons.push({
      code: 'database_unreachable',
      message: `the database did not answer within ${PING_TIMEOUT_MS / 1000} s: logins would fail`,
    });
  const ownership = deps.database.ownership?.() ?? 'held';
  if (ownership !== 'held')
    reasons.push({
      code: 'world_not_owned',
      message: `this process does not hold its world's ownership (${ownership}): nothing played here could be saved`,
    });
  return reasons;
}
