import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RestClient } from '@tilerealm/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { LlmAdvisor } from '../src/llm';
import { call, removeDir, RUNTIME_SERVER_ENV, startRuntime, type TestRuntime } from './runtime-harness';

const REASONING = 'The trees by the lake are close and the axe is ready.';

const activityPage = z.object({
  agentId: z.string(),
  activity: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      kind: z.string(),
      message: z.string(),
      data: z.unknown().optional(),
    }),
  ),
  nextBefore: z.number().nullable(),
});
const goalPage = z.object({
  goals: z.array(
    z.object({
      id: z.number(),
      type: z.string(),
      reason: z.string(),
      setBy: z.string(),
      startTick: z.number(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
    }),
  ),
  nextBefore: z.number().nullable(),
});

/** A stand-in for an OpenAI-compatible API: picks the first goal it is offered, and says why. */
async function standInLlm(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const prompt = JSON.stringify(JSON.parse(body));
      const first = /Goals:\\n([a-z_]+)/.exec(prompt)?.[1] ?? 'idle';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content: `${first}\n${REASONING}` } }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server };
}

/**
 * The activity log and goal history live in the game's database: they survive a restart of the
 * runtime, are read filtered and paged through the runtime's API, and hold the LLM's reasoning.
 */
describe('persistent agent activity through the runtime API', () => {
  const live = useRealtimeServer({ TICK_MS: '20', ...RUNTIME_SERVER_ENV });
  let llm: { url: string; server: Server };
  let rt: TestRuntime | undefined;
  let owner = '';
  let other = '';

  beforeAll(async () => {
    llm = await standInLlm();
    owner = (await new RestClient(live.server.url).anonymous()).token;
    other = (await new RestClient(live.server.url).anonymous()).token;
  });
  afterAll(async () => {
    await rt?.close();
    if (rt) await removeDir(rt.dataDir);
    llm.server.closeAllConnections();
    await new Promise((r) => llm.server.close(r));
  });

  const read = async (url: string, path: string, token = owner) => {
    const res = await call(url, 'GET', path, token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };

  it('logs the reasoning, keeps log and goals across a runtime restart, and validates filters', async () => {
    const advisor = new LlmAdvisor({ url: llm.url, model: 'stand-in', timeoutMs: 5000 });
    rt = await startRuntime(live.server.url, { llm: advisor });
    const made = await call(rt.url, 'POST', '/api/agent/agents', owner, { name: 'Scribe' });
    expect(made.status).toBe(201);
    const { agentId } = z.object({ agentId: z.string() }).parse(made.json);
    const base = `/api/agent/agents/${agentId}`;

    // The model's words, as a `reasoning` line; the goal it chose in the goal history.
    await expect
      .poll(
        async () =>
          activityPage
            .parse(await read(rt?.url ?? '', `${base}/activity?kind=reasoning`))
            .activity.map((a) => a.message),
        { timeout: 30_000 },
      )
      .toContain(REASONING);
    await expect
      .poll(async () => goalPage.parse(await read(rt?.url ?? '', `${base}/goals`)).goals.length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);

    // Filters are validated; another account's agent is not readable.
    for (const q of [
      '?kind=gossip',
      '?limit=0',
      '?limit=201',
      '?before=abc',
      `?text=${'a'.repeat(101)}`,
      '?x=1',
    ]) {
      const res = await call(rt.url, 'GET', `${base}/activity${q}`, owner);
      expect(res.status, q).toBe(400);
      expect(res.json).toMatchObject({ error: { code: 'invalid_request' } });
    }
    expect((await call(rt.url, 'GET', `${base}/goals?limit=0`, owner)).status).toBe(400);
    expect((await call(rt.url, 'GET', `${base}/activity`, other)).status).toBe(403);
    expect((await call(rt.url, 'GET', `${base}/goals`, other)).status).toBe(403);
    expect((await call(rt.url, 'GET', `${base}/goals`)).status).toBe(401);

    // A new runtime, with a new data dir: the log and goals come from the game's database.
    await rt.close();
    await removeDir(rt.dataDir);
    rt = await startRuntime(live.server.url);
    const system = activityPage.parse(await read(rt.url, `${base}/activity?kind=system&limit=200`));
    expect(system.activity.map((a) => a.message)).toEqual(expect.arrayContaining(['connected', 'stopped']));
    expect(system.activity.every((a) => a.kind === 'system')).toBe(true);
    const found = activityPage.parse(
      await read(rt.url, `${base}/activity?kind=reasoning,goal&text=LAKE%20trees`),
    );
    expect(found.activity.map((a) => a.kind)).toContain('reasoning');
    expect(found.activity.every((a) => a.message.toLowerCase().includes('lake'))).toBe(true);

    const goals = goalPage.parse(await read(rt.url, `${base}/goals`)).goals;
    expect(goals[0]).toMatchObject({ setBy: 'agent' });
    expect(goals[0]?.reason).toContain('llm:');
    // The first runtime stopped the agent: its last goal has an end.
    expect(goals[0]?.endedAt).not.toBeNull();

    // Paging: newest last within a page, older pages through nextBefore, no line twice.
    const all = activityPage.parse(await read(rt.url, `${base}/activity?limit=200`)).activity;
    const newest = activityPage.parse(await read(rt.url, `${base}/activity?limit=2`));
    expect(newest.activity.map((a) => a.id)).toEqual(all.slice(-2).map((a) => a.id));
    expect(newest.nextBefore).toBe(all.at(-2)?.id);
    const older = activityPage.parse(
      await read(rt.url, `${base}/activity?limit=2&before=${newest.nextBefore}`),
    );
    expect(older.activity.map((a) => a.id)).toEqual(all.slice(-4, -2).map((a) => a.id));
  });
});
