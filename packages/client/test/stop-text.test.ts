import { describe, expect, it } from 'vitest';
import { activityStopLine } from '../src/game/stop-text';

describe('activityStopLine', () => {
  it('says nothing for what the player did, a finished job, a death, and a full inventory the server already told', () => {
    for (const reason of ['done', 'moved', 'replaced', 'stopped', 'dead', 'inventory_full'])
      expect(activityStopLine('gather', reason)).toBeUndefined();
  });

  it('words every other documented reason as a sentence, never the raw code', () => {
    const reasons = [
      'depleted',
      'no_tool',
      'no_bait',
      'missing_materials',
      'level_too_low',
      'not_near',
      'object_gone',
    ];
    for (const activity of ['gather', 'make', 'firemaking'] as const)
      for (const reason of reasons) {
        const line = activityStopLine(activity, reason);
        expect(line).toMatch(/^[A-Z].*\.$/);
        expect(line).not.toContain('_');
        expect(line).not.toContain(reason);
      }
    expect(activityStopLine('gather', 'depleted')).toBe('There is nothing left to gather here.');
    expect(activityStopLine('firemaking', 'no_tool')).toBe('You need a tinderbox to light a fire.');
  });

  it('still explains a reason it does not know, without underscores', () => {
    expect(activityStopLine('make', 'some_new_reason')).toBe('You stop (some new reason).');
  });
});
