import { GOAL_TYPES, type ServerPayload } from '@tilerealm/protocol';
import { GameClient } from '@tilerealm/sdk';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer, wsUrl } from './realtime-harness';

const WAIT = 10_000;
const jsonObject = z.record(z.string(), z.unknown());
type Control = ServerPayload<'agent:control'>;

describe('agent goal control against a live world (an SDK client plays the agent)', () => {
  const live = useRealtimeServer();

  async function api(method: string, path: string, token?: string, body?: unknown) {
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
    const anon = await api('POST', '/api/auth/anonymous');
    const ownerToken = String(anon.body['token']);
    const created = await api('POST', '/api/agents', ownerToken, { name });
    expect(created.status).toBe(201);
    const agentId = String(created.body['agentId']);
    const characterId = String(created.body['characterId']);
    const controls: Control[] = [];
    const client = await GameClient.connect({
      url: wsUrl(live.server),
      token: String(created.body['token']),
      characterId,
      reconnect: false,
      beforeConnect: (c) => c.on('agent:control', (m) => controls.push(m)),
    });
    return { ownerToken, agentId, characterId, client, controls };
  }

  it('stop cancels a long walk within one tick and pauses; resume; messages; reports', async () => {
    const { ownerToken, agentId, characterId, client, controls } = await ownerWithAgent('Walker');
    try {
      const first = controls[0] ?? (await client.waitFor('agent:control', undefined, WAIT));
      expect(first).toEqual({ agentId, goal: null, goalsPaused: false });

      const ack = await client.request('player:move', { x: 40, z: 0 });
      expect(ack).toMatchObject({ event: 'player:move' });
      expect(Number(ack.result?.['steps'])).toBeGreaterThan(20);
      await client.waitFor('world:update', (u) => u.self?.moving === true && u.self.x >= 2, WAIT);

      const paused = client.waitFor('agent:control', (c) => c.goalsPaused, WAIT);
      const stopped = client.waitFor('world:update', (u) => u.self?.moving === false, WAIT);
      const stop = await api('POST', `/api/agents/${agentId}/goal/stop`, ownerToken);
      const tickAtStop = live.server.host.world.tick;
      expect(stop.status).toBe(200);
      expect(stop.body).toMatchObject({ success: true, goalsPaused: true });
      expect(await paused).toEqual({ agentId, goal: null, goalsPaused: true });
      const halt = await stopped;
      expect(halt.tick).toBeLessThanOrEqual(tickAtStop + 1);
      const where = { x: halt.self?.x, z: halt.self?.z };
      expect(where.x).toBeLessThan(40);
      for (let i = 0; i < 5; i += 1) {
        const sync = await client.request('player:requestSync', {});
        expect(sync.player.position).toMatchObject({ ...where, moving: false });
      }
      expect(live.server.host.world.players.get(characterId)?.path).toEqual([]);

      const reportWhilePaused = await client.request('agent:report', {
        goal: { type: 'woodcutting', setBy: 'agent', startedAt: new Date().toISOString() },
      });
      expect(reportWhilePaused.result).toMatchObject({ accepted: false });
      expect((await api('GET', `/api/agents/${agentId}/goal`, ownerToken)).body).toMatchObject({
        goal: null,
        goalsPaused: true,
      });

      const running = client.waitFor('agent:control', (c) => !c.goalsPaused, WAIT);
      const resume = await api('POST', `/api/agents/${agentId}/goal/resume`, ownerToken);
      expect(resume.body).toMatchObject({ success: true, goalsPaused: false });
      expect(await running).toEqual({ agentId, goal: null, goalsPaused: false });

      const heard = client.waitFor('agent:message', undefined, WAIT);
      const sent = await api('POST', `/api/agents/${agentId}/message`, ownerToken, { message: 'chop trees' });
      expect(sent.body).toMatchObject({ success: true, delivered: true, status: 'delivered' });
      expect(await heard).toEqual({ agentId, message: 'chop trees', sentAt: sent.body['sentAt'] });

      const goal = {
        type: 'woodcutting' as const,
        setBy: 'agent' as const,
        startedAt: '2026-11-26T05:00:00.000Z',
        progress: { current: 25, target: 100, unit: 'xp' },
      };
      const reported = await client.request('agent:report', { goal });
      expect(reported).toEqual({ event: 'agent:report', result: { accepted: true } });
      const read = await api('GET', `/api/agents/${agentId}/goal`, ownerToken);
      expect(read.body).toMatchObject({ success: true, goal, goalsPaused: false });
      const open = read.body['availableGoals'];
      expect(Array.isArray(open) && open.length === GOAL_TYPES.length).toBe(true);

      const quick = await api('GET', `/api/agents/${agentId}/quick-actions`, ownerToken);
      expect(quick.body['commands']).toContainEqual(
        expect.objectContaining({ command: 'come_here', available: true }),
      );
      const listed = await api('GET', '/api/agents', ownerToken);
      expect(listed.body['agents']).toEqual([expect.objectContaining({ agentId, online: true, goal })]);
    } finally {
      await client.close();
    }
  });

  it('an owner goal is pushed to the session; the pause and goal survive a server restart', async () => {
    const { ownerToken, agentId, characterId, client } = await ownerWithAgent('Keeper');
    try {
      const pushed = client.waitFor('agent:control', (c) => c.goal?.type === 'exploration', WAIT);
      const set = await api('POST', `/api/agents/${agentId}/goal`, ownerToken, { type: 'exploration' });
      expect(set.status).toBe(200);
      expect(await pushed).toMatchObject({ agentId, goal: { type: 'exploration', setBy: 'owner' } });
      await api('POST', `/api/agents/${agentId}/goal/stop`, ownerToken);
      // Progress of the owner's goal is kept while paused; its type, target and start stay the owner's.
      const progress = { current: 3, target: 10, unit: 'areas' };
      const kept = await client.request('agent:report', {
        goal: { type: 'exploration', setBy: 'owner', startedAt: '2000-01-01T00:00:00.000Z', progress },
      });
      expect(kept.result).toEqual({ accepted: true });
      const before = await api('GET', `/api/agents/${agentId}/goal`, ownerToken);
      expect(before.body['goal']).toEqual({ ...jsonObject.parse(set.body['goal']), progress });
    } finally {
      await client.close();
    }
    await live.restart();
    const after = await api('GET', `/api/agents/${agentId}/goal`, ownerToken);
    expect(after.body).toMatchObject({ goalsPaused: true, goal: { type: 'exploration', setBy: 'owner' } });
    const controls: Control[] = [];
    const again = await GameClient.connect({
      url: wsUrl(live.server),
      token: ownerToken,
      characterId,
      reconnect: false,
      beforeConnect: (c) => c.on('agent:control', (m) => controls.push(m)),
    });
    try {
      const first = controls[0] ?? (await again.waitFor('agent:control', undefined, WAIT));
      expect(first).toMatchObject({ agentId, goalsPaused: true, goal: { type: 'exploration' } });
    } finally {
      await again.close();
    }
  });
});
