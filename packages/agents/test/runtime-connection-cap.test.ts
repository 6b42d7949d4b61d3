/**
 * The runtime plays every agent of its world from one address, over a WebSocket each: it sends its
 * secret (X-Agent-Runtime-Secret) on every upgrade, so the game server's per-address connection
 * cap (WS_CONNECTIONS_PER_ADDRESS) does not count its agents.
 */
import { CLOSE_CODES } from '@tilerealm/protocol';
import { ConnectionClosedError, GameClient, RestClient, type Bot } from '@tilerealm/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useRealtimeServer, wsUrl } from '../../server/test/e2e/realtime-harness';
import { AgentRunner, type AgentDeps } from '../src/agent';
import { AgentDirectory, type AgentRecord } from '../src/directory';
import {
  removeDir,
  RUNTIME_SERVER_ENV,
  startRuntime,
  TEST_RUNTIME_SECRET,
  type TestRuntime,
} from './runtime-harness';

const RECORD: AgentRecord = {
  agentId: 'ag_headers',
  name: 'Header',
  characterId: 'c_headers',
  ownerAccountId: 'a1',
  ownerCharacterIds: [],
  worldId: 1,
  running: true,
  createdAt: new Date(0).toISOString(),
};

describe("the runtime's WebSocket upgrade", () => {
  it("carries the directory's secret header, handed to the agent's client", async () => {
    const directory = new AgentDirectory('http://127.0.0.1:1', TEST_RUNTIME_SECRET);
    expect(directory.socketHeaders()).toEqual({ 'x-agent-runtime-secret': TEST_RUNTIME_SECRET });
    let asked: Parameters<typeof Bot.connect>[0] | undefined;
    const runner = new AgentRunner(RECORD, {
      socketUrl: 'ws://127.0.0.1:1/ws',
      places: {} as AgentDeps['places'],
      sessionToken: async () => 'token',
      socketHeaders: directory.socketHeaders(),
      connect: async (options) => {
        asked = options;
        throw new ConnectionClosedError(CLOSE_CODES.unauthorized, 'refused', 'connecting');
      },
    });
    await expect(runner.start()).rejects.toBeInstanceOf(ConnectionClosedError);
    expect(asked?.headers).toEqual({ 'x-agent-runtime-secret': TEST_RUNTIME_SECRET });
    expect(asked?.token).toBe('token');
  });
});

describe('a runtime under the per-address connection cap (rate limits on, WS_CONNECTIONS_PER_ADDRESS=1)', () => {
  const live = useRealtimeServer({
    TICK_MS: '20',
    DISABLE_RATE_LIMIT: 'false',
    WS_CONNECTIONS_PER_ADDRESS: '1',
    ...RUNTIME_SERVER_ENV,
  });
  let rt: TestRuntime;
  const clients: GameClient[] = [];

  beforeAll(async () => {
    rt = await startRuntime(live.server.url);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await rt?.close();
    await removeDir(rt.dataDir);
  });

  it('connects every agent from the address whose one slot a player holds', async () => {
    // Both the runtime and this player reach the server from 127.0.0.1: the player takes its slot.
    const player = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    clients.push(player);
    const slots = live.server.gateway.limits.connections;
    expect(slots.heldBy('127.0.0.1')).toBe(1);

    const owner = await new RestClient(live.server.url).anonymous();
    const me = { accountId: owner.accountId, anonymous: true, isAdmin: false };
    const agents = [];
    for (const name of ['Capped Ash', 'Capped Elm', 'Capped Oak'])
      agents.push(await rt.runtime.create(owner.token, me, name));
    expect(agents.map((a) => [a.status, a.lastError])).toEqual([
      ['running', null],
      ['running', null],
      ['running', null],
    ]);
    expect(slots.heldBy('127.0.0.1')).toBe(1);

    // The cap holds for everyone else from the address.
    const refused = await GameClient.connect({ url: wsUrl(live.server), reconnect: false }).catch(
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({ code: CLOSE_CODES.tooManyConnections });
  });
});
