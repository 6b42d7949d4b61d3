import { sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createEmptyPostgresDatabase, createTempDir, createTestDataDir } from '../../test/db-helpers';
import { openDatabase } from './database';
import { LOCK_FILE_NAME } from './lock';
import { createRepositories } from './repositories';

async function appliedMigrations(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<number> {
  const result = await db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return z.object({ rows: z.tuple([z.object({ n: z.number() })]) }).parse(result).rows[0].n;
}

describe('openDatabase (embedded PGlite)', () => {
  it('creates, migrates and reopens a database directory; migrations apply once', async () => {
    const { dir, cleanup } = await createTempDir();
    const dataDir = path.join(dir, 'data', 'db');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      const migrations = await appliedMigrations(first.db);
      expect(migrations).toBeGreaterThan(0);
      const user = await createRepositories(first).users.createAnonymous({ name: 'persisted' });
      await first.close();
      expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

      const second = await openDatabase({ dataDir });
      expect(await appliedMigrations(second.db)).toBe(migrations);
      expect((await createRepositories(second).users.findById(user.id))?.name).toBe('persisted');
      await second.close();
    } finally {
      await cleanup();
    }
    // A fresh embedded database (initdb in WebAssembly, then every migration) opened twice: slow on
    // a loaded 2-core machine.
  }, 120_000);

  it('refuses a second open of the same directory while the first is open', async () => {
    const { dir, cleanup } = await createTestDataDir();
    try {
      const first = await openDatabase({ dataDir: dir });
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `database at ${dir} is in use by process ${process.pid}`,
      );
      expect(await first.ping()).toBe(true);
      await first.close();
      expect(await first.ping()).toBe(false);
      await first.close(); // idempotent

      const again = await openDatabase({ dataDir: dir });
      expect(await again.ping()).toBe(true);
      await again.close();
    } finally {
      await cleanup();
    }
  });

  it('takes over a stale lock left by a crashed process', async () => {
    const { dir, cleanup } = await createTestDataDir();
    try {
      const crashed = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(path.join(dir, LOCK_FILE_NAME), `${crashed}\n`);
      const database = await openDatabase({ dataDir: dir });
      expect(await database.ping()).toBe(true);
      await database.close();
      expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    } finally {
      await cleanup();
    }
  });
});

describe('openDatabase (PostgreSQL)', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    'migrates a new database once, even with two servers starting together',
    async () => {
      const { url, drop } = await createEmptyPostgresDatabase();
      try {
        // The advisory lock serialises the two migrations; the second finds nothing to do.
        const [a, b] = await Promise.all([
          openDatabase({ url, dataDir: '' }),
          openDatabase({ url, dataDir: '' }),
        ]);
        expect(a.kind).toBe('postgres');
        const n = await appliedMigrations(a.db);
        expect(n).toBeGreaterThan(0);
        expect(await appliedMigrations(b.db)).toBe(n);
        await Promise.all([a.close(), b.close()]);
        expect(await a.ping()).toBe(false);

        const again = await openDatabase({ url, dataDir: '' });
        expect(await appliedMigrations(again.db)).toBe(n);
        expect(await again.ping()).toBe(true);
        await again.close();
      } finally {
        await drop();
      }
    },
  );

  it('rejects when the server is unreachable', async () => {
    await expect(openDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', dataDir: '' })).rejects.toThrow();
  });
});
