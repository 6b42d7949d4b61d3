/**
 * Verifiers: a task's score from the state a character was saved with, never from what the agent
 * says. The state is a {@link PlayerRecord} as the world loads it: read from the final database
 * after a run, or recomputed by replaying the run's input log.
 */
import { createHash } from 'node:crypto';
import type { PlayerRecord } from '../packages/server/src/sim/core/types';
import { SKILLS, type SkillName } from '../packages/server/src/content/skills';
import type { Verifier } from './tasks';

/** What a verifier reads of a character: skills, coins and quests. */
export interface VerifiedState {
  skills: Record<SkillName, { level: number; xp: number }>;
  /** The pouch plus coins in the inventory or bank. */
  coins: number;
  quests: Array<{ questId: string; stage: number; status: string }>;
}

export function verifiedState(r: PlayerRecord): VerifiedState {
  const coinItems = [...r.inventory, ...r.bank]
    .filter((s) => s.itemId === 'coins')
    .reduce((a, s) => a + s.quantity, 0);
  return {
    skills: Object.fromEntries(
      SKILLS.map((s) => [s, { level: r.skills[s].level, xp: r.skills[s].xp }]),
    ) as VerifiedState['skills'],
    coins: r.coins + coinItems,
    quests: r.quests
      .map((q) => ({ questId: q.questId, stage: q.stage, status: q.status }))
      .sort((a, b) => a.questId.localeCompare(b.questId)),
  };
}

/** SHA-256 of the state's canonical JSON (keys in a fixed order), to compare runs and replays. */
export function stateHash(state: VerifiedState): string {
  return createHash('sha256').update(JSON.stringify(state)).digest('hex');
}

export interface Verdict {
  score: number;
  passAt: number;
  passed: boolean;
  /** What the score was computed from. */
  details: Record<string, number | string>;
}

export function verify(v: Verifier, start: VerifiedState, end: VerifiedState): Verdict {
  switch (v.kind) {
    case 'skill_xp': {
      const score = end.skills[v.skill].xp - start.skills[v.skill].xp;
      return verdict(score, v.passAt, {
        skill: v.skill,
        xpStart: start.skills[v.skill].xp,
        xpEnd: end.skills[v.skill].xp,
        levelEnd: end.skills[v.skill].level,
      });
    }
    case 'coins':
      return verdict(end.coins - start.coins, v.passAt, { coinsStart: start.coins, coinsEnd: end.coins });
    case 'quest': {
      const q = end.quests.find((x) => x.questId === v.questId);
      const done = q?.status === 'completed' ? v.stages : Math.min(q?.stage ?? 0, v.stages);
      return verdict(done / v.stages, v.passAt, {
        questId: v.questId,
        status: q?.status ?? 'not_started',
        stagesDone: done,
        stages: v.stages,
      });
    }
  }
}

function verdict(score: number, passAt: number, details: Verdict['details']): Verdict {
  return { score, passAt, passed: score >= passAt, details };
}
