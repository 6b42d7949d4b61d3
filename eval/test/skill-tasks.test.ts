import { describe, expect, it } from 'vitest';
import { SKILLS } from '../../packages/server/src/content/skills';
import { TASKS } from '../tasks';
import { smallRun, useEvalFixtures } from './support';

/**
 * Every skill has an XP task; those of the gathering and making skills run here at a small size,
 * scored by their verifier from the final database state (the fighting ones: combat-skill-tasks).
 */

useEvalFixtures();

const FIGHTING = ['attack', 'strength', 'defense', 'constitution', 'ranged', 'prayer'];

describe('skill XP tasks (gathering and making)', () => {
  it('defines an XP task for every skill of the skills content', () => {
    for (const s of SKILLS) expect(TASKS.map((t) => t.id)).toContain(`${s}-10m`);
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(TASKS.length);
  });

  it.each(
    TASKS.filter((t) => t.verifier.kind === 'skill_xp' && !FIGHTING.includes(t.verifier.skill)).map(
      (t) => [t.id, t] as const,
    ),
  )(
    '%s runs at a small size and its verifier scores the final database state',
    async (_id, task) => {
      await smallRun(task);
    },
    60_000,
  );
});
