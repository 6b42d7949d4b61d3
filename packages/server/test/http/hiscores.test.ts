import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSTITUTION_START_XP } from '../../src/storage/schema';
import { createTestApp, type TestApp } from '../http-harness';

let t: TestApp;
let accountId = '';
beforeAll(async () => {
  t = await createTestApp();
  accountId = (await t.repos.users.createAnonymous()).id;
});
afterAll(() => t.close());

interface Seed {
  name: string;
  fields?: Record<string, number>;
  /** Closed sessions, in seconds each. */
  sessions?: number[];
  agent?: boolean;
}

async function seed(s: Seed): Promise<string> {
  const made = await t.repos.characters.create({ accountId, name: s.name, ...s.fields });
  if (!made.ok) throw new Error(`could not create ${s.name}`);
  const id = made.character.id;
  for (const [i, seconds] of (s.sessions ?? []).entries()) {
    await t.database.db.execute(sql`
      INSERT INTO "playerSessions" (id, "characterId", "accountId", "loginAt", "logoutAt")
      VALUES (${`${id}-${i}`}, ${id}, ${accountId}, now() - make_interval(secs => ${seconds + 10 * i}),
              now() - make_interval(secs => ${10 * i}))`);
  }
  if (s.agent)
    await t.repos.agents.upsert({ agentId: `agent-${s.name}`, accountId, characterId: id, name: s.name });
  return id;
}

const get = (query: string) => t.app.inject(`/api/v1/hiscores${query}`);
const rowsOf = async (query: string) => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    skill: string;
    page: number;
    limit: number;
    total: number;
    rows: Array<{
      rank: number;
      name: string;
      level: number;
      xp: number;
      playedSeconds: number;
      xpPerHour: number | null;
      agent: boolean;
    }>;
  };
};

describe('GET /api/v1/hiscores', () => {
  beforeAll(async () => {
    // Woodcutting: Ash 30/13400, Birch and Cedar tied at 20/4500, Dawn 20/4470, Elm 1/0 (and the rest).
    await seed({ name: 'Ash', fields: { woodcuttingLevel: 30, woodcuttingXp: 13_400 }, sessions: [3600] });
    await seed({
      name: 'Cedar',
      fields: { woodcuttingLevel: 20, woodcuttingXp: 4500, attackLevel: 40, attackXp: 37_300 },
      sessions: [1800, 1800],
      agent: true,
    });
    await seed({ name: 'Birch', fields: { woodcuttingLevel: 20, woodcuttingXp: 4500 }, sessions: [30] });
    await seed({ name: 'Dawn', fields: { woodcuttingLevel: 20, woodcuttingXp: 4470 } });
    await seed({ name: 'Elm' });
  });

  it('ranks a skill by level then XP, ties sharing a rank, with played time, XP per hour and agents marked', async () => {
    const body = await rowsOf('?skill=woodcutting');
    expect(body).toMatchObject({ skill: 'woodcutting', page: 1, limit: 25, total: 5 });
    expect(body.rows.map((r) => [r.rank, r.name, r.level, r.xp])).toEqual([
      [1, 'Ash', 30, 13_400],
      [2, 'Birch', 20, 4500],
      [2, 'Cedar', 20, 4500],
      [4, 'Dawn', 20, 4470],
      [5, 'Elm', 1, 0],
    ]);
    const [ash, birch, cedar, dawn] = body.rows;
    expect(ash).toMatchObject({ playedSeconds: 3600, xpPerHour: 13_400, agent: false });
    expect(cedar).toMatchObject({ playedSeconds: 3600, xpPerHour: 4500, agent: true });
    // Under a minute of play (or none) gives no rate.
    expect(birch).toMatchObject({ playedSeconds: 30, xpPerHour: null });
    expect(dawn).toMatchObject({ playedSeconds: 0, xpPerHour: null });
  });

  it('ranks total level then total XP, counting gained XP only in the rate', async () => {
    const body = await rowsOf('');
    expect(body.skill).toBe('total');
    const base = 11 + 10; // eleven skills at 1, constitution at 10
    expect(body.rows.map((r) => [r.rank, r.name, r.level])).toEqual([
      [1, 'Cedar', base + 19 + 39],
      [2, 'Ash', base + 29],
      [3, 'Birch', base + 19],
      [4, 'Dawn', base + 19],
      [5, 'Elm', base],
    ]);
    const [cedar, , birch, dawn] = body.rows;
    // Birch and Dawn share the total level: Birch's higher total XP ranks it above.
    expect(birch?.xp).toBe(4500 + CONSTITUTION_START_XP);
    expect(dawn?.xp).toBe(4470 + CONSTITUTION_START_XP);
    expect(cedar).toMatchObject({ xp: 4500 + 37_300 + CONSTITUTION_START_XP, xpPerHour: 4500 + 37_300 });
  });

  it('pages with page and limit, and says how many are ranked past the end', async () => {
    const first = await rowsOf('?skill=woodcutting&limit=2');
    expect(first.rows.map((r) => r.name)).toEqual(['Ash', 'Birch']);
    const second = await rowsOf('?skill=woodcutting&limit=2&page=2');
    expect(second.rows.map((r) => [r.rank, r.name])).toEqual([
      [2, 'Cedar'],
      [4, 'Dawn'],
    ]);
    const third = await rowsOf('?skill=woodcutting&limit=2&page=3');
    expect(third.rows.map((r) => r.name)).toEqual(['Elm']);
    const past = await rowsOf('?skill=woodcutting&limit=2&page=9');
    expect(past).toMatchObject({ page: 9, total: 5, rows: [] });
  });

  it('leaves out a deleted character', async () => {
    const id = await seed({ name: 'Fir', fields: { woodcuttingLevel: 99, woodcuttingXp: 13_034_431 } });
    expect((await rowsOf('?skill=woodcutting&limit=1')).rows[0]?.name).toBe('Fir');
    await t.repos.characters.delete(id);
    const body = await rowsOf('?skill=woodcutting&limit=1');
    expect(body.rows[0]?.name).toBe('Ash');
    expect(body.total).toBe(5);
  });

  it.each([
    ['an unknown skill', '?skill=sailing', 'querystring/skill'],
    ['a page of 0', '?page=0', 'querystring/page'],
    ['a page that is not a number', '?page=two', 'querystring/page'],
    ['a page past the last allowed', '?page=10001', 'querystring/page'],
    ['a limit over 100', '?limit=101', 'querystring/limit'],
    ['a fractional limit', '?limit=2.5', 'querystring/limit'],
    ['an unknown parameter', '?sort=xp', 'querystring'],
  ])('refuses %s with validation_failed', async (_what, query, path) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string; details: Array<{ path: string }> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.some((d) => d.path.startsWith(path))).toBe(true);
  });

  it('needs no token and is in the OpenAPI document', async () => {
    expect((await get('?skill=attack')).statusCode).toBe(200);
    const doc = (await t.app.inject('/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty(['/api/v1/hiscores']);
  });
});
