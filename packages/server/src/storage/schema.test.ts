import { SKILLS } from '../content/skills';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { availableBackends, createTestDatabase } from '../../test/db-helpers';
import type { Database } from './types';

/** The spec's character record: column, SQL type, default (null = none), required. */
const SPEC_CHARACTER_RECORD: Array<[string, string, string | null, boolean]> = [
  ['id', 'text', null, true],
  ['accountId', 'text', null, true],
  ['name', 'text', null, true],
  ['combatLevel', 'integer', '3', false],
  ['attackLevel', 'integer', '1', false],
  ['strengthLevel', 'integer', '1', false],
  ['defenseLevel', 'integer', '1', false],
  ['constitutionLevel', 'integer', '10', false],
  ['rangedLevel', 'integer', '1', false],
  ['woodcuttingLevel', 'integer', '1', false],
  ['fishingLevel', 'integer', '1', false],
  ['firemakingLevel', 'integer', '1', false],
  ['cookingLevel', 'integer', '1', false],
  ['health', 'integer', '100', false],
  ['coins', 'integer', '0', false],
  ['positionX', 'real', '0', false],
  ['positionY', 'real', '10', false],
  ['positionZ', 'real', '0', false],
];

const TABLES = [
  'users',
  'characters',
  'inventory',
  'equipment',
  'items',
  'worldChunks',
  'playerSessions',
  'playerDeaths',
  'npcKills',
  'friendships',
  'friend_requests',
  'ignore_lists',
  'bank',
  'trade_log',
  'quest_progress',
  'agents',
  'agent_activity',
  'agent_goals',
  'store_stock',
  'ground_regions',
  'item_ledger',
  'save_quarantine',
  'save_commits',
  'world_owner',
  'worlds',
  'character_leases',
];

const columnRow = z.object({
  column_name: z.string(),
  data_type: z.string(),
  column_default: z.string().nullable(),
  is_nullable: z.enum(['YES', 'NO']),
});

async function rowsOf(database: Database, query: ReturnType<typeof sql>): Promise<unknown[]> {
  const result = await database.db.execute(query);
  return z.object({ rows: z.array(z.unknown()) }).parse(result).rows;
}

describe.each(availableBackends())('schema on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('has every table of the spec and of the later features, with these exact names', async () => {
    const rows = await rowsOf(
      database,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = z
      .array(z.object({ table_name: z.string() }))
      .parse(rows)
      .map((r) => r.table_name);
    expect(names.sort()).toEqual([...TABLES].sort());
  });

  it('has the spec character record columns with their exact types and defaults', async () => {
    const rows = await rowsOf(
      database,
      sql`SELECT column_name, data_type, column_default, is_nullable FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = 'characters'`,
    );
    const columns = new Map(
      z
        .array(columnRow)
        .parse(rows)
        .map((c) => [c.column_name, c]),
    );
    for (const [name, type, def, required] of SPEC_CHARACTER_RECORD) {
      const column = columns.get(name);
      expect(column, name).toBeDefined();
      expect(column?.data_type, name).toBe(type);
      expect(column?.column_default, name).toBe(def);
      // Optional fields are NOT NULL too, but have a default so an insert may omit them.
      expect(column?.is_nullable, name).toBe('NO');
      expect(def === null, name).toBe(required);
    }
    for (const skill of SKILLS) {
      expect(columns.get(`${skill}Level`)?.data_type, skill).toBe('integer');
      expect(columns.get(`${skill}Xp`)?.data_type, skill).toBe('integer');
      expect(columns.get(`${skill}Xp`)?.column_default, skill).toBe(skill === 'constitution' ? '1154' : '0');
    }
    for (const skill of ['prayer', 'mining', 'smithing'])
      expect(columns.get(`${skill}Level`)?.column_default).toBe('1');
    expect(columns.get('homeTeleportCooldownUntil')?.is_nullable).toBe('YES');
    expect([...columns.keys()]).toEqual(
      expect.arrayContaining(['prayerPoints', 'runEnergy', 'lastLoginAt', 'createdAt', 'questPoints']),
    );
  });

  it('fills the spec defaults on a minimal insert', async () => {
    await database.db.execute(sql`INSERT INTO users (id) VALUES ('u-defaults')`);
    await database.db.execute(
      sql`INSERT INTO characters (id, "accountId", name) VALUES ('c-defaults', 'u-defaults', 'Defaults')`,
    );
    const [row] = await rowsOf(database, sql`SELECT * FROM characters WHERE id = 'c-defaults'`);
    expect(row).toMatchObject({
      combatLevel: 3,
      attackLevel: 1,
      strengthLevel: 1,
      defenseLevel: 1,
      constitutionLevel: 10,
      rangedLevel: 1,
      woodcuttingLevel: 1,
      fishingLevel: 1,
      firemakingLevel: 1,
      cookingLevel: 1,
      health: 100,
      coins: 0,
      positionX: 0,
      positionY: 10,
      positionZ: 0,
      constitutionXp: 1154,
      attackXp: 0,
    });
  });

  it('enforces name uniqueness case-insensitively at the database level', async () => {
    await database.db.execute(sql`INSERT INTO users (id) VALUES ('u-names')`);
    await database.db.execute(
      sql`INSERT INTO characters (id, "accountId", name) VALUES ('c-n1', 'u-names', 'Zezima')`,
    );
    await expect(
      database.db.execute(
        sql`INSERT INTO characters (id, "accountId", name) VALUES ('c-n2', 'u-names', 'zEZIMA')`,
      ),
    ).rejects.toThrow();
  });

  it('keeps one friendship row per pair and allows several active death locks per character', async () => {
    await database.db.execute(sql`INSERT INTO users (id) VALUES ('u-s')`);
    await database.db.execute(
      sql`INSERT INTO characters (id, "accountId", name) VALUES ('a-char', 'u-s', 'Aaa'), ('b-char', 'u-s', 'Bbb')`,
    );
    await database.db.execute(
      sql`INSERT INTO friendships ("characterAId", "characterBId") VALUES ('a-char', 'b-char')`,
    );
    await expect(
      database.db.execute(
        sql`INSERT INTO friendships ("characterAId", "characterBId") VALUES ('b-char', 'a-char')`,
      ),
    ).rejects.toThrow();
    const death = (id: string) =>
      sql`INSERT INTO "playerDeaths" (id, "characterId", "positionX", "positionY", "positionZ") VALUES (${id}, 'a-char', 1, 2, 3)`;
    // One active lock per death whose items are still in custody: several may be active at once.
    await database.db.execute(death('d1'));
    await database.db.execute(death('d2'));
    await expect(database.db.execute(death('d1'))).rejects.toThrow();
    await expect(
      database.db.execute(sql`UPDATE "playerDeaths" SET status = 'lost' WHERE id = 'd1'`),
    ).rejects.toThrow();
    const [count] = await rowsOf(
      database,
      sql`SELECT count(*)::int AS n FROM "playerDeaths" WHERE "characterId" = 'a-char' AND status = 'active'`,
    );
    expect(count).toEqual({ n: 2 });
  });
});
