import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findRedisServer } from '../../../../scripts/worlds/redis';
import { REPO_ROOT } from '../../src/app/paths';
import { havePostgresBinaries } from '../fault-helpers';

/**
 * `npm run worlds -- 2`: two worlds on one private PostgreSQL and one redis-server, with the CDN
 * and the agent runtime; SIGTERM stops every process it started. Skipped where PostgreSQL's server
 * binaries or redis-server are missing (CI installs both).
 */
const haveRedis = (await findRedisServer()) !== undefined;
const SHUTDOWN_TIMEOUT_MS = 2_000;

async function alive(pid: number): Promise<boolean> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Processes whose parent is `pid`, except tsx's own helpers (esbuild). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) continue;
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8');
      if (!cmdline.includes('esbuild')) out.push(Number(name));
    } catch {
      // it ended while being read
    }
  }
  return out;
}

/** The postmaster's pid from its pid file, while the cluster runs. */
async function postmasterPid(dir: string): Promise<number | undefined> {
  const text = await readFile(join(dir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) ? pid : undefined;
}

async function getJson(url: string): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch {
    return { status: 0, body: undefined };
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe.skipIf(!havePostgresBinaries || !haveRedis)('npm run worlds', () => {
  it('starts two worlds sharing PostgreSQL and Redis, lists both, and stops everything on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tilerealm-worlds-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      WORLDS_DIR: dir,
      WORLDS_PORT: '0',
      CDN_PORT: '0',
      AGENT_PORT: '0',
      AGENT_DEFAULT_COUNT: '0',
      SKIP_CLIENT_BUILD: 'true',
      SKIP_MANIFESTS: 'true',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      LOG_LEVEL: 'warn',
    };
    delete env['DATABASE_URL'];
    delete env['REDIS_URL'];
    const cli = spawn(process.execPath, ['--import', 'tsx', 'scripts/worlds.ts', '2'], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const exited = new Promise<number | string | null>((resolve) =>
      cli.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    const worlds = new Map<number, string>();
    const lines: string[] = [];
    createInterface({ input: cli.stdout }).on('line', (line) => {
      lines.push(line);
      const m = /\[worlds\] {3}world (\d+): (http:\/\/\S+)/.exec(line);
      if (m?.[1] && m[2]) worlds.set(Number(m[1]), m[2]);
    });
    let seen: number[] = [];
    cleanups.push(async () => {
      for (const pid of [cli.pid ?? 0, ...seen, (await postmasterPid(dir)) ?? 0])
        if (pid > 0 && (await alive(pid))) process.kill(pid, 'SIGKILL');
      await rm(dir, { recursive: true, force: true });
    });

    // Both worlds up and listed, each with its own address and the right population (nobody yet).
    await vi.waitFor(
      async () => {
        if (cli.exitCode !== null) throw new Error(`npm run worlds exited: ${lines.slice(-20).join('\n')}`);
        expect([...worlds.keys()]).toEqual([1, 2]);
        for (const url of worlds.values()) expect((await getJson(`${url}/health`)).status).toBe(200);
        const list = await getJson(`${worlds.get(1) ?? ''}/api/v1/worlds`);
        expect(list.status).toBe(200);
        expect(list.body).toMatchObject({
          worlds: [
            { id: 1, status: 'online', population: 0, current: true },
            { id: 2, status: 'online', population: 0 },
          ],
        });
      },
      { timeout: 240_000, interval: 500 },
    );
    const list = await getJson(`${worlds.get(2) ?? ''}/api/v1/worlds`);
    expect(list.body).toMatchObject({ worlds: [{ id: 1 }, { id: 2, current: true }] });
    const addresses = lines.flatMap((l) => /\((ws:\/\/\S+)\)/.exec(l)?.[1] ?? []);
    expect(list.body).toMatchObject({ worlds: addresses.map((address) => ({ address })) });

    // Every process it started: two worlds, Redis, the CDN, the runtime; and the postmaster.
    seen = await childrenOf(cli.pid ?? 0);
    expect(seen).toHaveLength(5);
    const postmaster = await postmasterPid(dir);
    expect(postmaster).toBeDefined();
    process.kill(cli.pid ?? 0, 'SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of [...seen, postmaster ?? 0]) expect(await alive(pid), `pid ${pid}`).toBe(false);
  }, 300_000);
});
