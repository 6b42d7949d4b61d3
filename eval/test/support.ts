import { afterAll, beforeAll, expect } from 'vitest';
import { BUNDLED_MANIFESTS_DIR } from '../../packages/server/src/app/paths';
import { loadContent } from '../../packages/server/src/content/load';
import type { Content } from '../../packages/server/src/content/content-types';
import { createTempDir, createTestDataDir } from '../../packages/server/test/db-helpers';
import type { AgentSpec } from '../agent';
import { runEval, type EvalResult } from '../run';
import type { EvalTask } from '../tasks';
import { stateHash } from '../verify';

/** Small evaluation runs for the tests: a fraction of a game minute at fast ticks, on PGlite. */

export const TICK_MS = 10;
export const GAME_MINUTES = 0.3;

export let template: Awaited<ReturnType<typeof createTestDataDir>>;
export let out: Awaited<ReturnType<typeof createTempDir>>;
export let content: Content;
/** Opens the template database and the output directory for the calling test file. */
export function useEvalFixtures(): void {
  beforeAll(async () => {
    template = await createTestDataDir();
    out = await createTempDir();
    content = await loadContent(BUNDLED_MANIFESTS_DIR);
  });
  afterAll(async () => {
    await template?.cleanup();
    await out?.cleanup();
  });
}

/** Runs `task` at the tests' small size with our planner, and checks its result is sane. */
export async function smallRun(task: EvalTask, agent: AgentSpec = { kind: 'planner' }) {
  const run = await runEval({
    task,
    agent,
    seed: 7,
    tickMs: TICK_MS,
    gameMinutes: GAME_MINUTES,
    outDir: out.dir,
    databaseTemplate: template.dir,
    // Under the tests' own 60 s: an agent that never enters fails with that error, not a timeout.
    enterTimeoutMs: 45_000,
  });
  sane(run.result);
  return run;
}

export function sane(r: EvalResult): void {
  expect(Number.isFinite(r.score)).toBe(true);
  expect(r.score).toBeGreaterThanOrEqual(0);
  expect(r.passed).toBe(r.score >= r.verdict.passAt);
  // The agent played the task's game time in ticks, and the world stopped right after.
  expect(r.ticks.end - r.ticks.start).toBe(Math.round(GAME_MINUTES * 100));
  expect(r.ticks.last).toBeGreaterThanOrEqual(r.ticks.end);
  expect(r.state.endHash).toBe(stateHash(r.state.end));
  const v = r.task.verifier;
  if (v.kind === 'skill_xp') {
    expect(r.score).toBe(r.state.end.skills[v.skill].xp - r.state.start.skills[v.skill].xp);
    // A fresh character starts at level 1 (constitution at 10) with the starter kit.
    expect(r.state.start.skills[v.skill].xp).toBe(v.skill === 'constitution' ? 1154 : 0);
  } else if (v.kind === 'coins') {
    expect(r.state.start.coins).toBe(25);
    expect(r.score).toBe(r.state.end.coins - r.state.start.coins);
  } else {
    expect(r.score).toBeLessThanOrEqual(1);
  }
}
