import { describe, expect, it } from 'vitest';
import {
  HISCORE_TABLES,
  hashOfView,
  hiscoresPath,
  hiscoresSchema,
  pageCount,
  playedText,
  rowViews,
  tableName,
  viewFromHash,
  type HiscoreRow,
} from '../src/hiscores/model';

const row = (name: string, extra: Partial<HiscoreRow> = {}): HiscoreRow => ({
  rank: 1,
  name,
  level: 10,
  xp: 1154,
  playedSeconds: 3600,
  xpPerHour: 1154,
  agent: false,
  ...extra,
});

describe('hiscores page model', () => {
  it('offers total level first, then every skill', () => {
    expect(HISCORE_TABLES[0]).toBe('total');
    expect(HISCORE_TABLES).toContain('woodcutting');
    expect(HISCORE_TABLES).toHaveLength(13);
    expect(tableName('total')).toBe('Total level');
    expect(tableName('woodcutting')).toBe('Woodcutting');
  });

  it('reads and writes the view in the address, falling back on unknown values', () => {
    expect(viewFromHash('#/hiscores')).toEqual({ skill: 'total', page: 1 });
    expect(viewFromHash('#/hiscores?skill=mining&page=3')).toEqual({ skill: 'mining', page: 3 });
    expect(viewFromHash('#/hiscores?skill=sailing&page=0')).toEqual({ skill: 'total', page: 1 });
    expect(viewFromHash('#/hiscores?page=2.5')).toEqual({ skill: 'total', page: 1 });
    const view = { skill: 'fishing', page: 2 };
    expect(viewFromHash(hashOfView(view))).toEqual(view);
    expect(hiscoresPath(view)).toBe('/api/v1/hiscores?skill=fishing&page=2&limit=25');
  });

  it('counts pages, an empty table having one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('formats rows and highlights the viewer’s own characters, case-insensitively', () => {
    const views = rowViews(
      [
        row('Ash', { rank: 1, xp: 13_400, xpPerHour: 13_400, agent: true }),
        row('Birch', { rank: 2, xpPerHour: null, playedSeconds: 30 }),
        row('cedar', { rank: 3, playedSeconds: 3900 }),
      ],
      ['Cedar', 'Oak'],
    );
    expect(views.map((v) => [v.name, v.own, v.agent])).toEqual([
      ['Ash', false, true],
      ['Birch', false, false],
      ['cedar', true, false],
    ]);
    expect(views[0]).toMatchObject({ xp: '13,400', xpPerHour: '13,400', played: '1h 00m' });
    expect(views[1]).toMatchObject({ xpPerHour: '-', played: 'under a minute' });
    expect(views[2]?.played).toBe('1h 05m');
    expect(playedText(720)).toBe('12m');
  });

  it('accepts the server’s answer and refuses a malformed one', () => {
    const answer = { skill: 'total', page: 1, limit: 25, total: 1, rows: [row('Ash')] };
    expect(hiscoresSchema.parse(answer)).toEqual(answer);
    expect(hiscoresSchema.safeParse({ ...answer, rows: [{ name: 'Ash' }] }).success).toBe(false);
  });
});
