/**
 * The REST limit (100 requests a minute per account) holds for all worlds together when they share
 * Redis: two world processes, one account, requests alternating between them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerProcess } from './server-process-harness';
import { canRunWorlds, startWorlds, type Worlds } from './two-worlds-harness';

describe.skipIf(!canRunWorlds)('the REST limit across two world processes', () => {
  let worlds: Worlds;
  let one: ServerProcess;
  let two: ServerProcess;

  beforeAll(async () => {
    worlds = await startWorlds();
    [one, two] = await Promise.all([worlds.launch(1), worlds.launch(2)]);
  }, 180_000);
  afterAll(() => worlds?.cleanup(), 60_000);

  it('lets one account make 100 requests a minute in total, whichever worlds it asks', async () => {
    const res = await fetch(`${one.url}/api/auth/anonymous`, { method: 'POST' });
    const { token } = z.object({ token: z.string() }).parse(await res.json());
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const world = i % 2 === 0 ? one : two;
      const answer = await fetch(`${world.url}/api/v1/player`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
    const limited = statuses.filter((s) => s === 429).length;
    expect(statuses.length - limited).toBe(100);
    expect(limited).toBe(20);
    // Past the budget both worlds refuse: the counter is shared, not per world.
    expect(statuses.slice(100)).toEqual(Array<number>(20).fill(429));
  }, 120_000);
});
