import { describe, expect, it } from 'vitest';
import { SKILLS } from '../../packages/server/src/content/skills';
import { TASKS } from '../tasks';
import { smallRun, useEvalFixtures } from './support';

/** Every skill's XP task runs at a small size, scored by its verifier from the final database state. */

useEvalFixtures();

describe('skill XP tasks', () => {
  it('defines an XP task for every skill of the skills content', () => {
    for (const s of SKILLS) expect(TASKS.map((t) => t.id)).toContain(`${s}-10m`);
    expect(new Set(TASKS.map((t) => t.id)).size).toBe(TASKS.length);
  });

  it.each(TASKS.filter((t) => t.verifier.kind === 'skill_xp').map((t) => [t.id, t] as const))(
    '%s runs at a small size and its verifier scores the final database state',
    async (_id, task) => {
      await smallRun(task);
    },
    60_000,
  );
});
