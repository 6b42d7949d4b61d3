import { questJournalEntrySchema } from '@tilerealm/protocol';
import { RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import type { AgentRunner } from '../src/agent';
import { call, removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

const created = z.object({ agentId: z.string(), characterId: z.string(), name: z.string() });
const goalResponse = z.object({
  success: z.boolean(),
  goal: z.object({ type: z.string() }).nullable(),
  goalsPaused: z.boolean(),
});
const journalBody = z.object({ quests: z.array(questJournalEntrySchema) });

/**
 * Smithing and questing agents against a real game server with fast ticks, each given its goal by
 * the owner through the game server's goal-control API (POST /api/agents/:agentId/goal).
 */
describe('agent runtime end to end: smithing and questing', () => {
  const live = useRealtimeServer({ TICK_MS: '10', RECONNECT_GRACE_MS: '500', ...RUNTIME_SERVER_ENV });
  let rt: TestRuntime;
  let ownerToken = '';

  beforeAll(async () => {
    rt = await startRuntime(live.server.url);
    ownerToken = (await new RestClient(live.server.url).anonymous()).token;
  });
  afterAll(async () => {
    await rt?.close();
    await removeDir(rt.dataDir);
  });

  /** Creates and starts an agent, then sets its goal as its owner on the game server. */
  async function agentWithGoal(name: string, type: string): Promise<AgentRunner> {
    const res = await call(rt.url, 'POST', '/api/agent/agents', ownerToken, { name, start: false });
    expect(res.status).toBe(201);
    const agent = created.parse(res.json);
    const runner = rt.runtime.get(agent.agentId);
    if (!runner) throw new Error('no runner');
    onTestFailed(() => console.log(runner.activity.recent(40), runner.connection?.world.player));
    await rt.runtime.start(agent.agentId);
    const set = await call(live.server.url, 'POST', `/api/agents/${agent.agentId}/goal`, ownerToken, {
      type,
    });
    expect(set.status).toBe(200);
    expect(goalResponse.parse(set.json)).toMatchObject({ success: true, goal: { type } });
    return runner;
  }

  it('on smithing: buys a hammer, mines copper and tin, smelts bars, smiths and gains smithing xp', async () => {
    const runner = await agentWithGoal('Smithy', 'smithing');
    const world = () => runner.connection?.world;
    // It buys its hammer (a new character has none): with 10 ms ticks it may have done so before
    // the goal's answer came back, so the purchase is read from its activity, not from a before/after.
    await expect
      .poll(() => runner.activity.recent().some((e) => e.message.startsWith('bought hammer for')), {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(true);
    await expect.poll(() => world()?.has('hammer'), { timeout: 60_000, interval: 100 }).toBe(true);
    await expect
      .poll(() => runner.activity.recent().some((e) => e.message.startsWith('smelted smelt_bronze_bar')), {
        timeout: 180_000,
        interval: 200,
      })
      .toBe(true);
    await expect
      .poll(() => runner.activity.recent().some((e) => e.message.startsWith('smithed smith_bronze_')), {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(true);
    expect(world()?.xp('smithing') ?? 0).toBeGreaterThan(0);
    expect(runner.goal()).toMatchObject({
      type: 'smithing',
      setBy: 'owner',
      progress: { unit: 'smithing xp' },
    });
    expect(runner.goal()?.progress?.current).toBeGreaterThan(0);
  }, 300_000);

  it('on questing: completes Feathered Fugitives through dialogue and the journal shows it', async () => {
    const runner = await agentWithGoal('Questa', 'questing');
    const world = () => runner.connection?.world;
    await expect
      .poll(() => runner.goal()?.progress, { timeout: 60_000, interval: 100 })
      .toMatchObject({ current: 0, unit: 'quest stage' });
    await expect
      .poll(() => runner.activity.recent().some((e) => e.message.includes('answered "Twenty feathers')), {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(true);
    await expect.poll(() => world()?.has('green_cape'), { timeout: 240_000, interval: 200 }).toBe(true);
    const characterId = runner.record.characterId;
    // The journal reads the saved state, which follows the world as soon as the completion commits.
    const journal = async () => {
      const res = await fetch(new URL(`/api/player/${characterId}/quests`, live.server.url), {
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(res.status).toBe(200);
      return journalBody.parse(await res.json()).quests.find((q) => q.questId === 'feathered_fugitives');
    };
    await expect
      .poll(journal, { timeout: 30_000, interval: 200 })
      .toMatchObject({ status: 'completed', stage: 2, stageCount: 2 });
    // Twenty were handed over (a chicken may have dropped a few more than needed).
    expect(world()?.count('feather') ?? 0).toBeLessThan(20);
    // It goes on to the other quest it has a plan for (The Founders' Feast); with every one done it
    // has nothing left to quest for and reports a completed quest's last stage.
    await expect
      .poll(
        () => runner.activity.recent().some((e) => e.message === 'no quest left that this agent can do'),
        {
          timeout: 30_000,
          interval: 100,
        },
      )
      .toBe(true);
    const done = runner.goal();
    expect(done).toMatchObject({ type: 'questing', progress: { unit: 'quest stage' } });
    expect(done?.progress?.current).toBe(done?.progress?.target);
  }, 300_000);
});
