import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { reverify } from '../reverify';
import { runEval, type EvalResult } from '../run';
import { findTask, TASKS } from '../tasks';
import { content, GAME_MINUTES, out, sane, smallRun, TICK_MS, useEvalFixtures } from './support';

/**
 * The coin and quest tasks at a small size; an external agent command gets the server and a token;
 * a recorded run replays offline to the same score and final state, and a doctored one does not.
 */

useEvalFixtures();

describe('coin and quest tasks', () => {
  it('defines coins in 15 and 30 game minutes and a quest', () => {
    expect(TASKS.map((t) => t.id)).toEqual(
      expect.arrayContaining(['coins-15m', 'coins-30m', 'quest-founders-feast']),
    );
  });

  it.each(TASKS.filter((t) => t.verifier.kind !== 'skill_xp').map((t) => [t.id, t] as const))(
    '%s runs at a small size and its verifier scores the final database state',
    async (_id, task) => {
      await smallRun(task);
    },
    60_000,
  );

  it('gives an external agent command the server URL and a token, and scores its character', async () => {
    // The game clock starts once the command's character is in the world.
    const task = findTask('coins-15m');
    if (!task) throw new Error('coins-15m is not defined');
    const seen = join(out.dir, 'agent-env.json');
    const script = fileURLToPath(new URL('./fixtures/sdk-agent.ts', import.meta.url));
    const { result } = await smallRun(task, {
      kind: 'command',
      command: `AGENT_ENV_OUT=${JSON.stringify(seen)} npx tsx ${JSON.stringify(script)}`,
    });
    const env = JSON.parse(await readFile(seen, 'utf8')) as Record<string, string>;
    expect(env['url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env['ws']).toBe(`${env['url']?.replace('http:', 'ws:')}/ws`);
    expect(env['token']?.length).toBeGreaterThan(20);
    expect(env['character']).toBe(result.characterId);
    // It entered the world and did nothing: no coin was gained.
    expect(result.score).toBe(0);
  }, 90_000);
});

describe('re-verification', () => {
  it('replays a recorded run to the same score and final state hash, and rejects a doctored result', async () => {
    const task = findTask('woodcutting-10m');
    if (!task) throw new Error('woodcutting-10m is not defined');
    const { result, resultPath } = await smallRun(task);
    const check = await reverify(resultPath, content);
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.ticks).toBe(result.ticks.last);
    expect(check.replayed?.score).toBe(result.score);
    expect(check.replayed?.endHash).toBe(result.state.endHash);

    const doctored: EvalResult = { ...result, score: result.score + 100 };
    const doctoredPath = join(out.dir, 'doctored.json');
    await writeFile(doctoredPath, JSON.stringify(doctored));
    const again = await reverify(doctoredPath, content);
    expect(again.ok).toBe(false);
    expect(again.problems).toEqual([`score ${result.score}, recorded ${result.score + 100}`]);
  }, 60_000);

  it.skipIf(!process.env['DATABASE_URL'])(
    'runs on a fresh PostgreSQL database when asked, and re-verifies the same',
    async () => {
      const task = findTask('fishing-10m');
      if (!task) throw new Error('fishing-10m is not defined');
      const { result, resultPath } = await runEval({
        task,
        agent: { kind: 'planner' },
        seed: 3,
        tickMs: TICK_MS,
        gameMinutes: GAME_MINUTES,
        outDir: out.dir,
        postgresUrl: process.env['DATABASE_URL'],
      });
      sane(result);
      expect(result.database).toBe('postgres');
      const check = await reverify(resultPath, content);
      expect(check.problems).toEqual([]);
      expect(check.replayed?.endHash).toBe(result.state.endHash);
    },
    60_000,
  );
});
