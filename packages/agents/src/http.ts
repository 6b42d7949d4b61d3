import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { agentActivityQuerySchema, agentGoalsQuerySchema } from '@tilerealm/protocol';
import { ApiError } from '@tilerealm/sdk';
import { z } from 'zod';
import type { GameApi, Me } from './game-api';
import { registerRuntimeMetrics, type MetricsAccess } from './metrics';
import { summarize, type AgentRuntime } from './runtime';

const createBody = z.strictObject({
  name: z.string().min(1).max(12),
  agentId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  start: z.boolean().optional(),
});
const idParams = z.object({ agentId: z.string().min(1).max(64) });

/** An HTTP error with the game server's error body shape. */
class HttpFail extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const bearer = (req: FastifyRequest): string => {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  if (!m?.[1]) throw new HttpFail(401, 'unauthorized', 'a bearer token is required');
  return m[1];
};

/**
 * The runtime's REST API (docs/agent-runtime.md). Every route needs the owner's bearer token,
 * checked against the game server (GET /api/auth/me): 401 without a valid one, 403 for another
 * account's agent, 404 for an unknown agent. Routes answer under `/api/agent` (the game server's
 * proxy path) and at the root.
 */
export function buildRuntimeApi(
  runtime: AgentRuntime,
  api: GameApi,
  metrics: MetricsAccess = { token: undefined, open: true },
): FastifyInstance {
  const app = Fastify({ logger: false });
  registerRuntimeMetrics(app, metrics, () => runtime.statusCounts());
  // An empty JSON body (a proxied POST .../start) counts as no body.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpFail(400, 'invalid_json', 'the body is not valid JSON'), undefined);
    }
  });

  const who = async (req: FastifyRequest): Promise<{ token: string; me: Me }> => {
    const token = bearer(req);
    try {
      return { token, me: await api.whoAmI(token) };
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403))
        throw new HttpFail(401, 'invalid_token', 'the token was not accepted by the game server');
      throw new HttpFail(502, 'game_server_unavailable', 'could not check the token with the game server');
    }
  };
  const owned = async (req: FastifyRequest) => {
    const { token, me } = await who(req);
    const { agentId } = parse(idParams, req.params);
    const runner = runtime.get(agentId);
    if (!runner) throw new HttpFail(404, 'agent_not_found', `no agent ${agentId}`);
    if (!me.isAdmin && runner.record.ownerAccountId !== me.accountId)
      throw new HttpFail(403, 'forbidden', 'this agent belongs to another account');
    return { token, me, runner, agentId };
  };

  app.setErrorHandler((err: unknown, _req: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpFail) return reply.code(err.status).send(errorBody(err.code, err.message));
    if (err instanceof ApiError)
      return reply.code(err.status >= 500 ? 502 : err.status).send(errorBody(err.code, err.message));
    const message = err instanceof Error ? err.message : String(err);
    return reply.code(500).send(errorBody('internal', message));
  });

  app.get('/health', async () => ({ ok: true }));

  const routes = async (r: FastifyInstance): Promise<void> => {
    r.get('/agents', async (req) => ({ agents: runtime.list((await who(req)).me) }));
    r.post('/agents', async (req, reply) => {
      const { token, me } = await who(req);
      const body = parse(createBody, req.body);
      const options = {
        ...(body.agentId ? { agentId: body.agentId } : {}),
        ...(body.start === undefined ? {} : { start: body.start }),
      };
      return reply.code(201).send(await runtime.create(token, me, body.name, options));
    });
    r.get('/agents/:agentId', async (req) => summarize((await owned(req)).runner));
    r.post('/agents/:agentId/start', async (req) => runtime.start((await owned(req)).agentId));
    r.post('/agents/:agentId/stop', async (req) => runtime.stop((await owned(req)).agentId));
    r.delete('/agents/:agentId', async (req, reply) => {
      const { token, agentId } = await owned(req);
      await runtime.remove(agentId, token);
      return reply.code(204).send();
    });
    // Both read what the game's database keeps (so a restart of the runtime loses nothing), after
    // sending the agent's queued lines; pages run newest to oldest through `nextBefore`.
    r.get('/agents/:agentId/activity', async (req) => {
      const { runner, agentId } = await owned(req);
      const query = parse(agentActivityQuerySchema, req.query);
      await runner.activity.flush();
      const page = await runtime.directory.activity(agentId, query);
      // Oldest first within the page, newest last (as a log reads).
      return { agentId, activity: page.entries.reverse(), nextBefore: page.nextBefore };
    });
    r.get('/agents/:agentId/goals', async (req) => {
      const { runner, agentId } = await owned(req);
      const query = parse(agentGoalsQuerySchema, req.query);
      await runner.activity.flush();
      const page = await runtime.directory.goals(agentId, query);
      return { agentId, goals: page.goals, nextBefore: page.nextBefore };
    });
  };
  void app.register(routes, { prefix: '/api/agent' });
  void app.register(routes);
  return app;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success)
    throw new HttpFail(
      400,
      'invalid_request',
      r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
    );
  return r.data;
}

function errorBody(code: string, message: string) {
  return { error: { code, message } };
}
