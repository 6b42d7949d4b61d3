/**
 * Offline re-verification of an evaluation result: its input log is replayed on a fresh world
 * (every tick's state hash checked), the character's final state recomputed, and the task's
 * verifier run again on it. The score and the final state's hash must equal the recorded ones.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Content } from '../packages/server/src/content/content-types';
import { replayInputLog } from './replay-log';
import { RESULT_FORMAT, type EvalResult } from './run';
import { findTask } from './tasks';
import { stateHash, verifiedState, verify, type Verdict } from './verify';

export interface Reverification {
  ok: boolean;
  ticks: number;
  /** Why it failed, when it did. */
  problems: string[];
  recorded: { score: number; endHash: string };
  replayed?: { score: number; endHash: string; verdict: Verdict };
}

/** Reads a result file (a JSON object whose `format` is the evaluation result's). */
export async function readResult(path: string): Promise<EvalResult> {
  const json = JSON.parse(await readFile(path, 'utf8')) as Partial<EvalResult> | null;
  if (!json || json.format !== RESULT_FORMAT || json.version !== 1)
    throw new Error(`${path} is not an evaluation result (format ${RESULT_FORMAT}, version 1)`);
  return json as EvalResult;
}

export async function reverify(resultPath: string, content: Content): Promise<Reverification> {
  const result = await readResult(resultPath);
  const recorded = { score: result.score, endHash: result.state.endHash };
  const problems: string[] = [];
  // The task as defined now: a result recorded under another definition does not re-verify.
  const task = findTask(result.task.id);
  if (!task) return { ok: false, ticks: 0, problems: [`unknown task ${result.task.id}`], recorded };
  if (JSON.stringify(task.verifier) !== JSON.stringify(result.task.verifier))
    problems.push(`the task's verifier changed since the run: ${JSON.stringify(result.task.verifier)}`);
  const log = resolve(dirname(resultPath), result.inputLog);
  const replay = await replayInputLog(log, content);
  if (replay.divergence)
    problems.push(
      `the replay diverged at tick ${replay.divergence.tick} (recorded hash ${replay.divergence.recorded}, replayed ${replay.divergence.replayed})`,
    );
  if (replay.seed !== result.seed)
    problems.push(`the log's seed ${replay.seed} is not the result's ${result.seed}`);
  const first = replay.firstLogin.get(result.characterId);
  const last = replay.final.get(result.characterId);
  if (!first || !last) {
    problems.push(`character ${result.characterId} never entered the replayed world`);
    return { ok: false, ticks: replay.ticks, problems, recorded };
  }
  const start = verifiedState(first);
  if (stateHash(start) !== stateHash(result.state.start))
    problems.push('the start state the world received is not the recorded one');
  const end = verifiedState(last);
  const verdict = verify(task.verifier, start, end);
  const replayed = { score: verdict.score, endHash: stateHash(end), verdict };
  if (replayed.score !== recorded.score) problems.push(`score ${replayed.score}, recorded ${recorded.score}`);
  if (replayed.endHash !== recorded.endHash)
    problems.push(`final state hash ${replayed.endHash}, recorded ${recorded.endHash}`);
  return { ok: problems.length === 0, ticks: replay.ticks, problems, recorded, replayed };
}
