import { CLOSE_CODES } from '@tilerealm/protocol';
import { GameClient, type ConnectionClosedError } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const WAIT = 10_000;
const jsonObject = z.record(z.string(), z.unknown());

/** An account that owns an agent keeps its own player: the agent's character is played only by id. */
describe("an agent owner's own character and its agent's", () => {
  const live = useRealtimeServer();

  async function api(method: string, path: string, token: string | undefined, body?: unknown) {
    const res = await fetch(`${live.server.url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? jsonObject.parse(JSON.parse(text)) : {} };
  }

  async function ownerWithAgent(name: string) {
    const anon = await api('POST', '/api/auth/anonymous', undefined);
    const ownerToken = String(anon.body['token']);
    const accountId = String(anon.body['accountId']);
    const created = await api('POST', '/api/agents', ownerToken, { name });
    expect(created.status).toBe(201);
    return {
      ownerToken,
      accountId,
      agentId: String(created.body['agentId']),
      characterId: String(created.body['characterId']),
      agentToken: String(created.body['token']),
    };
  }

  it('GET and POST /api/v1/player never read or rename the agent; lists mark the agent', async () => {
    const { ownerToken, agentId, characterId } = await ownerWithAgent('Lumber');
    const none = await api('GET', '/api/v1/player', ownerToken);
    expect(none).toMatchObject({ status: 404, body: { error: { code: 'no_character' } } });

    const made = await api('POST', '/api/v1/player', ownerToken, { name: 'Ownerly' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ created: true, player: { name: 'Ownerly' } });
    const own = jsonObject.parse(made.body['player']);
    expect(own['id']).not.toBe(characterId);
    expect((await live.server.repos.characters.findById(characterId))?.name).toBe('Lumber');

    const renamed = await api('POST', '/api/v1/player', ownerToken, { name: 'Ownerlier' });
    expect(renamed.body).toMatchObject({ created: false, player: { id: own['id'], name: 'Ownerlier' } });
    expect((await live.server.repos.characters.findById(characterId))?.name).toBe('Lumber');
    expect((await api('GET', '/api/v1/player', ownerToken)).body).toMatchObject({
      player: { id: own['id'] },
    });

    const list = await api('GET', '/api/character', ownerToken);
    expect(list.body['characters']).toEqual([
      expect.objectContaining({ id: characterId, agent: { agentId, running: false } }),
      expect.objectContaining({ id: own['id'], agent: null }),
    ]);
  });

  it('a login without characterId enters as the owner, leaving the agent playing', async () => {
    const { ownerToken, characterId, agentToken } = await ownerWithAgent('Chopper');
    const agent = await GameClient.connect({ url: wsUrl(live.server), token: agentToken, characterId });
    const closes: number[] = [];
    agent.lifecycle.on('disconnected', ({ code }) => closes.push(code));
    let owner: GameClient | undefined;
    try {
      owner = await GameClient.connect({ url: wsUrl(live.server), token: ownerToken, reconnect: false });
      const welcome = owner.welcome;
      expect(welcome?.playerId).toBeDefined();
      expect(welcome?.playerId).not.toBe(characterId);
      // Both are in the world, and the agent's session was never replaced.
      await agent.request('player:requestSync', {});
      expect(live.server.host.isOnline(characterId)).toBe(true);
      expect(closes).toEqual([]);
    } finally {
      await owner?.close();
      await agent.close();
    }
  });

  it("refuses the owner entering a running agent's character (4013); the agent's token enters it", async () => {
    const { ownerToken, accountId, agentId, characterId, agentToken } = await ownerWithAgent('Runner');
    await live.server.repos.agents.setRuntimeState(agentId, accountId, {
      worldId: live.server.config.world.id,
      running: true,
    });
    await expect(
      GameClient.connect({ url: wsUrl(live.server), token: ownerToken, characterId, reconnect: false }),
    ).rejects.toMatchObject({ code: CLOSE_CODES.agentRunning } satisfies Partial<ConnectionClosedError>);
    expect(live.server.host.isOnline(characterId)).toBe(false);

    const agent = await GameClient.connect({
      url: wsUrl(live.server),
      token: agentToken,
      characterId,
      reconnect: false,
    });
    try {
      expect(agent.welcome?.playerId).toBe(characterId);
    } finally {
      await agent.close();
    }

    await live.server.repos.agents.setRuntimeState(agentId, accountId, {
      worldId: live.server.config.world.id,
      running: false,
    });
    const stopped = await GameClient.connect({
      url: wsUrl(live.server),
      token: ownerToken,
      characterId,
      reconnect: false,
    });
    try {
      await stopped.waitFor('world:update', undefined, WAIT);
      expect(stopped.welcome?.playerId).toBe(characterId);
    } finally {
      await stopped.close();
    }
  });
});
