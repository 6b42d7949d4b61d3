import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleOf } from '../../server/test/metrics-text';
import { loadAgentConfig, metricsAccess } from '../src/config';
import { GameApi } from '../src/game-api';
import { buildRuntimeApi } from '../src/http';
import type { AgentRuntime } from '../src/runtime';

const TOKEN = 'agents-metrics-token-agents-metrics-01';
// The metrics read only the runtime's status counts; no route here reaches the game server.
const runtime = {
  statusCounts: () =>
    new Map([
      ['running', 2],
      ['error', 1],
    ]),
} as unknown as AgentRuntime;
const api = new GameApi('http://127.0.0.1:9');
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('agent runtime metrics', () => {
  it('shows agents by status and requests by routed pattern, with the process figures', async () => {
    app = buildRuntimeApi(runtime, api, metricsAccess(loadAgentConfig({})));
    expect((await app.inject({ method: 'GET', url: '/api/agent/agents/ag_secret_id' })).statusCode).toBe(401);
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    const agents = (status: string) => sampleOf(res.body, 'tilerealm_agent_runtime_agents', { status });
    expect([agents('running'), agents('error'), agents('stopped')]).toEqual([2, 1, 0]);
    expect(
      sampleOf(res.body, 'tilerealm_agent_runtime_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/agent/agents/:agentId',
        status_code: '401',
      }),
    ).toBe(1);
    expect(res.body).not.toContain('ag_secret_id');
    expect(res.body).toContain('# TYPE tilerealm_agent_runtime_nodejs_eventloop_lag_p99_seconds gauge');
  });

  it('asks for METRICS_TOKEN when set, and hides /metrics in production without one', async () => {
    app = buildRuntimeApi(runtime, api, metricsAccess(loadAgentConfig({ METRICS_TOKEN: TOKEN })));
    expect((await app.inject({ url: '/metrics' })).json()).toMatchObject({ error: { code: 'unauthorized' } });
    const wrong = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect([wrong.statusCode, wrong.json()]).toMatchObject([401, { error: { code: 'invalid_token' } }]);
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    await app.close();

    app = buildRuntimeApi(runtime, api, metricsAccess(loadAgentConfig({ NODE_ENV: 'production' })));
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(() => loadAgentConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN/,
    );
  });
});
