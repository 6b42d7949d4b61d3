import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { startServer, type RunningServer } from '../../src/app/start-server';
import { REQUEST_ID_HEADER } from '../../src/transport/http/plugins/request-id';
import { realtimeWorld, wsUrl, type RealtimeWorld } from './realtime-harness';

type Line = Record<string, unknown>;

/**
 * A WebSocket session's log lines, on a running server logging at info: they carry the upgrade
 * request's id, the session (its row in the sessions table), the account and the character, and
 * never the token the session logged in with.
 */
describe('log lines of a WebSocket session', () => {
  let world: RealtimeWorld;
  let server: RunningServer;
  const text: string[] = [];
  const lines: Line[] = [];
  beforeAll(async () => {
    const destination: DestinationStream = {
      write: (line) => {
        text.push(line);
        lines.push(JSON.parse(line) as Line);
      },
    };
    world = await realtimeWorld({ LOG_LEVEL: 'info' });
    server = await startServer(world.env, { logDestination: destination });
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await server?.close();
    await world?.cleanup();
  });

  it('carry reqId, sessionId, accountId and characterId', async () => {
    const { token, accountId } = (await fetch(`${server.url}/api/auth/anonymous`, { method: 'POST' }).then(
      (r) => r.json(),
    )) as { token: string; accountId: string };
    const closeRow = vi.spyOn(server.repos.sessions, 'close');
    const ws = new WebSocket(`${wsUrl(server)}?token=${token}`, {
      headers: { [REQUEST_ID_HEADER]: 'upgrade-42' },
    });
    const welcome = await new Promise<{ playerId: string; accountId: string }>((resolve, reject) => {
      ws.once('message', (data: Buffer) => {
        type Welcome = { event: string; data: { playerId: string; accountId: string } };
        const frame = JSON.parse(data.toString()) as Welcome[] | Welcome;
        const first = Array.isArray(frame) ? frame[0] : frame;
        if (first?.event === 'session:welcome') resolve(first.data);
        else reject(new Error(`first frame: ${data.toString()}`));
      });
      ws.once('error', reject);
    });
    expect(welcome.accountId).toBe(accountId);

    await expect
      .poll(() => lines.find((l) => l['msg'] === 'player connected'), { timeout: 20_000 })
      .toBeDefined();
    const connected = lines.find((l) => l['msg'] === 'player connected');
    expect(connected).toMatchObject({
      reqId: 'upgrade-42',
      accountId,
      characterId: welcome.playerId,
      sessionId: expect.any(String),
    });
    // The upgrade request's own lines carry the same id, its URL without the token.
    expect(lines.find((l) => l['reqId'] === 'upgrade-42' && l['msg'] === 'incoming request')).toMatchObject({
      req: { url: '/ws?token=[REDACTED]' },
    });

    // The logged session id is the session's row: the one closed when the socket goes.
    ws.close();
    await expect.poll(() => closeRow.mock.calls.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(closeRow.mock.calls[0]?.[0]).toBe(connected?.['sessionId']);
    expect(text.join('')).not.toContain(token);
  }, 60_000);
});
