import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE_CODES } from '@tilerealm/protocol';
import { ApiError, ConnectionClosedError, RestClient } from '@tilerealm/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useRealtimeServer } from '../../server/test/e2e/realtime-harness';
import { AgentRunner } from '../src/agent';
import { AgentDirectory } from '../src/directory';
import { freshPlayer } from './fixtures';
import {
  call,
  loadPlaces,
  removeDir,
  RUNTIME_SERVER_ENV,
  startRuntime,
  TEST_RUNTIME_SECRET,
  type TestRuntime,
} from './runtime-harness';

const created = z.object({
  agentId: z.string(),
  characterId: z.string(),
  name: z.string(),
  token: z.string(),
});

/** Every file under `dir` with its text. */
async function filesOf(dir: string): Promise<{ name: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((e) => e.isFile())
      .map(async (e) => ({ name: e.name, text: await readFile(join(e.parentPath, e.name), 'utf8') })),
  );
}

/**
 * The runtime's state lives in the game's database: an older runtime's agents.json is imported
 * once and leaves no token behind, the runtime credential is required, and two runtimes on one
 * world hand an agent over instead of fighting for it.
 */
describe('agent runtime state in the database', () => {
  const live = useRealtimeServer({ TICK_MS: '20', ...RUNTIME_SERVER_ENV });
  const open: TestRuntime[] = [];
  const start = async (dataDir?: string) => {
    const rt = await startRuntime(live.server.url, dataDir ? { dataDir } : {});
    open.push(rt);
    return rt;
  };
  afterEach(async () => {
    for (const rt of open.splice(0)) {
      await rt.close();
      await removeDir(rt.dataDir);
    }
    vi.restoreAllMocks();
  });

  it('imports agents.json once into the database, resumes its agents and keeps no token on disk', async () => {
    const owner = await new RestClient(live.server.url).anonymous();
    const res = await call(live.server.url, 'POST', '/api/agents', owner.token, { name: 'Oldtimer' });
    expect(res.status).toBe(201);
    const agent = created.parse(res.json);
    const dataDir = await mkdtemp(join(tmpdir(), 'tilerealm-agents-import-'));
    const legacy = (agentId: string, token: string) => ({
      agentId,
      name: agentId,
      characterId: agent.characterId,
      token,
      ownerAccountId: owner.accountId,
      ownerCharacterIds: [],
      running: true,
      createdAt: new Date().toISOString(),
    });
    // One agent the server knows, one whose mapping is gone.
    const agentsJson = { agents: [legacy(agent.agentId, agent.token), legacy('ag_gone', owner.token)] };
    await writeFile(join(dataDir, 'agents.json'), JSON.stringify(agentsJson));
    await writeFile(
      join(dataDir, 'owner.json'),
      JSON.stringify({ token: owner.token, accountId: owner.accountId }),
    );
    const logged: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void logged.push(String(line)));

    const rt = await start(dataDir);
    await rt.runtime.resume();
    expect(rt.runtime.get(agent.agentId)?.status).toBe('running');
    expect(rt.runtime.get('ag_gone')).toBeUndefined();
    expect(logged.join('\n')).toMatch(/imported 1 agent\(s\) .* skipped ag_gone/);

    const files = await filesOf(dataDir);
    expect(files.map((f) => f.name).sort()).toEqual(['agents.json.imported', 'owner.json']);
    for (const f of files) {
      expect(f.text, f.name).not.toContain(owner.token);
      expect(f.text, f.name).not.toContain(agent.token);
      expect(f.text, f.name).not.toMatch(/eyJ[\w-]+\.eyJ/);
    }
    expect(JSON.parse(files.find((f) => f.name === 'owner.json')?.text ?? '')).toEqual({
      accountId: owner.accountId,
    });
    const directory = new AgentDirectory(live.server.url, TEST_RUNTIME_SECRET);
    expect((await directory.list(1)).find((r) => r.agentId === agent.agentId)).toMatchObject({
      ownerAccountId: owner.accountId,
      worldId: 1,
      running: true,
    });

    // A second start imports nothing and still has the agent, from the database.
    await rt.close();
    open.splice(open.indexOf(rt), 1);
    logged.length = 0;
    const again = await start(dataDir);
    expect(logged.join('\n')).not.toContain('imported');
    expect(again.runtime.get(agent.agentId)?.record).toMatchObject({ running: true, worldId: 1 });
  });

  it('needs the runtime credential: a wrong secret is refused with 401 and opens nothing', async () => {
    const wrong = new AgentDirectory(live.server.url, 'not-the-runtime-secret-0123456789abcdef');
    const failure = await wrong.list(1).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'unauthorized' });
    const minting = await wrong.sessionToken('ag_any').catch((err: unknown) => err);
    expect(minting).toMatchObject({ status: 401 });
  });

  it('lets go of an agent another runtime takes over (close 4000) and does not take it back', async () => {
    const owner = await new RestClient(live.server.url).anonymous();
    const me = { accountId: owner.accountId, anonymous: true, isAdmin: false };
    const a = await start();
    const { agentId } = await a.runtime.create(owner.token, me, 'Handover');
    const first = a.runtime.get(agentId);
    expect(first?.status).toBe('running');

    // A replica on the same world reads the same records and resumes the agent.
    const b = await start();
    await b.runtime.resume();
    const second = b.runtime.get(agentId);
    expect(second?.status).toBe('running');
    await expect.poll(() => first?.status, { timeout: 10_000 }).toBe('taken_over');
    expect(first?.retryPending).toBe(false);
    expect(first?.lastError).toContain('taken over');
    expect(second?.status).toBe('running');
    expect(second?.connection?.client.state).toBe('open');
    // The record still says running: the agent plays on, driven by the replica that took it.
    const directory = new AgentDirectory(live.server.url, TEST_RUNTIME_SECRET);
    expect((await directory.list(1)).find((r) => r.agentId === agentId)?.running).toBe(true);
  });
});

describe('an agent whose character another world holds (close 4011)', () => {
  it('waits and tries again later with a growing delay, and stop ends the waiting', async () => {
    vi.useFakeTimers();
    try {
      const attempts: number[] = [];
      const runner = new AgentRunner(
        {
          agentId: 'ag_x',
          name: 'Waiter',
          characterId: freshPlayer.id,
          ownerAccountId: 'a1',
          ownerCharacterIds: [],
          worldId: 1,
          running: true,
          createdAt: new Date().toISOString(),
        },
        {
          socketUrl: 'ws://127.0.0.1:1/ws',
          places: await loadPlaces(),
          sessionToken: async () => 'token',
          leaseRetry: { baseMs: 1000, maxMs: 4000 },
          connect: async () => {
            attempts.push(Date.now());
            throw new ConnectionClosedError(
              CLOSE_CODES.loggedInElsewhere,
              'logged_in_elsewhere: world 2',
              'connecting',
            );
          },
        },
      );
      const t0 = Date.now();
      await runner.start();
      expect(runner.status).toBe('waiting');
      expect(runner.retryPending).toBe(true);
      expect(runner.lastError).toBe('logged_in_elsewhere: world 2');
      await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 4000);
      expect(attempts.map((t) => t - t0)).toEqual([0, 1000, 3000, 7000, 11000]);
      expect(runner.activity.recent(5).map((a) => a.message)).toContain(
        'logged_in_elsewhere: world 2: trying again in 4 s',
      );
      await runner.stop();
      expect(runner.retryPending).toBe(false);
      expect(runner.status).toBe('stopped');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(attempts).toHaveLength(5);
    } finally {
      vi.useRealTimers();
    }
  });
});
