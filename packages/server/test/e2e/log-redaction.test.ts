import type { DestinationStream } from 'pino';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startServer } from '../../src/app/start-server';
import { realtimeWorld, wsUrl } from './realtime-harness';

const SECRET = 'SECRET-4f1b9c';

/** Opens /ws with `query` and resolves with its first message (or its close code). */
function firstFrame(url: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('message', (data: Buffer) => {
      resolve(data.toString());
      ws.close();
    });
    ws.once('close', (code) => resolve(`closed ${code}`));
    ws.once('error', reject);
  });
}

/**
 * Session tokens never reach the logs: a real server logging at info (every request) is sent
 * credentials in WebSocket and REST query strings and in Authorization headers, and not one line
 * it writes carries them.
 */
describe('log lines of a running server', () => {
  it('never contain a session token or any other credential', async () => {
    const lines: string[] = [];
    const destination: DestinationStream = { write: (line) => void lines.push(line) };
    // An agent runtime nobody listens on: the proxied request fails and its error is logged.
    const world = await realtimeWorld({ AGENT_API_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'info' });
    const server = await startServer(world.env, { logDestination: destination });
    try {
      const { token } = (await fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' }).then((r) =>
        r.json(),
      )) as { token: string };
      expect(token.length).toBeGreaterThan(20);
      const ws = wsUrl(server);

      expect(await firstFrame(`${ws}?token=${token}`)).toContain('session:welcome');
      expect(await firstFrame(`${ws}?token=${SECRET}`)).toMatch(/4001|error|closing/);
      const requests: Array<[string, RequestInit]> = [
        [`/api/auth/me?token=${token}`, {}],
        [`/api/auth/me?token=${SECRET}`, { headers: { authorization: `Bearer ${SECRET}` } }],
        [
          `/api/auth/me?access_token=${SECRET}&idp_token=${SECRET}`,
          { headers: { authorization: `Bearer ${SECRET}` } },
        ],
        [`/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }],
        [`/api/v1/player?code=${SECRET}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } }],
        [`/api/agent/agents?token=${token}`, { headers: { authorization: `Bearer ${token}` } }],
        [`/no/such/route?token=${SECRET}`, {}],
      ];
      for (const [path, init] of requests) await (await fetch(`${server.url}${path}`, init)).arrayBuffer();
      // Fastify logs a request's completion once the response is sent: wait for all of them.
      await expect
        .poll(() => lines.filter((l) => l.includes('"request completed"')).length, {
          timeout: 20_000,
          interval: 20,
        })
        .toBeGreaterThanOrEqual(requests.length + 1);
    } finally {
      await server.close();
      await world.cleanup();
    }
    const all = lines.join('');
    // The requests were logged, with their URLs...
    expect(all).toContain('"url":"/ws?token=[REDACTED]"');
    expect(all).toContain('"url":"/api/auth/me?access_token=[REDACTED]&idp_token=[REDACTED]"');
    expect(all).toContain('agent runtime unreachable');
    // ...and no credential with them.
    expect(all).not.toContain(SECRET);
    expect(all).not.toMatch(/eyJ[\w-]+\.eyJ/);
  }, 90_000);

  it("never contain the agent runtime's secret, right or wrong, sent on a /ws upgrade", async () => {
    const runtimeSecret = 'RUNTIME-SECRET-7d2e0a-0123456789abcdef0123';
    const wrongSecret = 'WRONG-RUNTIME-SECRET-5c8b1f-0123456789abcdef';
    const lines: string[] = [];
    const destination: DestinationStream = { write: (line) => void lines.push(line) };
    const world = await realtimeWorld({
      LOG_LEVEL: 'info',
      DISABLE_RATE_LIMIT: 'false',
      WS_CONNECTIONS_PER_ADDRESS: '1',
      AGENT_RUNTIME_SECRET: runtimeSecret,
    });
    const server = await startServer(world.env, { logDestination: destination });
    const held = new WebSocket(wsUrl(server));
    try {
      // One socket holds the address's one place; the runtime's gets in, a wrong secret's is refused.
      await new Promise((resolve) => held.once('message', resolve));
      const header = 'X-Agent-Runtime-Secret';
      expect(await firstFrame(wsUrl(server), { [header]: runtimeSecret })).toContain('session:welcome');
      const refused = await firstFrame(wsUrl(server), { [header]: wrongSecret });
      expect(refused).toContain('session:closing');
      expect(refused).not.toContain(wrongSecret);
      await expect
        .poll(() => lines.some((l) => l.includes('WebSocket connections refused')), {
          timeout: 20_000,
          interval: 20,
        })
        .toBe(true);
    } finally {
      held.terminate();
      await server.close();
      await world.cleanup();
    }
    const all = lines.join('');
    expect(all).toContain('"url":"/ws"');
    expect(all).not.toContain(runtimeSecret);
    expect(all).not.toContain(wrongSecret);
  }, 90_000);
});
