import type { QuestJournalEntry } from '@tilerealm/protocol';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../src/behaviours/dialogue';
import { QuestTracker } from '../src/behaviours/questing';
import { bestRecipe } from '../src/behaviours/smithing';
import { candidates, decide } from '../src/planner';
import { freshPlayer } from './fixtures';

const player = freshPlayer;

const entry = (status: QuestJournalEntry['status'], stage: number): QuestJournalEntry => ({
  questId: 'feathered_fugitives',
  name: 'Feathered Fugitives',
  difficulty: 'novice',
  status,
  stage,
  stageCount: 2,
  stageId: status === 'in_progress' ? 'collect_feathers' : null,
  kind: status === 'in_progress' ? 'gather' : null,
  description: 'Collect twenty feathers.',
  progress: null,
  startNpcId: 'farmer_edda',
});

describe('smithing recipe choice', () => {
  it('picks the highest-level bronze item the level allows and the bars pay for', () => {
    expect(bestRecipe(1, 5)?.recipeId).toBe('smith_bronze_dagger');
    expect(bestRecipe(4, 1)?.recipeId).toBe('smith_bronze_sword');
    expect(bestRecipe(7, 1)?.recipeId).toBe('smith_bronze_sword');
    expect(bestRecipe(7, 2)?.recipeId).toBe('smith_bronze_full_helm');
    expect(bestRecipe(99, 5)?.recipeId).toBe('smith_bronze_platebody');
    expect(bestRecipe(1, 0)).toBeUndefined();
  });
});

describe('dialogue option matching', () => {
  const options = [
    { index: 0, text: 'Can I help with anything?' },
    { index: 1, text: 'Goodbye.' },
  ];
  it('takes the first wanted pattern that matches, in order of preference', () => {
    expect(pickOption(options, [/goodbye/i, /help/i])?.index).toBe(1);
    expect(pickOption(options, [/coming up/i, /help/i])?.index).toBe(0);
  });
  it('gives nothing when no option fits', () => {
    expect(pickOption(options, [/here you are/i])).toBeUndefined();
  });
});

describe('quest tracker and the planner', () => {
  it('reports the stage of the pending quest and, once completed, rules questing out', () => {
    const quests = new QuestTracker();
    expect(quests.allDone).toBe(false);
    quests.entries = [entry('in_progress', 1)];
    quests.known = true;
    expect(quests.progress()).toEqual({
      target: 'feathered_fugitives',
      progress: { current: 1, target: 2, unit: 'quest stage' },
    });
    expect(quests.allDone).toBe(false);
    quests.entries = [entry('completed', 2)];
    expect(quests.allDone).toBe(true);
    expect(quests.progress().progress).toEqual({ current: 2, target: 2, unit: 'quest stage' });

    expect(candidates(player).map((g) => g.type)).toContain('questing');
    expect(candidates(player, new Set(['questing'])).map((g) => g.type)).not.toContain('questing');
  });

  it('may pick smithing when it ranks first, and drops a finished questing goal at once', () => {
    const smith = {
      ...player,
      inventory: [{ slot: 0, itemId: 'hammer', quantity: 1 }],
      skills: Object.fromEntries(
        ['woodcutting', 'mining', 'fishing', 'firemaking'].map((s) => [s, { level: 10, xp: 1200 }]),
      ),
    };
    const control = { goal: null, goalsPaused: false };
    expect(decide(smith, control, undefined, 0).type).toBe('smithing');
    const questing = { type: 'questing' as const, sinceTick: 0 };
    expect(decide(player, control, questing, 1).type).toBe('questing');
    expect(decide(player, control, questing, 1, new Set(['questing'])).type).not.toBe('questing');
  });
});
