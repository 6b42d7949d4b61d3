import { CLOSE_CODES, type ServerPayload } from '@tilerealm/protocol';
import { GameClient, type ConnectionClosedError } from '@tilerealm/sdk';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const WAIT = { timeout: 10_000, interval: 20 };
const jsonObject = z.record(z.string(), z.unknown());

/** The read-only spectate session (`/ws?spectate=`): docs/decisions/0020-agent-watch-view.md. */
describe('spectating a character of the account', () => {
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
    const created = await api('POST', '/api/agents', ownerToken, { name });
    expect(created.status).toBe(201);
    const characterId = String(created.body['characterId']);
    const agentToken = String(created.body['token']);
    return { ownerToken, characterId, agentToken };
  }

  /** Logs the character in and waits until it is in the world (the welcome comes a tick earlier). */
  async function play(token: string, characterId: string): Promise<GameClient> {
    const client = await GameClient.connect({
      url: wsUrl(live.server),
      token,
      characterId,
      reconnect: false,
    });
    await vi.waitFor(() => expect(live.server.host.isOnline(characterId)).toBe(true), WAIT);
    return client;
  }
  const spectate = (token: string | undefined, characterId: string) =>
    GameClient.connect({
      url: wsUrl(live.server),
      ...(token !== undefined ? { token } : {}),
      spectate: characterId,
      reconnect: false,
    });

  /** Records the spectator's stream: the own positions of its world:updates and its statuses. */
  function record(spectator: GameClient) {
    const selves: Array<{ x: number; z: number; moving: boolean }> = [];
    const statuses: Array<ServerPayload<'spectate:status'>> = [];
    const syncs: Array<ServerPayload<'player:sync'>> = [];
    const entered = new Set<string>();
    /** Answers seen by the spectator: only those to its own requests (the agent's are not mirrored). */
    const answers: unknown[] = [];
    spectator.on('ack', (a) => answers.push(a));
    spectator.on('world:update', (u) => {
      if (u.self) selves.push(u.self);
      for (const e of u.entered ?? []) entered.add(e.id);
    });
    spectator.on('spectate:status', (s) => statuses.push(s));
    spectator.on('player:sync', (s) => syncs.push(s));
    return { selves, statuses, syncs, entered, answers };
  }

  it("the owner watches its agent's character walk, taking no session from it", async () => {
    const { ownerToken, characterId, agentToken } = await ownerWithAgent('Watched');
    const agent = await play(agentToken, characterId);
    // Another player by the spawn point, in the character's view.
    const other = await GameClient.connect({ url: wsUrl(live.server), reconnect: false });
    const closes: number[] = [];
    agent.lifecycle.on('disconnected', ({ code }) => closes.push(code));
    let spectator: GameClient | undefined;
    try {
      const seen: ReturnType<typeof record>[] = [];
      spectator = await GameClient.connect({
        url: wsUrl(live.server),
        token: ownerToken,
        spectate: characterId,
        reconnect: false,
        beforeConnect: (c) => seen.push(record(c)),
      });
      const stream = seen[0];
      if (!stream) throw new Error('beforeConnect was not called');
      expect(spectator.welcome).toMatchObject({ playerId: characterId, name: 'Watched', spectating: true });
      // A full sync of the watched character, then its deltas.
      await vi.waitFor(() => expect(stream.syncs.length).toBeGreaterThan(0), WAIT);
      expect(stream.syncs[0]?.player.id).toBe(characterId);
      expect(stream.statuses[0]).toMatchObject({ characterId, name: 'Watched', inWorld: true });
      // What the character sees: the other player enters the spectator's view too.
      await vi.waitFor(() => expect(stream.entered.has(other.welcome?.playerId ?? '?')).toBe(true), WAIT);

      const ack = await agent.request('player:move', { x: 3, z: 1 });
      expect(ack).toMatchObject({ event: 'player:move' });
      // Where the agent's walk ended, as its own client saw it; the spectator sees the same.
      await vi.waitFor(() => {
        const p = live.server.host.livePosition(characterId);
        const last = stream.selves.at(-1);
        expect(last?.moving).toBe(false);
        expect(last && p && { x: last.x, z: last.z }).toEqual(p && { x: p.x, z: p.z });
        expect(stream.selves.length).toBeGreaterThan(1);
      }, WAIT);
      // The spectator holds no session of the character: the agent still plays it, unreplaced.
      expect(await agent.request('ping', {})).toMatchObject({ tick: expect.any(Number) });
      expect(agent.state).toBe('open');
      expect(closes).toEqual([]);
      // The agent's move was acknowledged to the agent only.
      expect(stream.answers).toEqual([]);
    } finally {
      await spectator?.close();
      await agent.close();
      await other.close();
    }
  });

  it('refuses every game input of a spectator and changes nothing', async () => {
    const { ownerToken, characterId, agentToken } = await ownerWithAgent('Still');
    const agent = await play(agentToken, characterId);
    const spectator = await spectate(ownerToken, characterId);
    try {
      const before = live.server.host.livePosition(characterId);
      expect(before).toBeDefined();
      const refused = { code: 'spectator_read_only' };
      await expect(spectator.request('player:move', { x: 5, z: 5 })).rejects.toMatchObject(refused);
      await expect(spectator.request('player:chat', { message: 'hello' })).rejects.toMatchObject(refused);
      await expect(
        spectator.request('player:chat', { message: '/admin let-me-in-please' }),
      ).rejects.toMatchObject(refused);
      await expect(spectator.request('agent:report', { goal: null })).rejects.toMatchObject(refused);
      // Ping is answered (with the world's tick): the session is alive, only read-only.
      const pong = await spectator.request('ping', {});
      const heardChat = vi.fn();
      agent.on('chat:message', heardChat);
      // Ten ticks later the character has not moved and nobody heard the spectator.
      const from = pong.tick;
      await vi.waitFor(() => expect(live.server.host.world.tick).toBeGreaterThan(from + 10), WAIT);
      expect(live.server.host.livePosition(characterId)).toEqual(before);
      expect(live.server.host.world.players.get(characterId)?.isAdmin).toBe(false);
      expect(heardChat).not.toHaveBeenCalled();
    } finally {
      await spectator.close();
      await agent.close();
    }
  });

  it('refuses another account (4005), an agent token and no token (4001)', async () => {
    const { characterId, agentToken } = await ownerWithAgent('Private');
    const stranger = String((await api('POST', '/api/auth/anonymous', undefined)).body['token']);
    await expect(spectate(stranger, characterId)).rejects.toMatchObject({
      code: CLOSE_CODES.characterUnavailable,
    } satisfies Partial<ConnectionClosedError>);
    await expect(spectate(agentToken, characterId)).rejects.toMatchObject({
      code: CLOSE_CODES.unauthorized,
    } satisfies Partial<ConnectionClosedError>);
    await expect(spectate(undefined, characterId)).rejects.toMatchObject({
      code: CLOSE_CODES.unauthorized,
    } satisfies Partial<ConnectionClosedError>);
  });

  it('follows the character out of the world and back in with a full sync', async () => {
    const { ownerToken, characterId, agentToken } = await ownerWithAgent('Comer');
    const seen: ReturnType<typeof record>[] = [];
    const spectator = await GameClient.connect({
      url: wsUrl(live.server),
      token: ownerToken,
      spectate: characterId,
      reconnect: false,
      beforeConnect: (c) => seen.push(record(c)),
    });
    const stream = seen[0];
    try {
      if (!stream) throw new Error('beforeConnect was not called');
      await vi.waitFor(() => expect(stream.statuses).toMatchObject([{ inWorld: false }]), WAIT);
      const agent = await play(agentToken, characterId);
      await vi.waitFor(() => expect(stream.syncs.length).toBe(1), WAIT);
      expect(stream.statuses.at(-1)).toMatchObject({ inWorld: true });
      // Logged out (the reconnect grace ends): the session stays, told so.
      await agent.close();
      await vi.waitFor(() => expect(stream.statuses.at(-1)).toMatchObject({ inWorld: false }), WAIT);
      // The logout's save may still be pending (4004): log in again once it is written.
      const again = await vi.waitFor(() => play(agentToken, characterId), WAIT);
      try {
        await vi.waitFor(() => expect(stream.syncs.length).toBe(2), WAIT);
        expect(stream.statuses.map((s) => s.inWorld)).toEqual([false, true, false, true]);
      } finally {
        await again.close();
      }
    } finally {
      await spectator.close();
    }
  });

  it('allows 4 spectators per character; a fifth is closed with 4014', async () => {
    const { ownerToken, characterId } = await ownerWithAgent('Popular');
    const watchers: GameClient[] = [];
    try {
      for (let i = 0; i < 4; i++) watchers.push(await spectate(ownerToken, characterId));
      await expect(spectate(ownerToken, characterId)).rejects.toMatchObject({
        code: CLOSE_CODES.spectatorLimit,
      } satisfies Partial<ConnectionClosedError>);
    } finally {
      for (const w of watchers) await w.close();
    }
    // Closed watchers free their places (once the server has seen them close).
    await vi.waitFor(async () => {
      const next = await spectate(ownerToken, characterId);
      await next.close();
    }, WAIT);
  });
});

describe('spectate logins under the rate limit', () => {
  const live = useRealtimeServer({ DISABLE_RATE_LIMIT: 'false' });

  it('closes the 21st spectate login of a minute from one address with 4002', async () => {
    // A valid token (refused ones would meet the limit on refused tokens first, at the 11th).
    const res = await fetch(`${live.server.url}/api/auth/anonymous`, { method: 'POST' });
    const { token } = z.object({ token: z.string() }).parse(await res.json());
    const attempt = () =>
      GameClient.connect({
        url: wsUrl(live.server),
        token,
        spectate: 'someone',
        reconnect: false,
        tokenRefresh: false,
      }).then(
        () => 0,
        (err: ConnectionClosedError) => err.code,
      );
    for (let i = 0; i < 20; i++) expect(await attempt()).toBe(CLOSE_CODES.characterUnavailable);
    expect(await attempt()).toBe(CLOSE_CODES.rateLimited);
  });
});
