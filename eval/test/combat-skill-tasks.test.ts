import { describe, it } from 'vitest';
import { TASKS } from '../tasks';
import { smallRun, useEvalFixtures } from './support';

/** The XP tasks of the fighting skills and prayer at a small size, scored from the final database state. */

useEvalFixtures();

const SKILLS = ['attack', 'strength', 'defense', 'constitution', 'ranged', 'prayer'];

describe('fighting and prayer XP tasks', () => {
  it.each(
    TASKS.filter((t) => t.verifier.kind === 'skill_xp' && SKILLS.includes(t.verifier.skill)).map(
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
