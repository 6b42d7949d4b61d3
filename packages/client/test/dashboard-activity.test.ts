import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_KEEP,
  activityQuery,
  applyActivityPage,
  durationText,
  goalRecordSpan,
  goalRecordTitle,
  mergeActivity,
  type ActivityLine,
} from '../src/dashboard/activity-model';

const line = (id: number, kind = 'action'): ActivityLine => ({
  id,
  at: '2026-01-01T00:00:00Z',
  kind,
  message: `m${id}`,
});
const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => line(from + i));

describe('dashboard activity log', () => {
  it('builds the runtime query from the filters: a known kind, trimmed text, the older-page cursor', () => {
    expect(activityQuery({ kind: '', text: '' })).toBe('limit=50');
    expect(activityQuery({ kind: 'reasoning', text: '  big   tree ' }, 120)).toBe(
      'limit=50&kind=reasoning&text=big+tree&before=120',
    );
    // An unknown kind is not sent (the runtime would refuse it); text is cut to its limit.
    expect(activityQuery({ kind: 'gossip', text: 'x'.repeat(150) }, null)).toBe(
      `limit=50&text=${'x'.repeat(100)}`,
    );
  });

  it('merges pages by id, oldest first, each line once, keeping the newest lines', () => {
    expect(mergeActivity(lines(5, 8), lines(7, 10)).map((l) => l.id)).toEqual([5, 6, 7, 8, 9, 10]);
    const many = mergeActivity(lines(1, ACTIVITY_KEEP), lines(ACTIVITY_KEEP + 1, ACTIVITY_KEEP + 10));
    expect(many).toHaveLength(ACTIVITY_KEEP);
    expect(many.at(-1)?.id).toBe(ACTIVITY_KEEP + 10);
    // Lines without ids (an older runtime) are replaced, not merged.
    const plain = [{ at: 'x', message: 'a' }];
    expect(mergeActivity(lines(1, 3), plain)).toEqual(plain);
  });

  it('applies a fresh page, a poll and an older page', () => {
    const fresh = applyActivityPage(undefined, { activity: lines(51, 100), nextBefore: 51 }, 'fresh');
    expect(fresh.before).toBe(51);
    const older = applyActivityPage(fresh, { activity: lines(1, 50), nextBefore: null }, 'older');
    expect([older.lines[0]?.id, older.lines.length, older.before]).toEqual([1, 100, null]);
    // A poll merges the newest lines and keeps the cursor of the older pages.
    const polled = applyActivityPage(older, { activity: lines(61, 110), nextBefore: 61 }, 'newest');
    expect([polled.lines[0]?.id, polled.lines.at(-1)?.id, polled.before]).toEqual([1, 110, null]);
    // A poll that does not reach the loaded lines replaces them (no gap in the middle).
    const jumped = applyActivityPage(polled, { activity: lines(200, 249), nextBefore: 200 }, 'newest');
    expect([jumped.lines[0]?.id, jumped.lines.length, jumped.before]).toEqual([200, 50, 200]);
    // A filter change replaces whatever was loaded.
    const filtered = applyActivityPage(jumped, { activity: [line(7, 'xp')], nextBefore: null }, 'fresh');
    expect(filtered).toEqual({ lines: [line(7, 'xp')], before: null });
  });

  it('describes a goal of the history as people read it', () => {
    const goal = {
      id: 1,
      type: 'combat_training',
      reason: 'attack level 3',
      setBy: 'agent',
      startedAt: '2026-01-01T10:00:00.000Z',
      endedAt: '2026-01-01T10:04:10.000Z',
    };
    expect(goalRecordTitle(goal)).toBe('Combat training, chosen by the agent: attack level 3');
    expect(goalRecordTitle({ ...goal, setBy: 'owner' })).toMatch(/^Combat training, set by you/);
    const t = (iso: string) => iso.slice(11, 16);
    expect(goalRecordSpan(goal, t)).toBe('10:00 - 10:04 (4 min)');
    expect(goalRecordSpan({ ...goal, endedAt: null }, t)).toBe('since 10:00');
    expect([durationText(45_000), durationText(7_500_000)]).toEqual(['45 s', '2 h 5 min']);
  });
});
